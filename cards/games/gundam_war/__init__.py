"""Gundam War (ガンダムウォー), RULES.md §3."""

from cards.games.base import Card, Zone
from cards.games.game import Game, SheetPart, name_key, slug_of
from cards.games.text import fold

from .bench import scenarios
from .charts import CHARTS
from .fields import FIELDS, JAPANESE_EXAMPLES
from .legality import FORMATS
from .schema import SCHEMA
from .shipped import convert


def full_name(card: Card) -> str:
    """The name deck building counts: the card name with its model number (型番)."""
    model = card["model_number"]
    return f"{card.name}({model})" if model else card.name


def _identity(card: Card) -> str:
    return fold(full_name(card))


def _name_keys(card: Card) -> tuple[str, ...]:
    model = card["model_number"]
    names = {card.name, full_name(card)} | ({f"{card.name} {model}"} if model else set())
    return tuple(sorted(name_key(name) for name in names))


GAME = Game(
    slug=slug_of(__name__),
    name="Gundam War",
    name_ja="ガンダムウォー",
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
    name_keys=_name_keys,
    shipped=convert,
    bench=scenarios,
)
