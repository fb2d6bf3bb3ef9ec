"""Deck rules of the Dragon Ball Super Card Game (RULES.md §2), composed into its two formats.

Each numbered rule of §2.1 is one entry below; `zenkai` and `classic` differ only in the numbers
they pass (main-deck size, Z-deck size), never in `if` branches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from cards.games import messages
from cards.games.base import Card, Deck, Format, GameData, Rule, Violation
from cards.games.dbscg.schema import TYPES, Z_TYPES
from cards.games.messages import gettext_noop
from cards.games.rules import (
    Cap,
    CopyLimit,
    Sizes,
    ZoneSize,
    ZoneTypes,
    entry_violation,
    printed_limit,
)
from cards.games.text import fold

GAME = "dbscg"
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
    en="Remove {card}: your leader {leader} allows {allowed_en}.",
    ja="{card}を外してください: リーダー{leader}のデッキには{allowed_ja}。",
)


def has_keyword(keyword: str) -> Callable[[Card], bool]:
    """Whether a card carries a printed keyword (`keywords` column), compared folded."""
    wanted = fold(keyword)
    return lambda card: any(fold(k) == wanted for k in card["keywords"] or ())


def base_number(card: Card) -> str:
    """The number copies count under: alternate prints (`BT1-004_PR`) share it (§2.1.9)."""
    return fold(card.number).split("_", 1)[0].replace(" ", "")


is_dragon_ball = has_keyword(DRAGON_BALL)


def main_deck_limit(card: Card) -> int | None:
    """§2.1.3 and §2.1.4: 4 copies, the card's own `copy_limit`, no limit for [Dragon Ball]."""
    if is_dragon_ball(card):
        return None
    return printed_limit("copy_limit", COPIES)(card)


def _traits(card: Card) -> set[str]:
    return {fold(trait) for trait in card["traits"] or () if trait}


def _energy_cost(card: Card) -> int | None:
    cost = card["energy_cost"]
    return cost if isinstance(cost, int) else None


#: §2.1.8: each `deck_restriction` kind → (does a main-deck card pass?, English, Japanese texts).
RESTRICTIONS = {
    "only_trait_battle": (
        lambda card, value: card.type != "Battle" or fold(value) in _traits(card),
        "only Battle cards with the trait {value}",
        "特徴《{value}》を持つバトルカードしか入れられません",
    ),
    "only_trait": (
        lambda card, value: fold(value) in _traits(card),
        "only cards with the trait {value}",
        "特徴《{value}》を持つカードしか入れられません",
    ),
    "no_trait": (
        lambda card, value: fold(value) not in _traits(card),
        "no card with the trait {value}",
        "特徴《{value}》を持つカードは入れられません",
    ),
    "max_energy_cost": (
        lambda card, value: (_energy_cost(card) or 0) <= int(value),
        "only cards with an energy cost of {value} or less",
        "エネルギーコスト{value}以下のカードしか入れられません",
    ),
}


@dataclass(frozen=True)
class LeaderRestriction:
    """§2.1.8: the leader's printed deck restriction applies to every main-deck card."""

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        for leader in deck.entries("leader"):
            for restriction in leader.card["deck_restriction"] or ():
                kind, _, value = restriction.partition(":")
                passes, allowed_en, allowed_ja = RESTRICTIONS[kind]
                for entry in deck.entries("main"):
                    if passes(entry.card, value):
                        continue
                    yield entry_violation(
                        "dbscg.leader_restriction",
                        self.rule,
                        "main",
                        entry,
                        leader=leader.card.label,
                        allowed_en=allowed_en.format(value=value),
                        allowed_ja=allowed_ja.format(value=value),
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
            "[Dragon Ball] cards",
            "【ドラゴンボール】を持つカード",
            "Main deck: at most 7 cards with [Dragon Ball] (RULES.md §2.1.4).",
        ),
        Cap(
            ("main",),
            has_keyword(SUPER_COMBO),
            SUPER_COMBO_CAP,
            "dbscg.super_combo",
            "[Super Combo] cards",
            "【スーパーコンボ】を持つカード",
            "Main deck: at most 4 cards with [Super Combo] (RULES.md §2.1.5).",
        ),
        Cap(
            ("main",),
            has_keyword(ULTIMATE),
            ULTIMATE_CAP,
            "dbscg.ultimate",
            "[Ultimate] cards",
            "【アルティメット】を持つカード",
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
