"""Edits of a deck's quantities (`{zone: {number: count}}`), shared by saved decks and the stateless builder.

Pure functions over plain dicts: the same `+`, `−`, move and deal behave alike whether the deck lives
in a `DeckVersion` row or only in a deck code in the URL. Every function returns a new dict.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cards import limits
from cards.games.game import Game
from cards.games.lines import MAX_QUANTITY
from cards.games.messages import choose_language
from cards.languages import game_name, listed
from decklab.decks.notes import zone_words

Zones = dict[str, dict[str, int]]


class EditError(ValueError):
    """An edit that cannot be made; the message is for the player."""


def normalize(game: Game, zones: object) -> Zones:
    """Check the shape and size (`limits`) of user-given quantities and drop empty entries."""
    if not isinstance(zones, Mapping):
        raise EditError(_("zones must be an object of zone → {card number: count}"))
    try:
        limits.check_distinct(zones)  # before reading 300,000 entries one by one
    except limits.TooLarge as error:
        raise EditError(str(error)) from None
    out: Zones = {}
    for zone, cards in zones.items():
        if zone not in game.zone_slugs:
            raise EditError(
                _("%(game)s has no zone %(zone)r (zones: %(zones)s)")
                % {"game": game_name(game.slug), "zone": zone, "zones": listed(game.zone_slugs)}
            )
        if not isinstance(cards, Mapping):
            raise EditError(
                _("zone %(zone)r must be an object of card number → count") % {"zone": zone}
            )
        kept = {}
        for number, count in cards.items():
            if not isinstance(number, str) or not number.strip():
                raise EditError(
                    _("zone %(zone)r: a card number must be a non-empty string") % {"zone": zone}
                )
            if (
                isinstance(count, bool)
                or not isinstance(count, int)
                or not 0 <= count <= MAX_QUANTITY
            ):
                raise EditError(
                    _("%(zone)s %(number)s: %(count)r is not a count (0 to %(most)d)")
                    % {"zone": zone, "number": number, "count": count, "most": MAX_QUANTITY}
                )
            if count:
                kept[number.strip()] = count
        if kept:
            out[zone] = kept
    try:
        limits.check_counts(out)
    except limits.TooLarge as error:
        raise EditError(str(error)) from None
    return out


def zone_label(game: Game, slug: str) -> str:
    """A zone as an edit error names it, in the active language (`notes.zone_words`)."""
    return zone_words(game, slug).show(choose_language(get_language()))


def numbers(zones: Mapping[str, Mapping[str, int]]) -> set[str]:
    return {number for cards in zones.values() for number in cards}


def set_count(zones: Zones, zone: str, number: str, count: int) -> Zones:
    """The deck with exactly `count` copies of the card in the zone (0 removes it)."""
    if not 0 <= count <= MAX_QUANTITY:
        raise EditError(
            _("%(count)d is not a count (0 to %(most)d)") % {"count": count, "most": MAX_QUANTITY}
        )
    out = {z: dict(cards) for z, cards in zones.items()}
    cards = out.setdefault(zone, {})
    if count:
        cards[number] = count
    else:
        cards.pop(number, None)
    return {z: cards for z, cards in out.items() if cards}


def add(zones: Zones, zone: str, number: str, delta: int) -> Zones:
    """The deck with `delta` more (or fewer) copies; never below zero."""
    current = zones.get(zone, {}).get(number, 0)
    return set_count(zones, zone, number, min(max(current + delta, 0), MAX_QUANTITY))


def move(game: Game, zones: Zones, number: str, source: str, target: str, count: int = 1) -> Zones:
    """Move up to `count` copies of a card from one zone to another."""
    moved = min(count, zones.get(source, {}).get(number, 0))
    if moved <= 0:
        raise EditError(
            _("%(number)s is not in %(zone)s")
            % {"number": number, "zone": zone_label(game, source)}
        )
    return add(add(zones, source, number, -moved), target, number, moved)


def choose(game: Game, zones: Zones, number: str, source: str, target: str) -> Zones:
    """One more copy of a card in the next of nested zones (dealt → hand), the card staying where it is."""
    if zones.get(target, {}).get(number, 0) >= zones.get(source, {}).get(number, 0):
        raise EditError(
            _("Every copy of %(number)s in %(source)s is in %(target)s already.")
            % {
                "number": number,
                "source": zone_label(game, source),
                "target": zone_label(game, target),
            }
        )
    return add(zones, target, number, 1)


def fill(game: Game, zones: Zones, filled: Zones) -> Zones:
    """The deck with these zones replaced (a preset deck's pool); a deal's zones, drawn from the old
    pool, are emptied."""
    rule = game.deal
    emptied = set(filled) | ({rule.target, *rule.clears} if rule else set())
    return {**{z: dict(c) for z, c in zones.items() if z not in emptied}, **filled}


def deal(game: Game, zones: Zones, rng: random.Random, count: int | None = None) -> Zones:
    """The game's deal (`Game.deal`): `count` (else the rule's count) cards of the source zone at
    random into the target, emptying the target and the zones the deal clears."""
    rule = game.deal
    if rule is None:
        raise EditError(_("%(game)s has no deal.") % {"game": game_name(game.slug)})
    count = rule.count if count is None else count
    source = zones.get(rule.source, {})
    pool = [number for number, count in sorted(source.items()) for _ in range(count)]
    if len(pool) < count:
        raise EditError(
            _("The %(zone)s holds %(count)d cards; dealing needs at least %(dealt)d.")
            % {"zone": zone_label(game, rule.source), "count": len(pool), "dealt": count}
        )
    dealt: dict[str, int] = {}
    for number in rng.sample(pool, count):
        dealt[number] = dealt.get(number, 0) + 1
    kept = {z: dict(cards) for z, cards in zones.items() if z not in (rule.target, *rule.clears)}
    return {**kept, rule.target: dealt}


def diff(
    old: Mapping[str, Mapping[str, int]], new: Mapping[str, Mapping[str, int]]
) -> dict[str, dict[str, dict[str, int]]]:
    """Per zone, the copies added and removed between two versions."""
    out = {}
    for zone in sorted(set(old) | set(new)):
        before, after = old.get(zone, {}), new.get(zone, {})
        added = {
            n: after.get(n, 0) - before.get(n, 0) for n in after if after[n] > before.get(n, 0)
        }
        removed = {n: before[n] - after.get(n, 0) for n in before if before[n] > after.get(n, 0)}
        if added or removed:
            out[zone] = {"added": added, "removed": removed}
    return out
