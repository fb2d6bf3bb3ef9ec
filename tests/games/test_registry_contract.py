"""Every registered game keeps CONTRACT §1 and §2 (as its `GAME.contract` states them), and offers
what a game must offer through its `GAME`.

Parametrised over the registry, so a newly added game is held to the same contract at once.
"""

from __future__ import annotations

import pytest

from cards.games import decklist, goldfish
from cards.games.registry import GAMES, get_game

#: CONTRACT §1: the games the site promises; each game's own promises are in its `contract.py`.
CONTRACT_GAMES = ("dbscg", "gundam_war", "dreadnought", "blade_rondo", "draws_troidal")


def test_the_registry_holds_every_contract_game():
    assert set(CONTRACT_GAMES) <= set(GAMES)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_zones_formats_and_required_columns_follow_the_contract(slug):
    game = get_game(slug)
    contract = game.contract
    assert contract is not None
    # The zones rules check are the contract's; a zone no rule checks (DBSCG's side deck) is extra.
    assert tuple(zone.slug for zone in game.zones if zone.checked) == contract.zones
    assert tuple(f.slug for f in game.formats)[: len(contract.formats)] == contract.formats
    assert game.default_format.slug == contract.formats[0]
    assert set(game.schema.required) == set(contract.required_columns)
    assert len({f.slug for f in game.formats}) == len(game.formats), "format slugs repeat"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_decklist_without_a_header_goes_to_the_first_zone_the_contract_names(slug):
    game = get_game(slug)
    card = game.schema.from_row(_minimal_row(slug))
    deck, problems = decklist.load(game, f"2 {card.number}", decklist.MemoryPool(game, [card]))
    assert problems == []
    contract = get_game(slug).contract
    assert contract is not None
    expected = contract.headerless_zone
    assert deck.quantities()[expected] == {card.number: 2}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_format_checks_an_empty_deck_without_raising(slug):
    game = get_game(slug)
    empty = decklist.load(game, "", decklist.MemoryPool(game, []))[0]
    for fmt in game.formats:
        for violation in fmt.check(empty):
            assert violation.code and violation.rule
            assert violation.message("en") and violation.message("ja")


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_offers_goldfish_goals_with_forms(slug):
    simulation = get_game(slug).goldfish
    assert simulation is not None and simulation().goal_types
    forms = goldfish.goal_forms(slug)
    assert forms and all(form["type"] and form["fields"] is not None for form in forms)


def _minimal_row(slug: str) -> dict[str, str]:
    contract = get_game(slug).contract
    assert contract is not None
    return dict(contract.sample_row)
