"""The statistics panel's charts for DRAWS◎TROIDAL decks (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, one

CHARTS: Charts = (
    ("Power", one("power")),
    ("Attributes", one("attribute")),
    ("Risk", one("risk")),
)
