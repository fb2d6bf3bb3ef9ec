"""Deck rules of Dreadnought (RULES.md §1.1 `standard`, §1.2 `early`).

The two formats differ only in their cluster table: which construction conditions (【青】, 【青青】,
【赤青】, 【 】, 【全】 …) two casters of clusters X and Y allow. The tables are data, written with the
letters X and Y standing for the casters' clusters.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cards.games import messages
from cards.games.base import Deck, Format, GameData, Rule, Violation
from cards.games.game import slug_of
from cards.games.messages import gettext_noop
from cards.games.registry import get_game
from cards.games.rules import (
    CopyLimit,
    Sizes,
    ZoneSize,
    ZoneTypes,
    entry_violation,
    grouped,
    printed_limit,
)

from .schema import ALL_CLUSTERS, CASTER, TYPES

GAME = slug_of(__package__ or __name__)
CASTERS = 2
MAIN_SIZE = 50
#: Cards of one name (§1.1.3), unless the card's デッキ構築【N】 (`deck_limit`) says otherwise.
COPIES = 4

messages.register(
    "dreadnought.caster_names",
    en="Replace one of your casters: both are named {name} ({cards}); the two must differ.",
    ja="キャスターを1人入れ替えてください：2人とも「{name}」です（{cards}）。名前の違うキャスターが必要です。",
)
messages.register(
    "dreadnought.cluster",
    en="Remove {card}: its condition 【{condition}】 is not allowed with casters of {clusters} "
    "(allowed: {allowed}).",
    ja="{card}を外してください：キャスターが{clusters}のとき【{condition}】のカードは入れられません（使えるのは{allowed}）。",
)


@dataclass(frozen=True)
class ClusterTable:
    """Allowed conditions for equal (X = Y) and for different (X ≠ Y) caster clusters.

    Conditions are written as on the card without brackets, "" standing for 【 】; the letters
    X and Y are the casters' clusters. 【全】 is written as itself.
    """

    same: tuple[str, ...]
    mixed: tuple[str, ...]

    def allowed(self, x: str, y: str) -> tuple[str, ...]:
        conditions = self.same if x == y else self.mixed
        return tuple(dict.fromkeys(c.replace("X", x).replace("Y", y) for c in conditions))


#: RULES.md §1.1.4 (the seed's table).
STANDARD_CLUSTERS = ClusterTable(
    same=("X", "XX", "", ALL_CLUSTERS),
    mixed=("X", "Y", "XY", "YX", "", ALL_CLUSTERS),
)
#: RULES.md §1.2 (the 2015 wiki revision).
EARLY_CLUSTERS = ClusterTable(same=("X", "XX", ""), mixed=("X", "Y", ""))


@dataclass(frozen=True)
class CasterNames:
    """§1.1.1: the two casters have different names (epithet and version do not count)."""

    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        identity = get_game(GAME).identity
        for entries in grouped(deck.entries("casters"), identity):
            count = sum(entry.count for entry in entries)
            if count < 2:
                continue
            yield Violation(
                code="dreadnought.caster_names",
                rule=self.rule,
                zone="casters",
                cards=tuple(entry.card.number for entry in entries),
                count=count,
                limit=1,
                params={
                    "name": entries[0].card.name,
                    "cards": ", ".join(entry.card.label for entry in entries),
                },
            )


@dataclass(frozen=True)
class Clusters:
    """§1.1.4: each main-deck card's construction condition fits the two casters' clusters.

    Checked only once there are exactly two casters with a cluster: before that, the caster rules
    already say what to fix, and any table lookup would be a guess.
    """

    table: ClusterTable
    rule: str

    def __call__(self, deck: Deck, data: GameData) -> Iterator[Violation]:
        clusters = [
            entry.card["cluster"]
            for entry in deck.entries("casters")
            if entry.card.type == CASTER
            for _ in range(entry.count)
        ]
        if len(clusters) != CASTERS or not all(clusters):
            return
        x, y = clusters
        allowed = self.table.allowed(x, y)
        shown = "、".join(f"【{c or ' '}】" for c in allowed)
        for entry in deck.entries("main"):
            condition = entry.card["cluster"] or ""
            if entry.card.type == CASTER or condition in allowed:
                continue
            yield entry_violation(
                "dreadnought.cluster",
                self.rule,
                "main",
                entry,
                condition=condition or " ",
                clusters=f"【{x}】【{y}】",
                allowed=shown,
            )


def rules(table: ClusterTable, cluster_rule: str) -> tuple[Rule, ...]:
    """The rules of §1.1 with a format's cluster table."""
    return (
        ZoneSize(GAME, "casters", Sizes.exactly(CASTERS), "Exactly 2 casters (RULES.md §1.1.1)."),
        ZoneTypes(
            GAME, "casters", (CASTER,), "Only casters in the casters zone (RULES.md §1.1.5)."
        ),
        CasterNames("The two casters' names differ (RULES.md §1.1.1)."),
        ZoneSize(
            GAME,
            "main",
            Sizes.exactly(MAIN_SIZE),
            "Main deck: exactly 50 cards, casters not counted (RULES.md §1.1.2).",
        ),
        ZoneTypes(
            GAME,
            "main",
            tuple(t for t in TYPES if t != CASTER),
            "No caster in the main deck (RULES.md §1.1.5).",
        ),
        CopyLimit(
            GAME,
            ("main",),
            printed_limit("deck_limit", COPIES),
            "At most 4 cards of the same name (epithet and version ignored, a suffix such as II "
            "counts), or the card's デッキ構築【N】 (RULES.md §1.1.3).",
        ),
        Clusters(table, cluster_rule),
    )


FORMATS = (
    Format(
        "standard",
        gettext_noop("Standard"),
        rules=rules(STANDARD_CLUSTERS, "Cluster conditions of the casters (RULES.md §1.1.4)."),
        description=gettext_noop(
            "The seed's rules: 2 casters, 50 cards, 4 per name, the cluster table."
        ),
    ),
    Format(
        "early",
        gettext_noop("Early (2015)"),
        rules=rules(
            EARLY_CLUSTERS, "Cluster conditions of the casters, 2015 table (RULES.md §1.2)."
        ),
        description=gettext_noop(
            "As standard, with the 2015 cluster table (no 【全】, no 【XY】)."
        ),
    ),
)
