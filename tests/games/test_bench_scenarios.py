"""Each game's benchmark scenarios (`GAME.bench`) are sound: every goal plans on its deck, and the
legality deck is read without a problem."""

import pytest

from cards.games import decklist, goldfish
from cards.games.registry import all_games

GAMES = [game for game in all_games() if game.bench is not None]


def test_every_game_has_benchmark_scenarios():
    assert all_games() == GAMES


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_every_engine_case_plans_on_its_deck(game):
    for case in game.bench().engines:
        assert case.name.startswith(game.slug)
        assert goldfish.plan(game.slug, case.deck, [case.goal], pool=case.pool).goals


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_the_legality_deck_reads_without_problems(game):
    sample = game.bench().legality
    pool = decklist.MemoryPool(game, [game.schema.from_row(row) for row in sample.rows])
    deck, problems = decklist.load(game, sample.text, pool)
    assert problems == []
    assert deck.size(game.zone_slugs[0]) > 0
