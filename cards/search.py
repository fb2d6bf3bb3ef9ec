"""Card search in the database: the query language's syntax tree (`cards.games.query`) as ORM filters.

Each game's `fields.py` (`Game.search_fields`) is the one table of what can be searched: the
importer fills the search columns of `Card` from it (`index_columns`), the query translator reads
it, and the help page lists it. Every
query becomes plain ORM filters on those columns (LIKE, a regex per `field:value`, integer
comparisons), which behave alike on SQLite and PostgreSQL. On PostgreSQL, `field=value` and
`field:value` ask the tag index instead (migration 0009: the tags as an array with a GIN index, and
the vocabulary of tags, `SearchTag`), which finds the same cards without reading every row when the
value is too short for a trigram index (`set:EX`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.lookups import DataContains, Overlap
from django.core.cache import cache
from django.db import connection
from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    F,
    Func,
    IntegerField,
    Q,
    QuerySet,
    TextField,
    Value,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Substr
from django.utils.translation import gettext

from cards.games import base
from cards.games.fields import NAME, NUMBER, TEXT, Field
from cards.games.query import (
    AllOf,
    AnyOf,
    Compare,
    Node,
    Not,
    QueryError,
    Words,
)
from cards.games.query import parse as query_tree
from cards.games.registry import get_game
from cards.games.text import fold, is_japanese
from cards.models import Card, SearchTag

#: The ways to order a card list: name → model field path.
SORTS: dict[str, str] = {
    "number": "number_order",
    "name": "name",
    "type": "type",
    "cost": "cost",
    "power": "power",
}


def fields(game_slug: str) -> tuple[Field, ...]:
    """The searchable fields of a game (its `fields.py`) and every game's card text;
    `UnknownGame` for a slug not in the registry."""
    return (*get_game(game_slug).search_fields, TEXT)


# --- Search columns --------------------------------------------------------------------------

_SEPARATOR = "|"


def _tag_text(value: Any) -> str:
    return fold(str(value)).replace(_SEPARATOR, "/")


def index_columns(game_slug: str, card: base.Card) -> dict[str, Any]:
    """The search columns of `Card` for one card: folded names, folded `|field:value|` tags,
    the indexed integer columns (`cost`, `power`) and the other numbers (`stats`)."""
    names: list[str] = []
    tags: list[str] = []
    numbers: dict[str, int | None] = {"cost": None, "power": None}
    stats: dict[str, int] = {}
    for item in fields(game_slug):
        values = list(item.values(card))
        if item.kind == "name":
            names += [_tag_text(v) for v in values]
        elif item.kind == "tag":
            tags += [f"{item.name}:{_tag_text(v)}" for v in values]
        elif values and item.column:
            numbers[item.column] = int(values[0])
        elif values:
            stats[item.name] = int(values[0])
    return {
        "number_order": number_order(card.number),
        "number_folded": _tag_text(card.number),
        "name_folded": _wrap(dict.fromkeys(names)),
        "tags": _wrap(dict.fromkeys(tags)),
        "stats": stats,
        **numbers,
    }


def number_order(number: str) -> str:
    """A key that sorts card numbers as people do: BT1-023 before BT10-001 (digit runs padded).

    Cut to its column's length: padding can make a valid 64-character number several times longer,
    which PostgreSQL refuses; past the first runs the order hardly matters.
    """
    padded = re.sub(r"\d+", lambda digits: digits[0].zfill(8), fold(number))
    return padded[: Card._meta.get_field("number_order").max_length]


def _wrap(values: Iterable[str]) -> str:
    """`|a|b|`: every value between separators, so a LIKE can match one value exactly."""
    joined = _SEPARATOR.join(values)
    return f"{_SEPARATOR}{joined}{_SEPARATOR}" if joined else ""


# --- Query translation -----------------------------------------------------------------------


def parse(game_slug: str, query: str, *, tag_index: bool | None = None) -> Q:
    """The filter for a query; `QueryError` (message, position) when it cannot be understood.

    `tag_index`: translate tag comparisons for the PostgreSQL tag index (migration 0009); by
    default where the database has it. Either way the query finds the same cards.
    """
    if tag_index is None:
        tag_index = connection.vendor == "postgresql"
    return _Translation(game_slug, tag_index).condition(query_tree(fields(game_slug), query))


def type_word(game_slug: str, word: str) -> tuple[Field, str] | None:
    """The game's card type a Japanese free word names (キャスター, 物理, ユニット), with its
    stored value: such a word finds the cards of that type as well as the names holding it (it
    found none: a type is not part of a card's name). Other words name no type."""
    if not is_japanese(word):
        return None
    folded = fold(word)
    for item in fields(game_slug):
        if item.name != "type" and "type" not in item.aliases:
            continue
        stored = item.value_aliases.get(folded)
        if stored is None:
            stored = next((fold(c) for c in item.choices if fold(c) == folded), None)
        return (item, stored) if stored is not None else None
    return None


class _Translation:
    """The syntax tree of one game's query as a filter on the search columns of `Card`."""

    def __init__(self, game_slug: str, tag_index: bool):
        self.game = game_slug
        self.tag_index = tag_index

    def condition(self, node: Node) -> Q:
        if isinstance(node, AllOf):
            result = Q()
            for part in node.parts:
                result &= self.condition(part)
            return result
        if isinstance(node, AnyOf):
            result = self.condition(node.parts[0])
            for part in node.parts[1:]:
                result |= self.condition(part)
            return result
        if isinstance(node, Not):
            # No index finds the cards without a value: every row is read, and the plain LIKEs
            # cost less per row than splitting its tags into an array.
            return ~_Translation(self.game, tag_index=False).condition(node.node)
        if isinstance(node, Words):
            value = _tag_text(node.text)
            # The start of the card number, its `number:` tag: a prefix of `number_folded`, which
            # a B-tree serves (the tags' trigram index would read every row's `|number:`).
            found = Q(name_folded__contains=value) | Q(number_folded__startswith=value)
            kind = type_word(self.game, node.text)
            if kind is not None:
                found |= self.compare(Compare(node.position, kind[0], "=", kind[1]))
            return found
        return self.compare(node)

    def compare(self, node: Compare) -> Q:
        item = node.field
        if isinstance(node.value, int):
            target = item.column or f"_n_{item.name}"
            return Q(**{f"{target}__{_COMPARISONS[node.operator]}": node.value})
        if item.kind == "text":
            # The card's text (user-entered, `Card.text_folded`): the phrase anywhere in it.
            return Q(text_folded__contains=fold(str(node.value)))
        text = _tag_text(node.value)
        if item.kind == "name":
            if node.operator == "=":
                return Q(name_folded__contains=f"{_SEPARATOR}{text}{_SEPARATOR}")
            return Q(name_folded__contains=text)
        if item.name == NUMBER.name:
            # The card number's one tag is `number_folded`: equal, or holding the value (its
            # B-tree and, on PostgreSQL, trigram index; the tags' trigrams of `|number:` are in
            # every row).
            if node.operator == "=":
                return Q(number_folded=text)
            return Q(number_folded__contains=text)
        tag = f"{item.name}:{text}"
        if node.operator == "=":
            if self.tag_index:
                return Q(DataContains(_TagArray(), Value([tag], ArrayField(TextField()))))
            return Q(tags__contains=f"{_SEPARATOR}{tag}{_SEPARATOR}")
        if self.tag_index:
            # The field's tags that hold the value, from the vocabulary (`SearchTag`, one small
            # query now), then "has any of them" from the GIN index. Asked first and written as a
            # literal array, so the planner knows from its statistics whether the matches are few
            # (bitmap scan) or many (walk the sort order's index) before it plans the page.
            prefix = f"{item.name}:"
            holding = list(
                SearchTag.objects.filter(game=self.game, tag__startswith=prefix)
                .alias(value=Substr("tag", len(prefix) + 1))
                .filter(value__contains=text)
                .values_list("tag", flat=True)
            )
            return Q(Overlap(_TagArray(), Value(holding, ArrayField(TextField()))))
        # `:` — the value anywhere inside one of this field's tags, never across two tags. Only
        # a regex can say "not across" (and it is a Python call per row on SQLite), so cheap
        # LIKEs go first: a tag that starts with the value needs no regex, and a row that holds
        # the value nowhere is out before the regex runs.
        pattern = rf"\|{_regex_literal(item.name)}:[^|]*{_regex_literal(text)}"
        starts = Q(tags__contains=f"{_SEPARATOR}{item.name}:{text}")
        return starts | (Q(tags__contains=text) & Q(tags__regex=pattern))


_COMPARISONS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


class _TagArray(Func):
    """`Card.tags` as the array of its tags, exactly as the GIN index of migration 0009 reads it
    (the separator a literal, so the planner matches the index expression)."""

    template = "string_to_array(%(expressions)s, '|')"
    output_field = ArrayField(TextField())

    def __init__(self) -> None:
        super().__init__(F("tags"))


def _regex_literal(text: str) -> str:
    """`text` as a regex literal that means the same to Python's `re` (SQLite) and PostgreSQL."""
    return "".join(f"\\{c}" if c.isascii() and not c.isalnum() else c for c in text)


def search(game_slug: str, query: str, *, tag_index: bool | None = None) -> QuerySet[Card]:
    """The cards of a game that match `query` (all of them for an empty query); `tag_index` as
    for `parse`."""
    condition = parse(game_slug, query, tag_index=tag_index)
    cards = Card.objects.filter(game=game_slug)
    # Number facts without a column of their own are read from the small `stats` JSON (an alias
    # costs nothing unless the filter uses it). A missing key casts to SQL NULL on both databases,
    # so it never compares true.
    stat_numbers = {
        f"_n_{item.name}": Cast(KeyTextTransform(item.name, "stats"), IntegerField())
        for item in fields(game_slug)
        if item.kind == "number" and not item.column
    }
    return cards.alias(**stat_numbers).filter(condition)


#: How many field examples an example query combines at most.
EXAMPLE_PARTS = 3


def _example_key(game_slug: str) -> str:
    return f"search-example:{game_slug}"


def example_query(game_slug: str) -> str:
    """A search box's example that finds cards in the cards loaded now (chosen after each import)."""
    cached = cache.get(_example_key(game_slug))
    return cached if cached is not None else choose_example(game_slug)


def choose_example(game_slug: str) -> str:
    """Choose the search boxes' example again; the importer calls this when the cards changed.

    The games' own examples are written against full card lists; a site (or a test) holding part of
    them would show a placeholder that finds nothing. So the example joins the fields' first
    examples, each kept only while the combination still finds a card (one query per field, here
    and not on every page).
    """
    parts: list[str] = []
    examples = [item.examples[0] for item in fields(game_slug) if item.examples]
    for example in examples:
        if len(parts) < EXAMPLE_PARTS and search(game_slug, " ".join([*parts, example])).exists():
            parts.append(example)
    chosen = " ".join(parts) or (examples[0] if examples else "")
    cache.set(_example_key(game_slug), chosen, None)
    return chosen


#: How many field examples the hint under a card list's search box shows.
HINT_EXAMPLES = 2
#: One field term of an example: `-`, the field, the operator, the value (`cost<=3`, `kind=magical`).
_TERM = re.compile(r"^(-?)([^\s:=<>]+)(<=|>=|:|=|<|>)(.+)$")


def _hints_key(game_slug: str) -> str:
    return f"search-hints:{game_slug}"


def hint_examples(game_slug: str, lang: str = "en") -> list[str]:
    """The examples the hint under the game's search box shows (a field that takes a value, a
    number compared), from the game's own fields and written for the page's language: Japanese
    pages name the field by its Japanese alias (`コスト<=3`, `種類:バトル`)."""
    cached = cache.get(_hints_key(game_slug))
    chosen = cached if cached is not None else choose_hints(game_slug)
    return [in_language(game_slug, example, lang) for example in chosen]


def _field_examples(game_slug: str) -> dict[str, list[str]]:
    """The examples of the game's value fields (`tag`) and number fields, in field order, without
    negated ones: what the search hint and the help page's syntax choose from."""
    by_kind: dict[str, list[str]] = {"tag": [], "number": []}
    for item in fields(game_slug):
        if item.kind in by_kind:
            by_kind[item.kind] += [e for e in item.examples if not e.startswith("-")]
    return by_kind


def choose_hints(game_slug: str) -> list[str]:
    """Choose the hint's examples again (the importer calls this when the cards changed): the first
    example of a value field and of a number field that find cards in both languages, while the game
    has cards; then others, up to `HINT_EXAMPLES`."""
    has_cards = Card.objects.filter(game=game_slug).exists()

    def finds(example: str) -> bool:
        if not has_cards:
            return True
        queries = {example, in_language(game_slug, example, "ja")}
        try:
            return all(search(game_slug, query).exists() for query in queries)
        except QueryError:
            return False

    by_kind = _field_examples(game_slug)
    chosen: list[str] = []
    for examples in by_kind.values():
        if found := next((e for e in examples if finds(e)), None):
            chosen.append(found)
    for example in by_kind["tag"] + by_kind["number"]:
        if len(chosen) >= HINT_EXAMPLES:
            break
        if example not in chosen and finds(example):
            chosen.append(example)
    cache.set(_hints_key(game_slug), chosen, None)
    return chosen


def in_language(game_slug: str, example: str, lang: str) -> str:
    """A field example as a reader of `lang` would write it, where the game has the words: Japanese
    pages name the field in Japanese (the alias that is its label, else its first Japanese alias)
    and its value by its Japanese word (`kind=magical` → `種類=魔法`); English pages name the field
    by its name and a Japanese value by its English alias (`種類:ユニット` → `type:unit`). Either
    spelling searches the same cards."""
    term = _TERM.match(example)
    item = term and next((f for f in fields(game_slug) if term[2] in (f.name, *f.aliases)), None)
    if term is None or item is None:
        return example
    negation, name, operator, value = term.groups()
    japanese = lang == "ja"
    if japanese:
        spellings = [a for a in item.aliases if is_japanese(a)]
        label = gettext(item.label)
        name = label if label in spellings else next(iter(spellings), name)
    elif is_japanese(name):
        name = item.name
    if is_japanese(value) != japanese:
        stored = item.value_aliases.get(fold(value), fold(value))
        words = [
            alias
            for alias, target in item.value_aliases.items()
            if target == stored and is_japanese(alias) == japanese
        ]
        if japanese:
            words += [w for english, w in item.names_ja.items() if fold(english) == stored]
        value = next(iter(words), value)
    return f"{negation}{name}{operator}{value}"


def syntax_examples(game_slug: str, lang: str = "en") -> dict[str, str]:
    """The help page's syntax examples from the game's own fields and cards, written for the
    page's language (`in_language`): a card's name and the start of its number (free words),
    `field:value`, `field=value`, two number comparisons, a negated term and a negated group.
    Keys whose example the game lacks are left out."""
    by_kind = _field_examples(game_slug)
    tags, numbers = by_kind["tag"], by_kind["number"]

    def operator(example: str) -> str:
        term = _TERM.match(example)
        return term[3] if term else ""

    def shown(example: str) -> str:
        return in_language(game_slug, example, lang)

    found: dict[str, str] = {}
    if contains := next((e for e in tags if operator(e) == ":"), None):
        found["contains"] = shown(contains)
        found["negated"] = f"-{shown(contains)}"
    if exact := next((e for e in tags if operator(e) == "="), None):
        found["exact"] = shown(exact)
    for place, example in enumerate(numbers[:2], start=1):
        found[f"number{place}"] = shown(example)
    if len(tags) >= 2:
        found["group"] = f"-({shown(tags[0])} or {shown(tags[1])})"
    card = Card.objects.filter(game=game_slug).order_by("number_order").first()
    if card is not None:
        found["name"] = card.name
        # Up to its first separator (`BT1-`, `DN-`, `青/`): a start that many numbers share.
        start = re.match(r"[^-/]+[-/]", card.number)
        found["number_start"] = start[0] if start else card.number
    return found


def ordered(
    cards: QuerySet[Card], sort: str, descending: bool = False, *, sort_all: bool = False
) -> QuerySet[Card]:
    """Cards in a `SORTS` order (cards without the value last), then by number.

    `sort_all`: the same order written as "without the value, the value, the number", which no
    index serves, so the database sorts the matches (`PageOrder.sorted`).
    """
    path = SORTS.get(sort, SORTS["number"])
    if sort_all:
        missing = ExpressionWrapper(Q(**{f"{path}__isnull": True}), output_field=BooleanField())
        value = F(path).desc() if descending else F(path).asc()
        return cards.order_by(missing.asc(), value, SORTS["number"])
    expression = F(path).desc(nulls_last=True) if descending else F(path).asc(nulls_last=True)
    return cards.order_by(expression, SORTS["number"])


class PageOrder:
    """How `CappedPaginator` reads a page of a game's search in one `SORTS` order on PostgreSQL:
    few matches sorted, many looked for among the first rows of the order first."""

    def __init__(self, game_slug: str, sort: str, descending: bool = False):
        self.game = game_slug
        self.sort = sort
        self.descending = descending
        self.path = SORTS.get(sort, SORTS["number"])

    def sorted(self, cards: QuerySet[Card]) -> QuerySet[Card]:
        return ordered(cards, self.sort, self.descending, sort_all=True)

    def among_first(self, cards: QuerySet[Card], rows: int) -> QuerySet[Card] | None:
        """`cards` whose value is at most (descending: at least) that of the game's `rows`th card
        in this order: a prefix of the order, ties included, read through the order's index. None
        when fewer than `rows` cards have a value (cards without one come last)."""
        values = Card.objects.filter(game=self.game, **{f"{self.path}__isnull": False})
        by_value = F(self.path).desc() if self.descending else F(self.path).asc()
        bound = values.order_by(by_value).values_list(self.path, flat=True)[rows - 1 : rows]
        last = next(iter(bound), None)
        if last is None:
            return None
        return cards.filter(**{f"{self.path}__{'gte' if self.descending else 'lte'}": last})


def page_order(game_slug: str, sort: str, descending: bool = False) -> PageOrder | None:
    """For `CappedPaginator` on PostgreSQL: the `PageOrder` of a search. None on SQLite: it reads
    every row of a site's size anyway, and the extra queries would cost more than they save."""
    if connection.vendor != "postgresql":
        return None
    return PageOrder(game_slug, sort, descending)


def shown_values(item: Field, card: base.Card, lang: str = "en") -> list[str]:
    """The field's values as a page shows them: Japanese words for English data on Japanese pages."""
    values = [str(v) for v in (item.shown or item.values)(card)]
    if lang == "ja" and item.names_ja:
        values = [item.names_ja.get(value, value) for value in values]
    return values


def _shown(item: Field, card: base.Card, lang: str) -> str:
    return " / ".join(dict.fromkeys(shown_values(item, card, lang)))


def row_columns(game_slug: str) -> list[Field]:
    """The fields a card row shows as columns (`Game.row_columns`), in the game's order."""
    by_name = {item.name: item for item in fields(game_slug)}
    return [by_name[name] for name in get_game(game_slug).row_columns]


def row_values(game_slug: str, card: base.Card, lang: str = "en") -> list[tuple[Field, str]]:
    """(field, shown value) of the card for each row column; "" where the card has none."""
    return [(item, _shown(item, card, lang)) for item in row_columns(game_slug)]


def facts(game_slug: str, card: base.Card, lang: str = "en") -> list[tuple[str, str]]:
    """(label, value) for every field the card has a value for, names and number aside, then its
    other side's name and facts (`Game.back`): what card pages and generated faces show."""
    shown = []
    for item in fields(game_slug):
        if item.name in (NAME, NUMBER.name):
            continue
        value = _shown(item, card, lang)
        if value:
            shown.append((item.label, value))
    back = get_game(game_slug).back
    side = back.of(card) if back else None
    if back and side:
        shown += [(back.label, side[0]), *side[1]]
    return shown


def describe(item: Field) -> dict[str, Any]:
    """A field as the help page and the API show it."""
    return {
        "name": item.name,
        "label": item.label,
        "note": item.note,
        "kind": item.kind,
        "aliases": list(item.aliases),
        "operators": list(item.operators),
        "choices": list(item.choices),
        "examples": list(item.examples),
    }


def known_fields(game_slug: str) -> list[dict[str, Any]]:
    return [describe(item) for item in fields(game_slug)]


def error_message(error: QueryError) -> str:
    """The query error in the reader's language (the pure parser writes English and marks it)."""
    return gettext(error.text) % error.values if error.values else gettext(error.text)
