"""Blade Rondo (ブレイドロンド), RULES.md §4."""

from cards.games.base import Zone
from cards.games.blade_rondo.legality import FORMATS
from cards.games.blade_rondo.schema import SCHEMA
from cards.games.game import Game

GAME = Game(
    slug="blade_rondo",
    name="Blade Rondo",
    name_ja="ブレイドロンド",
    zones=(
        Zone("pool", "Pool", "プール", ("Set Deck", "セットデッキ", "Deck", "デッキ")),
        Zone("dealt", "Dealt", "配札", ("Dealt 15", "配られた札")),
        Zone("hand", "Hand", "手札"),
    ),
    schema=SCHEMA,
    formats=FORMATS,
    identity=lambda card: card.number,
)
