"""Blade Rondo (ブレイドロンド), RULES.md §4."""

from cards.games.base import Zone
from cards.games.game import Deal, Game, Simulation, slug_of
from cards.games.messages import gettext_noop

from .archetype import archetype
from .bench import scenarios
from .charts import CHARTS
from .contract import CONTRACT
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import DEALT, FORMATS, FREE_POOL, dealt_size, preset_decks
from .rules_text import SECTIONS
from .schema import SCHEMA


def simulation() -> Simulation:
    """The goldfish goals, imported when a simulation asks (the engines import numpy)."""
    from .goldfish import SIMULATION

    return SIMULATION


GAME = Game(
    copy_limit=lambda card: FREE_POOL.copies,
    slug=slug_of(__name__),
    name=gettext_noop("Blade Rondo"),
    zones=(
        Zone("pool", "Pool", "プール", ("Set Deck", "セットデッキ", "Deck", "デッキ")),
        Zone("dealt", "Dealt", "配札", ("Dealt 15", "配られた札")),
        Zone("hand", "Hand", "手札"),
    ),
    schema=SCHEMA,
    formats=FORMATS,
    search_fields=FIELDS,
    japanese_examples=JAPANESE_EXAMPLES,
    charts=CHARTS,
    row_columns=("kind", "cost", "set"),
    deal=Deal("pool", "dealt", DEALT, clears=("hand",), size=dealt_size, nested=True),
    preset_decks=preset_decks,
    identity=lambda card: card.number,
    bench=scenarios,
    rules_text=SECTIONS,
    contract=CONTRACT,
    goldfish=simulation,
    archetype=archetype,
    archetype_name=gettext_noop("Set mix"),
    colours_name=gettext_noop("Sets"),
)
