"""The `deck_restriction` vocabulary of DBSCG leaders (RULES.md §2.1.8, CONTRACT §2).

A cell holds clauses joined by `;`; each clause is `kind:value`. The four legacy kinds are read as
their `none:` selector (`cards/data/dbscg/deck_restriction.md` §2 shows they give the same pass/fail),
so one matcher decides every clause. A selector is terms joined by `&`; a card matches when every
term does. Parsing is strict and happens at import (the schema calls `parse_clause`), so a bad cell
is reported with its row and column instead of failing when a deck is checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from cards.games.base import Card
from cards.games.messages import Text, gettext_noop, listed
from cards.games.text import fold

#: Colours that say nothing about a card's colour count (`multicolor` leaves them out).
_NO_COLOUR = {fold("Unknown")}
#: Items of a list column that mean "none".
_NONE_ITEMS = {"", "-"}

_MULTICOLOR = re.compile(r"^(!?)multicolor$")
_COST = re.compile(r"^cost(<=|>=)(\d+)$")
_FIELD = re.compile(r"^(type|trait|char|color|kw)(!=|!~|=|~)(.+)$")
_MAX_COUNT = re.compile(r"^(\d+):(.+)$")
#: Longest clause a cell may hold: printed restrictions are a few words, not a program.
MAX_CLAUSE = 300


def _items(value: object, separator: str = "/") -> set[str]:
    """A list column's folded items (`-` is none). In `/` lists, ` // ` (a leader's two sides)
    counts as `/`; keywords are split at `;` only, as whole tokens."""
    if value is None:
        return set()
    parts = value if isinstance(value, (list, tuple)) else str(value).split(separator)
    if separator == "/":
        parts = [item for part in parts for item in str(part).split("/")]
    return {fold(str(item)) for item in parts} - _NONE_ITEMS


def _card_values(card: Card, field: str) -> set[str]:
    if field == "type":
        return {fold(card.type)}
    if field == "trait":
        return _items(card["traits"])
    if field == "char":
        return _items(card["characters"])
    if field == "color":
        return _items(card["colors"])
    return _items(card["keywords"], ";")  # kw: whole keyword tokens


Matcher = Callable[[Card], bool]


@dataclass(frozen=True)
class Term:
    """One term of a selector, with how messages say it."""

    matches: Matcher
    #: How messages say it: a msgid over the term's value, if any (`trait %(v)s`).
    text: Text


def _field_term(field: str, op: str, value: str) -> Term:
    wanted = fold(value)
    negated = op.startswith("!")
    if op.endswith("~"):
        if field != "trait":
            raise ValueError(f"{field}{op} is not a term: only trait takes ~ and !~")

        def positive(card: Card) -> bool:
            return any(wanted in trait for trait in _card_values(card, field))
    else:

        def positive(card: Card) -> bool:
            return wanted in _card_values(card, field)

    words = {
        "type": (gettext_noop("type %(v)s"), gettext_noop("type not %(v)s")),
        "trait": (gettext_noop("trait %(v)s"), gettext_noop("without trait %(v)s")),
        "char": (gettext_noop("character %(v)s"), gettext_noop("character not %(v)s")),
        "color": (gettext_noop("colour %(v)s"), gettext_noop("colour not %(v)s")),
        "kw": (gettext_noop("[%(v)s]"), gettext_noop("without [%(v)s]")),
    }
    if op.endswith("~"):
        words["trait"] = (
            gettext_noop("a trait containing %(v)s"),
            gettext_noop("no trait containing %(v)s"),
        )
    return Term(
        (lambda card: not positive(card)) if negated else positive,
        Text(words[field][negated], {"v": value}),
    )


def _cost(card: Card) -> int | None:
    cost = card["energy_cost"]
    return cost if isinstance(cost, int) and not isinstance(cost, bool) else None


def parse_term(text: str) -> Term:
    """One term, read with the grammar of deck_restriction.md §3, in its order."""
    text = text.strip()
    if found := _MULTICOLOR.match(text):
        negated = bool(found[1])

        def multicolor(card: Card) -> bool:
            return len(_card_values(card, "color") - _NO_COLOUR) >= 2

        return Term(
            (lambda card: not multicolor(card)) if negated else multicolor,
            Text(gettext_noop("single-colour") if negated else gettext_noop("multicolour")),
        )
    if found := _COST.match(text):
        bound = int(found[2])
        if found[1] == "<=":
            return Term(
                lambda card: (cost := _cost(card)) is not None and cost <= bound,
                Text(gettext_noop("energy cost %(v)s or less"), {"v": bound}),
            )
        return Term(
            lambda card: (cost := _cost(card)) is not None and cost >= bound,
            Text(gettext_noop("energy cost %(v)s or more"), {"v": bound}),
        )
    if found := _FIELD.match(text):
        return _field_term(found[1], found[2], found[3].strip())
    raise ValueError(f"{text!r} is not a selector term (see deck_restriction.md §3)")


@dataclass(frozen=True)
class Selector:
    terms: tuple[Term, ...]

    def __call__(self, card: Card) -> bool:
        return all(term.matches(card) for term in self.terms)

    def describe(self) -> Text | str:
        """The selector as a message's `what`: its terms, `, ` in English and `・` in Japanese."""
        return listed([term.text for term in self.terms], _TERMS, ("term", "terms"))


_TERMS = gettext_noop("%(term)s, %(terms)s")


def parse_selector(text: str) -> Selector:
    terms = text.split("&")
    if not all(part.strip() for part in terms):
        raise ValueError(f"{text!r} has an empty selector term")
    return Selector(tuple(parse_term(part) for part in terms))


@dataclass(frozen=True)
class Clause:
    """One clause: which zone it looks at, which cards it forbids or caps, how to say it.

    `limit` None: every matching entry is a violation; a number: the copies of the matching entries
    may add up to that many (`max_count`). `legacy` holds the legacy kind and value, whose
    messages say what the leader allows rather than which cards match.
    """

    zone: str
    selector: Selector
    limit: int | None = None
    legacy: tuple[str, str] | None = None


#: Legacy kind → the `none:` selector it is read as (deck_restriction.md §2).
_LEGACY = {
    "only_trait_battle": lambda value: f"type=Battle&trait!={value}",
    "only_trait": lambda value: f"trait!={value}",
    "no_trait": lambda value: f"trait={value}",
    "max_energy_cost": lambda value: f"cost>={int(value) + 1}",
}
KINDS = (*_LEGACY, "none", "max_count", "zdeck_none")


@lru_cache(maxsize=1024)
def parse_clause(text: str) -> Clause:
    """A clause of a `deck_restriction` cell; ValueError names what is wrong."""
    if len(text) > MAX_CLAUSE:
        raise ValueError(f"a deck restriction clause is at most {MAX_CLAUSE} characters")
    kind, colon, value = text.strip().partition(":")
    value = value.strip()
    if not colon or kind not in KINDS or not value:
        raise ValueError(f"{text!r} is not a deck restriction ({' / '.join(KINDS)}:value)")
    if kind in _LEGACY:
        if kind == "max_energy_cost" and not (value.isascii() and value.isdigit()):
            raise ValueError(f"{text!r}: max_energy_cost takes a whole number")
        return Clause("main", parse_selector(_LEGACY[kind](value)), legacy=(kind, value))
    if kind == "max_count":
        found = _MAX_COUNT.match(value)
        if not found or not found[1].isascii():
            raise ValueError(f"{text!r}: max_count takes N:selector")
        return Clause("main", parse_selector(found[2]), limit=int(found[1]))
    return Clause("zdeck" if kind == "zdeck_none" else "main", parse_selector(value))


def clause_text(value: object) -> str:
    """The schema's parser for one clause: checked, kept as written."""
    text = str(value).strip()
    parse_clause(text)
    return text
