"""Fixtures of the community tests: a card editor, small card files (the player is the suite's)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from PIL import Image

from cards.community.models import editors_group

# The card tests' fixtures: the same small card files, imported through the real importer.
from tests.cards.conftest import (  # noqa: F401
    _media_and_faces,
    dbscg,
    draws_troidal,
    gundam_war,
    load,
    staff_client,
)


@pytest.fixture
def editor(db):
    user = get_user_model().objects.create_user("editor", password="pw-editor-1")
    user.groups.add(editors_group())
    return user


@pytest.fixture
def player_client(client, player):
    client.force_login(player)
    return client


@pytest.fixture
def editor_client(editor):
    from django.test import Client

    client = Client()
    client.force_login(editor)
    return client


def png_bytes(size: tuple[int, int] = (63, 88), colour: str = "navy") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()
