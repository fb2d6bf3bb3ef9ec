"""Deck rules of Gundam War (RULES.md §3): `standard` and one format per community regulation.

The regulations, the special-G list, the G cards treated as basic and the per-card copy-limit
overrides are data (`cards/data/gundam_war/regulations.json`); a card file's own `g_kind` and
`copy_limit` columns take precedence over those lists. Limits count main and side together (§3.1.1).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cards.games import messages
from cards.games.base import Card, Deck, Format, GameData, Rule, Violation
from cards.games.game import SHIPPED_DATA, name_key, slug_of
from cards.games.messages import gettext_noop
from cards.games.registry import get_game
from cards.games.rules import (
    Cap,
    CopyLimit,
    Restricted,
    Sizes,
    ZoneSize,
    entries_in,
    entry_violation,
    group_label,
    group_violation,
    grouped,
)
from cards.games.text import fold

from .schema import ONE_PER_DECK, UNIQUE
from .sets import printings, set_codes

GAME = slug_of(__package__ or __name__)
ZONES = ("main", "side")
REGULATIONS_FILE = SHIPPED_DATA / GAME / "regulations.json"
MAIN_SIZE = 50
SIDE_SIZE = 10
COPIES = 3
SPECIAL_G_CAP = 6
UNIQUE_CAP = 3

#: A stable ASCII slug for each regulation of the data file, by its name there.
REGULATION_SLUGS = {
    "添削杯 第9回(23弾)": "tensaku-9",
    "添削杯 第8回(22弾)": "tensaku-8",
    "添削杯 第7回(21弾)": "tensaku-7",
    "添削杯 第5回(19弾)": "tensaku-5",
    "関西クラシック": "kansai-classic",
    "関西ライジング": "kansai-rising",
    "関西グロリアス": "kansai-glorious",
    "プリミティブ": "cardland-primitive",
    "エンシェント": "cardland-ancient",
    "クラシック": "cardland-classic",
    "リバイバル": "cardland-revival",
    "βスタンダード": "cardland-beta-standard",
    "αスタンダード": "cardland-alpha-standard",
    "スタンダード(カードランド)": "cardland-standard",
}

messages.register(
    "gundam_war.one_per_deck",
    gettext_noop(
        "Keep only 1 card named %(name)s: %(card)s has 1枚制限/デッキ (%(count)s of at most 1)."
    ),
)
messages.register(
    "gundam_war.set", gettext_noop("Remove %(card)s: its set %(set)s is not allowed in %(format)s.")
)


@dataclass(frozen=True)
class CardList:
    """Cards named by a regulation: by community id (the card `number`) or by name.

    A name matches every spelling a decklist may use for the card (`Game.name_keys`), so a list
    entry written with or without the model number finds the card either way.
    """

    #: card id → the entry's key: its folded name when it has one, so that a card listed by id
    #: and another printing matched by name count as one entry.
    ids: Mapping[str, str]
    names: frozenset[str]

    @classmethod
    def of(cls, entries: list[Mapping[str, Any]] | None) -> CardList:
        entries = entries or []
        return cls(
            ids={
                str(e["id"]): name_key(e["name"]) if e.get("name") else str(e["id"])
                for e in entries
                if e.get("id")
            },
            names=frozenset(name_key(e["name"]) for e in entries if e.get("name")),
        )

    def key(self, card: Card) -> str | None:
        """The entry the card falls under, or None."""
        if card.number in self.ids:
            return self.ids[card.number]
        for key in get_game(GAME).name_keys(card):
            if key in self.names:
                return key
        return None

    def __contains__(self, card: Card) -> bool:
        return self.key(card) is not None


@dataclass(frozen=True)
class Lists:
    """The card lists every format shares: special G, basic-G equivalents, copy-limit overrides."""

    special_g: CardList
    basic_g_equivalent: CardList
    #: card id → limit (None: any number) for overrides that name one printing.
    by_id: Mapping[str, int | None]
    #: folded name → limit for overrides that name every card of a name.
    by_name: Mapping[str, int | None]

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> Lists:
        overrides = data.get("copy_limit_overrides", [])
        return cls(
            special_g=CardList.of(data.get("special_g")),
            basic_g_equivalent=CardList.of(data.get("basic_g_equivalent")),
            by_id={str(o["id"]): o["max"] for o in overrides if o.get("scope") == "card"},
            by_name={name_key(o["name"]): o["max"] for o in overrides if o.get("scope") == "name"},
        )

    def g_kind(self, card: Card) -> str | None:
        """The card's `g_kind` column, else what the shared lists say of it."""
        if card["g_kind"]:
            return card["g_kind"]
        if card in self.special_g:
            return "special"
        if card in self.basic_g_equivalent:
            return "basic_equivalent"
        return None

    def copy_limit(self, default: int) -> Callable[[Card], int | None]:
        """§3.1.2: `default` copies; none for basic G; the card's or the list's override."""

        def limit(card: Card) -> int | None:
            if self.g_kind(card) in ("basic", "basic_equivalent"):
                return None
            printed = card["copy_limit"]
            if printed is not None:
                return printed if isinstance(printed, int) else None
            if card.number in self.by_id:
                return self.by_id[card.number]
            for key in get_game(GAME).name_keys(card):
                if key in self.by_name:
                    return self.by_name[key]
            return default

        return limit

    def is_special_g(self, card: Card) -> bool:
        return self.g_kind(card) == "special"


def has_keyword(keyword: str) -> Callable[[Card], bool]:
    return lambda card: keyword in (card["keywords"] or ())


@dataclass(frozen=True)
class OnePerDeck:
    """§3.1.5: a 1枚制限/デッキ card shares the deck with no other card of its name (model ignored)."""

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        for entries in grouped(entries_in(deck, ZONES), lambda card: fold(card.name)):
            count = sum(entry.count for entry in entries)
            marked = [e.card for e in entries if ONE_PER_DECK in (e.card["keywords"] or ())]
            if not marked or count <= 1:
                continue
            yield group_violation(
                "gundam_war.one_per_deck",
                self.rule,
                ZONES,
                entries,
                1,
                name=entries[0].card.name,
                card=group_label(marked),
            )


@dataclass(frozen=True)
class AllowedSets:
    """§3.2: a card is allowed when one of its printings is in a set the regulation allows.

    Printings are read as set codes by `sets.set_codes` (printed names included); a card none of
    whose printings has a known code is not checked.
    """

    sets: frozenset[str]
    format_name: str
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        for zone in ZONES:
            for entry in deck.entries(zone):
                written = printings(entry.card["set"])
                codes = [set_codes(printing) for printing in written]
                if not any(codes) or any(c & self.sets for c in codes):
                    continue
                yield entry_violation(
                    "gundam_war.set",
                    self.rule,
                    zone,
                    entry,
                    set="/".join(written),
                    format=self.format_name,
                )


def rules(
    lists: Lists,
    *,
    main: Sizes,
    side: Sizes,
    copies: int,
    section: str,
) -> tuple[Rule, ...]:
    """The rules of §3.1 with a format's sizes and copy limit; `section` is cited for those."""
    return (
        ZoneSize(GAME, "main", main, f"Main deck: {_sizes(main)} cards (RULES.md {section})."),
        ZoneSize(
            GAME, "side", side, f"Side deck: empty or {_sizes(side)} cards (RULES.md {section})."
        ),
        CopyLimit(
            GAME,
            ZONES,
            lists.copy_limit(copies),
            f"At most {copies} cards of the same name, model number included, main and side "
            f"together; basic G have no limit (RULES.md §3.1.2, {section}).",
        ),
        Cap(
            ZONES,
            lists.is_special_g,
            SPECIAL_G_CAP,
            "gundam_war.special_g",
            gettext_noop(
                "Remove %(excess)s of the special G cards (%(count)s of at most %(limit)s): %(card)s."
            ),
            "At most 6 special G in main and side together (RULES.md §3.1.3).",
        ),
        Cap(
            ZONES,
            has_keyword(UNIQUE),
            UNIQUE_CAP,
            "gundam_war.unique",
            gettext_noop(
                "Remove %(excess)s of the ユニーク cards (%(count)s of at most %(limit)s): %(card)s."
            ),
            "At most 3 cards with ユニーク, whatever their names (RULES.md §3.1.4).",
        ),
        OnePerDeck(
            "A 1枚制限/デッキ card shares the deck with no other card of its name "
            "(RULES.md §3.1.5)."
        ),
    )


def _sizes(sizes: Sizes) -> str:
    low, high = sizes.ranges[-1]
    return str(low) if low == high else f"{low} to {high}"


def regulation_format(regulation: Mapping[str, Any], lists: Lists) -> Format:
    """One community regulation (RULES.md §3.2) as a format: §3.1 with its numbers and lists."""
    name = regulation["name"]
    section = "§3.2"
    restrictions: list[Rule] = []
    if regulation.get("allowed_sets"):
        restrictions.append(
            AllowedSets(
                frozenset(regulation["allowed_sets"]),
                name,
                f"{name}: only cards of the allowed sets (RULES.md §3.2).",
            )
        )
    for entries, limit, what in (
        (regulation.get("banned"), 0, "banned cards: 0 copies"),
        (regulation.get("limited"), 1, "limited cards: at most 1 copy"),
    ):
        if entries:
            restrictions.append(
                Restricted(
                    ZONES,
                    CardList.of(entries).key,
                    limit,
                    name,
                    f"{name}: {what}, by id or name (RULES.md §3.2).",
                )
            )
    side = regulation.get("side_size") or 0
    return Format(
        REGULATION_SLUGS[name],
        name,
        rules=(
            *rules(
                lists,
                main=Sizes.between(regulation["main_min"], regulation["main_max"]),
                side=Sizes.empty_or(side) if side else Sizes.exactly(0),
                copies=regulation.get("max_copies") or COPIES,
                section=section,
            ),
            *restrictions,
        ),
        description=f"Community regulation ({regulation.get('source', '')}): {name}.",
    )


def _formats() -> tuple[Format, ...]:
    data = json.loads(REGULATIONS_FILE.read_text(encoding="utf-8"))
    lists = Lists.of(data)
    standard = Format(
        "standard",
        gettext_noop("Standard"),
        rules=rules(
            lists,
            main=Sizes.exactly(MAIN_SIZE),
            side=Sizes.empty_or(SIDE_SIZE),
            copies=COPIES,
            section="§3.1.1",
        ),
        description=gettext_noop(
            "The official deck rules: 50 cards, a side deck of 0 or 10, 3 per name."
        ),
    )
    return (standard, *(regulation_format(r, lists) for r in data["formats"]))


FORMATS = _formats()
