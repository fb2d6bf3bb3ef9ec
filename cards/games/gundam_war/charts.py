"""The statistics panel's charts for Gundam War decks (`cards.games.charts`)."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games.base import Card
from cards.games.charts import NONE, Charts, card_type, one
from cards.games.messages import gettext_noop


def _g_colour(card: Card) -> Iterable[object]:
    return (card["color"] or NONE,) if card.type == "G" else ()


CHARTS: Charts = (
    (gettext_noop("Total cost"), one("total_cost")),
    (gettext_noop("Colours"), one("color")),
    (gettext_noop("Types"), card_type),
    (gettext_noop("G by colour"), _g_colour),
)
