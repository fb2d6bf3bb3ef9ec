"""CONTRACT §7 end to end through the API: create, register (an illegal list refused, then fixed),
lock, three Swiss rounds with a drop, a top 4, standings, lists and the export."""

import pytest

from decklab.decks.services import deck_create
from tests.decks.factories import LEGAL_DBSCG
from tests.events.conftest import ILLEGAL_TEXT, LEGAL_TEXT

pytestmark = pytest.mark.django_db


def _report_all(api, event_id, round_body):
    for pairing in round_body["pairings"]:
        if pairing["players"][1] is not None:
            response = api.post(
                f"/api/v1/events/{event_id}/rounds/{round_body['number']}/results",
                {"table": pairing["table"], "games": [2, 1, 0]},
                format="json",
            )
            assert response.status_code == 200, response.json()


def test_an_event_runs_through_the_api_from_registration_to_the_top_cut(
    dbscg_cards, organiser, players, as_user
):
    boss = as_user(organiser)
    created = boss.post(
        "/api/v1/events",
        {
            "game": "dbscg",
            "format": "zenkai",
            "name": "Shop event",
            "date": "2026-12-05",
            "top_cut": 4,
        },
        format="json",
    )
    assert created.status_code == 201
    event = created.json()
    assert event["status"] == "registration" and event["id"]
    base = f"/api/v1/events/{event['id']}"

    refused = as_user(players[0]).post(
        f"{base}/registrations", {"decklist": ILLEGAL_TEXT}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["legal"] is False
    assert [v["code"] for v in refused.json()["violations"]] == ["copy_limit"]
    assert refused.json()["violations"][0]["count"] == 5

    deck = deck_create(owner=players[0], game="dbscg", name="Mine", zones=LEGAL_DBSCG)
    fixed = as_user(players[0]).post(f"{base}/registrations", {"deck": deck.pk}, format="json")
    assert fixed.status_code == 201
    assert fixed.json() | {"violations": []} == {
        "player": "player1",
        "legal": True,
        "violations": [],
        "state": "submitted",
        "waiting": False,
    }
    for player in players[1:]:
        answer = as_user(player).post(
            f"{base}/registrations", {"decklist": LEGAL_TEXT}, format="json"
        )
        assert answer.status_code == 201

    locked = boss.post(f"{base}/lock")
    assert locked.status_code == 200 and locked.json()["status"] == "locked"

    for number in (1, 2, 3):
        if number == 3:
            assert as_user(players[7]).delete(f"{base}/registrations/me").status_code == 204
        started = boss.post(f"{base}/rounds")
        assert started.status_code == 201
        body = started.json()
        assert body["number"] == number
        seated = [p for pairing in body["pairings"] for p in pairing["players"] if p]
        assert len(seated) == len(set(seated)) == (8 if number < 3 else 7)
        if number == 3:
            assert body["pairings"][-1]["players"][1] is None, "7 players: the last table is a bye"
        _report_all(boss, event["id"], body)

    standings = boss.get(f"{base}/standings").json()
    assert [row["rank"] for row in standings] == list(range(1, 9))
    assert set(standings[0]) == {"rank", "player", "match_points", "omw", "gw", "ogw"}
    assert all(round(row["omw"], 4) == row["omw"] for row in standings)
    top_four = [row["player"] for row in standings if row["player"] != "player8"][:4]

    semis = boss.post(f"{base}/rounds").json()
    assert [p["players"] for p in semis["pairings"]] == [
        [top_four[0], top_four[3]],
        [top_four[1], top_four[2]],
    ]
    _report_all(boss, event["id"], semis)
    final = boss.post(f"{base}/rounds").json()
    assert [p["players"] for p in final["pairings"]] == [[top_four[0], top_four[1]]]
    _report_all(boss, event["id"], final)
    assert boss.get(base).json()["status"] == "finished"

    listed = as_user(players[3]).get(f"{base}/registrations/player2").json()
    assert listed["decklist"].startswith("Leader (1)\n1 TS1-001")
    assert len(listed["hash"]) == 64 and listed["state"] == "published"

    export = as_user(players[3]).get(f"{base}/export").json()
    assert export["places"][0] == {"place": 1, "player": top_four[0]}
    assert [row["place"] for row in export["lists"]] == list(range(1, 9))


def test_the_openapi_schema_documents_every_events_route():
    import re

    from drf_spectacular.generators import SchemaGenerator

    from decklab.events.urls_api import urlpatterns

    schema = SchemaGenerator().get_schema(request=None, public=True)
    documented = {path for path in schema["paths"] if path.startswith("/api/v1/events")}
    # drf-spectacular names a `pk` by the model's `id`.
    routes = {
        "/api/v1/" + re.sub(r"<\w+:(\w+)>", r"{\1}", str(p.pattern)).replace("{pk}", "{id}")
        for p in urlpatterns
    }
    assert len(routes) == 13
    assert documented == routes
