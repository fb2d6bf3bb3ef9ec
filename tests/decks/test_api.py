"""Deck API: list, create, read, update with the version check (409), delete; token auth; schema."""

import pytest
from django.urls import reverse
from knox.models import AuthToken
from rest_framework.test import APIClient

from decklab.decks import selectors
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(owner):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=owner)[1]}")
    return client


def test_token_auth_lists_only_your_decks_with_their_cards(api, deck, stranger):
    from decklab.decks.services import deck_create

    deck_create(owner=stranger, game="dbscg", name="Not yours", visibility="public")
    body = api.get(reverse("api-decks")).json()
    assert [d["name"] for d in body["results"]] == ["Red test"]
    assert body["results"][0]["zones"] == LEGAL_DBSCG


def test_create_from_a_decklist_answers_the_deck_with_its_legality(api, dbscg_cards):
    text = "Leader\n1 TS1-001\nMain\n" + "".join(f"4 TS1-{n:03d}\n" for n in range(2, 15))
    response = api.post(
        reverse("api-decks"), {"game": "dbscg", "name": "API deck", "decklist": text}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["version"] == 1 and body["legality"]["legal"] is True
    assert body["decklist"].startswith("Leader (1)\n1 TS1-001")


def test_a_dry_run_answers_what_the_decklist_reads_as_and_saves_nothing(api, dbscg_cards):
    text = "_____Leader_____\nTest Leader Alfa\n_____Main Deck_____\n4 TS1-002\na note\n"
    response = api.post(
        reverse("api-decks") + "?dry_run=1",
        {"game": "dbscg", "name": "Try", "decklist": text},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["source_format"] == "builder" and body["zones"]["main"] == {"TS1-002": 4}
    kinds = [(line["at"], line["kind"]) for line in body["lines"]]
    assert kinds == [(1, "header"), (2, "problem"), (3, "header"), (4, "card"), (5, "note")]
    assert body["lines"][1]["suggestions"][0] == ["TS1-001", "TS1-001 Test Leader Alpha"]
    assert api.get(reverse("api-decks")).json()["count"] == 0


def test_create_with_unreadable_lines_is_refused_whole(api, dbscg_cards):
    response = api.post(
        reverse("api-decks"),
        {"game": "dbscg", "name": "x", "decklist": "4 NOPE-1\n"},
        format="json",
    )
    assert response.status_code == 400
    assert "NOPE-1" in response.json()["detail"]


def test_a_decklist_with_an_ambiguous_name_is_refused_whole_and_changes_nothing(api, deck):
    """As the editor's Replace: a name several cards share is no card yet, so the API neither
    creates the deck nor replaces the cards without it (CONTRACT §6, the body of POST)."""
    from cards.importers import import_cards

    import_cards(
        "dbscg", b"number,name,type\nTS9-001,Twin Name,Battle\nTS9-002,Twin Name,Battle\n", "t.csv"
    )
    text = "Leader\n1 TS1-001\nMain\n3 Twin Name\n"
    created = api.post(
        reverse("api-decks"), {"game": "dbscg", "name": "x", "decklist": text}, format="json"
    )
    assert created.status_code == 400
    assert "TS9-001, TS9-002" in created.json()["detail"]
    patched = api.patch(reverse("api-deck", args=[deck.pk]), {"decklist": text}, format="json")
    assert patched.status_code == 400 and "Twin Name" in patched.json()["detail"]
    deck.refresh_from_db()
    assert deck.version == 1 and selectors.current_zones(deck) == LEGAL_DBSCG
    assert [d["name"] for d in api.get(reverse("api-decks")).json()["results"]] == ["Red test"]


def test_create_for_an_unknown_game_is_a_400_not_a_crash(api, db):
    response = api.post(reverse("api-decks"), {"game": "chess", "name": "x"}, format="json")
    assert response.status_code == 400


def test_an_update_based_on_the_current_version_saves_a_new_one(api, deck):
    zones = {**LEGAL_DBSCG, "zdeck": {}}
    response = api.patch(
        reverse("api-deck", args=[deck.pk]), {"version": 1, "zones": zones}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["version"] == 2
    deck.refresh_from_db()
    assert "zdeck" not in selectors.current_zones(deck)


def test_a_stale_update_is_409_with_the_current_deck(api, deck):
    api.patch(reverse("api-deck", args=[deck.pk]), {"version": 1, "zones": {}}, format="json")
    response = api.patch(
        reverse("api-deck", args=[deck.pk]), {"version": 1, "zones": LEGAL_DBSCG}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["current"]["version"] == 2
    deck.refresh_from_db()
    assert selectors.current_zones(deck) == {}


def test_replacing_an_open_draft_needs_the_revision_read_and_a_changed_draft_is_409(api, deck):
    from decklab.decks.services import deck_edit

    deck_edit(deck=deck, action="add", zone="main", number="TS1-015")  # the editor opens draft v2
    read = api.get(reverse("api-deck", args=[deck.pk])).json()
    assert read["version"] == 2
    deck_edit(deck=deck, action="add", zone="main", number="TS1-016")  # same sitting, still v2
    url = reverse("api-deck", args=[deck.pk])
    stale = api.patch(url, {"version": 2, "revision": read["revision"], "zones": {}}, format="json")
    assert stale.status_code == 409
    assert "version 2 got more card changes" in stale.json()["detail"]
    assert stale.json()["current"]["revision"] == read["revision"] + 1
    unsure = api.patch(url, {"version": 2, "zones": {}}, format="json")
    assert unsure.status_code == 409 and "open draft" in unsure.json()["detail"]
    deck.refresh_from_db()
    assert selectors.current_zones(deck)["main"]["TS1-016"] == 1
    fresh = api.patch(
        url, {"version": 2, "revision": read["revision"] + 1, "zones": {}}, format="json"
    )
    assert fresh.status_code == 200 and fresh.json()["version"] == 3


def test_cards_without_a_version_replace_the_current_ones_which_stay_in_the_history(api, deck):
    """CONTRACT §6: PATCH takes the body of POST, `decklist` or `zones`, as it is."""
    from decklab.decks.services import deck_edit

    deck_edit(deck=deck, action="add", zone="main", number="TS1-015")  # an open draft v2
    text = "Leader\n1 TS1-001\nMain\n" + "".join(f"4 TS1-{n:03d}\n" for n in range(2, 15))
    url = reverse("api-deck", args=[deck.pk])
    response = api.patch(url, {"decklist": text}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 3
    deck.refresh_from_db()
    assert "TS1-015" not in selectors.current_zones(deck)["main"]
    assert deck.versions.get(number=2).zones["main"]["TS1-015"] == 1
    alone = api.patch(url, {"revision": deck.revision, "zones": {}}, format="json")
    assert alone.status_code == 400 and "revision" in alone.json()


def test_renaming_needs_no_version(api, deck):
    response = api.patch(
        reverse("api-deck", args=[deck.pk]),
        {"name": "Renamed", "visibility": "public"},
        format="json",
    )
    assert response.status_code == 200 and response.json()["name"] == "Renamed"


def test_delete(api, deck):
    assert api.delete(reverse("api-deck", args=[deck.pk])).status_code == 204
    assert api.get(reverse("api-deck", args=[deck.pk])).status_code == 404


def test_an_anonymous_request_is_refused(client, deck):
    assert client.get(reverse("api-decks")).status_code in (401, 403)


def test_session_auth_needs_the_csrf_token_to_change(owner, deck):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.get(reverse("api-deck", args=[deck.pk])).status_code == 200
    assert client.delete(reverse("api-deck", args=[deck.pk])).status_code == 403


def test_the_deck_endpoints_are_in_the_openapi_schema(client, db):
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    assert {"/api/v1/decks", "/api/v1/decks/{id}"} <= set(schema["paths"])
    assert "409" in schema["paths"]["/api/v1/decks/{id}"]["patch"]["responses"]


def test_a_public_deck_reads_without_an_account_and_others_do_not(owner):
    from decklab.decks.services import deck_create

    anonymous = APIClient()
    decks = {
        visibility: deck_create(
            owner=owner, game="dbscg", name=visibility, zones={}, visibility=visibility
        )
        for visibility in ("public", "unlisted", "private")
    }
    assert anonymous.get(f"/api/v1/decks/{decks['public'].pk}").status_code == 200
    assert anonymous.get(f"/api/v1/decks/{decks['unlisted'].pk}").status_code == 404
    assert anonymous.get(f"/api/v1/decks/{decks['private'].pk}").status_code == 404
    assert anonymous.patch(f"/api/v1/decks/{decks['public'].pk}", {"name": "x"}).status_code in (
        401,
        403,
    )
    assert anonymous.delete(f"/api/v1/decks/{decks['public'].pk}").status_code in (401, 403)
