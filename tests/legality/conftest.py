"""Cards imported through `import_cards` from small CSV texts, as acceptance does with its files."""

from __future__ import annotations

import base64
import zlib

import pytest

from cards.importers import import_cards

DBSCG_CSV = """number,name,type,keywords,copy_limit
BT1-001,Champa,Leader,,
BT20-003,"SSG Son Goku, Rapidfire Response",Battle,,
BT3-001,Ball,Extra,Dragon Ball,
""" + "".join(f"BT2-{i:03d},Fighter {i},Battle,,\n" for i in range(1, 16))

DREADNOUGHT_CSV = """number,name,epithet,type,cluster,deck_limit
C-1,旭 レイジ,火気厳禁の昼行燈,キャスター,赤,
C-2,アリス,,キャスター,青,
""" + "".join(f"K-{i},コード{i},,コード,,\n" for i in range(1, 14))


def dbscg_deck(main_copies: int = 4, extra: str = "") -> str:
    """A zenkai-legal deck (1 leader, 52 main) with the first card at `main_copies`."""
    lines = [f"{main_copies} BT2-001"] + [f"4 BT2-{i:03d}" for i in range(2, 14)]
    return "Leader\n1 BT1-001\nMain\n" + "\n".join(lines) + "\n" + extra


@pytest.fixture
def cards(db) -> None:
    import_cards("dbscg", DBSCG_CSV.encode(), "dbscg.csv")
    import_cards("dreadnought", DREADNOUGHT_CSV.encode(), "dreadnought.csv")


DEEP_JSON = "[" * 100_000 + "]" * 100_000


def deep_deck_code() -> str:
    """A 300-character code whose JSON inflates to 100,000 nested lists."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(DEEP_JSON.encode()) + packer.flush()
    return "1" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
