"""`validate_deck --at`: the format as it stood at a date (RULES.md §6.1)."""

from __future__ import annotations

import json

import pytest

from tests.discovery.dated import NEW_TEXT, RELEASE_28TH, load_cards
from tests.legality.commands import run

pytestmark = pytest.mark.django_db


@pytest.fixture
def new_file(tmp_path):
    load_cards()
    path = tmp_path / "deck.txt"
    path.write_text(NEW_TEXT, encoding="utf-8")
    return path


def test_at_a_date_before_a_card_came_out_the_deck_is_not_legal(new_file):
    status, out, _ = run(
        "validate_deck", "--game", "gundam_war", "--at", "2011-05-30", "--json", str(new_file)
    )
    result = json.loads(out)
    assert status == 1 and result["at"] == "2011-05-30" and result["notes"] == []
    assert [v["code"] for v in result["violations"]] == ["card.not_released"]
    status, out, _ = run(
        "validate_deck", "--game", "gundam_war", "--at", RELEASE_28TH, str(new_file)
    )
    assert status == 0, out


def test_without_at_the_contract_object_is_unchanged(new_file):
    _, out, _ = run("validate_deck", "--game", "gundam_war", "--json", str(new_file))
    assert "at" not in json.loads(out) and "notes" not in json.loads(out)


def test_the_api_checks_at_a_date(client, new_file):
    url = "/api/v1/games/gundam_war/validate"
    body = new_file.read_text(encoding="utf-8").encode()
    early = client.post(f"{url}?at=2011-05-30", data=body, content_type="text/plain").json()
    assert [v["code"] for v in early["violations"]] == ["card.not_released"]
    assert early["at"] == "2011-05-30"
    later = client.post(f"{url}?at={RELEASE_28TH}", data=body, content_type="text/plain")
    assert later.json()["legal"]
    bad = client.post(f"{url}?at=yesterday", data=body, content_type="text/plain")
    assert bad.status_code == 400


def test_the_api_notes_a_game_without_dates(client, cards):
    from tests.legality.conftest import dbscg_deck

    found = client.post(
        "/api/v1/games/dbscg/validate?at=2000-01-01",
        data=dbscg_deck().encode(),
        content_type="text/plain",
    ).json()
    assert found["legal"] and "carries no dates" in found["notes"][0]
