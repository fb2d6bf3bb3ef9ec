"""Gundam War (ガンダムウォー), RULES.md §3."""

import re

from cards.games.base import Card, Zone
from cards.games.game import Game, SheetPart, Simulation, name_key, number_key, slug_of
from cards.games.messages import gettext_noop
from cards.games.rules import printed_limit
from cards.games.text import fold

from .archetype import archetype
from .bench import scenarios
from .charts import CHARTS
from .contract import CONTRACT
from .dates import DATES
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import COPIES, FORMATS
from .rules_text import SECTIONS
from .schema import COLORS, SCHEMA
from .shipped import convert


def full_name(card: Card) -> str:
    """The name deck building counts: the card name with its model number (型番)."""
    model = card["model_number"]
    return f"{card.name}({model})" if model else card.name


def _identity(card: Card) -> str:
    return fold(full_name(card))


#: A colour glued to a printed number, as results pages write it (`黒U-129`).
_COLOUR_GLUED = re.compile(f"^([{''.join(COLORS)}])(?=[a-z])")


def _number_key(text: str) -> str:
    """A number's key, its colour written as the stored numbers write it: `黒U-129` and `黒/U-129`
    are one card (CONTRACT §2: numbers repeat across colours, so they carry their colour)."""
    return _COLOUR_GLUED.sub(r"\1/", number_key(text))


def _name_keys(card: Card) -> tuple[str, ...]:
    model = card["model_number"]
    names = {card.name, full_name(card)} | ({f"{card.name} {model}"} if model else set())
    return tuple(sorted(name_key(name) for name in names))


def simulation() -> Simulation:
    """The goldfish goals, imported when a simulation asks (the engines import numpy)."""
    from .goldfish import SIMULATION

    return SIMULATION


GAME = Game(
    # The printed limit or three (§3.1.2); the regulations' lists are format data, not the game's.
    copy_limit=printed_limit("copy_limit", COPIES),
    slug=slug_of(__name__),
    name=gettext_noop("Gundam War"),
    zones=(
        Zone("main", "Main", "メイン", ("Main Deck", "メインデッキ", "Deck", "デッキ")),
        Zone("side", "Side", "サイド", ("Side Deck", "サイドデッキ", "Sideboard", "サイドボード")),
    ),
    schema=SCHEMA,
    formats=FORMATS,
    search_fields=FIELDS,
    japanese_examples=JAPANESE_EXAMPLES,
    charts=CHARTS,
    row_columns=("type", "color", "cost", "set"),
    registration_sheet=True,
    # The event sheet lists the main deck by card type with its G count, then the side deck.
    event_sheet=(
        SheetPart("main", group_by="type", tally=("type", "G", "G count", "G枚数")),
        SheetPart("side", group_by="type"),
    ),
    identity=_identity,
    number_key=_number_key,
    name_keys=_name_keys,
    shipped=convert,
    bench=scenarios,
    rules_text=SECTIONS,
    contract=CONTRACT,
    dates=DATES,
    goldfish=simulation,
    archetype=archetype,
    archetype_name=gettext_noop("Colour set"),
    colours_name=gettext_noop("Colours"),
)
