"""The statistics panel's charts for DRAWS◎TROIDAL decks (`cards.games.charts`)."""

from __future__ import annotations

from cards.games.charts import Charts, one
from cards.games.messages import gettext_noop

CHARTS: Charts = (
    (gettext_noop("Power"), one("power")),
    (gettext_noop("Attributes"), one("attribute")),
    (gettext_noop("Risk"), one("risk")),
)
