"""Issue 12 through the database: printed numbers (`BT1-010_PR`, `XD1-01`, `EX03-25`) and a leading
byte-order mark read the same by the command line and the API (CONTRACT §3), leader rules of the new
vocabulary (RULES.md §2.1.8) imported with `import_cards`, and stored keys re-made by the migration."""

from __future__ import annotations

import codecs
import importlib
import io
import json

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client

from cards.importers import ImportFailed, import_cards
from cards.models import Card

pytestmark = pytest.mark.django_db

CSV = """number,name,type,traits,characters,energy_cost,deck_restriction,variants
XD01-01,Cabba,Leader,,,,none:type=Battle&trait!=Universe 6&char!=Vegeta,
EX3-25,Zen-Oh,Leader,,,,none:trait!~Universe,
XD01-02,"Vegeta, Saiyan of Universe 7",Battle,Saiyan/Universe 7,Vegeta,4,,
BT1-010,Divine Aide Vados,Battle,God,Vados,2,,PR
""" + "".join(f"U6-{i:03d},Sixer {i},Battle,Universe 6,Sixer,1,,\n" for i in range(1, 13))

MAIN = "".join(f"4 U6-{i:03d}\n" for i in range(1, 13))


@pytest.fixture(autouse=True)
def cards() -> None:
    import_cards("dbscg", CSV.encode(), "cards.csv")


def validate_cli(text: str, tmp_path) -> dict:
    path = tmp_path / "deck.txt"
    path.write_bytes(text.encode("utf-8"))
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("validate_deck", "--game", "dbscg", "--json", str(path), stdout=out)
    return json.loads(out.getvalue())


def validate_api(text: str, as_json: bool) -> dict:
    client = Client()
    if as_json:
        response = client.post(
            "/api/v1/games/dbscg/validate", {"decklist": text}, content_type="application/json"
        )
    else:
        response = client.post(
            "/api/v1/games/dbscg/validate", text.encode(), content_type="text/plain"
        )
    assert response.status_code == 200
    return response.json()


def codes(answer: dict) -> list[str]:
    return [violation["code"] for violation in answer["violations"]]


@pytest.mark.parametrize("bom", ["", "\ufeff"])
@pytest.mark.parametrize("leader", ["XD1-01", "XD01-01"])
def test_the_same_deck_reads_the_same_everywhere(tmp_path, bom, leader):
    text = f"{bom}Leader\n1 {leader}\nMain\n{MAIN}2 XD1-02\n2 BT1-010_PR\n"
    answers = [validate_cli(text, tmp_path), validate_api(text, False), validate_api(text, True)]
    for answer in answers:
        assert answer["counts"] == {"leader": 1, "main": 52, "zdeck": 0}
        assert codes(answer) == ["dbscg.leader_restriction"]
        assert answer["violations"][0]["cards"] == ["BT1-010"]


def test_a_bom_json_body_text_is_not_a_syntax_error():
    answer = validate_api("\ufeffLeader\n1 EX03-25\nMain\n" + MAIN + "2 XD1-02\n", True)
    assert (answer["legal"], answer["counts"]["leader"]) == (True, 1)


def test_a_json_body_that_starts_with_a_byte_order_mark_is_read():
    body = codecs.BOM_UTF8 + json.dumps({"decklist": f"Leader\n1 XD1-01\nMain\n{MAIN}"}).encode()
    response = Client().post("/api/v1/games/dbscg/validate", body, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["counts"]["leader"] == 1


def test_printed_alternates_count_with_their_card(tmp_path):
    text = f"Leader\n1 XD1-01\nMain\n{MAIN}3 BT1-010_PR\n2 BT1-10\n"
    answer = validate_api(text, False)
    (copy_limit, _) = answer["violations"]
    assert (copy_limit["code"], copy_limit["cards"], copy_limit["count"]) == (
        "copy_limit",
        ["BT1-010"],
        5,
    )


def test_a_bad_leader_rule_rejects_the_file_with_its_line_and_column():
    bad = "number,name,type,deck_restriction\nL-1,Leader,Leader,none:cost<3\nL-2,Ok,Leader,none:multicolor\n"
    with pytest.raises(ImportFailed) as failed:
        import_cards("dbscg", bad.encode(), "bad.csv")
    assert [(p.line, p.column) for p in failed.value.problems] == [(2, "deck_restriction")]
    assert not Card.objects.filter(number__in=["L-1", "L-2"]).exists()


def test_a_zero_padded_duplicate_in_one_file_is_the_same_number():
    twice = "number,name,type\nXD9-01,One,Battle\nXD09-01,Two,Battle\n"
    with pytest.raises(ImportFailed) as failed:
        import_cards("dbscg", twice.encode(), "twice.csv")
    assert [(p.line, p.column) for p in failed.value.problems] == [(3, "number")]


def test_the_migration_gives_stored_cards_their_games_number_key():
    migration = importlib.import_module("cards.migrations.0005_number_keys_per_game")
    Card.objects.filter(number="XD01-01").update(number_key="xd01-01")  # as stored before
    migration.refill_number_keys(apps, None)
    assert Card.objects.get(number="XD01-01").number_key == "xd1-1"
    answer = validate_api("Leader\n1 XD1-01\nMain\n" + MAIN + "2 XD1-02\n", False)
    assert answer["legal"] is True
