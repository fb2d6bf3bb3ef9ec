"""Cross-origin reads of the public API: off by default, then only the public resources.

`DECKLAB_CORS_ALLOWED_ORIGINS` lists the origins (settings.CORS_ALLOWED_ORIGINS); writes to decks
and runs never get CORS headers, and no answer allows credentials (cookies).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

TOOL = "https://tools.example"
ALLOW = "Access-Control-Allow-Origin"


@pytest.fixture
def tool_origin(settings):
    settings.CORS_ALLOWED_ORIGINS = [TOOL]


def preflight(client, path: str, method: str, origin: str = TOOL):
    return client.options(path, HTTP_ORIGIN=origin, HTTP_ACCESS_CONTROL_REQUEST_METHOD=method)


def test_by_default_no_origin_may_read(client):
    response = client.get("/api/v1/games", HTTP_ORIGIN=TOOL)
    assert response.status_code == 200 and ALLOW not in response


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/games"),
        ("get", "/api/v1/games/dbscg/cards"),
        ("get", "/api/v1/games/gundam_war/cards/青/CH-1"),
        ("get", "/api/v1/deck-codes/abc"),
        ("get", "/api/v1/games/dbscg/matrix"),
        ("post", "/api/v1/games/dbscg/validate"),
        ("get", "/api/v1/decks/1"),
    ],
)
def test_a_listed_origin_may_read_the_public_resources(client, tool_origin, method, path):
    response = getattr(client, method)(path, HTTP_ORIGIN=TOOL)
    assert response[ALLOW] == TOOL
    assert "Access-Control-Allow-Credentials" not in response


def test_a_preflight_allows_the_legality_post_but_no_deck_change(client, tool_origin):
    allowed = preflight(client, "/api/v1/games/dbscg/validate", "POST")
    assert allowed[ALLOW] == TOOL
    assert "PATCH" not in allowed["Access-Control-Allow-Methods"]
    assert "DELETE" not in allowed["Access-Control-Allow-Methods"]


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/api/v1/decks"), ("get", "/api/v1/decks"), ("post", "/api/v1/simulations")],
)
def test_decks_and_runs_are_never_shared_across_origins(client, tool_origin, method, path):
    assert ALLOW not in getattr(client, method)(path, HTTP_ORIGIN=TOOL)
    assert ALLOW not in preflight(client, path, method.upper())


def test_an_unlisted_origin_gets_no_cors_headers(client, tool_origin):
    assert ALLOW not in client.get("/api/v1/games", HTTP_ORIGIN="https://other.example")
