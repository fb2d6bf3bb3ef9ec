"""The legality API: validate (text or JSON, Accept-Language), the format matrix, deck codes, and
clear JSON errors for an unknown game or format, a broken code or an oversized body."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from cards.decklists import decklist_limit
from cards.games.deckcode import encode
from tests.legality.conftest import dbscg_deck

pytestmark = pytest.mark.usefixtures("cards")


@pytest.fixture
def client() -> Client:
    return Client()


def post_text(client: Client, url: str, text: str, **headers: str):
    return client.post(url, data=text.encode(), content_type="text/plain", headers=headers)


def test_a_text_body_answers_the_contract_object_with_200(client):
    response = post_text(client, "/api/v1/games/dbscg/validate", dbscg_deck(main_copies=5))
    body = response.json()
    assert response.status_code == 200
    assert (body["game"], body["format"], body["legal"]) == ("dbscg", "zenkai", False)
    assert (
        body["violations"][0]["message"] == "Remove 1 copy of BT2-001 Fighter 1 (5 of at most 4)."
    )


def test_a_json_body_names_the_format(client):
    response = client.post(
        "/api/v1/games/dbscg/validate",
        data={"decklist": dbscg_deck(), "format": "classic"},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert response.json()["format"] == "classic"
    assert [v["limit"] for v in response.json()["violations"]] == [50]


def test_the_format_may_be_a_query_parameter_for_a_text_body(client):
    response = post_text(client, "/api/v1/games/dbscg/validate?format=classic", dbscg_deck())
    assert response.json()["format"] == "classic"


def test_a_legal_deck_is_legal_with_no_violations(client):
    body = post_text(client, "/api/v1/games/dbscg/validate", dbscg_deck()).json()
    assert (body["legal"], body["violations"]) == (True, [])


def test_accept_language_ja_gives_japanese_messages(client):
    response = post_text(
        client,
        "/api/v1/games/dbscg/validate",
        dbscg_deck(main_copies=5),
        accept_language="ja",
    )
    assert response.json()["violations"][0]["message"].endswith("（現在5枚、上限4枚）。")


def test_an_unknown_game_is_404_with_a_json_detail(client):
    response = post_text(client, "/api/v1/games/chess/validate", "1 X")
    assert response.status_code == 404
    assert "unknown game 'chess'" in response.json()["detail"]


def test_an_unknown_format_is_400_with_a_json_detail(client):
    response = post_text(client, "/api/v1/games/dbscg/validate?format=vintage", "1 X")
    assert response.status_code == 400
    assert "unknown format 'vintage'" in response.json()["detail"]


def test_an_oversized_body_is_413_with_a_json_detail(client):
    response = post_text(
        client, "/api/v1/games/dbscg/validate", "4 BT2-001\n" * (decklist_limit() // 5)
    )
    assert response.status_code == 413
    assert "KiB" in response.json()["detail"]


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ("{not json", "application/json"),
        ('{"deck": "1 X"}', "application/json"),
        ("[]", "application/json"),
    ],
)
def test_a_body_that_is_not_a_decklist_is_400(client, body, content_type):
    response = client.post("/api/v1/games/dbscg/validate", data=body, content_type=content_type)
    assert response.status_code == 400
    assert response.json()["detail"]


def test_the_matrix_gives_legality_in_every_format(client):
    response = client.post(
        "/api/v1/games/dbscg/matrix", data=dbscg_deck().encode(), content_type="text/plain"
    )
    rows = {row["format"]: row for row in response.json()["formats"]}
    assert response.status_code == 200
    assert (rows["zenkai"]["legal"], rows["classic"]["legal"]) == (True, False)
    assert rows["classic"]["codes"] == ["zone.size"]


def test_the_matrix_reads_a_deck_code_by_get(client):
    code = encode("dbscg", "zenkai", {"leader": {"BT1-001": 1}, "main": {"BT2-001": 5}})
    response = client.get("/api/v1/games/dbscg/matrix", {"code": code})
    assert response.status_code == 200
    assert response.json()["counts"] == {"leader": 1, "main": 5, "zdeck": 0}


def test_the_matrix_refuses_a_code_of_another_game(client):
    code = encode("dreadnought", "standard", {"main": {"K-1": 4}})
    response = client.get("/api/v1/games/dbscg/matrix", {"code": code})
    assert response.status_code == 400


def test_a_deck_code_decodes_into_the_canonical_text(client):
    made = client.post(
        "/api/v1/deck-codes",
        data={
            "game": "dbscg",
            "decklist": "Leader\n1 Champa\nMain\n3 BT2-001",
            "format": "classic",
        },
        content_type="application/json",
    ).json()
    response = client.get(f"/api/v1/deck-codes/{made['code']}")
    body = response.json()
    assert response.status_code == 200
    assert (body["game"], body["format"], body["unknown"]) == ("dbscg", "classic", [])
    assert body["decklist"] == "Leader (1)\n1 BT1-001 Champa\n\nMain (3)\n3 BT2-001 Fighter 1\n"


@pytest.mark.parametrize("code", ["1AAAA", "nonsense", "9" + "A" * 20])
def test_a_broken_deck_code_is_400(client, code):
    response = client.get(f"/api/v1/deck-codes/{code}")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_the_endpoints_are_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", headers={"accept": "application/json"})
    paths = json.loads(schema.content)["paths"]
    assert {
        "/api/v1/games/{game}/validate",
        "/api/v1/games/{game}/matrix",
        "/api/v1/deck-codes",
        "/api/v1/deck-codes/{code}",
    } <= set(paths)


def test_a_typo_in_a_message_placeholder_is_a_server_error_not_a_400(client, monkeypatch):
    """Errors are caught by name (`UnknownFormat`, `UnknownGame` …), so a programming error such
    as `%(allowd)s` in a message cannot pass for a player's mistake (`400 {"detail": "allowd"}`):
    it reaches the server-error handler."""
    from cards.games import messages

    monkeypatch.setitem(messages._CATALOGUE, "zone.size.add", "Add %(delta)s (%(allowd)s).")
    with pytest.raises(KeyError, match="allowd"):
        post_text(client, "/api/v1/games/dbscg/validate", "Leader\n1 BT1-001\nMain\n4 BT2-001")


def test_each_violation_links_its_rule_on_the_rules_page_in_the_request_language(client, settings):
    deck = dbscg_deck(main_copies=5)
    english = post_text(client, "/api/v1/games/dbscg/validate", deck).json()["violations"][0]
    japanese = post_text(client, "/api/v1/games/dbscg/validate", deck, accept_language="ja").json()[
        "violations"
    ][0]
    assert english["rule"] == japanese["rule"]  # CONTRACT §4 keeps `rule` as it is
    assert "RULES.md" in english["rule"]
    assert english["rule_url"] == settings.SITE_URL + "/rules/dbscg/#r2-1-3"
    assert japanese["rule_url"] == english["rule_url"]
    assert english["rule_text"].startswith("§2.1.3 ")
    assert (
        japanese["rule_text"].startswith("§2.1.3 ")
        and japanese["rule_text"] != english["rule_text"]
    )
    page = client.get("/rules/dbscg/", headers={"Accept-Language": "ja"})
    assert 'id="r2-1-3"' in page.content.decode()


def test_a_decklist_problem_cites_no_rule_of_the_game(client):
    body = post_text(client, "/api/v1/games/dbscg/validate", "Leader\nfour of BT1-001\n").json()
    problem = body["violations"][0]
    assert problem["code"] == "decklist.syntax"
    assert "rule_url" not in problem and "rule_text" not in problem
