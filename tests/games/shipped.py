"""The audit's shape of case: a decklist, read against the shipped card data, and the violation
codes it gets (CONTRACT §3, §4). In memory: the same files `load_card_data` imports, parsed by the
game's schema, looked up by the same `decklist.load` the site and the commands use."""

from __future__ import annotations

import csv
import io
from functools import cache

from cards.games import decklist
from cards.games.base import Card, Deck, Violation
from cards.games.game import SHIPPED_DATA
from cards.games.registry import get_game


@cache
def shipped_cards(slug: str) -> tuple[Card, ...]:
    """The game's shipped cards, read as `load_card_data` reads its folder (`cards.shipped`)."""
    game = get_game(slug)
    folder = SHIPPED_DATA / slug
    if game.shipped is not None:
        rows = game.shipped(folder).rows
    else:
        text = (folder / "cards.csv").read_text(encoding="utf-8")
        rows = list(csv.DictReader(io.StringIO(text)))
    return tuple(game.schema.from_row(row) for row in rows)


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
