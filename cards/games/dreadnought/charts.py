"""The statistics panel's charts for Dreadnought decks (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, card_type, one

CHARTS: Charts = (
    ("Log cost", one("log_cost")),
    ("Clusters", one("cluster")),
    ("Types", card_type),
    ("Sizes", one("size")),
)
