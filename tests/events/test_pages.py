"""The event pages: create, register (violations shown before anything is saved), run, print."""

import subprocess

import pytest
from django.test import Client
from django.urls import reverse

from decklab.events import rounds, selectors, services
from decklab.events.models import Event, Registration
from tests.events.conftest import ILLEGAL_TEXT, LEGAL_TEXT

pytestmark = pytest.mark.django_db


def _client(user, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_an_organiser_creates_an_event_from_the_form(dbscg_cards, organiser):
    answer = _client(organiser).post(
        reverse("events:new"),
        {
            "name": "Friday",
            "game": "dbscg",
            "date": "2026-12-05",
            "top_cut": 4,
            "visibility": "public",
        },
    )
    event = Event.objects.get()
    assert answer.headers["Location"] == reverse("events:manage", args=[event.pk])
    assert (event.format, event.top_cut, event.organiser) == ("zenkai", 4, organiser)


def test_checking_a_list_shows_its_violations_and_registers_nothing(registered, organiser):
    from tests.decks.factories import make_user

    event = registered()
    late = _client(make_user("late"))
    url = reverse("events:register", args=[event.pk])
    page = late.post(url, {"decklist": ILLEGAL_TEXT, "check": "1"}).content.decode()
    assert 'data-code="copy_limit"' in page
    assert not Registration.objects.filter(player__username="late").exists()
    refused = late.post(url, {"decklist": ILLEGAL_TEXT, "submit": "1"})
    assert refused.status_code == 400 and b'data-legal="false"' in refused.content
    assert not Registration.objects.filter(player__username="late").exists()
    late.post(url, {"decklist": LEGAL_TEXT, "submit": "1"})
    assert Registration.objects.filter(player__username="late").exists()


def test_the_organiser_sees_each_list_state_in_japanese(registered, organiser, players):
    event = registered()
    services.registration_lock(registration=Registration.objects.get(player=players[0]))
    page = _client(organiser, "ja").get(reverse("events:manage", args=[event.pk])).content.decode()
    assert page.count("ロック中") == 1 and page.count("提出済み") == 7


def test_a_player_reports_the_result_of_their_table_from_the_event_page(registered, players):
    event = registered()
    table = rounds.round_start(event=event).tables.get(number=1)
    client = _client(table.first)
    page = client.get(reverse("events:detail", args=[event.pk])).content.decode()
    assert 'data-table="1"' in page
    client.post(
        reverse("events:result", args=[event.pk, 1]),
        {"table": 1, "first_wins": 2, "second_wins": 0, "draws": 0},
    )
    table.refresh_from_db()
    assert table.games == (2, 0, 0)


def test_someone_else_cannot_open_the_organiser_pages(registered, players):
    event = registered()
    assert _client(players[0]).get(reverse("events:manage", args=[event.pk])).status_code == 403


def _pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_the_dbscg_sheet_prints_leader_main_and_z_deck_with_the_player(
    registered, organiser, tmp_path
):
    event = registered()
    services.event_lock(event=event)
    answer = _client(organiser).get(reverse("events:sheet", args=[event.pk, "player3"]))
    assert answer["Content-Type"] == "application/pdf"
    text = _pdf_text(answer.content, tmp_path)
    for words in (
        "デッキ登録用紙",
        "player3",
        "Test event",
        "2026-12-05",
        "リーダー / Leader: 1",
        "メイン / Main: 52",
        "Zデッキ / Z-Deck: 2",
        "TS1-090",
    ):
        assert words in text, words


def test_a_seat_taken_without_a_list_is_not_submitted_and_does_not_play(registered, organiser):
    from tests.decks.factories import make_user

    event = registered()
    late = make_user("late")
    _client(late).post(reverse("events:register", args=[event.pk]), {"reserve": "1"})
    page = _client(organiser, "ja").get(reverse("events:manage", args=[event.pk])).content.decode()
    assert page.count("未提出") == 1
    services.event_lock(event=event)
    assert Registration.objects.get(player=late).dropped is True
    assert [name for name, _ in selectors.playing(event)] == [f"player{i}" for i in range(1, 9)]


def test_the_deck_check_page_names_the_cards_added_and_removed(registered, organiser):
    event = registered()
    services.event_lock(event=event)
    url = reverse("events:check", args=[event.pk, "player2"])
    swapped = LEGAL_TEXT.replace("4 TS1-003", "3 TS1-003\n1 TS1-015")
    page = _client(organiser).post(url, {"decklist": swapped}).content.decode()
    assert "+1 TS1-015 Test Fighter 14" in page and "−1 TS1-003 Test Fighter 2" in page
    same = _client(organiser).post(url, {"decklist": LEGAL_TEXT}).content.decode()
    assert 'data-same="true"' in same


def test_the_pairings_page_lists_every_table_and_the_bye(registered, organiser, players):
    event = registered()
    services.registration_drop(registration=Registration.objects.get(player=players[7]))
    rounds.round_start(event=event)
    page = Client().get(reverse("events:round", args=[event.pk, 1])).content.decode()
    assert page.count("<tr>") == 1 + 4
    assert "bye" in page
