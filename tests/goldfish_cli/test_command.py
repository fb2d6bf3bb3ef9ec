"""`python manage.py goldfish` (CONTRACT §5): the JSON shape, seeds, and exit 2 with a message."""

from __future__ import annotations

import io
import json
import math

import pytest
from django.core.management import call_command

from cards.importers import import_cards
from tests.goldfish_cli.conftest import DECKLIST, DRAWN, refused

pytestmark = pytest.mark.django_db


def goldfish(*args: str) -> dict:
    out = io.StringIO()
    call_command("goldfish", *args, stdout=out)
    return json.loads(out.getvalue())


def test_contract_5_json_has_exactly_the_documented_shape(deck_file):
    result = goldfish(
        "--game",
        "dbscg",
        "--goal",
        json.dumps(DRAWN),
        "--trials",
        "20000",
        "--seed",
        "7",
        "--json",
        deck_file,
    )
    assert set(result) == {"game", "trials", "seed", "elapsed_s", "results"}
    assert (result["game"], result["trials"], result["seed"]) == ("dbscg", 20000, 7)
    [row] = result["results"]
    assert row["goal"] == {**DRAWN, "mulligan": "none"}
    low, high = row["ci95"]
    assert low <= row["probability"] <= high
    assert row["exact"] == pytest.approx(1 - math.comb(46, 8) / math.comb(50, 8), abs=1e-6)


def test_contract_5_the_same_seed_gives_the_same_numbers(deck_file):
    goals = ["--goal", json.dumps(DRAWN), "--goal", '{"type": "energy_curve", "card": "CLI-002"}']
    args = ["--game", "dbscg", *goals, "--trials", "5000", "--json", deck_file]
    first = goldfish(*args, "--seed", "11")
    again = goldfish(*args, "--seed", "11")
    other = goldfish(*args, "--seed", "12")
    assert first["results"] == again["results"]
    assert first["results"] != other["results"]


def test_contract_5_stdin_is_read_for_a_dash(deck_file, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(DECKLIST.encode())))
    result = goldfish(
        "--game",
        "dbscg",
        "--goal",
        json.dumps(DRAWN),
        "--trials",
        "1000",
        "--seed",
        "1",
        "--json",
        "-",
    )
    assert result["trials"] == 1000


def test_without_json_the_output_reads_as_lines(deck_file):
    out = io.StringIO()
    call_command(
        "goldfish",
        "--game",
        "dbscg",
        "--goal",
        json.dumps(DRAWN),
        "--trials",
        "1000",
        "--seed",
        "1",
        deck_file,
        stdout=out,
    )
    assert "1,000 games, seed 1" in out.getvalue()
    assert "exact" in out.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "nonsense"], "nonsense"),
        (["--game", "dbscg", "--format", "nonsense"], "nonsense"),
        (["--game", "dbscg", "--goal", "{not json"], "is not JSON"),
        (["--game", "dbscg", "--goal", "[1, 2]"], "JSON object"),
        (
            ["--game", "dbscg", "--goal", '{"type": "drawn", "cards": ["NOPE"], "turn": 3}'],
            "'NOPE'",
        ),
        (["--game", "dbscg", "--goal", '{"type": "energy_curve", "card": "NOPE"}'], "'NOPE'"),
        (["--game", "dbscg", "--goal", '{"type": "nonsense"}'], "unknown type"),
        (["--game", "dbscg", "--trials", "0"], "--trials"),
    ],
)
def test_contract_5_a_command_that_cannot_run_exits_2_with_a_message(deck_file, args, message):
    if "--goal" not in args:
        args = [*args, "--goal", json.dumps(DRAWN)]
    assert message in refused(*args, deck_file)


def test_contract_5_an_unreadable_file_exits_2(tmp_path):
    assert "cannot read" in refused(
        "--game", "dbscg", "--goal", json.dumps(DRAWN), str(tmp_path / "missing.txt")
    )


def test_contract_5_a_file_that_is_not_text_exits_2(tmp_path):
    path = tmp_path / "deck.bin"
    path.write_bytes(b"\xff\xfe\x00 not utf-8 \xc3")
    assert "not UTF-8" in refused("--game", "dbscg", "--goal", json.dumps(DRAWN), str(path))


def test_contract_5_a_decklist_with_unknown_cards_exits_2(deck_file, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("4 NOPE-001\n", encoding="utf-8")
    assert "problems" in refused("--game", "dbscg", "--goal", json.dumps(DRAWN), str(path))


DREADNOUGHT_CARDS = (
    "number,name,type,cluster,speed,hp\n"
    "CLD-001,Cli Caster A,キャスター,青,,3\n"
    "CLD-002,Cli Caster B,キャスター,青,,3\n"
    "CLD-003,Cli Fast,ユニット,青,A,\n"
    "CLD-004,Cli Slow,ユニット,青,C,\n"
)


def test_contract_5_an_opponent_decklist_in_a_goal_is_read_from_the_card_database(tmp_path):
    import_cards("dreadnought", DREADNOUGHT_CARDS.encode(), "cards.csv")
    path = tmp_path / "deck.txt"
    path.write_text("Casters\n1 CLD-001\n1 CLD-002\nMain\n10 CLD-003\n40 CLD-004\n", "utf-8")
    opponent = "Casters\n1 CLD-001\n1 CLD-002\nMain\n50 Cli Fast\n"
    goal = {"type": "speed", "turn": 2, "opponent": opponent}
    result = goldfish(
        "--game",
        "dreadnought",
        "--goal",
        json.dumps(goal),
        "--trials",
        "2000",
        "--seed",
        "3",
        "--json",
        str(path),
    )
    # Against 50 A cards only an A (burn, again) can make this deck first: never.
    assert result["results"][0]["exact"] == 0.0
    bad = {**goal, "opponent": "50 NOPE"}
    assert "opponent's decklist" in refused(
        "--game", "dreadnought", "--goal", json.dumps(bad), str(path)
    )
