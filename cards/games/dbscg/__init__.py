"""Dragon Ball Super Card Game, ZENKAI series rules (RULES.md §2)."""

from cards.games.base import Card, Zone
from cards.games.game import Game, Side, Simulation, name_key, slug_of, unpadded_number_key
from cards.games.messages import gettext_noop

from .archetype import archetype
from .bench import scenarios
from .charts import CHARTS
from .contract import CONTRACT
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import FORMATS, main_deck_limit
from .rules_text import SECTIONS
from .schema import SCHEMA


def _name_keys(card: Card) -> tuple[str, ...]:
    # A leader may be named by either side.
    names = [card.name, card["name_back"]]
    return tuple(name_key(name) for name in names if name)


def simulation() -> Simulation:
    """The goldfish goals, imported when a simulation asks (the engines import numpy)."""
    from .goldfish import SIMULATION

    return SIMULATION


GAME = Game(
    copy_limit=main_deck_limit,
    slug=slug_of(__name__),
    name=gettext_noop("Dragon Ball Super Card Game"),
    zones=(
        Zone("leader", "Leader", "リーダー", ("Leader Card", "リーダーカード")),
        Zone("main", "Main", "メイン", ("Main Deck", "メインデッキ", "Deck", "デッキ")),
        Zone("zdeck", "Z-Deck", "Zデッキ", ("Z Deck", "Z-デッキ")),
        # RULES.md §2 has no side deck; players' lists (the community deck builder's export) do.
        Zone(
            "side",
            "Side",
            "サイド",
            ("Side Deck", "サイドデッキ", "Sideboard", "サイドボード"),
            checked=False,
        ),
    ),
    schema=SCHEMA,
    formats=FORMATS,
    search_fields=FIELDS,
    japanese_examples=JAPANESE_EXAMPLES,
    search_note=gettext_noop(
        "Card names are in English (Son Goku); Japanese character names and kana "
        "(孫悟空, ベジータ, ごくう) find their cards too."
    ),
    charts=CHARTS,
    back=Side(
        gettext_noop("Awakened side"),
        "name_back",
        ((("power_back", gettext_noop("Power (awakened)"))),),
    ),
    row_columns=("type", "color", "cost", "power", "set"),
    registration_sheet=True,
    identity=lambda card: card.number,
    name_keys=_name_keys,
    number_key=unpadded_number_key,
    bench=scenarios,
    rules_text=SECTIONS,
    contract=CONTRACT,
    goldfish=simulation,
    archetype=archetype,
    archetype_name=gettext_noop("Leader"),
    colours_name=gettext_noop("Colours"),
)
