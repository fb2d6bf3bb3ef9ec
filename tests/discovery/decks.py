"""Invented cards and decks of the discovery tests (facts made up here, never copied), shared by
the discovery tests and the browser test."""

from __future__ import annotations

from cards.importers import import_cards
from tests.decks import factories

#: A second invented leader, so that the meta has two archetypes.
BETA_CSV = """number,name,type,colors
TS2-001,Test Leader Beta,Leader,Blue
"""

#: A ZENKAI deck led by Beta, holding TS1-002 twice and no TS1-003.
BETA_ZONES = {
    "leader": {"TS2-001": 1},
    "main": {"TS1-002": 2, **{f"TS1-{n:03d}": 4 for n in range(4, 15)}},
}


def load_beta() -> None:
    """The second leader (the deck tests' DBSCG cards loaded first)."""
    import_cards("dbscg", BETA_CSV.encode(), "beta.csv")


def load_cards() -> None:
    """The deck tests' DBSCG cards, and the second leader."""
    factories.load_dbscg()
    load_beta()
