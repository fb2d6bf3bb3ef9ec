"""Rule helpers several games share: zone sizes, card types per zone, copy limits, caps, lists.

Each helper is a small frozen dataclass whose fields are the rule's parameters and whose call is the
rule (`Rule`: deck, game data → violations). A format is then a tuple of such calls, so its numbers
(sizes, caps, banned and limited lists) read as data in one place, and the logic of, say, "at most N
copies of one identity" exists once for all five games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from cards.games import messages
from cards.games.base import Card, Deck, Entry, GameData, Violation
from cards.games.messages import Text, gettext_noop, listed
from cards.games.registry import get_game

messages.register(
    "zone.size.add", gettext_noop("%(zone)s: add %(delta)s %(noun)s (%(count)s now; %(allowed)s).")
)
messages.register(
    "zone.size.remove",
    gettext_noop("%(zone)s: remove %(delta)s %(noun)s (%(count)s now; %(allowed)s)."),
)
messages.register(
    "zone.card_type",
    gettext_noop(
        "Remove %(card)s from %(zone)s: a %(type)s card may not be there (%(zone)s holds %(allowed)s)."
    ),
)
messages.register(
    "copy_limit",
    gettext_noop("Remove %(excess)s %(noun)s of %(card)s (%(count)s of at most %(limit)s)."),
)
messages.register(
    "banned",
    gettext_noop("Remove %(card)s: it is banned in %(format)s (%(count)s in the deck, 0 allowed)."),
)
messages.register(
    "limited",
    gettext_noop(
        "Remove %(excess)s %(noun)s of %(card)s: it is limited in %(format)s (%(count)s of at most %(limit)s)."
    ),
)


def noun(count: int, one: str, many: str) -> dict[str, str]:
    """The word after a count, as the message's `noun` in each language: English "1 copy",
    "2 copies"; Japanese counts cards with 枚 ("2枚").

    Grammar, not a translation: Japanese has no plural but a counter, so the pair is passed per
    language (a msgid "copies" would also clash with the catalogue's 枚数, a column's heading)."""
    return {"noun_en": one if count == 1 else many, "noun_ja": "枚"}


def card_list(cards: Iterable[Card]) -> str:
    """How a message names several cards: their labels, comma-separated, each once."""
    return ", ".join(dict.fromkeys(card.label for card in cards))


def group_label(cards: list[Card]) -> str:
    """How a message names one identity: the card's label, or the shared name and every number."""
    if len({card.number for card in cards}) == 1:
        return cards[0].label
    return f"{cards[0].name} ({', '.join(dict.fromkeys(card.number for card in cards))})"


class UnknownZone(LookupError):
    """A zone slug the game does not have (a rule written for another game's zones)."""


def zone_names(game: str, zone: str) -> tuple[str, str]:
    """A zone's English and Japanese display names, from the game's zone list.

    Data, not msgids: `Zone.label_ja` is also a header a decklist may use (`【メイン】`), the
    words a player types, so it stays with the zone and is passed per language."""
    for candidate in get_game(game).zones:
        if candidate.slug == zone:
            return candidate.label, candidate.label_ja
    raise UnknownZone(f"{game} has no zone {zone!r}")


def type_names(game: str, types: Iterable[str]) -> tuple[str, str]:
    """Card types as a message lists them, in English and in Japanese (the words of the game's
    `type` search field where it has them, else the type as the data writes it).

    Data, not msgids: the types are card-data values and their Japanese words the search
    aliases a player types (`Field.names_ja`), so they are passed per language."""
    names_ja: Mapping[str, str] = next(
        (f.names_ja for f in get_game(game).search_fields if f.name == "type"), {}
    )
    types = list(types)
    return ", ".join(types), "、".join(names_ja.get(kind, kind) for kind in types)


def entries_in(deck: Deck, zones: Iterable[str]) -> Iterator[Entry]:
    for zone in zones:
        yield from deck.entries(zone)


def grouped(entries: Iterable[Entry], key: Callable[[Card], str | None]) -> list[list[Entry]]:
    """Entries by `key(card)` (cards whose key is None left out), in deck order."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        found = key(entry.card)
        if found is not None:
            groups.setdefault(found, []).append(entry)
    return list(groups.values())


def group_violation(
    code: str,
    rule: str,
    zones: tuple[str, ...],
    entries: list[Entry],
    limit: int,
    **params: object,
) -> Violation:
    """A violation about several cards counted together: every number, their copies, the limit.

    The zone is named when the count covers one zone only (a cap over main and side has none).
    """
    return Violation(
        code=code,
        rule=rule,
        zone=zones[0] if len(zones) == 1 else None,
        cards=tuple(dict.fromkeys(entry.card.number for entry in entries)),
        count=sum(entry.count for entry in entries),
        limit=limit,
        params=params,
    )


def entry_violation(code: str, rule: str, zone: str, entry: Entry, **params: object) -> Violation:
    """A violation about one card of one zone: its number, its copies, its label as `card`."""
    return Violation(
        code=code,
        rule=rule,
        zone=zone,
        cards=(entry.card.number,),
        count=entry.count,
        params={"card": entry.card.label, **params},
    )


@dataclass(frozen=True)
class Sizes:
    """The sizes a zone may have: a union of inclusive ranges (a side deck: 0 or exactly 10)."""

    ranges: tuple[tuple[int, int], ...]

    @classmethod
    def exactly(cls, size: int) -> Sizes:
        return cls(((size, size),))

    @classmethod
    def between(cls, low: int, high: int) -> Sizes:
        return cls(((low, high),))

    @classmethod
    def empty_or(cls, size: int) -> Sizes:
        return cls(((0, 0), (size, size)))

    def allows(self, size: int) -> bool:
        return any(low <= size <= high for low, high in self.ranges)

    def nearest(self, size: int) -> int:
        """The allowed size closest to `size`; on a tie the larger, so no card must go."""
        candidates = [min(max(size, low), high) for low, high in self.ranges]
        return min(candidates, key=lambda allowed: (abs(allowed - size), -allowed))

    def describe(self) -> Text | str:
        """The allowed sizes as a message's `allowed` (`exactly 50`, `0 to 15 allowed`)."""
        return listed([self._describe_range(low, high) for low, high in self.ranges], _OR)

    @staticmethod
    def _describe_range(low: int, high: int) -> Text:
        if low == high == 0:
            return Text(gettext_noop("must be empty"))
        if low == high:
            return Text(gettext_noop("exactly %(size)s"), {"size": low})
        return Text(gettext_noop("%(low)s to %(high)s allowed"), {"low": low, "high": high})


_OR = gettext_noop("%(first)s or %(rest)s")


@dataclass(frozen=True)
class ZoneSize:
    """A zone holds an allowed number of cards (`zone.size`, `limit` = the nearest allowed size)."""

    game: str
    zone: str
    sizes: Sizes
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        count = deck.size(self.zone)
        if self.sizes.allows(count):
            return
        limit = self.sizes.nearest(count)
        zone_en, zone_ja = zone_names(self.game, self.zone)
        delta = abs(limit - count)
        yield Violation(
            code="zone.size",
            message_key="zone.size.add" if limit > count else "zone.size.remove",
            rule=self.rule,
            zone=self.zone,
            count=count,
            limit=limit,
            params={
                "zone_en": zone_en,
                "zone_ja": zone_ja,
                "delta": delta,
                **noun(delta, "card", "cards"),
                "allowed": self.sizes.describe(),
            },
        )


@dataclass(frozen=True)
class ZoneTypes:
    """Every card of a zone is of one of the allowed types (`zone.card_type`, one per card)."""

    game: str
    zone: str
    allowed: tuple[str, ...]
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        zone_en, zone_ja = zone_names(self.game, self.zone)
        allowed_en, allowed_ja = type_names(self.game, self.allowed)
        for entry in deck.entries(self.zone):
            if entry.card.type in self.allowed:
                continue
            kind_en, kind_ja = type_names(self.game, [entry.card.type or "?"])
            yield entry_violation(
                "zone.card_type",
                self.rule,
                self.zone,
                entry,
                type_en=kind_en,
                type_ja=kind_ja,
                zone_en=zone_en,
                zone_ja=zone_ja,
                allowed_en=allowed_en,
                allowed_ja=allowed_ja,
            )


#: A card's own copy limit: a number, or None for "no limit".
LimitOf = Callable[[Card], "int | None"]


@dataclass(frozen=True)
class CopyLimit:
    """At most `limit(card)` copies of one card identity across `zones` (`copy_limit`).

    Cards that share an identity (alternate prints, a Gundam War name across colours) count
    together; when their own limits differ, the most generous one applies to the group.
    """

    game: str
    zones: tuple[str, ...]
    limit: LimitOf
    rule: str
    #: The identity copies are counted by; `None` means the game's (CONTRACT §2).
    identity: Callable[[Card], str] | None = None

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        identity = self.identity or get_game(self.game).identity
        for entries in grouped(entries_in(deck, self.zones), identity):
            limits = [self.limit(entry.card) for entry in entries]
            if None in limits:
                continue
            limit = max(limit for limit in limits if limit is not None)
            count = sum(entry.count for entry in entries)
            if count <= limit:
                continue
            excess = count - limit
            yield group_violation(
                "copy_limit",
                self.rule,
                self.zones,
                entries,
                limit,
                card=group_label([entry.card for entry in entries]),
                excess=excess,
                **noun(excess, "copy", "copies"),
            )


def printed_limit(column: str, default: int) -> LimitOf:
    """A limit read from a card column: empty = `default`, a number, or `any` = no limit."""

    def limit(card: Card) -> int | None:
        value = card[column]
        if value is None:
            return default
        return value if isinstance(value, int) else None

    return limit


@dataclass(frozen=True)
class Cap:
    """At most `limit` cards (copies count) that `counts` picks, across `zones`: one per breach."""

    zones: tuple[str, ...]
    counts: Callable[[Card], bool]
    limit: int
    code: str
    #: The violation's message (a msgid over `excess`, `count`, `limit`, `card`), registered under
    #: `code`: a whole sentence per cap, since "[Dragon Ball] cards" alone reads differently as a
    #: chart's label.
    message: str
    rule: str

    def __post_init__(self) -> None:
        messages.register(self.code, self.message)

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        entries = [entry for entry in entries_in(deck, self.zones) if self.counts(entry.card)]
        count = sum(entry.count for entry in entries)
        if count <= self.limit:
            return
        yield group_violation(
            self.code,
            self.rule,
            self.zones,
            entries,
            self.limit,
            excess=count - self.limit,
            card=card_list(entry.card for entry in entries),
        )


@dataclass(frozen=True)
class Restricted:
    """Cards a format lists: banned (`limit` 0, code `banned`) or limited (`limited`).

    `listed(card)` gives the list entry a card falls under (its key), or None. Copies of every
    card under one entry count together, so a limited name stays limited across its printings.
    """

    zones: tuple[str, ...]
    listed: Callable[[Card], str | None]
    limit: int
    format_name: str
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        for entries in grouped(entries_in(deck, self.zones), self.listed):
            count = sum(entry.count for entry in entries)
            if count <= self.limit:
                continue
            excess = count - self.limit
            yield group_violation(
                "banned" if self.limit == 0 else "limited",
                self.rule,
                self.zones,
                entries,
                self.limit,
                card=group_label([entry.card for entry in entries]),
                format=self.format_name,
                excess=excess,
                **noun(excess, "copy", "copies"),
            )
