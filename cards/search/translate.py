"""A query's syntax tree (`cards.games.query`) as ORM filters on the search columns."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.lookups import DataContains, Overlap
from django.db import connection
from django.db.models import (
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

from cards.games.fields import NUMBER, Field
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
from cards.games.text import fold, is_japanese
from cards.models import Card, SearchTag
from cards.search.columns import _SEPARATOR, _tag_text, fields


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


def error_message(error: QueryError) -> str:
    """The query error in the reader's language (the pure parser writes English and marks it)."""
    return gettext(error.text) % error.values if error.values else gettext(error.text)
