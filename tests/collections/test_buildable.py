"""The materialised needs behind "Decks I can build": written with the deck's cards, folded by
identity, filled on first use for decks saved without them, and the one query over them."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from decklab.collections import selectors, services
from decklab.collections.models import DeckNeed, DeckNeeds
from decklab.decks.models import Deck, DeckCard, Visibility
from decklab.decks.services import deck_create, deck_edit, deck_save

pytestmark = pytest.mark.django_db


def _needs(deck: Deck) -> dict[str, int]:
    return dict(DeckNeed.objects.filter(deck=deck).values_list("identity", "count"))


def test_saving_a_deck_writes_its_needs_by_identity(cards, other):
    deck = deck_create(
        owner=other,
        game="gundam_war",
        name="GW",
        zones={"main": {"青/U-901": 2, "青/U-951": 1, "青/U-902": 1}},
    )
    assert sum(_needs(deck).values()) == 4 and len(_needs(deck)) == 2
    assert DeckNeeds.objects.get(deck=deck).total == 4
    deck_save(deck=deck, zones={"main": {"青/U-902": 3}}, expected_version=None)
    assert list(_needs(deck).values()) == [3]
    deck_edit(deck=deck, action="add", zone="main", number="青/U-901", count=1)
    assert DeckNeeds.objects.get(deck=deck).total == 4


def test_reprints_listed_apart_are_compared_as_one_card(gw, other):
    services.collection_set_quantity(collection=gw, number="青/U-951", quantity=3)
    deck = deck_create(
        owner=other,
        game="gundam_war",
        name="Split",
        zones={"main": {"青/U-901": 2, "青/U-951": 2}},
        visibility=Visibility.PUBLIC,
    )
    assert selectors.buildable(gw, Deck.objects.filter(pk=deck.pk), 5) == [(deck.pk, 1)]


def test_decks_without_needs_are_filled_on_first_use(mine, other):
    services.collection_add_list(collection=mine, text="2 CL1-003")
    deck = deck_create(owner=other, game="dbscg", name="Old", zones={"main": {"CL1-003": 2}})
    DeckNeeds.objects.all().delete()
    DeckNeed.objects.all().delete()
    assert selectors.buildable(mine, Deck.objects.all(), 0) == [(deck.pk, 0)]
    assert _needs(deck) == {"CL1-003": 2}


def test_the_command_fills_every_deck_without_needs(mine, other):
    deck = deck_create(owner=other, game="dbscg", name="Old", zones={"main": {"CL1-003": 2}})
    DeckCard.objects.create(deck=deck, zone="side", number="CL1-004", count=1)
    call_command("fill_deck_needs", "--all")
    assert _needs(deck) == {"CL1-003": 2, "CL1-004": 1}


def test_a_built_deck_counts_its_own_copies_and_reserves_them_from_others(mine, player):
    services.collection_add_list(collection=mine, text="3 CL1-003\n1 CL1-002")
    first = deck_create(
        owner=player, game="dbscg", name="A", zones={"main": {"CL1-003": 3, "CL1-002": 1}}
    )
    second = deck_create(
        owner=player, game="dbscg", name="B", zones={"main": {"CL1-003": 1, "CL1-002": 2}}
    )
    services.collection_set_built(collection=mine, deck=first, built=True)
    services.collection_set_built(collection=mine, deck=second, built=True)
    # Each built deck sees the copies the other does not hold back: 3 − 1 = 2 of CL1-003 and
    # 1 − 2 < 0 of CL1-002 for the first; 3 − 3 = 0 and 1 − 1 = 0 for the second.
    found = dict(selectors.buildable(mine, Deck.objects.filter(owner=player), 10))
    assert found == {first.pk: 2, second.pk: 3}


def test_buildable_keeps_to_the_decks_given(mine, other):
    services.collection_add_list(collection=mine, text="2 CL1-003")
    kept = deck_create(owner=other, game="dbscg", name="K", zones={"main": {"CL1-003": 2}})
    deck_create(owner=other, game="dbscg", name="L", zones={"main": {"CL1-003": 2}})
    assert selectors.buildable(mine, Deck.objects.filter(pk=kept.pk), 0) == [(kept.pk, 0)]


def test_the_counts_follow_the_decks_saved_since_they_were_counted(mine, other):
    services.collection_add_list(collection=mine, text="2 CL1-003")
    deck = deck_create(owner=other, game="dbscg", name="D", zones={"main": {"CL1-003": 2}})
    decks = Deck.objects.all()
    assert selectors.buildable(mine, decks, 0) == [(deck.pk, 0)]
    deck_save(deck=deck, zones={"main": {"CL1-003": 3}}, expected_version=None)
    assert selectors.buildable(mine, decks, 5) == [(deck.pk, 1)]
    later = deck_create(owner=other, game="dbscg", name="E", zones={"main": {"CL1-003": 1}})
    assert selectors.buildable(mine, decks, 5) == [(later.pk, 0), (deck.pk, 1)]


def test_the_counts_follow_the_collection_and_its_built_decks(mine, player):
    deck = deck_create(owner=player, game="dbscg", name="D", zones={"main": {"CL1-003": 2}})
    other_deck = deck_create(owner=player, game="dbscg", name="F", zones={"main": {"CL1-003": 2}})
    decks = Deck.objects.filter(pk=other_deck.pk)
    assert selectors.buildable(mine, decks, 0) == []
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    assert selectors.buildable(mine, decks, 0) == [(other_deck.pk, 0)]
    services.collection_set_built(collection=mine, deck=deck, built=True)
    assert selectors.buildable(mine, decks, 5) == [(other_deck.pk, 2)]


def test_a_save_committed_just_before_a_count_is_counted_by_the_next(mine, other):
    from decklab.collections.models import ReachState

    services.collection_add_list(collection=mine, text="2 CL1-003")
    deck = deck_create(owner=other, game="dbscg", name="D", zones={"main": {"CL1-003": 2}})
    assert selectors.buildable(mine, Deck.objects.all(), 0) == [(deck.pk, 0)]
    deck_save(deck=deck, zones={"main": {"CL1-003": 4}}, expected_version=None)
    # As if the save had been stamped a moment before the last count but committed after it.
    DeckNeeds.objects.filter(deck=deck).update(saved_at=timezone.now() - timedelta(seconds=30))
    ReachState.objects.update(counted_at=timezone.now())
    assert selectors.buildable(mine, Deck.objects.all(), 5) == [(deck.pk, 2)]


def test_a_built_deck_saved_anew_reserves_its_new_cards_from_the_others(mine, player):
    services.collection_add_list(collection=mine, text="3 CL1-003\n2 CL1-005")
    built = deck_create(owner=player, game="dbscg", name="B", zones={"main": {"CL1-003": 1}})
    other = deck_create(owner=player, game="dbscg", name="O", zones={"main": {"CL1-005": 2}})
    services.collection_set_built(collection=mine, deck=built, built=True)
    decks = Deck.objects.filter(pk=other.pk)
    assert selectors.buildable(mine, decks, 5) == [(other.pk, 0)]
    deck_save(deck=built, zones={"main": {"CL1-005": 1}}, expected_version=None)
    assert selectors.buildable(mine, decks, 5) == [(other.pk, 1)]


def test_a_quantity_change_recounts_only_the_decks_that_need_the_card(mine, other):
    from decklab.collections.models import Reach

    services.collection_add_list(collection=mine, text="2 CL1-003")
    needing = deck_create(owner=other, game="dbscg", name="N", zones={"main": {"CL1-003": 3}})
    apart = deck_create(owner=other, game="dbscg", name="A", zones={"main": {"CL1-005": 1}})
    decks = Deck.objects.all()
    assert selectors.buildable(mine, decks, 5) == [(apart.pk, 1), (needing.pk, 1)]
    kept = Reach.objects.get(deck=apart).pk
    DeckNeeds.objects.update(saved_at=timezone.now() - timedelta(days=1))  # saved long ago
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=3)
    assert selectors.buildable(mine, decks, 5) == [(needing.pk, 0), (apart.pk, 1)]
    assert Reach.objects.get(deck=apart).pk == kept
