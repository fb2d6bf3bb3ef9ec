"""Deck rules of Blade Rondo (RULES.md §4.2 `set`, §4.3 `free`).

Blade Rondo has no deck of one's own: a set deck is shuffled, 15 cards are dealt and 7 kept as the
hand. So a "decklist" is up to three nested zones, pool ⊇ dealt ⊇ hand, and the pool is checked
against the set decks, which name their cards by name. The set decks come from the game data
(`import_cards blade_rondo --set-decks`) when given, else from the shipped file.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from cards.games import messages
from cards.games.base import Construction, Deck, Format, GameData, Rule, Violation
from cards.games.game import SHIPPED_DATA, PresetDeck, name_key, slug_of
from cards.games.messages import Text, gettext_noop, listed
from cards.games.rules import CopyLimit, Sizes, ZoneSize, noun, zone_names

GAME = slug_of(__package__ or __name__)
SET_DECKS_FILE = SHIPPED_DATA / GAME / "set_decks.json"
#: Cards dealt to a player when the set deck does not say (§4.1), and the hand kept from them.
DEALT = 15
HAND = 7
#: The parts of a pool's difference from its closest set deck: `add 2× A; remove 1× B`.
_ADD = gettext_noop("add %(cards)s")
_REMOVE = gettext_noop("remove %(cards)s")
_PARTS = gettext_noop("%(first)s; %(rest)s")

#: Free construction (§4.3): 20 different cards, 2 copies of each; the editor adds them in pairs.
FREE_POOL = Construction("pool", kinds=20, copies=2)

messages.register(
    "blade_rondo.pool",
    gettext_noop("The pool is not a set deck. Closest: %(set_deck)s — %(diff)s."),
)
messages.register(
    "blade_rondo.pool.empty",
    gettext_noop("The pool is empty: list the cards of one set deck, or only Dealt or Hand cards."),
)
messages.register(
    "blade_rondo.pool.no_set",
    gettext_noop(
        "No single set deck holds all of these cards (%(card)s): check the Dealt and Hand cards."
    ),
)
messages.register(
    "blade_rondo.pool.pair",
    gettext_noop(
        "Add %(delta)s %(noun)s of %(card)s: a free pool holds every card exactly twice (%(count)s of 2)."
    ),
)
messages.register(
    "blade_rondo.not_dealt",
    gettext_noop(
        "Remove %(excess)s %(noun)s of %(card)s from %(zone)s: %(source)s holds only %(limit)s."
    ),
)


@dataclass(frozen=True)
class SetDeck:
    key: str
    name: str
    dealt: int
    #: folded card name → copies
    cards: Counter[str]
    #: folded card name → the name as the set deck writes it
    names: Mapping[str, str]

    @cached_property
    def size(self) -> int:
        return sum(self.cards.values())

    def difference(self, pool: Counter[str], size: int) -> int:
        """Cards to add plus cards to remove to make a pool of `size` cards this set deck."""
        shared = sum(min(self.cards.get(name, 0), count) for name, count in pool.items())
        return self.size + size - 2 * shared


def set_decks(data: GameData) -> tuple[SetDeck, ...]:
    """The set decks rules compare against: the imported ones when given, else the shipped ones."""
    raw = data.get("set_decks")
    if not raw:
        return _shipped()
    # Each check reads the game data anew, so the parsed decks are found by equal content: a
    # comparison of the nested dicts costs a tenth of serialising them into a cache key.
    for seen, decks in _recent:
        if seen == raw:
            return decks
    decks = _parsed(raw)
    _recent.insert(0, (copy.deepcopy(raw), decks))
    del _recent[RECENT:]
    return decks


#: How many imported set-deck documents keep their parsed form (one per game data in practice).
RECENT = 4
_recent: list[tuple[Any, tuple[SetDeck, ...]]] = []


@cache
def _shipped() -> tuple[SetDeck, ...]:
    return _parsed(json.loads(SET_DECKS_FILE.read_text(encoding="utf-8")))


def _parsed(raw: Mapping[str, Any]) -> tuple[SetDeck, ...]:
    """Set decks from their JSON document, folded once: a check then only compares counters."""
    decks = []
    for key, deck in raw.items():
        cards: Counter[str] = Counter()
        names = {}
        for name, count in deck["cards"].items():
            cards[name_key(name)] += count
            names[name_key(name)] = name
        decks.append(
            SetDeck(key, deck.get("name") or key, deck.get("dealt") or DEALT, cards, names)
        )
    return tuple(decks)


def preset_decks(data: GameData) -> tuple[PresetDeck, ...]:
    """The set and mixed decks as the editor offers them: each one fills the pool in one action."""
    return tuple(
        PresetDeck(
            deck.key, deck.name, "pool", {deck.names[key]: n for key, n in deck.cards.items()}
        )
        for deck in set_decks(data)
    )


def _by_name(deck: Deck, zone: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in deck.entries(zone):
        counts[name_key(entry.card.name)] += entry.count
    return counts


def _only_subsets_given(deck: Deck) -> bool:
    """§4.2.1: the pool may be left empty when only dealt or hand cards are checked."""
    return not deck.size("pool") and bool(deck.size("dealt") or deck.size("hand"))


def _holding(decks: tuple[SetDeck, ...], counts: Counter[str]) -> list[SetDeck]:
    return [d for d in decks if all(d.cards.get(n, 0) >= c for n, c in counts.items())]


def _pool_violation(
    message_key: str,
    rule: str,
    deck: Deck,
    *,
    cards: tuple[str, ...] = (),
    limit: int | None = None,
    **params: Any,
) -> Violation:
    return Violation(
        code="blade_rondo.pool",
        message_key=message_key,
        rule=rule,
        zone="pool",
        cards=cards,
        count=deck.size("pool"),
        limit=limit,
        params=params,
    )


@dataclass(frozen=True)
class SetPool:
    """§4.2.1: the pool is one set deck card for card (or empty when only a hand is checked)."""

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        decks = set_decks(data)
        if _only_subsets_given(deck):
            shown = deck.entries("dealt") if deck.size("dealt") else deck.entries("hand")
            counts = _by_name(deck, "dealt" if deck.size("dealt") else "hand")
            if not _holding(decks, counts):
                labels = ", ".join(entry.card.label for entry in shown)
                yield _pool_violation("blade_rondo.pool.no_set", self.rule, deck, card=labels)
            return
        keyed = [(name_key(entry.card.name), entry) for entry in deck.entries("pool")]
        pool: Counter[str] = Counter()
        for key, entry in keyed:
            pool[key] += entry.count
        if not pool:
            yield _pool_violation("blade_rondo.pool.empty", self.rule, deck)
            return
        size = pool.total()
        if any(candidate.size == size and candidate.cards == pool for candidate in decks):
            return
        closest = min(decks, key=lambda d: d.difference(pool, size))
        written = {key: entry.card.name for key, entry in keyed}
        missing = [f"{n}× {closest.names[k]}" for k, n in (closest.cards - pool).items()]
        extra_keys = pool - closest.cards
        extra = [f"{n}× {written[k]}" for k, n in extra_keys.items()]
        yield _pool_violation(
            "blade_rondo.pool",
            self.rule,
            deck,
            cards=tuple(entry.card.number for key, entry in keyed if extra_keys[key]),
            limit=closest.size,
            set_deck=closest.name,
            diff=listed(
                [
                    *([Text(_ADD, {"cards": listed(missing)})] if missing else []),
                    *([Text(_REMOVE, {"cards": listed(extra)})] if extra else []),
                ],
                _PARTS,
            ),
        )


@dataclass(frozen=True)
class FreePool:
    """§4.3: the pool is 40 cards, 20 different cards with 2 copies of each, from any sets."""

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        if _only_subsets_given(deck):
            return
        yield from ZoneSize(GAME, "pool", Sizes.exactly(FREE_POOL.size), self.rule)(deck, data)
        yield from CopyLimit(GAME, ("pool",), lambda card: FREE_POOL.copies, self.rule)(deck, data)
        for entry in deck.entries("pool"):
            if entry.count >= FREE_POOL.copies:
                continue
            delta = FREE_POOL.copies - entry.count
            yield Violation(
                code="blade_rondo.pool",
                message_key="blade_rondo.pool.pair",
                rule=self.rule,
                zone="pool",
                cards=(entry.card.number,),
                count=entry.count,
                limit=FREE_POOL.copies,
                params={
                    "card": entry.card.label,
                    "delta": delta,
                    **noun(delta, "copy", "copies"),
                },
            )


def dealt_size(deck: Deck, data: GameData) -> int:
    """How many cards are dealt from the pool's set deck (Bread Rondo deals 10); else 15."""
    decks = set_decks(data)
    pool = _by_name(deck, "pool")
    matching = [d for d in decks if d.cards == pool] if pool else []
    holding = matching or _holding(decks, _by_name(deck, "dealt"))
    sizes = {d.dealt for d in holding}
    return sizes.pop() if len(sizes) == 1 else DEALT


@dataclass(frozen=True)
class GivenSize:
    """A zone that may be left out; when given, it holds exactly `size(deck, data)` cards."""

    zone: str
    size: Callable[[Deck, GameData], int]
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        if not deck.size(self.zone):
            return
        sizes = Sizes.exactly(self.size(deck, data))
        yield from ZoneSize(GAME, self.zone, sizes, self.rule)(deck, data)


@dataclass(frozen=True)
class DrawnFrom:
    """Every card of `zone` is among the first non-empty zone of `sources` (`blade_rondo.not_dealt`).

    The hand comes from the dealt cards, which come from the pool: a card with more copies than the
    zone above holds gets one violation, naming how many are too many.
    """

    zone: str
    sources: tuple[str, ...]
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        source = next((zone for zone in self.sources if deck.size(zone)), None)
        if source is None:
            return
        available: Counter[str] = Counter()
        for entry in deck.entries(source):
            available[entry.card.number] += entry.count
        zone_en, zone_ja = zone_names(GAME, self.zone)
        source_en, source_ja = zone_names(GAME, source)
        for entry in deck.entries(self.zone):
            limit = available[entry.card.number]
            if entry.count <= limit:
                continue
            excess = entry.count - limit
            yield Violation(
                code="blade_rondo.not_dealt",
                rule=self.rule,
                zone=self.zone,
                cards=(entry.card.number,),
                count=entry.count,
                limit=limit,
                params={
                    "card": entry.card.label,
                    "excess": excess,
                    **noun(excess, "copy", "copies"),
                    "zone_en": zone_en,
                    "zone_ja": zone_ja,
                    "source_en": source_en,
                    "source_ja": source_ja,
                },
            )


def rules(pool_rule: Rule, dealt: Callable[[Deck, GameData], int]) -> tuple[Rule, ...]:
    """§4.2.2 and §4.2.3 (dealt and hand), after a format's own pool rule; `dealt` counts the
    cards dealt from the format's pools."""
    return (
        pool_rule,
        GivenSize(
            "dealt",
            dealt,
            "Dealt cards, if given: as many as the set deck deals, 15 (RULES.md §4.2.2).",
        ),
        DrawnFrom("dealt", ("pool",), "Dealt cards come from the pool (RULES.md §4.2.2)."),
        GivenSize(
            "hand",
            lambda deck, data: HAND,
            "The hand, if given: exactly 7 cards (RULES.md §4.2.3).",
        ),
        DrawnFrom(
            "hand",
            ("dealt", "pool"),
            "The hand comes from the dealt cards, else from the pool (RULES.md §4.2.3).",
        ),
    )


FORMATS = (
    Format(
        "set",
        gettext_noop("Set deck"),
        rules=rules(SetPool("The pool is exactly one set deck (RULES.md §4.2.1)."), dealt_size),
        description=gettext_noop(
            "Play a set deck or a mixed deck as sold: the pool must match one exactly."
        ),
    ),
    Format(
        "free",
        gettext_noop("Free construction"),
        # §4.3: a free pool is 40 cards, which deal 15 (§4.2.2), whatever set decks hold them.
        rules=rules(
            FreePool("The pool: 40 cards, 20 different cards × 2 copies (RULES.md §4.3)."),
            lambda deck, data: DEALT,
        ),
        description=gettext_noop(
            "Any 20 different cards, 2 copies of each (the free rules are uncertain)."
        ),
        construction=FREE_POOL,
    ),
)
