"""The statistics panel's charts for Dreadnought decks (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, card_type, one
from cards.games.messages import gettext_noop

CHARTS: Charts = (
    (gettext_noop("Log cost"), one("log_cost")),
    (gettext_noop("Clusters"), one("cluster")),
    (gettext_noop("Types"), card_type),
    (gettext_noop("Sizes"), one("size")),
)
