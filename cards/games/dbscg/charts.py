"""The statistics panel's charts for Dragon Ball Super Card Game decks (`cards.games.charts`)."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games.base import Card
from cards.games.charts import NONE, Charts, card_type, many, one


def _specified(card: Card) -> Iterable[object]:
    return tuple(card["specified_cost"] or "") or (NONE,)


def _keywords(card: Card) -> Iterable[object]:
    return tuple(card["keywords"] or ())


CHARTS: Charts = (
    ("Energy cost", one("energy_cost")),
    ("Colours", many("colors")),
    ("Types", card_type),
    ("Specified colours", _specified),
    ("Keywords", _keywords),
)
