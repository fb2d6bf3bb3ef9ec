"""The nearest cards to a reference no card matches: names after the usual folding, numbers with a
digit off. The pool offers candidates at a bounded cost (`CardPool.by_name_prefix`); the ranking
is here, in plain Python (`difflib` from the standard library: the names are short and few).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping

from cards.games.base import Card, CardPool
from cards.games.game import Game, name_key

#: Suggestions per reference, and how alike a name must be to be offered.
MOST = 3
CUTOFF = 0.7
#: Candidate names the pool returns per prefix: bounds the work of one unknown reference.
CANDIDATES = 300
#: Unknown references that get suggestions in one decklist (a pasted essay gets none past these).
REFERENCES = 30

#: Longer first words are no card number: no numbers a digit off are tried.
NUMBER_LENGTH = 16

_DIGIT = re.compile(r"[0-9]")


def prefix(key: str) -> str:
    """The start of a name key that candidates share: long enough to be selective."""
    return key[:3] if len(key) >= 6 else key[:2]


def numbers_a_digit_off(number: str) -> list[str]:
    """`BT1-031` → `BT1-030`, `BT1-032`, … `BT0-031`: every number one digit away."""
    out: list[str] = []
    if len(number) > NUMBER_LENGTH:
        return out
    for match in _DIGIT.finditer(number):
        at = match.start()
        out += [number[:at] + d + number[at + 1 :] for d in "0123456789" if d != match[0]]
    return out


def suggestions(
    game: Game, pool: CardPool, references: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], tuple[Card, ...]]:
    """For each (number-like first word, name) of an unknown reference, the nearest cards.

    Two lookups in all, whatever the number of references: the numbers a digit off, and the names
    sharing a prefix with each name.
    """
    wanted = list(dict.fromkeys(references))[:REFERENCES]
    near_numbers = {
        number: [key for near in numbers_a_digit_off(number) for key in game.lookup_keys(near)]
        for number, _ in wanted
        if number
    }
    found = pool.by_numbers({key for keys in near_numbers.values() for key in keys})
    keys = {name: name_key(name) for _, name in wanted if name}
    candidates = pool.by_name_prefix({prefix(key) for key in keys.values() if key}, CANDIDATES)
    out: dict[tuple[str, str], tuple[Card, ...]] = {}
    for number, name in wanted:
        cards = [found[key] for key in near_numbers.get(number, ()) if key in found]
        cards += _nearest_names(keys.get(name, ""), candidates)
        out[number, name] = tuple({card.number: card for card in cards}.values())[:MOST]
    return out


def _nearest_names(key: str, candidates: Mapping[str, list[Card]]) -> list[Card]:
    if not key:
        return []
    same_start = [name for name in candidates if name.startswith(prefix(key))]
    close = difflib.get_close_matches(key, same_start, n=MOST, cutoff=CUTOFF)
    return [card for name in close for card in candidates[name]]
