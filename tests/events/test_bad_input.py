"""Bad input is refused with a reason and changes nothing (issue: events, point 7)."""

import pytest

from decklab.decks.services import deck_create
from decklab.events import rounds, services
from decklab.events.models import Registration, Round, Table
from tests.events.conftest import LEGAL_TEXT

pytestmark = pytest.mark.django_db


def _tables(event):
    return list(
        Table.objects.filter(round__event=event).values_list(
            "pk", "first_wins", "second_wins", "draws"
        )
    )


def test_a_result_for_a_table_that_does_not_exist_is_refused(registered, organiser, as_user):
    event = registered()
    rounds.round_start(event=event)
    before = _tables(event)
    answer = as_user(organiser).post(
        f"/api/v1/events/{event.pk}/rounds/1/results",
        {"table": 99, "games": [2, 0, 0]},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["detail"] == "Round 1 has no table 99."
    assert _tables(event) == before


def test_a_second_registration_is_refused(registered, players, as_user):
    event = registered()
    answer = as_user(players[0]).post(
        f"/api/v1/events/{event.pk}/registrations", {"decklist": LEGAL_TEXT}, format="json"
    )
    assert answer.status_code == 400
    assert "already registered" in answer.json()["detail"]
    assert Registration.objects.filter(event=event, player=players[0]).count() == 1


def test_a_deck_of_another_game_is_refused(dbscg_cards, organiser, players, as_user):
    boss = as_user(organiser)
    event = boss.post(
        "/api/v1/events", {"game": "dbscg", "name": "E", "date": "2026-12-05"}, format="json"
    ).json()
    deck = deck_create(owner=players[0], game="dreadnought", name="Other game")
    answer = as_user(players[0]).post(
        f"/api/v1/events/{event['id']}/registrations", {"deck": deck.pk}, format="json"
    )
    assert answer.status_code == 400
    assert "another game" in answer.json()["detail"]
    assert not Registration.objects.exists()


def test_a_player_cannot_report_for_a_table_not_theirs(registered, players, as_user):
    event = registered()
    round_ = rounds.round_start(event=event)
    table = round_.tables.get(number=1)
    outsider = next(p for p in players if p.pk not in (table.first_id, table.second_id))
    answer = as_user(outsider).post(
        f"/api/v1/events/{event.pk}/rounds/1/results",
        {"table": 1, "games": [2, 0, 0]},
        format="json",
    )
    assert answer.status_code == 400
    assert "do not play at this table" in answer.json()["detail"]
    table.refresh_from_db()
    assert table.games is None


def test_either_player_reports_but_the_organiser_overrides(registered, organiser, as_user):
    event = registered()
    table = rounds.round_start(event=event).tables.get(number=1)
    second = as_user(table.second)
    url = f"/api/v1/events/{event.pk}/rounds/1/results"
    assert second.post(url, {"table": 1, "games": [0, 2, 0]}, format="json").status_code == 200
    assert (
        as_user(organiser).post(url, {"table": 1, "games": [2, 1, 0]}, format="json").status_code
        == 200
    )
    refused = second.post(url, {"table": 1, "games": [0, 2, 0]}, format="json")
    assert refused.status_code == 400
    table.refresh_from_db()
    assert table.games == (2, 1, 0)


def test_a_round_cannot_start_before_the_last_is_complete(registered, organiser, as_user):
    event = registered()
    rounds.round_start(event=event)
    answer = as_user(organiser).post(f"/api/v1/events/{event.pk}/rounds")
    assert answer.status_code == 400
    assert "Round 1 is not complete" in answer.json()["detail"]
    assert Round.objects.filter(event=event).count() == 1


def test_only_the_organiser_locks_and_pairs(registered, players, as_user):
    event = registered()
    player = as_user(players[0])
    assert player.post(f"/api/v1/events/{event.pk}/lock").status_code == 403
    assert player.post(f"/api/v1/events/{event.pk}/rounds").status_code == 403
    assert not Round.objects.filter(event=event).exists()


def test_registration_closes_at_the_lock(registered, organiser, as_user):
    from tests.decks.factories import make_user

    event = registered()
    services.event_lock(event=event)
    late = as_user(make_user("late"))
    answer = late.post(
        f"/api/v1/events/{event.pk}/registrations", {"decklist": LEGAL_TEXT}, format="json"
    )
    assert answer.status_code == 400 and "locked" in answer.json()["detail"]


def test_a_top_cut_match_needs_a_winner(dbscg_cards, organiser, players):
    from datetime import date

    event = services.event_create(
        organiser=organiser, game="dbscg", name="Two", date=date(2026, 1, 1), top_cut=4
    )
    for player in players[:4]:
        services.registration_create(event=event, player=player, decklist=LEGAL_TEXT)
    for number in (1, 2):
        for table in rounds.round_start(event=event).tables.all():
            rounds.result_report(
                event=event,
                round_number=number,
                table_number=table.number,
                games=[2, 0, 0],
                by=organiser,
            )
    rounds.round_start(event=event)
    with pytest.raises(services.EventError, match="needs a winner"):
        rounds.result_report(
            event=event, round_number=3, table_number=1, games=[1, 1, 0], by=organiser
        )


def test_a_capacity_past_what_an_event_seats_is_refused_and_nothing_is_made(
    dbscg_cards, organiser, as_user
):
    """Schemathesis found it on PostgreSQL: a capacity of 25,068,326,124 was a 500 (the integer
    did not fit the column); now a 400, on every database."""
    from decklab.events.models import Event

    answer = as_user(organiser).post(
        "/api/v1/events",
        {"game": "dbscg", "name": "Huge", "date": "2026-12-01", "capacity": 25068326124},
        format="json",
    )
    assert answer.status_code == 400
    assert "capacity" in answer.json()
    assert not Event.objects.exists()
    with pytest.raises(services.EventError):
        services.event_create(
            organiser=organiser, game="dbscg", name="Huge", date="2026-12-01", capacity=5000
        )
