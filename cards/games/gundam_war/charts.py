"""The statistics panel's charts for Gundam War decks (`cards.games.charts`)."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games.base import Card
from cards.games.charts import NONE, Charts, card_type, one


def _g_colour(card: Card) -> Iterable[object]:
    return (card["color"] or NONE,) if card.type == "G" else ()


CHARTS: Charts = (
    ("Total cost", one("total_cost")),
    ("Colours", one("color")),
    ("Types", card_type),
    ("G by colour", _g_colour),
)
