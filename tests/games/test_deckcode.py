"""Deck codes: compact, URL-safe, versioned; decode(encode(deck)) == deck; broken or foreign codes
are refused with `DeckCodeError`, never another exception."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.games import deckcode
from cards.games.deckcode import DeckCodeError, decode, encode
from cards.games.registry import GAMES, get_game


@st.composite
def quantities(draw: st.DrawFn) -> tuple[str, str, dict[str, dict[str, int]]]:
    game = get_game(draw(st.sampled_from(list(GAMES))))
    fmt = draw(st.sampled_from([f.slug for f in game.formats]))
    zones = {
        zone: draw(
            st.dictionaries(
                st.text(min_size=1, max_size=15), st.integers(1, deckcode.MAX_COUNT), max_size=6
            )
        )
        for zone in game.zone_slugs
    }
    return game.slug, fmt, zones


@given(quantities())
@settings(max_examples=300)
def test_decode_of_encode_gives_back_the_deck(case):
    game, fmt, zones = case
    code = encode(game, fmt, zones)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert decode(code) == deckcode.DeckCode(game, fmt, zones)


@given(st.text(max_size=300))
@settings(max_examples=300)
def test_any_text_either_decodes_or_is_refused_with_a_deck_code_error(text):
    try:
        decode(text)
    except DeckCodeError as error:
        assert str(error)


def test_a_60_card_deck_makes_a_short_code():
    main = {f"BT{n}-{i:03d}": 4 for n, i in zip(range(1, 16), range(1, 16), strict=True)}
    code = encode("dbscg", "zenkai", {"leader": {"BT1-001": 1}, "main": main})
    assert len(code) < 200


def test_no_format_means_the_default_format():
    assert decode(encode("dbscg", None, {"main": {"BT1-004": 4}})).format == "zenkai"


def raw_code(payload: object, version: str = deckcode.VERSION) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(json.dumps(payload).encode()) + deflate.flush()
    return version + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "empty"),
        ("9abc", "unknown version"),
        (raw_code(["dbscg", "zenkai", {}], version="2"), "unknown version"),
        (raw_code(["chess", "classic", {}]), "unknown game"),
        (raw_code(["dbscg", "vintage", {}]), "unknown format"),
        (raw_code(["dbscg", "zenkai", {"sideboard": []}]), "unknown zones"),
        (raw_code(["dbscg", "zenkai", {"main": [["BT1-004", 0]]}]), "not valid"),
        (raw_code(["dbscg", "zenkai", {"main": [["BT1-004", True]]}]), "not valid"),
        (raw_code({"game": "dbscg"}), "damaged"),
        ("1" + "A" * 9000, "longer than"),
        (encode("dbscg", "zenkai", {"main": {"BT1-004": 4}})[:-4], "cut short"),
    ],
)
def test_a_broken_or_foreign_code_is_refused_with_its_reason(code, reason):
    with pytest.raises(DeckCodeError, match=reason):
        decode(code)


def test_a_code_that_inflates_past_any_deck_is_refused():
    bomb = raw_code(["dbscg", "zenkai", {"main": [["X" * 300_000, 1]]}])
    with pytest.raises(DeckCodeError, match="more than any deck"):
        decode(bomb)
