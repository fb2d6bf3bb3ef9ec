"""The statistics panel's charts for Blade Rondo pools (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, card_type, one
from cards.games.messages import gettext_noop

CHARTS: Charts = (
    (gettext_noop("Cost"), one("cost")),
    (gettext_noop("Kinds"), card_type),
)
