"""Card files that once crashed an import (PostgreSQL refusals, Python parser limits) are refused
whole like any other bad file: each problem named by line and column, nothing written, exit 1."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from cards.importers import import_cards
from cards.models import Card, GameData
from tests.cards.conftest import problems

pytestmark = pytest.mark.django_db

LONG_NUMBER = "X" * 65


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (f"number,name,type\n{LONG_NUMBER},Long,Battle\n", (2, "number")),
        ("number,name,type\nL-1," + "N" * 256 + ",Battle\n", (2, "name")),
        ("number,name,type,power\nP-1,Big,Battle,99999999999\n", (2, "power")),
        ("number,name,type,energy_cost\nE-1,Big,Battle,-99999999999\n", (2, "energy_cost")),
        ("number,name,type,power\nP-2,Huge,Battle," + "9" * 5000 + "\n", (2, "power")),
    ],
)
def test_a_value_the_database_cannot_hold_is_a_row_problem(text, found):
    assert [(line, column) for line, column, _ in problems("dbscg", text)] == [found]


def test_the_largest_allowed_numbers_are_imported():
    text = "number,name,type,power,energy_cost\nM-1," + "N" * 255 + ",Battle,999999999,-999999999\n"
    import_cards("dbscg", text.encode(), "cards.csv")
    card = Card.objects.get(number="M-1")
    assert (card.power, card.data["energy_cost"]) == (999_999_999, -999_999_999)


def test_a_64_character_number_of_many_digit_runs_is_imported_and_sorts():
    number = "-".join(["1"] * 32)[:64]
    import_cards("dbscg", f"number,name,type\n{number},Runs,Battle\n".encode(), "cards.csv")
    assert Card.objects.get(number=number).number_order.startswith("00000001-00000001")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "broken JSON: nested too deeply"),
        ('[{"number": ' + "[" * 100_000 + "]" * 100_000 + "}]", "broken JSON: nested too deeply"),
        ('[{"number": "N-1", "power": ' + "9" * 5000 + "}]", "a number with too many digits"),
        ('[{"number": "S-1", "name": "\\ud800", "type": "Battle"}]', "lone surrogate"),
        (
            '[{"number": "D-1", "name": "d", "type": "Battle", "x": ' + "[" * 20 + "]" * 20 + "}]",
            "levels deep",
        ),
    ],
)
def test_json_that_python_or_the_database_cannot_take_is_refused_with_a_reason(text, message):
    [(line, column, found)] = problems("dbscg", text, "cards.json")
    assert line == 1 and column == "" and message in found


def test_a_header_naming_a_column_twice_is_refused_rather_than_one_cell_kept():
    found = problems("dbscg", "number,name,number,type\nD-1,Dup,D-2,Battle\n")
    assert found == [(1, "number", "the header names this column twice")]


@pytest.mark.parametrize(
    "text",
    ['{"a": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"a": {"cards": {"x": 100000000000}}}'],
)
def test_set_decks_nested_too_deeply_or_with_absurd_counts_exit_1(tmp_path, capsys, text):
    path = tmp_path / "set_decks.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_status:
        call_command("import_cards", "blade_rondo", "--set-decks", str(path))
    assert exit_status.value.code == 1
    assert "nothing was imported" in capsys.readouterr().err
    assert not GameData.objects.filter(game="blade_rondo", key="set_decks").exists()
