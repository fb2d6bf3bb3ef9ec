"""The search boxes' example queries and the help page's syntax examples, from the cards loaded."""

from __future__ import annotations

import re

from django.core.cache import cache
from django.utils.translation import gettext

from cards.games.query import (
    QueryError,
)
from cards.games.text import fold, is_japanese
from cards.models import Card
from cards.search.columns import fields
from cards.search.translate import search

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
