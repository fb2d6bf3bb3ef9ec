"""Times in the reader's zone: the browser's (cookie from static/js/site.js), else the page
language's (Japanese: Asia/Tokyo), else UTC; a cookie naming no zone is ignored."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from decklab.timezones import COOKIE

pytestmark = pytest.mark.django_db

EDITED = dt.datetime(2026, 11, 22, 23, 30, 5, tzinfo=dt.UTC)


@pytest.fixture
def history(client, owner, deck):
    deck.versions.update(edited_at=EDITED)
    client.force_login(owner)
    return reverse("decks:history", args=[deck.pk])


def shown_time(page: bytes) -> str:
    return re.search(r"2026-11-2\d \d\d:\d\d:\d\d [A-Z+\-0-9]+", page.decode())[0]


@pytest.mark.parametrize(
    ("cookie", "language", "shown"),
    [
        (None, "en", "2026-11-22 23:30:05 UTC"),
        (None, "ja", "2026-11-23 08:30:05 JST"),
        ("America/New_York", "ja", "2026-11-22 18:30:05 EST"),
        ("Europe/Berlin", "en", "2026-11-23 00:30:05 CET"),
        ("../../etc/passwd", "en", "2026-11-22 23:30:05 UTC"),
        ("Not/A_Zone", "ja", "2026-11-23 08:30:05 JST"),
    ],
)
def test_history_times_are_in_the_reader_s_zone(client, history, cookie, language, shown):
    if cookie is not None:
        client.cookies[COOKIE] = cookie
    page = client.get(history, HTTP_ACCEPT_LANGUAGE=language).content
    assert shown_time(page) == shown
    assert b"UTC)" not in page  # no column says UTC when the times are not


def test_the_api_answers_in_utc_whatever_the_reader_s_zone(client, owner, deck):
    deck.versions.update(edited_at=EDITED)
    type(deck).objects.filter(pk=deck.pk).update(updated_at=EDITED)
    client.force_login(owner)
    client.cookies[COOKIE] = "Asia/Tokyo"
    body = client.get(reverse("api-deck", args=[deck.pk]), HTTP_ACCEPT_LANGUAGE="ja").json()
    assert body["updated_at"] == "2026-11-22T23:30:05Z"
