"""Deck rules of the Dragon Ball Super Card Game (RULES.md §2), composed into its two formats.

Each numbered rule of §2.1 is one entry below; `zenkai` and `classic` differ only in the numbers
they pass (main-deck size, Z-deck size), never in `if` branches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from cards.games import messages
from cards.games.base import Card, Deck, Entry, Format, GameData, Rule, Violation
from cards.games.game import slug_of, unpadded_number_key
from cards.games.messages import Text, gettext_noop
from cards.games.rules import (
    Cap,
    CopyLimit,
    Sizes,
    ZoneSize,
    ZoneTypes,
    entry_violation,
    group_violation,
    printed_limit,
)
from cards.games.text import fold

from .restriction import Clause, parse_clause
from .schema import TYPES, Z_TYPES

GAME = slug_of(__package__ or __name__)
LEADER = "Leader"
DRAGON_BALL = "Dragon Ball"
SUPER_COMBO = "Super Combo"
ULTIMATE = "Ultimate"
#: Copies of one card number (§2.1.3, §2.1.7) unless the card's `copy_limit` says otherwise.
COPIES = 4
DRAGON_BALL_CAP = 7
SUPER_COMBO_CAP = 4
ULTIMATE_CAP = 1
MAIN_TYPES = tuple(t for t in TYPES if t != LEADER and t not in Z_TYPES)

messages.register(
    "dbscg.leader_restriction",
    gettext_noop("Remove %(card)s: your leader %(leader)s allows %(allowed)s."),
)
messages.register(
    "dbscg.leader_restriction.main",
    gettext_noop(
        "Remove %(card)s: your leader %(leader)s does not allow cards matching: %(what)s."
    ),
)
messages.register(
    "dbscg.leader_restriction.zdeck",
    gettext_noop(
        "Remove %(card)s from the Z-deck: your leader %(leader)s does not allow Z-cards matching: %(what)s."
    ),
)
messages.register(
    "dbscg.leader_restriction.max_count",
    gettext_noop(
        "Your leader %(leader)s allows at most %(limit)s cards matching: %(what)s (you have %(count)s)."
    ),
)


def has_keyword(keyword: str) -> Callable[[Card], bool]:
    """Whether a card carries a printed keyword (`keywords` column), compared folded."""
    wanted = fold(keyword)
    return lambda card: any(fold(k) == wanted for k in card["keywords"] or ())


def base_number(card: Card) -> str:
    """The number copies count under: alternate prints (`BT1-004_PR`) share it (§2.1.9), and so do
    zero-padding variants (`XD1-01`, `XD01-01`) imported as cards of their own."""
    return unpadded_number_key(card.number).split("_", 1)[0]


is_dragon_ball = has_keyword(DRAGON_BALL)


def main_deck_limit(card: Card) -> int | None:
    """§2.1.3 and §2.1.4: 4 copies, the card's own `copy_limit`, no limit for [Dragon Ball]."""
    if is_dragon_ball(card):
        return None
    return printed_limit("copy_limit", COPIES)(card)


#: §2.1.8: the legacy kinds' texts say what the leader allows (msgids over the kind's value).
LEGACY_TEXTS = {
    "only_trait_battle": gettext_noop("only Battle cards with the trait %(value)s"),
    "only_trait": gettext_noop("only cards with the trait %(value)s"),
    "no_trait": gettext_noop("no card with the trait %(value)s"),
    "max_energy_cost": gettext_noop("only cards with an energy cost of %(value)s or less"),
}


@dataclass(frozen=True)
class LeaderRestriction:
    """§2.1.8: every clause of the leader's `deck_restriction` must hold.

    `none` (and the legacy kinds read as `none`) and `zdeck_none`: one violation per entry that
    matches; `max_count`: one violation naming every matching entry when their copies exceed N.
    """

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        for leader in deck.entries("leader"):
            for text in leader.card["deck_restriction"] or ():
                clause = parse_clause(text)
                matching = [e for e in deck.entries(clause.zone) if clause.selector(e.card)]
                if clause.limit is not None:
                    if sum(entry.count for entry in matching) > clause.limit:
                        yield replace(
                            group_violation(
                                "dbscg.leader_restriction",
                                self.rule,
                                (clause.zone,),
                                matching,
                                clause.limit,
                                leader=leader.card.label,
                                what=clause.selector.describe(),
                            ),
                            message_key="dbscg.leader_restriction.max_count",
                        )
                    continue
                for entry in matching:
                    yield _entry_violation(self.rule, leader.card, clause, entry)


def _entry_violation(rule: str, leader: Card, clause: Clause, entry: Entry) -> Violation:
    if clause.legacy is not None:
        kind, value = clause.legacy
        return entry_violation(
            "dbscg.leader_restriction",
            rule,
            clause.zone,
            entry,
            leader=leader.label,
            allowed=Text(LEGACY_TEXTS[kind], {"value": value}),
        )
    return replace(
        entry_violation(
            "dbscg.leader_restriction",
            rule,
            clause.zone,
            entry,
            leader=leader.label,
            what=clause.selector.describe(),
        ),
        message_key=f"dbscg.leader_restriction.{clause.zone}",
    )


def rules(main: Sizes, main_rule: str, zdeck: Sizes, zdeck_rule: str) -> tuple[Rule, ...]:
    """The rules of §2.1, with the main-deck and Z-deck sizes a format sets."""
    return (
        ZoneSize(GAME, "leader", Sizes.exactly(1), "Exactly 1 leader (RULES.md §2.1.1)."),
        ZoneTypes(GAME, "leader", (LEADER,), "The leader zone holds a Leader (RULES.md §2.1.1)."),
        ZoneSize(GAME, "main", main, main_rule),
        ZoneTypes(
            GAME,
            "main",
            MAIN_TYPES,
            "Main deck: no Leader and no Z-card (RULES.md §2.1.2).",
        ),
        CopyLimit(
            GAME,
            ("main",),
            main_deck_limit,
            "Main deck: at most 4 copies of one card number, unless the card says otherwise; "
            "alternate prints count together (RULES.md §2.1.3, §2.1.9).",
            identity=base_number,
        ),
        Cap(
            ("main",),
            is_dragon_ball,
            DRAGON_BALL_CAP,
            "dbscg.dragon_ball",
            gettext_noop(
                "Remove %(excess)s of the [Dragon Ball] cards (%(count)s of at most %(limit)s): %(card)s."
            ),
            "Main deck: at most 7 cards with [Dragon Ball] (RULES.md §2.1.4).",
        ),
        Cap(
            ("main",),
            has_keyword(SUPER_COMBO),
            SUPER_COMBO_CAP,
            "dbscg.super_combo",
            gettext_noop(
                "Remove %(excess)s of the [Super Combo] cards (%(count)s of at most %(limit)s): %(card)s."
            ),
            "Main deck: at most 4 cards with [Super Combo] (RULES.md §2.1.5).",
        ),
        Cap(
            ("main",),
            has_keyword(ULTIMATE),
            ULTIMATE_CAP,
            "dbscg.ultimate",
            gettext_noop(
                "Remove %(excess)s of the [Ultimate] cards (%(count)s of at most %(limit)s): %(card)s."
            ),
            "Main deck: at most 1 card with [Ultimate] (RULES.md §2.1.6).",
        ),
        ZoneSize(GAME, "zdeck", zdeck, zdeck_rule),
        ZoneTypes(GAME, "zdeck", Z_TYPES, "Z-deck: Z-cards only (RULES.md §2.1.7)."),
        CopyLimit(
            GAME,
            ("zdeck",),
            printed_limit("copy_limit", COPIES),
            "Z-deck: at most 4 copies of one card number (RULES.md §2.1.7, §2.1.9).",
            identity=base_number,
        ),
        LeaderRestriction("The leader's deck restriction (RULES.md §2.1.8)."),
    )


FORMATS = (
    Format(
        "zenkai",
        gettext_noop("ZENKAI"),
        rules=rules(
            main=Sizes.between(50, 60),
            main_rule="Main deck: 50 to 60 cards (RULES.md §2.1.2).",
            zdeck=Sizes.between(0, 7),
            zdeck_rule="Z-deck: 0 to 7 cards (RULES.md §2.1.7).",
        ),
        description=gettext_noop(
            "The ZENKAI series rules: 50–60 main-deck cards and a Z-deck of up to 7."
        ),
    ),
    Format(
        "classic",
        gettext_noop("Classic (before ZENKAI)"),
        rules=rules(
            main=Sizes.exactly(50),
            main_rule="Main deck: exactly 50 cards (RULES.md §2.2).",
            zdeck=Sizes.exactly(0),
            zdeck_rule="No Z-deck: the zone must be empty (RULES.md §2.2).",
        ),
        description=gettext_noop(
            "The rules before ZENKAI: exactly 50 main-deck cards and no Z-deck."
        ),
    ),
)
