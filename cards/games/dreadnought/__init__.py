"""Dreadnought (ドレッドノート), RULES.md §1."""

from cards.games.base import Card, Zone
from cards.games.game import Game, SheetPart, Simulation, name_key, slug_of
from cards.games.messages import gettext_noop
from cards.games.rules import printed_limit
from cards.games.text import fold

from .archetype import archetype
from .bench import scenarios
from .charts import CHARTS
from .contract import CONTRACT
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import COPIES, FORMATS
from .rules_text import SECTIONS
from .schema import SCHEMA
from .shipped import convert


def _name_keys(card: Card) -> tuple[str, ...]:
    # A decklist may carry the epithet (二つ名) before or after the name, bracketed or not.
    epithet = card["epithet"]
    names = {card.name}
    if epithet:
        names |= {
            f"{epithet} {card.name}",
            f"【{epithet}】{card.name}",
            f"「{epithet}」{card.name}",
            f"{card.name}({epithet})",
            f"{card.name} {epithet}",
        }
    return tuple(sorted(name_key(name) for name in names))


def simulation() -> Simulation:
    """The goldfish goals, imported when a simulation asks (the engines import numpy)."""
    from .goldfish import SIMULATION

    return SIMULATION


GAME = Game(
    copy_limit=printed_limit("deck_limit", COPIES),
    slug=slug_of(__name__),
    name=gettext_noop("Dreadnought"),
    zones=(
        Zone("casters", "Casters", "キャスター", ("Caster",)),
        Zone("main", "Main", "メイン", ("Main Deck", "メインデッキ", "Deck", "デッキ")),
    ),
    schema=SCHEMA,
    formats=FORMATS,
    search_fields=FIELDS,
    japanese_examples=JAPANESE_EXAMPLES,
    charts=CHARTS,
    row_columns=("type", "cluster", "cost", "size"),
    # The event sheet lists the two casters, then the 50 cards by cluster condition.
    event_sheet=(SheetPart("casters"), SheetPart("main", group_by="cluster")),
    # Epithet and version do not change the name; a suffix such as II does (RULES.md §1.1.3).
    identity=lambda card: fold(card.name).replace(" ", ""),
    name_keys=_name_keys,
    shipped=convert,
    bench=scenarios,
    rules_text=SECTIONS,
    contract=CONTRACT,
    goldfish=simulation,
    archetype=archetype,
    archetype_name=gettext_noop("Casters"),
    colours_name=gettext_noop("Clusters"),
)
