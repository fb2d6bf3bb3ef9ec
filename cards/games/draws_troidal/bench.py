"""DRAWS◎TROIDAL benchmark scenarios (`GAME.bench`): full beta games between the starter set's
sample decks, and a full deck for the legality check.

A `match` goal has no exact answer; the fast engine and the lean loop (`lean.match`, fewer games:
it is slower) both play it. Seconds are process CPU time, so the figure is per core even when
other work shares the machine (the engines run on one thread: no BLAS calls).
"""

from __future__ import annotations

from cards.games.bench import EngineCase, LegalityDeck, Scenarios

from . import starter

LEAN_TRIALS = {"random": 4_000, "greedy": 2_000}
#: (deck, opponent, policy): short games (about 8 turns) and long ones (about 13).
MATCHES = (
    ("rainbow", "water-fire", "greedy"),
    ("walls", "rainbow", "greedy"),
    ("walls", "rainbow", "random"),
)


def _legality() -> LegalityDeck:
    rows = [{"number": f"D-{i}", "name": f"D{i}", "attribute": "水"} for i in range(15)]
    text = "\n".join(f"4 D-{i}" for i in range(15))
    return LegalityDeck(rows, text)


def scenarios() -> Scenarios:
    from . import lean

    return Scenarios(
        engines=tuple(
            EngineCase(
                f"draws_troidal match {mine} vs {theirs}, {policy} both sides",
                starter.sample_deck(mine),
                {"type": "match", "opponent": starter.sample_text(theirs), "policy": policy},
                "30k games/s",
                pool=starter.pool(),
                fast_trials=100_000,
                lean=lean.match,
                figure="win.probability",
                lean_trials=LEAN_TRIALS[policy],
                unit="games/s per core",
                exact=False,
            )
            for mine, theirs, policy in MATCHES
        ),
        legality=_legality(),
    )
