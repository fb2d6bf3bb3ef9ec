"""RULES.md §6.1: a list is legal by the format as it stood at the event's date."""

from datetime import date

import pytest

from decklab.events import services
from tests.discovery.dated import NEW_TEXT, load_cards
from tests.events.conftest import LEGAL_TEXT

pytestmark = pytest.mark.django_db


def _event(organiser, game: str, day: date):
    return services.event_create(organiser=organiser, game=game, name="Dated", date=day)


def test_a_card_out_after_the_event_date_is_refused(organiser, players):
    load_cards()
    early = _event(organiser, "gundam_war", date(2011, 5, 30))
    with pytest.raises(services.IllegalList) as refused:
        services.registration_create(event=early, player=players[0], decklist=NEW_TEXT)
    assert [v["code"] for v in refused.value.report["violations"]] == ["card.not_released"]
    assert refused.value.report["at"] == "2011-05-30"
    later = _event(organiser, "gundam_war", date(2011, 5, 31))
    services.registration_create(event=later, player=players[0], decklist=NEW_TEXT)


def test_a_game_without_dates_checks_today_and_notes_it(dbscg_cards, organiser, players):
    event = _event(organiser, "dbscg", date(2000, 1, 1))
    _, _, report = services.list_check(event=event, player=players[0], decklist=LEGAL_TEXT)
    assert report["legal"]
    assert report["notes"] and "carries no dates" in report["notes"][0]


def test_the_page_says_which_date_the_list_was_checked_at(organiser, players, client):
    from django.urls import reverse

    load_cards()
    event = _event(organiser, "gundam_war", date(2011, 5, 30))
    client.force_login(players[1])
    page = client.post(
        reverse("events:register", args=[event.pk]), {"decklist": NEW_TEXT, "check": "1"}
    ).content.decode()
    assert 'data-code="card.not_released"' in page
    assert "as it stood on 2011-05-30" in page
