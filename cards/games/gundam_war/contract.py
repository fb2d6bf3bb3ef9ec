"""What CONTRACT §1 and §2 promise about Gundam War: the registry test holds the game to it."""

from cards.games.game import Contract

#: The decklist zones, in order (§1).
ZONES = ("main", "side")
#: Where the cards of a decklist with no section header go (§1).
HEADERLESS_ZONE = "main"
#: The format slugs, the default first (§1).
FORMATS = ("standard",)
#: The columns a card file must have (§2).
REQUIRED_COLUMNS = ("number", "name", "type")
#: The smallest card row the game accepts: tests build cards and decks from it.
SAMPLE_ROW = {"number": "青/T-1", "name": "テスト", "type": "UNIT"}

CONTRACT = Contract(
    zones=ZONES,
    headerless_zone=HEADERLESS_ZONE,
    formats=FORMATS,
    required_columns=REQUIRED_COLUMNS,
    sample_row=SAMPLE_ROW,
)
