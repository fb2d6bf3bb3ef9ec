"""Deck writes: every save is a version, and a stale save never overwrites a newer one."""

import random

import pytest

from cards.importers import import_path
from cards.models import Card
from cards.shipped import DATA
from decklab.decks import selectors
from decklab.decks.models import DeckCard
from decklab.decks.services import (
    DeckError,
    StaleDeck,
    deck_create,
    deck_edit,
    deck_fork,
    deck_revert,
    deck_save,
    deck_update,
)
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


def test_a_new_deck_starts_at_version_1_in_the_default_format(deck):
    assert deck.version == 1
    assert deck.format == "zenkai"
    assert selectors.current_zones(deck) == LEGAL_DBSCG


def test_every_save_is_a_new_version_and_keeps_the_old_one(deck):
    deck_edit(deck=deck, action="add", zone="main", number="TS1-015")
    assert deck.version == 2
    assert selectors.current_zones(deck)["main"]["TS1-015"] == 1
    assert "TS1-015" not in selectors.version_of(deck, 1).zones["main"]


def test_card_operations_from_two_tabs_both_land_on_the_newest_version(deck):
    other_tab = type(deck).objects.get(pk=deck.pk)
    deck_edit(deck=deck, action="add", zone="main", number="TS1-015")
    deck_edit(deck=other_tab, action="add", zone="main", number="TS1-015")
    deck_edit(deck=other_tab, action="set", zone="main", number="TS1-016", count=3)
    deck.refresh_from_db()
    zones = selectors.current_zones(deck)
    assert zones["main"]["TS1-015"] == 2 and zones["main"]["TS1-016"] == 3


def test_a_stale_save_is_refused_and_names_the_current_version(deck):
    deck_edit(deck=deck, action="add", zone="main", number="TS1-015")
    other_tab = type(deck).objects.get(pk=deck.pk)
    with pytest.raises(StaleDeck) as refused:
        deck_save(deck=other_tab, zones={}, expected_version=1)
    assert refused.value.current.number == 2
    assert "version 2" in str(refused.value)
    assert selectors.current_zones(deck)["main"]["TS1-015"] == 1


def test_a_save_naming_a_card_the_game_lacks_is_refused(deck):
    with pytest.raises(DeckError, match="NOPE-1"):
        deck_save(deck=deck, zones={"main": {"NOPE-1": 1}}, expected_version=1)


def test_a_save_into_a_zone_the_game_lacks_is_refused(deck):
    with pytest.raises(DeckError, match="no zone 'hand'"):
        deck_save(deck=deck, zones={"hand": {"TS1-002": 1}}, expected_version=1)


def test_moving_a_card_between_zones_keeps_the_total(deck):
    deck_edit(deck=deck, action="move", zone="zdeck", number="TS1-090", to_zone="main")
    zones = selectors.current_zones(deck)
    assert "zdeck" in zones and zones["zdeck"] == {"TS1-091": 1}
    assert zones["main"]["TS1-090"] == 1


def test_setting_a_count_to_zero_removes_the_card(deck):
    deck_edit(deck=deck, action="set", zone="main", number="TS1-002", count=0)
    assert "TS1-002" not in selectors.current_zones(deck)["main"]
    assert not DeckCard.objects.filter(deck=deck, number="TS1-002").exists()


def test_revert_makes_an_old_version_the_newest(deck):
    deck_save(deck=deck, zones={}, expected_version=1)
    deck_revert(deck=deck, number=1, expected_version=2)
    assert deck.version == 3
    assert selectors.current_zones(deck) == LEGAL_DBSCG
    assert selectors.current_version(deck).note == "revert to v1"


def test_a_fork_is_a_private_copy_owned_by_the_new_owner(deck, stranger):
    copy = deck_fork(source=selectors.current_version(deck), owner=stranger)
    assert copy.owner == stranger and copy.visibility == "private"
    assert selectors.current_zones(copy) == LEGAL_DBSCG
    assert copy.forked_from.deck == deck
    assert copy.code != deck.code


def test_dealing_15_takes_them_from_the_pool(db, owner):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    numbers = Card.objects.filter(game="blade_rondo").values_list("number", flat=True)[:20]
    br = deck_create(
        owner=owner, game="blade_rondo", name="Set", zones={"pool": dict.fromkeys(numbers, 2)}
    )
    deck_edit(deck=br, action="deal", rng=random.Random(4))
    zones = selectors.current_zones(br)
    assert sum(zones["dealt"].values()) == 15
    assert all(count <= zones["pool"][n] for n, count in zones["dealt"].items())


def test_an_unknown_format_or_empty_name_is_a_clear_error(deck):
    with pytest.raises(DeckError, match="unknown format"):
        deck_update(deck=deck, format="modern")
    with pytest.raises(DeckError, match="needs a name"):
        deck_update(deck=deck, name="   ")
