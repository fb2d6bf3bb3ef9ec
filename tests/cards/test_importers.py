"""Card files (CONTRACT §2): every kind of bad file is refused whole, with each row's line and column."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from cards.importers import import_cards
from cards.models import Card, CardName
from tests.cards.conftest import DBSCG_CSV, problems

pytestmark = pytest.mark.django_db


def test_a_missing_required_column_is_named():
    found = problems("dbscg", "number,name\nBT1-001,Champa\n")
    assert found == [(1, "type", "required column is missing")]


def test_every_bad_row_is_reported_by_line_and_column():
    text = (
        "number,name,type,power\nA-1,Ok,Battle,5000\nA-2,Bad,Battel,5000\nA-3,Worse,Battle,lots\n"
    )
    found = problems("dbscg", text)
    assert [(line, column) for line, column, _ in found] == [(3, "type"), (4, "power")]


@pytest.mark.parametrize(
    ("game", "header", "cells", "column", "words"),
    [
        ("dbscg", "type,power", "Battle,12.5", "power", "whole number"),
        ("dbscg", "type", "Hero", "type", "is not one of"),
        ("dbscg", "type,colors", "Battle,Red/Purple", "colors", "is not one of"),
        ("dbscg", "type,energy_cost", "Battle,Y", "energy_cost", "whole number or X"),
        ("dbscg", "type,specified_cost", "Battle,RQ", "specified_cost", "colour letters"),
        ("dbscg", "type,copy_limit", "Battle,many", "copy_limit", "whole number or any"),
        ("dbscg", "type,deck_restriction", "Leader,only:x", "deck_restriction", "deck restriction"),
        ("dbscg", "type", "", "type", "required and empty"),
        ("blade_rondo", "kind,limited", "physical,maybe", "limited", "expected 1 or 0"),
        ("dreadnought", "type,cluster", "ユニット,紅", "cluster", "cluster condition"),
        ("dreadnought", "type,cluster,speed", "ユニット,青,D", "speed", "speed"),
    ],
)
def test_a_bad_value_of_each_parser_kind_names_its_column(game, header, cells, column, words):
    found = problems(game, f"number,name,{header}\nN-1,Name,{cells}\n")
    assert len(found) == 1
    line, bad_column, message = found[0]
    assert (line, bad_column) == (2, column)
    assert words in message


def test_a_duplicate_number_points_at_the_first_line():
    text = "number,name,type\nBT1-001,A,Battle\nBT1-002,B,Battle\nbt1-001,C,Battle\n"
    assert problems("dbscg", text) == [(4, "number", "bt1-001 is already on line 2")]


def test_a_row_with_more_cells_than_the_header_is_refused():
    found = problems("dbscg", "number,name,type\nBT1-001,A,Battle,extra\n")
    assert found == [(2, "", "more cells than the header has columns")]


def test_a_quote_never_closed_is_a_broken_csv():
    found = problems(
        "dbscg", 'number,name,type\nBT1-001,A,Battle\nBT1-002,"B,Battle\nBT1-003,C,Battle\n'
    )
    assert found == [(3, "", "broken CSV: unexpected end of data")]


def test_text_after_a_closing_quote_is_a_broken_csv():
    found = problems("dbscg", 'number,name,type\nBT1-001,"A"B,Battle\n')
    assert found[0][0] == 2
    assert "broken CSV" in found[0][2]


def test_broken_json_names_its_line():
    found = problems(
        "dbscg", '[\n{"number": "A-1", "name": "A", "type": "Battle"},\n{"number": }\n]', "c.json"
    )
    assert found[0][0] == 3
    assert "broken JSON" in found[0][2]


def test_json_must_be_a_list_of_objects():
    assert "list of objects" in problems("dbscg", '{"number": "A-1"}', "c.json")[0][2]
    assert "must be an object" in problems("dbscg", '["A-1"]', "c.json")[0][2]


def test_a_file_that_is_not_utf8_is_refused():
    found = problems("gundam_war", "number,name,type\nU-1,ガンダム,UNIT\n".encode("shift_jis"))
    assert "not UTF-8" in found[0][2]


def test_an_empty_file_is_refused():
    assert "empty" in problems("dbscg", "")[0][2]


def test_a_json_file_imports_like_a_csv_and_keeps_unknown_columns():
    rows = [{"number": "A-1", "name": "A", "type": "Battle", "power": 5000, "flavour": "kept"}]
    report = import_cards("dbscg", json.dumps(rows).encode(), "cards.json")
    card = Card.objects.get(number="A-1")
    assert (report.created, card.data["power"], card.extra) == (1, 5000, {"flavour": "kept"})


def test_importing_the_same_file_again_writes_nothing(dbscg):
    before = dict(Card.objects.values_list("number", "updated_at"))
    again = import_cards("dbscg", DBSCG_CSV.encode(), "cards.csv")
    assert (again.created, again.updated, again.unchanged) == (0, 0, 7)
    assert dict(Card.objects.values_list("number", "updated_at")) == before


def test_a_changed_row_updates_the_card_and_its_search_columns(dbscg):
    changed = DBSCG_CSV.replace(
        "BT1-006,Scheming Champa,,Battle,Red,BT1,C,10000,,2,",
        "BT1-006,Scheming Beerus,,Battle,Blue,BT1,C,12000,,4,",
    )
    report = import_cards("dbscg", changed.encode(), "cards.csv")
    card = Card.objects.get(number="BT1-006")
    assert (report.updated, report.unchanged) == (1, 6)
    assert (card.name, card.cost, card.power) == ("Scheming Beerus", 4, 12000)
    assert "|color:blue|" in card.tags and "beerus" in card.name_folded
    assert list(CardName.objects.filter(card=card).values_list("key", flat=True)) == [
        "schemingbeerus"
    ]


def test_a_number_written_with_other_zero_padding_updates_the_same_card(dbscg):
    """CONTRACT §2 upserts by number, and §3 reads `BT01-006` as `BT1-006`."""
    report = import_cards("dbscg", b"number,name,type\nBT01-006,Scheming Beerus,Battle\n", "x.csv")
    assert (report.created, report.updated) == (0, 1)
    assert list(Card.objects.filter(name="Scheming Beerus").values_list("number")) == [("BT1-006",)]
    assert Card.objects.count() == 7


def test_where_padding_tells_cards_apart_another_padding_is_another_card(gundam_war):
    before = Card.objects.filter(game="gundam_war").count()
    number = Card.objects.filter(game="gundam_war", number__regex=r"-\d+$").first().number
    padded = number.rsplit("-", 1)[0] + "-0" + number.rsplit("-", 1)[1]
    text = f"number,name,type\n{padded},Another,UNIT\n"
    assert import_cards("gundam_war", text.encode(), "x.csv").created == 1
    assert Card.objects.filter(game="gundam_war").count() == before + 1


def test_the_command_reports_every_problem_and_exits_1(tmp_path, capsys):
    path = tmp_path / "bad.csv"
    path.write_text("number,name,type\nA-1,A,Hero\nA-2,B,Villain\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_status:
        call_command("import_cards", "dbscg", str(path))
    errors = capsys.readouterr().err
    assert exit_status.value.code == 1
    assert "line 2, column type" in errors and "line 3, column type" in errors


def test_a_nul_character_is_refused_in_csv_and_in_json():
    assert problems("dbscg", "number,name,type\nA-1,A,Battle\nA-2,B\0,Battle\n") == [
        (3, "", "holds a NUL character")
    ]
    found = problems("dbscg", '[{"number": "A-1", "name": "A\\u0000", "type": "Battle"}]', "c.json")
    assert found == [(1, "", "holds a NUL character")]
