"""Locked lists are frozen in the database; visibility; the waiting list; the deck check."""

from datetime import timedelta

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from decklab.decks.services import deck_create, deck_save
from decklab.events import rounds, selectors, services
from decklab.events.models import LockedList
from tests.decks.factories import LEGAL_DBSCG, make_user
from tests.events.conftest import LEGAL_TEXT

pytestmark = pytest.mark.django_db


def test_a_later_deck_edit_changes_nothing_in_the_locked_list(registered, players):
    event = registered()
    deck = deck_create(owner=players[0], game="dbscg", name="Mine", zones=LEGAL_DBSCG)
    registration = selectors.registration_of(event, players[0])
    services.registration_replace(registration=registration, deck=deck)
    services.event_lock(event=event)
    frozen = LockedList.objects.get(registration=registration)
    deck_save(
        deck=deck, zones={"leader": {"TS1-001": 1}, "main": {"TS1-002": 1}}, expected_version=None
    )
    again = LockedList.objects.get(registration=registration)
    assert (again.decklist, again.zones, again.hash) == (frozen.decklist, frozen.zones, frozen.hash)
    assert again.zones == LEGAL_DBSCG


def test_the_database_refuses_a_direct_update_of_a_locked_list(registered):
    event = registered()
    services.event_lock(event=event)
    before = list(LockedList.objects.values_list("pk", "decklist", "hash"))
    with pytest.raises(DatabaseError, match="frozen"), transaction.atomic():
        LockedList.objects.update(decklist="1 TS1-002")
    assert list(LockedList.objects.values_list("pk", "decklist", "hash")) == before


def test_the_hash_is_the_sha256_of_the_locked_text(registered):
    import hashlib

    event = registered()
    services.event_lock(event=event)
    locked = LockedList.objects.first()
    assert locked.hash == hashlib.sha256(locked.decklist.encode()).hexdigest()


def test_the_organiser_locks_one_list_by_hand(registered, players):
    event = registered()
    registration = selectors.registration_of(event, players[2])
    services.registration_lock(registration=registration)
    assert selectors.list_state(event, selectors.registration_of(event, players[2])) == "locked"
    assert selectors.list_state(event, selectors.registration_of(event, players[3])) == "submitted"


def test_the_lists_lock_at_the_deadline(registered, as_user, players):
    event = registered(deadline=timezone.now() - timedelta(minutes=1))
    assert as_user(players[0]).get(f"/api/v1/events/{event.pk}").json()["status"] == "locked"
    assert LockedList.objects.count() == 8


def test_a_player_past_the_capacity_waits_and_takes_a_freed_seat(dbscg_cards, organiser, players):
    from datetime import date

    event = services.event_create(
        organiser=organiser, game="dbscg", name="Small", date=date(2026, 1, 1), capacity=2
    )
    regs = [
        services.registration_create(event=event, player=p, decklist=LEGAL_TEXT)[0]
        for p in players[:3]
    ]
    assert [r.waiting for r in regs] == [False, False, True]
    services.registration_drop(registration=regs[0])
    assert selectors.registration_of(event, players[2]).waiting is False


def test_lists_are_private_to_the_organiser_until_visibility_allows(
    registered, organiser, players, as_user
):
    event = registered(visibility="opponents")
    url = f"/api/v1/events/{event.pk}/registrations/player1"
    services.event_lock(event=event)
    assert as_user(organiser).get(url).status_code == 200
    assert as_user(players[0]).get(url).status_code == 200
    round_ = rounds.round_start(event=event)
    table = next(t for t in round_.tables.all() if players[0].pk in (t.first_id, t.second_id))
    opponent = table.second if table.first_id == players[0].pk else table.first
    stranger = next(p for p in players[1:] if p.pk != opponent.pk)
    assert as_user(opponent).get(url).status_code == 200
    assert as_user(stranger).get(url).status_code == 404


def test_public_lists_wait_for_the_end_of_the_event(registered, players, as_user):
    event = registered()
    services.event_lock(event=event)
    stranger = as_user(make_user("stranger"))
    assert stranger.get(f"/api/v1/events/{event.pk}/registrations/player1").status_code == 404


def test_the_deck_check_shows_the_difference_from_the_locked_list(registered, organiser, as_user):
    event = registered()
    services.event_lock(event=event)
    url = f"/api/v1/events/{event.pk}/registrations/player1/check"
    boss = as_user(organiser)
    same = boss.post(url, {"decklist": LEGAL_TEXT}, format="json").json()
    assert same == {"player": "player1", "same": True, "differences": {}}
    swapped = LEGAL_TEXT.replace("4 TS1-003", "3 TS1-003\n1 TS1-015")
    changed = boss.post(url, {"decklist": swapped}, format="json").json()
    assert changed["differences"] == {"main": {"added": {"TS1-015": 1}, "removed": {"TS1-003": 1}}}
