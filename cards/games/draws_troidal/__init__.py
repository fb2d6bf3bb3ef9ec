"""DRAWS◎TROIDAL, beta rules (RULES.md §5)."""

from cards.games.base import Zone
from cards.games.draws_troidal.legality import FORMATS
from cards.games.draws_troidal.schema import SCHEMA
from cards.games.game import Game

GAME = Game(
    slug="draws_troidal",
    name="DRAWS◎TROIDAL",
    name_ja="ドローズ◎トロイダル",
    zones=(Zone("main", "Main", "メイン", ("Deck", "デッキ", "Main Deck", "メインデッキ")),),
    schema=SCHEMA,
    formats=FORMATS,
    identity=lambda card: card.number,
)
