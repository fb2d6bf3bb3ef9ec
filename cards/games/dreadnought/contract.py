"""What CONTRACT §1 and §2 promise about Dreadnought: the registry test holds the game to it."""

from cards.games.game import Contract

#: The decklist zones, in order (§1).
ZONES = ("casters", "main")
#: Where the cards of a decklist with no section header go (§1).
HEADERLESS_ZONE = "main"
#: The format slugs, the default first (§1).
FORMATS = ("standard", "early")
#: The columns a card file must have (§2).
REQUIRED_COLUMNS = ("number", "name", "type", "cluster")
#: The smallest card row the game accepts: tests build cards and decks from it.
SAMPLE_ROW = {"number": "DN-T1", "name": "テスト", "type": "ユニット", "cluster": ""}

CONTRACT = Contract(
    zones=ZONES,
    headerless_zone=HEADERLESS_ZONE,
    formats=FORMATS,
    required_columns=REQUIRED_COLUMNS,
    sample_row=SAMPLE_ROW,
)
