"""Fixtures of the API-as-a-product tests: an API user with a token, cards, a live server.

`api_key` is the one place these tests obtain a token; everything else sends it as
`Authorization: Token <key>`, the way docs/api.md tells clients to.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from decklab.accounts.tokens import new_token

# The small DBSCG card set, its decklist and real Celery workers of the simulation-run tests.
from tests.goldfish.conftest import dbscg_cards, start_worker  # noqa: F401


@pytest.fixture
def api_user(transactional_db):
    return get_user_model().objects.create_user("client", password="a long test password")


@pytest.fixture
def api_key(api_user) -> str:
    """The API key of `api_user`, as the profile page hands it out (once, hashed at rest)."""
    return new_token(api_user)[1]
