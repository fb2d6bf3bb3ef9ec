"""DRAWS◎TROIDAL, beta rules (RULES.md §5)."""

from cards.games.base import Zone
from cards.games.game import Game, Simulation, slug_of
from cards.games.messages import gettext_noop

from .archetype import archetype
from .bench import scenarios
from .charts import CHARTS
from .contract import CONTRACT
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import FORMATS
from .rules_text import SECTIONS
from .schema import SCHEMA


def simulation() -> Simulation:
    """The goldfish goals, imported when a simulation asks (the engines import numpy)."""
    from .goldfish import SIMULATION

    return SIMULATION


GAME = Game(
    # §5.1: the beta states no copy limit.
    copy_limit=lambda card: None,
    slug=slug_of(__name__),
    name=gettext_noop("DRAWS◎TROIDAL"),
    zones=(Zone("main", "Main", "メイン", ("Deck", "デッキ", "Main Deck", "メインデッキ")),),
    schema=SCHEMA,
    formats=FORMATS,
    search_fields=FIELDS,
    japanese_examples=JAPANESE_EXAMPLES,
    charts=CHARTS,
    row_columns=("attr", "power", "risk"),
    identity=lambda card: card.number,
    bench=scenarios,
    rules_text=SECTIONS,
    contract=CONTRACT,
    goldfish=simulation,
    archetype=archetype,
    archetype_name=gettext_noop("Attribute mix"),
    colours_name=gettext_noop("Attributes"),
)
