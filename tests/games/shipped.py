"""The audit's shape of case: a decklist, read against the shipped card data, and the violation
codes it gets (CONTRACT §3, §4). In memory: the same files `load_card_data` imports, parsed by the
game's schema, looked up by the same `decklist.load` the site and the commands use."""

from __future__ import annotations

import csv
import io
from functools import cache

from cards.games import decklist
from cards.games.base import Card, Deck, Violation
from cards.games.registry import get_game
from cards.shipped import DATA, dreadnought_rows, gundam_war_rows

FILES = {
    "dbscg": DATA / "dbscg" / "cards.csv",
    "blade_rondo": DATA / "blade-rondo" / "cards.csv",
    "draws_troidal": DATA / "draws-troidal" / "cards.csv",
}


@cache
def shipped_cards(slug: str) -> tuple[Card, ...]:
    schema = get_game(slug).schema
    if slug == "gundam_war":
        rows = gundam_war_rows(
            DATA / "gundam-war" / "cards-known.csv", DATA / "gundam-war" / "regulations.json"
        ).rows
    elif slug == "dreadnought":
        rows = dreadnought_rows(DATA / "dreadnought" / "cards-known.csv").rows
    else:
        rows = list(csv.DictReader(io.StringIO(FILES[slug].read_text(encoding="utf-8"))))
    return tuple(schema.from_row(row) for row in rows)


@cache
def shipped_pool(slug: str) -> decklist.MemoryPool:
    return decklist.MemoryPool(get_game(slug), shipped_cards(slug))


def card(slug: str, number: str) -> Card:
    (found,) = (c for c in shipped_cards(slug) if c.number == number)
    return found


def read(slug: str, text: str) -> tuple[Deck, list[Violation]]:
    return decklist.load(get_game(slug), text, shipped_pool(slug))


def violations(slug: str, format_slug: str | None, text: str) -> list[Violation]:
    deck, problems = read(slug, text)
    return problems + get_game(slug).format(format_slug).check(deck)


def audit(slug: str, format_slug: str | None, text: str) -> list[str]:
    """The violation codes of a decklist, in the order they are reported."""
    return [violation.code for violation in violations(slug, format_slug, text)]
