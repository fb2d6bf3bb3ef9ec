"""The card API under /api/v1/ and its offline docs page."""

from __future__ import annotations

import re

import pytest

from cards import paging
from cards.apis import CappedPagination
from cards.games.registry import all_games
from cards.importers import import_cards

pytestmark = pytest.mark.django_db


def test_games_lists_the_five_games_with_zones_formats_and_search_fields(client):
    games = client.get("/api/v1/games").json()
    assert [game["slug"] for game in games] == [game.slug for game in all_games()]
    dbscg = games[0]
    checked = [zone["slug"] for zone in dbscg["zones"] if zone["checked"]]
    assert checked == ["leader", "main", "zdeck"]  # CONTRACT §1
    assert [zone["slug"] for zone in dbscg["zones"] if not zone["checked"]] == ["side"]
    assert [fmt["slug"] for fmt in dbscg["formats"]][:2] == ["zenkai", "classic"]
    assert dbscg["default_format"] == "zenkai"
    assert {"name", "label", "kind", "aliases", "operators", "choices", "examples"} <= set(
        dbscg["search_fields"][0]
    )
    assert dbscg["cards_url"].endswith("/api/v1/games/dbscg/cards")


def test_one_game(client):
    assert client.get("/api/v1/games/blade_rondo").json()["zones"][0]["slug"] == "pool"
    assert client.get("/api/v1/games/chess").status_code == 404


def test_cards_are_searched_with_the_query_language_and_paginated(client, dbscg):
    body = client.get("/api/v1/games/dbscg/cards", {"q": "color:red type:battle cost<=2"}).json()
    assert set(body) == {"count", "count_capped", "page_cut_short", "next", "previous", "results"}
    assert (body["count"], body["count_capped"], body["page_cut_short"]) == (2, False, False)
    assert [card["number"] for card in body["results"]] == ["BT1-006", "BT20-004"]


def test_a_count_past_the_cap_says_so_and_the_pages_go_on(client, dbscg, monkeypatch):
    query = {"q": "type:battle", "sort": "power"}
    whole = client.get("/api/v1/games/dbscg/cards", query).json()
    assert not whole["count_capped"] and whole["count"] >= 3
    monkeypatch.setattr(paging, "COUNT_CAP", 1)
    monkeypatch.setattr(CappedPagination, "page_size", 1)
    first = client.get("/api/v1/games/dbscg/cards", query).json()
    assert (first["count"], first["count_capped"]) == (2, True)
    pages, link = [first], first["next"]
    while link:
        pages.append(client.get(link).json())
        link = pages[-1]["next"]
    assert not pages[-1]["count_capped"] and pages[-1]["count"] == whole["count"]
    numbers = [card["number"] for page in pages for card in page["results"]]
    assert numbers == [card["number"] for card in whole["results"]]


def test_a_card_has_its_facts_extra_columns_and_links(client, load):
    load("dbscg", "number,name,type,power,effect\nP-1,Goku,Battle,5000,my own text\n")
    card = client.get("/api/v1/games/dbscg/cards/P-1").json()
    assert set(card) == {"game", "number", "name", "type", "data", "extra", "url", "face_url"}
    assert (card["data"]["power"], card["extra"]) == (5000, {"effect": "my own text"})
    assert card["face_url"].endswith("/cards/dbscg/face/P-1.png")


def test_cards_sort_like_the_pages(client, dbscg):
    body = client.get(
        "/api/v1/games/dbscg/cards", {"q": "type=battle", "sort": "power", "dir": "desc"}
    ).json()
    assert body["results"][0]["number"] == "BT1-004"


def test_a_bad_query_is_a_400_with_message_and_position(client, dbscg):
    response = client.get("/api/v1/games/dbscg/cards", {"q": "cost<=cheap"})
    assert response.status_code == 400
    assert response.json() == {
        "detail": "cost is a number: 'cheap' is not a whole number",
        "position": 6,
    }


def test_unknown_games_and_cards_are_404(client, dbscg):
    assert client.get("/api/v1/games/chess/cards").status_code == 404
    assert client.get("/api/v1/games/dbscg/cards/NOPE-1").status_code == 404


def test_a_card_number_with_a_slash_is_found(client, gundam_war):
    assert client.get("/api/v1/games/gundam_war/cards/青/U-1").json()["name"] == "ガンダム"


def test_the_schema_describes_the_card_endpoints(client):
    schema = client.get("/api/schema/", headers={"Accept": "application/json"}).json()
    assert "/api/v1/games/{game}/cards" in schema["paths"]
    assert "/api/v1/games/{game}/cards/{number}" in schema["paths"]


def test_the_docs_page_loads_nothing_from_another_site(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in page
    assert not re.findall(r"(?:src|href)=\"(?:https?:)?//", page)


def test_a_nul_in_a_query_or_a_number_is_an_answer_not_a_crash(client, dbscg):
    assert client.get("/api/v1/games/dbscg/cards", {"q": "go\x00ku"}).status_code == 400
    assert client.get("/api/v1/games/dbscg/cards/BT1-001%00").status_code == 404
    assert client.get("/cards/dbscg/card/BT1-001%00").status_code == 404
    assert client.get("/cards/dbscg/face/BT1-001%00.png").status_code == 404


@pytest.mark.parametrize(("printed", "stored"), [("XD1-01", "XD01-01"), ("BT1-010_PR", "BT1-010")])
def test_a_number_as_printed_answers_its_card_without_a_redirect(client, printed, stored):
    import_cards(
        "dbscg",
        b"number,name,type,variants\nXD01-01,Cabba,Leader,\nBT1-010,Vados,Battle,PR\n",
        "c.csv",
    )
    response = client.get(f"/api/v1/games/dbscg/cards/{printed}")
    assert response.status_code == 200
    assert response.json()["number"] == stored
    assert client.get("/api/v1/games/dbscg/cards/BT1-010_SPR").status_code == 404


@pytest.mark.parametrize("page", ["9" * 30, "1" * 5000, "-3", "two"])
def test_an_absurd_page_number_is_an_answer_not_a_crash(client, dbscg, page):
    api = client.get("/api/v1/games/dbscg/cards", {"page": page, "q": "type:battle"})
    assert api.status_code == 404 and api.json()["detail"]
    listed = client.get("/cards/dbscg/", {"page": page, "q": "type:battle"})
    assert listed.status_code == 200 and b"BT" in listed.content
