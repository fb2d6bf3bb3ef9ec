"""What CONTRACT §1 and §2 promise about DRAWS◎TROIDAL: the registry test holds the game to it."""

from cards.games.game import Contract

#: The decklist zones, in order (§1).
ZONES = ("main",)
#: Where the cards of a decklist with no section header go (§1).
HEADERLESS_ZONE = "main"
#: The format slugs, the default first (§1).
FORMATS = ("beta",)
#: The columns a card file must have (§2).
REQUIRED_COLUMNS = ("number", "name", "attribute")
#: The smallest card row the game accepts: tests build cards and decks from it.
SAMPLE_ROW = {"number": "DT-T1", "name": "水 P1 R1 G0", "attribute": "水"}

CONTRACT = Contract(
    zones=ZONES,
    headerless_zone=HEADERLESS_ZONE,
    formats=FORMATS,
    required_columns=REQUIRED_COLUMNS,
    sample_row=SAMPLE_ROW,
)
