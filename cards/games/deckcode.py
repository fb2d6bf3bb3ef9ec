"""Deck codes: a whole decklist (game, format, zones, counts) in a short URL-safe string.

Share links without an account carry the deck itself, so decoding needs no database: the code
holds card numbers and counts, not rows. Layout: a version prefix (`1`), then base64url (no
padding) of raw-deflated compact JSON `[game, format, {zone: [[number, count], ...]}]`.
A later layout gets a new prefix; an old code keeps decoding.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from cards.games import jsontext
from cards.games.game import UnknownFormat
from cards.games.messages import Explained, gettext_noop, shown_value
from cards.games.registry import UnknownGame, get_game

VERSION = "1"
#: Longer codes are refused before decoding: no real deck comes near, and it bounds the work.
MAX_CODE_LENGTH = 8_000
#: Copies of one card in one zone a code may hold: far above any deck, low enough to be sane.
MAX_COUNT = 99_999
#: Inflated payloads are cut here, so a crafted code cannot expand into a memory bomb.
MAX_PAYLOAD_BYTES = 200_000

Quantities = Mapping[str, Mapping[str, int]]


class DeckCodeError(Explained, ValueError):
    """A code that is broken, of another version, or names a game, format or zone we lack (its
    `text` in the reader's language where the site shows it)."""


@dataclass(frozen=True)
class DeckCode:
    game: str
    format: str
    #: zone → card number → count, with every zone of the game present (as `Deck.quantities()`).
    quantities: dict[str, dict[str, int]]


def encode(game_slug: str, format_slug: str | None, quantities: Quantities) -> str:
    """The code of a deck; `format_slug` None means the game's default format."""
    game = get_game(game_slug)
    fmt = game.format(format_slug)
    zones = {
        zone: [(number, count) for number, count in quantities.get(zone, {}).items() if count > 0]
        for zone in game.zone_slugs
    }
    if any(count > MAX_COUNT for cards in zones.values() for _, count in cards):
        raise DeckCodeError(
            gettext_noop("a deck code holds at most %(most)d copies of one card"), most=MAX_COUNT
        )
    payload = [game.slug, fmt.slug, {zone: cards for zone, cards in zones.items() if cards}]
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(raw) + deflate.flush()
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> DeckCode:
    """The deck a code holds; `DeckCodeError` with a reason a user can act on otherwise."""
    code = code.strip()
    if not code:
        raise DeckCodeError(gettext_noop("the deck code is empty"))
    if len(code) > MAX_CODE_LENGTH:
        raise DeckCodeError(
            gettext_noop("the deck code is longer than %(most)d characters"), most=MAX_CODE_LENGTH
        )
    if code[0] != VERSION:
        raise DeckCodeError(gettext_noop("this is not a DeckLab deck code (unknown version)"))
    payload = _inflate(code[1:])
    try:
        game_slug, format_slug, zones = jsontext.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, TypeError) as error:
        raise DeckCodeError(
            gettext_noop("the deck code is damaged (its contents are unreadable)")
        ) from error
    if not isinstance(game_slug, str) or not isinstance(format_slug, str):
        raise DeckCodeError(gettext_noop("the deck code is damaged (no game or format)"))
    try:
        game = get_game(game_slug)
        game.format(format_slug)
    except UnknownGame:
        raise DeckCodeError(
            gettext_noop("the deck code names an unknown game %(game)s"),
            game=shown_value(game_slug),
        ) from None
    except UnknownFormat:
        raise DeckCodeError(
            gettext_noop("the deck code names an unknown format %(format)s of %(game)s"),
            format=shown_value(format_slug),
            game=game_slug,
        ) from None
    return DeckCode(game.slug, format_slug, _quantities(game.zone_slugs, zones))


def _inflate(text: str) -> bytes:
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise DeckCodeError(gettext_noop("the deck code is damaged (not base64url)")) from error
    inflate = zlib.decompressobj(-15)
    try:
        payload = inflate.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error as error:
        raise DeckCodeError(
            gettext_noop("the deck code is damaged (it does not unpack)")
        ) from error
    if inflate.unconsumed_tail:
        raise DeckCodeError(gettext_noop("the deck code holds more than any deck could"))
    if not inflate.eof:
        raise DeckCodeError(gettext_noop("the deck code is cut short"))
    return payload


def _quantities(zone_slugs: tuple[str, ...], zones: object) -> dict[str, dict[str, int]]:
    if not isinstance(zones, dict) or not set(zones) <= set(zone_slugs):
        raise DeckCodeError(gettext_noop("the deck code is damaged (unknown zones)"))
    out: dict[str, dict[str, int]] = {zone: {} for zone in zone_slugs}
    for zone, cards in zones.items():
        if not isinstance(cards, list):
            raise DeckCodeError(gettext_noop("the deck code is damaged (a zone is not a list)"))
        for item in cards:
            if not (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], str)
                and item[0]
                and type(item[1]) is int
                and 1 <= item[1] <= MAX_COUNT
            ):
                raise DeckCodeError(
                    gettext_noop("the deck code is damaged (a card entry is not valid)")
                )
            number, count = item
            if number in out[zone]:
                raise DeckCodeError(
                    gettext_noop("the deck code is damaged (a card is listed twice)")
                )
            out[zone][number] = count
    return out
