"""What a deck version's note says when DeckLab writes it (the player's own notes are their words).

An automatic note is a `messages.Text`: the version stores it as JSON (`DeckVersion.note_text`)
beside its English words (`note`), and the history shows it in the reader's language. Zones read
as their slug in English and their Japanese name in Japanese (`zone_words`).

`from_english` reads the English notes versions stored before `note_text` (migration 0006).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from django.utils.translation import gettext_noop

from cards.games.game import Game
from cards.games.messages import InLanguages, Text

#: A version's note: DeckLab's own (a `Text`, translated when shown) or the player's words.
Note = Text | str

#: The notes of whole-deck saves, without values.
CREATED = Text(gettext_noop("created"))
SAVED = Text(gettext_noop("saved"))
IMPORTED = Text(gettext_noop("import"))
FROM_API = Text(gettext_noop("API"))
FROM_CODE = Text(gettext_noop("saved from a deck code"))
PLAIN = {text.msgid: text for text in (CREATED, SAVED, IMPORTED, FROM_API, FROM_CODE)}


def zone_words(game: Game, slug: str) -> InLanguages:
    """A zone as notes and edit errors name it: its slug in English, its Japanese name in
    Japanese (the slug where it has none)."""
    return InLanguages({"en": slug, "ja": game.zone_japanese(slug)})


def added(game: Game, zone: str, number: str, change: int) -> Text:
    """`+1 BT1-004 (main)`."""
    return Text(
        gettext_noop("%(change)s %(number)s (%(zone)s)"),
        {"change": f"{change:+d}", "number": number, "zone": zone_words(game, zone)},
    )


def counted(game: Game, zone: str, number: str, count: int) -> Text:
    """`BT1-004 ×3 (main)`."""
    return Text(
        gettext_noop("%(number)s ×%(count)s (%(zone)s)"),
        {"number": number, "count": count, "zone": zone_words(game, zone)},
    )


def moved(game: Game, number: str, zone: str, to_zone: str) -> Text:
    """`BT1-004 main → side`."""
    return Text(
        gettext_noop("%(number)s %(zone)s → %(to_zone)s"),
        {"number": number, "zone": zone_words(game, zone), "to_zone": zone_words(game, to_zone)},
    )


def copied(game: Game, number: str, zone: str, to_zone: str) -> Text:
    """`BT1-004 pool + main`: a copy chosen into a nested zone."""
    return Text(
        gettext_noop("%(number)s %(zone)s + %(to_zone)s"),
        {"number": number, "zone": zone_words(game, zone), "to_zone": zone_words(game, to_zone)},
    )


def dealt(count: int) -> Text:
    return Text(gettext_noop("dealt %(count)s"), {"count": count})


def reverted(number: int) -> Text:
    return Text(gettext_noop("revert to v%(number)s"), {"number": number})


def forked(code: str, number: int) -> Text:
    return Text(gettext_noop("forked from %(code)s v%(number)s"), {"code": code, "number": number})


#: The English notes of old versions: a pattern, which of its groups name zones, the text.
_OLD: tuple[tuple[re.Pattern[str], tuple[int, ...], Callable[[Game, re.Match[str]], Text]], ...] = (
    (re.compile(r"dealt (\d+)"), (), lambda game, m: dealt(int(m[1]))),
    (re.compile(r"revert to v(\d+)"), (), lambda game, m: reverted(int(m[1]))),
    (re.compile(r"forked from (\S+) v(\d+)"), (), lambda game, m: forked(m[1], int(m[2]))),
    (
        re.compile(r"([+-]\d+) (\S+) \((\w+)\)"),
        (3,),
        lambda game, m: added(game, m[3], m[2], int(m[1])),
    ),
    (
        re.compile(r"(\S+) ×(\d+) \((\w+)\)"),
        (3,),
        lambda game, m: counted(game, m[3], m[1], int(m[2])),
    ),
    (re.compile(r"(\S+) (\w+) → (\w+)"), (2, 3), lambda game, m: moved(game, m[1], m[2], m[3])),
    (re.compile(r"(\S+) (\w+) \+ (\w+)"), (2, 3), lambda game, m: copied(game, m[1], m[2], m[3])),
)


def from_english(note: str, game: Game) -> Text | None:
    """The text of a note DeckLab wrote in English before notes were stored as texts; None for
    anything else (a player's note, a set deck's name), which stays as it was written."""
    if note in PLAIN:
        return PLAIN[note]
    for pattern, zones, make in _OLD:
        match = pattern.fullmatch(note)
        if match and all(match[group] in game.zone_slugs for group in zones):
            return make(game, match)
    return None


def with_card_names(text: Text, names: Mapping[str, str]) -> Text:
    """The note naming its card as well as its number (`+1 BT1-004 Son Goku (main)`): the
    history read as a column of numbers. Stored notes keep the number only (names change)."""
    number = text.values.get("number")
    name = names.get(number) if isinstance(number, str) else None
    if not name:
        return text
    return Text(text.msgid, {**text.values, "number": f"{number} {name}"})
