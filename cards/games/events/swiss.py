"""Swiss pairing (RULES.md §6.2) as a maximum-weight perfect matching (networkx).

Round 1 pairs at random (seeded, so a round can be replayed). Later rounds build a complete graph
of the players still in the event, plus one `BYE` node when their count is odd, and ask networkx
for the maximum-weight matching of maximum cardinality. Every edge weighs `BASE - penalty`; as
every matching is perfect, the heaviest one is the one with the smallest sum of penalties. The
penalty is built of four tiers, each tier's unit larger than the most the tiers below it can add
up to over a whole round, so a lower tier only ever breaks ties of the tiers above it:

1. `rematch`: a pair that has met before, or the bye given to a player who already had one — the
   matching has as few of these as the players' history allows ("never … while another pairing
   avoids it");
2. `bye`: the bye to the player ranked r (of n) costs (n - 1 - r), so it goes to the lowest-ranked
   player who can take it;
3. `points`: the squared difference of the two players' match points, so equal points meet where
   possible and a player who must float meets the nearest score;
4. `rank`: the distance of the two players in the standings, so the top pairs from the top (1 v 2,
   3 v 4 …) and the lowest of an odd score group is the one who floats down.

The penalties are integers, so networkx's matching computes exactly (no float rounding).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx  # type: ignore[import-untyped]

from cards.games.events.standings import Match, standings

#: The bye's node in the matching graph (a player's username never starts with a NUL).
BYE = "\0bye"
#: How many neighbours in the standings are first matched together (see `pair_round`).
BLOCK = 24


@dataclass(frozen=True)
class Pairing:
    table: int
    first: str
    second: str | None


def _oriented(matching: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The matched pairs with the bye, if any, second."""
    return [(b, a) if a == BYE else (a, b) for a, b in matching]


def default_rounds(players: int) -> int:
    """⌈log2(players)⌉ Swiss rounds, at least one (RULES.md §6.2)."""
    return max(1, math.ceil(math.log2(players))) if players > 1 else 1


def _tables(pairs: Iterable[tuple[str, str | None]]) -> list[Pairing]:
    """Numbered tables: the real matches first, in the order given, then the bye."""
    pairs = list(pairs)
    ordered = [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]
    return [Pairing(i, first, second) for i, (first, second) in enumerate(ordered, start=1)]


def first_round(players: Sequence[str], *, seed: int) -> list[Pairing]:
    """Round 1: a seeded shuffle paired two by two; with an odd count the last one has the bye."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    pairs: list[tuple[str, str | None]] = [
        (order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)
    ]
    if len(order) % 2:
        pairs.append((order[-1], None))
    return _tables(pairs)


def pair_round(
    active: Sequence[str], everyone: Sequence[str], matches: Sequence[Match], *, seed: int
) -> list[Pairing]:
    """The next round's tables for the `active` players (not dropped) of `everyone`.

    `matches` are all the Swiss matches so far; with none, round 1 is drawn at random.
    """
    if not matches:
        return first_round(active, seed=seed)
    table = standings(everyone, matches)
    rank = {row.player: i for i, row in enumerate(r for r in table if r.player in set(active))}
    points = {row.player: row.match_points for row in table}
    order = sorted(active, key=rank.__getitem__)
    met = {frozenset(m.players()) for m in matches if not m.is_bye}
    had_bye = {m.first for m in matches if m.is_bye}

    n = len(order)
    spread = max(points[p] for p in order) - min(points[p] for p in order)
    rank_unit = 1
    points_unit = rank_unit * (n * n + 1)
    bye_unit = points_unit * ((n // 2 + 1) * spread * spread + 1)
    rematch_unit = bye_unit * (n + 1)
    base = rematch_unit * 2

    def penalty(a: str, b: str) -> int:
        if b == BYE:
            return rematch_unit * (a in had_bye) + bye_unit * (n - 1 - rank[a])
        return (
            rematch_unit * (frozenset((a, b)) in met)
            + points_unit * (points[a] - points[b]) ** 2
            + rank_unit * abs(rank[a] - rank[b])
        )

    def matched(group: Sequence[str]) -> set[tuple[str, str]]:
        graph = nx.Graph()
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                graph.add_edge(a, b, weight=base - penalty(a, b))
            if len(group) % 2:
                graph.add_edge(a, BYE, weight=base - penalty(a, BYE))
        return nx.max_weight_matching(graph, maxcardinality=True)

    # The blossom algorithm takes cubic time: a 512-player round on the complete graph takes a
    # minute. So the standings are first cut into blocks of BLOCK neighbours, each matched on its
    # own (the best pairing of the whole field pairs near neighbours anyway, as Swiss pairs score
    # group by score group). Should a block leave a player unpaired, a rematch or a second bye, the
    # blocks double, up to the whole field, which decides exactly.
    block = BLOCK
    while True:
        matching = set()
        for start in range(0, n, block):
            rest = n - start - block
            end = n if rest < 2 else start + block
            matching |= matched(order[start:end])
            if end == n:
                break
        clean = len(matching) == (n + 1) // 2 and all(
            penalty(*pair) < rematch_unit for pair in _oriented(matching)
        )
        if clean or block >= n:
            break
        block *= 2
    pairs: list[tuple[str, str | None]] = []
    for a, b in _oriented(matching):
        if b == BYE:
            pairs.append((a, None))
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda pair: rank[pair[0]])
    return _tables(pairs)
