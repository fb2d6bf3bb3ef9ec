"""Issue 9, findings 2 and 7: every deck input has a cap with a clear answer, and exports of
oversized decks answer 400 at once instead of holding a worker for a minute."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from cards.games import deckcode
from decklab.decks.models import DeckVersion
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db

#: 13 real cards × 99 copies: 1,287 cards, like the code of finding 2.
HUGE = {"leader": {"TS1-001": 1}, "main": {f"TS1-{n:03d}": 99 for n in range(2, 15)}}
#: More different cards than any deck may hold (they need not exist: the cap comes first).
MANY_DIFFERENT = {"main": {f"XX-{n:03d}": 1 for n in range(300)}}


def build(client, name: str, zones: dict, **params):
    code = deckcode.encode("dbscg", None, zones)
    return client.get(reverse(name, args=["dbscg"]), {"c": code, **params})


@pytest.mark.usefixtures("dbscg_cards")
@pytest.mark.parametrize("name", ["decks:build-image", "decks:build-sheet", "decks:build"])
def test_finding_2_an_oversized_builder_deck_answers_400_with_the_limit(client, name, settings):
    response = build(client, name, HUGE)
    assert response.status_code == 400
    text = response.content.decode()
    assert f"at most {settings.DECKLAB_MAX_ZONE_CARDS:,} cards" in text
    assert len(response.content) < 1_000


@pytest.mark.usefixtures("dbscg_cards")
def test_finding_2_too_many_different_cards_in_a_code_are_refused(client, settings):
    response = build(client, "decks:build-image", MANY_DIFFERENT)
    assert response.status_code == 400
    assert f"{settings.DECKLAB_MAX_DISTINCT_CARDS:,} different cards" in response.content.decode()


def test_finding_2_an_over_long_deck_code_is_refused_before_decoding(client, settings):
    code = "x" * (settings.DECKLAB_MAX_DECK_CODE_CHARS + 1)
    response = client.get(reverse("decks:build", args=["dbscg"]), {"c": code})
    assert response.status_code == 400
    assert "deck code has at most" in response.content.decode()


@pytest.mark.usefixtures("dbscg_cards")
def test_finding_2_a_legal_deck_still_exports(client):
    assert build(client, "decks:build-image", LEGAL_DBSCG).status_code == 200


def test_finding_2_a_deck_saved_before_the_caps_does_not_export(client, deck):
    """A row written before the caps existed: its PNG and PDF are refused, not rendered for a minute."""
    DeckVersion.objects.filter(deck=deck).update(zones=HUGE)
    for name in ("decks:image", "decks:sheet"):
        response = client.get(reverse(name, args=[deck.code]))
        assert response.status_code == 404  # private: the owner only
    client.force_login(deck.owner)
    for name in ("decks:image", "decks:sheet"):
        response = client.get(reverse(name, args=[deck.code]))
        assert response.status_code == 400, name
        assert "cards" in response.content.decode()


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def test_finding_7_api_zones_past_the_entry_cap_are_refused(api, dbscg_cards, settings):
    body = {"game": "dbscg", "name": "Big", "zones": MANY_DIFFERENT}
    response = api.post(reverse("api-decks"), body, format="json")
    assert response.status_code == 400
    assert "different cards" in response.json()["detail"]


def test_finding_7_api_zones_of_300000_entries_never_reach_the_parser(api):
    zones = {"main": {f"X{n}": 1 for n in range(300_000)}}
    response = api.post(
        reverse("api-decks"), {"game": "dbscg", "name": "Big", "zones": zones}, format="json"
    )
    assert response.status_code == 413


def test_finding_7_a_deck_of_every_card_is_refused(api, dbscg_cards, deck, settings):
    response = api.patch(
        reverse("api-deck", args=[deck.pk]), {"version": deck.version, "zones": HUGE}, format="json"
    )
    assert response.status_code == 400
    assert f"at most {settings.DECKLAB_MAX_ZONE_CARDS:,} cards" in response.json()["detail"]
    assert deck.versions.count() == 1


def test_finding_7_a_pasted_decklist_over_the_cap_is_refused(client, owner, dbscg_cards, settings):
    client.force_login(owner)
    text = "1 TS1-002\n" * (settings.DECKLAB_MAX_DECKLIST_BYTES // 10 + 1)
    response = client.post(
        reverse("decks:new"), {"game": "dbscg", "name": "Long", "decklist": text}
    )
    assert response.status_code == 200
    assert "at most 64 KiB" in response.content.decode()


def test_finding_7_a_decklist_of_too_many_cards_is_a_form_error(client, owner, dbscg_cards):
    client.force_login(owner)
    text = "".join(f"99 TS1-{n:03d}\n" for n in range(2, 15))
    response = client.post(reverse("decks:new"), {"game": "dbscg", "name": "Big", "decklist": text})
    assert response.status_code == 400
    assert "at most 400 cards" in response.content.decode()


@pytest.mark.usefixtures("dbscg_cards")
def test_finding_7_the_builder_import_past_the_caps_says_so(client):
    text = "".join(f"99 TS1-{n:03d}\n" for n in range(2, 15))
    response = client.post(
        reverse("decks:build", args=["dbscg"]),
        {"decklist": text, "mode": "replace"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "at most 400 cards" in response.content.decode()


@pytest.mark.usefixtures("dbscg_cards")
def test_finding_2_the_deck_png_has_one_size_whatever_the_deck_holds(client):
    """A visual decklist at link-preview size: no card faces to draw, so bounded size and time."""
    import io

    from PIL import Image

    from decklab.decks import images

    response = build(client, "decks:build-image", LEGAL_DBSCG)
    assert response.status_code == 200
    size = Image.open(io.BytesIO(response.content)).size
    assert size == (images.WIDTH, images.HEIGHT)
