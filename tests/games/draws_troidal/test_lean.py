"""The bench's lean loop of a match (`lean.game`) plays the game of the fast engine: with greedy
on both sides, games dealt alike end alike, game by game."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cards.games.draws_troidal import fast, lean, starter
from cards.games.draws_troidal.battle import fighters

DECKS = {name: fighters(starter.sample_deck(name)) for name in starter.SAMPLE_DECKS}


@pytest.mark.parametrize(("mine", "theirs"), [("water-fire", "walls"), ("walls", "rainbow")])
def test_greedy_games_dealt_alike_end_alike_in_the_lean_loop_and_the_fast_engine(mine, theirs):
    duel = fast.Duel((DECKS[mine], DECKS[theirs]), ("greedy", "greedy"))
    orders = duel.shuffled(np.random.default_rng(4), 300)
    quick = duel.play_dealt(orders, np.random.default_rng(0))
    tables = lean.Tables(duel)
    played = [
        lean.game(tables, [first.tolist(), second.tolist()], random.Random(0))
        for first, second in zip(*orders, strict=True)
    ]
    assert played == [
        (int(code), int(turns)) for code, turns in zip(quick.results, quick.turns, strict=True)
    ]
