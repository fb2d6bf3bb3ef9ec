"""The editor page's cached parts: the deck panel (cached with a stand-in for the CSRF token), the
legality, export and settings fragments, and the queries the page makes."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator

import pytest
import redis
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards.models import Card, GameData
from decklab.cache import read_ahead
from decklab.decks.services import deck_create
from decklab.decks.views import base as views
from tests.conftest import require_or_skip
from tests.decks import factories

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
MASKED = re.compile(r"\b[A-Za-z0-9]{64}\b")


def _browser(user) -> Client:
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    return browser


def test_every_reader_gets_the_cached_deck_panel_with_their_own_csrf_token(deck, owner):
    url = reverse("decks:editor", args=[deck.pk])
    first, second = _browser(owner), _browser(owner)
    pages = [first.get(url).content.decode(), second.get(url).content.decode()]
    for page, browser in zip(pages, (first, second), strict=True):
        assert views.csrf_stand_in() not in page
        tokens = TOKEN.findall(page)
        assert len(tokens) > 10  # a form on every card row
        # Each token the page holds is one the reader's own cookie accepts: a change goes through.
        response = browser.post(
            reverse("decks:change", args=[deck.pk]),
            {
                "csrfmiddlewaretoken": tokens[-1],
                "version": deck.version,
                "zone": "main",
                "number": "TS1-002",
                "op": "add:1",
            },
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200, response.content
        deck.refresh_from_db()
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value


def test_the_cached_deck_panel_follows_the_version_and_the_draft(client, deck, owner):
    client.force_login(owner)
    url = reverse("decks:editor", args=[deck.pk])
    client.get(url)
    client.post(
        reverse("decks:change", args=[deck.pk]),
        {"version": deck.version, "zone": "main", "number": "TS1-002", "op": "add:1"},
    )
    page = client.get(url).content.decode()
    assert "draft: 1 change" in page
    assert 'data-number="TS1-002" data-count="' in page
    deck.refresh_from_db()
    row = re.search(r'data-number="TS1-002" data-count="(\d+)"', page)
    assert row is not None
    assert int(row[1]) == deck.versions.get(number=deck.version).zones["main"]["TS1-002"]


def test_the_editor_page_reads_the_deck_and_its_version_in_one_query(client, owner, dbscg_cards):
    client.force_login(owner)
    deck = deck_create(owner=owner, game="dbscg", name="Full", zones=factories.LEGAL_DBSCG)
    url = reverse("decks:editor", args=[deck.pk])
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    tables = [
        re.findall(r'FROM "(\w+)"', query["sql"])[-1]  # the outer query's table
        for query in captured.captured_queries
    ]
    # The session, the user, the version with its deck (and the owner's decks' stamp that keys the
    # cached goldfish comparison), the panels' key (how many of the deck's cards are stored, their
    # newest change and the game data's, in one query: no card row is read).
    assert sorted(tables) == sorted(
        ["django_session", "auth_user", "decks_deckversion", "cards_card"]
    )
    key = next(q["sql"] for q in captured.captured_queries if 'FROM "cards_card"' in q["sql"])
    assert '"cards_card"."data"' not in key and "cards_gamedata" in key


def test_a_cached_panel_changes_when_a_card_of_the_deck_is_deleted(client, owner, dbscg_cards):
    client.force_login(owner)
    deck = deck_create(owner=owner, game="dbscg", name="Full", zones=factories.LEGAL_DBSCG)
    url = reverse("decks:editor", args=[deck.pk])
    assert client.get(url).context["ws"].report["legal"]
    Card.objects.filter(game="dbscg", number="TS1-001").delete()  # the leader: no newer time
    assert not client.get(url).context["ws"].report["legal"]


def test_a_cached_panel_of_unknown_cards_changes_with_the_game_data(client, owner, dbscg_cards):
    client.force_login(owner)
    deck = deck_create(owner=owner, game="dbscg", name="Unknown", zones={})
    before = client.get(reverse("decks:editor", args=[deck.pk])).context["ws"].panel_key
    GameData.objects.create(game="dbscg", key="test", value={})
    after = client.get(reverse("decks:editor", args=[deck.pk])).context["ws"].panel_key
    assert before != after


def test_another_users_deck_is_still_a_404(client, deck, stranger):
    client.force_login(stranger)
    assert client.get(reverse("decks:editor", args=[deck.pk])).status_code == 404


def test_the_cached_deck_panel_carries_the_deck_s_current_revision(client, deck, owner):
    """An add and a remove give back the same cards (the same panel key) but a newer revision,
    which whole-deck saves from this page must name."""
    client.force_login(owner)
    url = reverse("decks:editor", args=[deck.pk])
    client.get(url)
    for op in ("add:1", "remove:1"):
        client.post(
            reverse("decks:change", args=[deck.pk]),
            {"version": deck.version, "zone": "main", "number": "TS1-002", "op": op},
        )
    deck.refresh_from_db()
    page = client.get(url).content.decode()
    assert f'data-revision="{deck.revision}"' in page


@pytest.fixture
def redis_cache(settings) -> Iterator[None]:
    """The site's cache on this test run's Redis (its broker's, as on PostgreSQL + Redis), under a
    key prefix of the test's own, whose keys are deleted afterwards (the broker's stay)."""
    url = os.environ.get("DECKLAB_CACHE_URL") or os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis://"):
        require_or_skip(settings.DECKLAB_REQUIRE_SERVICES, "no Redis (CELERY_BROKER_URL)")
    prefix = f"test-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "decklab.cache.FailOpenRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": prefix,
        }
    }
    yield
    server = redis.Redis.from_url(url)
    for key in server.scan_iter(f"{prefix}:*"):
        server.delete(key)


def _commands(monkeypatch) -> list[str]:
    """The commands sent to Redis from now on, by name."""
    sent: list[str] = []
    send = redis.Redis.execute_command

    def counted(self, *args, **options):
        sent.append(args[0])
        return send(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    return sent


def test_issue_25_5_the_editor_page_reads_its_cached_parts_in_one_round_trip(
    redis_cache, client, deck, owner, monkeypatch
):
    """The cached panels, forms and fragments of the page are asked for at once (`read_ahead`,
    `editor_cache_keys`): a `{% cache %}` tag whose name or values changed would be a second
    round trip here."""
    client.force_login(owner)
    url = reverse("decks:editor", args=[deck.pk])
    first = client.get(url).content.decode()
    sent = _commands(monkeypatch)
    again = client.get(url).content.decode()
    assert sent == ["MGET"]
    # The same page, but for the request's own (masked) CSRF tokens.
    assert MASKED.sub("", again) == MASKED.sub("", first)


def test_a_read_ahead_answers_its_keys_from_one_get_many_and_keeps_writes(redis_cache, monkeypatch):
    cache.set("held", 1)
    sent = _commands(monkeypatch)
    with read_ahead(["held", "missing"]):
        assert cache.get("held") == 1
        assert cache.get("missing", "default") == "default"
        cache.set("missing", 2)
        assert cache.get("missing") == 2
        assert sent == ["MGET", "SET"]
        assert cache.get("other") is None
    assert sent == ["MGET", "SET", "GET"]
    assert cache.get("missing") == 2


def test_the_cached_compare_choices_follow_the_owner_s_other_decks(client, deck, owner):
    """The goldfish panel's "Compare with" is cached (issue 25 item 5) by the owner's decks of the
    game: a new deck, a renamed one and a deleted one show at once."""
    client.force_login(owner)
    url = reverse("decks:editor", args=[deck.pk])
    assert "Second deck" not in client.get(url).content.decode()
    other = deck_create(owner=owner, game="dbscg", name="Second deck", zones={})
    assert "Second deck" in client.get(url).content.decode()
    other.name = "Renamed deck"
    other.save()
    page = client.get(url).content.decode()
    assert "Renamed deck" in page and "Second deck" not in page
    other.delete()
    assert "Renamed deck" not in client.get(url).content.decode()
