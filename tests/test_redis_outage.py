"""Issue 22, finding 2: a Redis outage is no 500. The cache fails open (a miss, throttles allow),
the sign-in limits fail closed with a 503 on purpose, and the API answers JSON.

A real `redis-server` is started on a spare port for each test, used, then stopped; the pages are
then asked with the cache's Redis gone. Without the binary the tests skip, unless
`DECKLAB_REQUIRE_SERVICES=1` (CI's services pass), where they fail.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis
from django.urls import reverse
from rest_framework.test import APIClient

from decklab import config as site_config
from decklab.decks.models import Visibility
from decklab.decks.services import deck_create
from tests.conftest import require_or_skip
from tests.decks import factories

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password-42"


def _spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_cache(settings, monkeypatch) -> Iterator[subprocess.Popen]:
    """The site's cache on a Redis of this test's own (`DECKLAB_CACHE_URL`); yields the server
    process, for the test to stop."""
    binary = shutil.which("redis-server")
    if binary is None:
        require_or_skip(settings.DECKLAB_REQUIRE_SERVICES, "no redis-server on PATH")
    port = _spare_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    # The cache exactly as the site's settings build it for this URL.
    monkeypatch.setenv("DECKLAB_CACHE_URL", url)
    settings.CACHES = {"default": site_config.cache_settings()}
    yield server
    server.terminate()
    server.wait(timeout=10)


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def shared_deck(db):
    factories.load_dbscg()
    owner = factories.make_user("bulma")
    return deck_create(
        owner=owner,
        game="dbscg",
        name="Outage deck",
        zones=factories.LEGAL_DBSCG,
        visibility=Visibility.PUBLIC,
    )


def test_finding_2_pages_and_api_reads_answer_while_the_cache_is_down(
    client, redis_cache, shared_deck
):
    pages = [
        reverse("home"),
        reverse("cards:list", args=["dbscg"]),
        f"/d/{shared_deck.code}",
    ]
    api = ["/api/v1/games", "/api/v1/games/dbscg/cards", f"/api/v1/decks/{shared_deck.pk}"]
    before = [client.get(url).status_code for url in pages + api]  # fills the cache
    assert before == [200] * len(before)
    stop(redis_cache)
    assert [client.get(url).status_code for url in pages] == [200] * len(pages)
    answers = [APIClient().get(url) for url in api]
    assert [a.status_code for a in answers] == [200] * len(api)


def test_finding_2_sign_in_is_refused_with_503_while_its_limits_cannot_be_read(client, redis_cache):
    factories.make_user("vegeta", PASSWORD)
    stop(redis_cache)
    page = client.post(reverse("login"), {"username": "vegeta", "password": PASSWORD})
    assert page.status_code == 503
    assert page["Retry-After"] == "60"
    assert "Signing in is unavailable" in page.content.decode()
    assert "_auth_user_id" not in client.session
    token = APIClient().post(
        "/api/v1/token", {"username": "vegeta", "password": PASSWORD}, format="json"
    )
    assert token.status_code == 503
    assert "Signing in is unavailable" in token.json()["detail"]


def test_finding_2_an_api_backend_error_is_a_json_503(monkeypatch):
    from django.db import OperationalError

    from cards import apis

    def down(*args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(apis.GameListApi, "get", down)
    answer = APIClient().get("/api/v1/games")
    assert answer.status_code == 503
    assert answer["Content-Type"] == "application/json"
    assert "unavailable" in answer.json()["detail"]
