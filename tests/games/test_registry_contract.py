"""Every registered game keeps CONTRACT §1 and §2, and has the modules a game must have.

Parametrised over the registry, so a newly added game is held to the same contract at once.
"""

from __future__ import annotations

import pytest

from cards.games import decklist, goldfish
from cards.games.registry import GAMES, game_module, get_game

#: CONTRACT §1: zones and format slugs (first = default), and §2: required columns.
CONTRACT = {
    "dbscg": (("leader", "main", "zdeck"), ("zenkai", "classic"), ("number", "name", "type")),
    "gundam_war": (("main", "side"), ("standard",), ("number", "name", "type")),
    "dreadnought": (
        ("casters", "main"),
        ("standard", "early"),
        ("number", "name", "type", "cluster"),
    ),
    "blade_rondo": (("pool", "dealt", "hand"), ("set", "free"), ("number", "name", "kind")),
    "draws_troidal": (("main",), ("beta",), ("number", "name", "attribute")),
}


def test_the_registry_holds_exactly_the_contract_games():
    assert set(GAMES) == set(CONTRACT)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_zones_formats_and_required_columns_follow_the_contract(slug):
    game = get_game(slug)
    zones, formats, required = CONTRACT[slug]
    assert game.zone_slugs == zones
    assert tuple(f.slug for f in game.formats)[: len(formats)] == formats
    assert game.default_format.slug == formats[0]
    assert set(game.schema.required) == set(required)
    assert len({f.slug for f in game.formats}) == len(game.formats), "format slugs repeat"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_decklist_without_a_header_goes_to_the_first_zone_the_contract_names(slug):
    game = get_game(slug)
    card = game.schema.from_row(_minimal_row(slug))
    deck, problems = decklist.load(game, f"2 {card.number}", decklist.MemoryPool(game, [card]))
    assert problems == []
    expected = "pool" if slug == "blade_rondo" else "main"
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
    assert game_module(slug, "goldfish").GOAL_TYPES
    forms = goldfish.goal_forms(slug)
    assert forms and all(form["type"] and form["fields"] is not None for form in forms)


def _minimal_row(slug: str) -> dict[str, str]:
    rows = {
        "dbscg": {"number": "T-1", "name": "Test", "type": "Battle"},
        "gundam_war": {"number": "青/T-1", "name": "テスト", "type": "UNIT"},
        "dreadnought": {"number": "DN-T1", "name": "テスト", "type": "ユニット", "cluster": ""},
        "blade_rondo": {"number": "1", "name": "テスト剣", "kind": "physical"},
        "draws_troidal": {"number": "DT-T1", "name": "水 P1 R1 G0", "attribute": "水"},
    }
    return rows[slug]
