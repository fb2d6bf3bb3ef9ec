"""How the references of decklist lines find cards (`cards.games.intake`): one lookup by number
and one by name for every reading of every line, the names a reference may mean, and the key a
reference that found nothing is suggested by.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from cards.games.base import Card, CardPool
from cards.games.game import Game, name_key

#: A rarity between a number and a name (`BT1-030 SR 孫悟空`).
_RARITY = re.compile(r"^[A-Z]{1,4}\+?$")
#: A variant suffix glued to a name by the community deck builder (`Name_PR`).
_VARIANT = re.compile(r"_[A-Za-z0-9]{1,6}$")


def first_word(reference: str) -> str:
    return reference.split(" ", 1)[0]


def lookups(
    game: Game, readings: Sequence[tuple[int, str]], pool: CardPool
) -> tuple[Mapping[str, Card], Mapping[str, list[Card]]]:
    """One lookup by number, one by name, for every reading of every line (`Line.readings`)."""
    by_number = pool.by_numbers(
        {key for _, ref in readings for key in game.lookup_keys(first_word(ref))}
    )
    by_name = pool.by_name_keys(
        {
            key
            for _, ref in readings
            if game.card_for_number(first_word(ref), by_number) is None
            for key in name_references(ref)
        }
    )
    return by_number, by_name


def name_references(reference: str) -> tuple[str, ...]:
    """Name keys a reference may mean, most literal first: the whole of it; when its first word
    looks like a number (it has a digit), the name after it (`C-55 シロッコの眼`), past a rarity
    (`BT1-030 SR 孫悟空`); a two-sided leader's front (`Pan // Pan, Ready to Fight Returns`); a
    name without a variant suffix glued to it (`Koitsukai, Mechanical Courage_PR`)."""
    names = [reference]
    head, _, rest = reference.partition(" ")
    if rest and any(ch.isdigit() for ch in head):
        names.append(rest)
        rarity, _, after = rest.partition(" ")
        if after and _RARITY.match(rarity):
            names.append(after)
    names += [name.split(" // ")[0] for name in names if " // " in name]
    names += [_VARIANT.sub("", name) for name in names if _VARIANT.search(name)]
    return tuple(dict.fromkeys(name_key(name) for name in names))


def first_resolving(
    game: Game,
    readings: Sequence[tuple[int, str]],
    by_number: Mapping[str, Card],
    by_name: Mapping[str, list[Card]],
) -> tuple[int, Card] | None:
    """The first reading of a line that names exactly one card, with its quantity."""
    for quantity, reference in readings:
        card = game.card_for_number(first_word(reference), by_number)
        if card is not None:
            return quantity, card
        for key in name_references(reference):
            matches = distinct(by_name.get(key, []))
            if len(matches) == 1:
                return quantity, matches[0]
    return None


def distinct(cards: Iterable[Card]) -> list[Card]:
    return list({card.number: card for card in cards}.values())


def suggestion_key(reference: str) -> tuple[str, str]:
    """(the number-like first word, the name) of a reference, for `suggest.suggestions`."""
    head, _, rest = reference.partition(" ")
    if any(ch.isdigit() for ch in head):
        return head, rest
    return "", reference
