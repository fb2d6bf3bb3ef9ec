"""The counting rules: prints and reprints are one card, reserved cards are not free, the copy
limit bounds the playset."""

import pytest

from cards.decklists import decklist_load
from decklab.collections import selectors, services
from decklab.decks.services import deck_create

pytestmark = pytest.mark.django_db


def _holdings(user, game, text, saved=None):
    deck, problems = decklist_load(game=game, text=text)
    assert not problems
    return selectors.holdings(user, game, deck, saved)


def test_an_alternate_print_counts_as_its_card_for_building(mine, player):
    services.collection_add_list(collection=mine, text="2 CL1-002_PR\n1 CL1-002")
    found = _holdings(player, "dbscg", "main\n4 CL1-002")
    assert [(line.owned, line.missing) for line in found.lines] == [(3, 1)]


def test_a_reprint_under_another_number_counts_as_the_same_card(gw, player):
    services.collection_set_quantity(collection=gw, number="青/U-951", quantity=3)
    found = _holdings(player, "gundam_war", "3 青/U-901")
    assert found.missing == 0 and found.lines[0].owned == 3


def test_a_deck_asking_for_two_prints_of_one_card_is_counted_once(gw, player):
    services.collection_set_quantity(collection=gw, number="青/U-901", quantity=2)
    found = _holdings(player, "gundam_war", "2 青/U-901\n1 青/U-951")
    assert [(line.need.count, line.missing) for line in found.lines] == [(3, 1)]


def test_cards_a_built_deck_reserves_are_not_free_for_another_deck(mine, player):
    services.collection_add_list(collection=mine, text="4 CL1-003")
    built = deck_create(owner=player, game="dbscg", name="Built", zones={"main": {"CL1-003": 3}})
    services.collection_set_built(collection=mine, deck=built, built=True)
    other = _holdings(player, "dbscg", "main\n4 CL1-003")
    assert (other.lines[0].free, other.lines[0].reserved, other.missing) == (1, 3, 3)
    itself = _holdings(player, "dbscg", "main\n3 CL1-003", saved=built)
    assert itself.missing == 0 and itself.built


def test_copies_beyond_the_copy_limit_are_surplus(mine):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=6)
    assert [(row.number, extra) for row, extra in selectors.surplus(mine)] == [("CL1-003", 2)]


def test_a_printed_copy_limit_bounds_the_playset(mine):
    services.collection_set_quantity(collection=mine, number="CL1-005", quantity=5)
    assert [(row.number, extra) for row, extra in selectors.surplus(mine)] == [("CL1-005", 2)]


def test_a_card_decks_may_hold_any_number_of_is_never_surplus(mine):
    services.collection_set_quantity(collection=mine, number="CL1-004", quantity=40)
    assert selectors.surplus(mine) == []


def test_reserved_copies_are_not_surplus(mine, player):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=6)
    built = deck_create(owner=player, game="dbscg", name="Built", zones={"main": {"CL1-003": 2}})
    services.collection_set_built(collection=mine, deck=built, built=True)
    assert selectors.surplus(mine) == []


def test_the_gundam_war_playset_is_three(gw):
    services.collection_set_quantity(collection=gw, number="青/U-902", quantity=5)
    assert [(row.number, extra) for row, extra in selectors.surplus(gw)] == [("青/U-902", 2)]
