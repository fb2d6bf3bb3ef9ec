"""The statistics panel's charts for Blade Rondo pools (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, card_type, one

CHARTS: Charts = (
    ("Cost", one("cost")),
    ("Kinds", card_type),
)
