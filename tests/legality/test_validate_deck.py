"""CONTRACT §4: `validate_deck` exit statuses, stdin, the --json shape and --lang ja; `export_deck`."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from cards.games.deckcode import decode
from tests.legality.commands import run
from tests.legality.conftest import dbscg_deck

pytestmark = pytest.mark.usefixtures("cards")


@pytest.fixture
def legal_file(tmp_path: Path) -> Path:
    path = tmp_path / "deck.txt"
    path.write_text(dbscg_deck(), encoding="utf-8")
    return path


@pytest.fixture
def illegal_file(tmp_path: Path) -> Path:
    path = tmp_path / "bad.txt"
    path.write_text(dbscg_deck(main_copies=5), encoding="utf-8")
    return path


def test_a_legal_deck_exits_0_with_a_readable_report(legal_file):
    status, out, _ = run("validate_deck", "--game", "dbscg", str(legal_file))
    assert status == 0
    assert out.startswith("dbscg / ZENKAI (zenkai): LEGAL")


def test_an_illegal_deck_exits_1_and_the_report_names_the_fix(illegal_file):
    status, out, _ = run("validate_deck", "--game", "dbscg", str(illegal_file))
    assert status == 1
    assert "Remove 1 copy of BT2-001 Fighter 1 (5 of at most 4)." in out
    assert "RULES.md §2.1.3" in out


def test_json_prints_exactly_the_contract_object(illegal_file):
    status, out, _ = run("validate_deck", "--game", "dbscg", "--json", str(illegal_file))
    result = json.loads(out)
    assert status == 1
    assert {"game", "format", "legal", "counts", "violations"} <= set(result)
    assert (result["game"], result["format"], result["legal"]) == ("dbscg", "zenkai", False)
    assert result["counts"] == {"leader": 1, "main": 53, "zdeck": 0}
    (violation,) = result["violations"]
    assert violation == {
        "code": "copy_limit",
        "message": "Remove 1 copy of BT2-001 Fighter 1 (5 of at most 4).",
        "rule": violation["rule"],
        "zone": "main",
        "cards": ["BT2-001"],
        "count": 5,
        "limit": 4,
    }


def test_lang_ja_gives_japanese_messages(illegal_file):
    _, out, _ = run("validate_deck", "--game", "dbscg", "--json", "--lang", "ja", str(illegal_file))
    assert json.loads(out)["violations"][0]["message"] == (
        "BT2-001 Fighter 1を1枚減らしてください（現在5枚、上限4枚）。"
    )


def test_a_dash_reads_the_decklist_from_stdin(monkeypatch):
    status, out, _ = run(
        "validate_deck",
        "--game",
        "dbscg",
        "--format",
        "classic",
        "--json",
        "-",
        stdin=dbscg_deck(),
        monkeypatch=monkeypatch,
    )
    assert status == 1  # 52 main-deck cards: classic wants exactly 50
    assert [v["code"] for v in json.loads(out)["violations"]] == ["zone.size"]


def test_problems_in_the_text_are_violations_not_crashes(tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text(dbscg_deck(extra="4 BT99-999\nfour of BT1-004\n"), encoding="utf-8")
    status, out, _ = run("validate_deck", "--game", "dbscg", "--json", str(path))
    assert status == 1
    # In line order; a line naming no card and holding no number would be a note, not a problem.
    assert [v["code"] for v in json.loads(out)["violations"]] == [
        "decklist.unknown_card",
        "decklist.syntax",
    ]


def test_dreadnought_names_with_epithets_validate(tmp_path):
    path = tmp_path / "dn.txt"
    main = "\n".join(f"4 K-{i}" for i in range(1, 13)) + "\n2 K-13"
    path.write_text(
        f"キャスター\n1 火気厳禁の昼行燈 旭 レイジ\n1 アリス\nメイン\n{main}\n", "utf-8"
    )
    assert run("validate_deck", "--game", "dreadnought", str(path))[0] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "chess"), "unknown game 'chess'"),
        (("--game", "dbscg", "--format", "vintage"), "unknown format 'vintage'"),
    ],
)
def test_an_unknown_game_or_format_exits_2_with_a_message(legal_file, args, message):
    status, out, err = run("validate_deck", *args, str(legal_file))
    assert (status, out) == (2, "")
    assert message in err


def test_an_unreadable_file_exits_2(tmp_path):
    status, _, err = run("validate_deck", "--game", "dbscg", str(tmp_path / "missing.txt"))
    assert status == 2 and "cannot read" in err


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("4 Café\n".encode("latin-1"))
    status, _, err = run("validate_deck", "--game", "dbscg", str(path))
    assert status == 2 and "not UTF-8" in err


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "chess", "deck.txt"],
        ["--game", "dbscg", "missing-file.txt"],
        ["deck.txt"],
    ],
)
def test_from_the_shell_could_not_run_is_status_2_without_a_traceback(args):
    result = subprocess.run(
        [sys.executable, "manage.py", "validate_deck", *args],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.strip()


def test_export_prints_the_canonical_form(monkeypatch):
    status, out, _ = run(
        "export_deck",
        "--game",
        "dbscg",
        "-",
        stdin="Main:\n2 fighter 2\nBT2-001 x3\nLeader\n1 BT1-001\n",
        monkeypatch=monkeypatch,
    )
    assert status == 0
    assert out == (
        "Leader (1)\n1 BT1-001 Champa\n\nMain (5)\n3 BT2-001 Fighter 1\n2 BT2-002 Fighter 2\n"
    )


def test_export_code_decodes_without_the_database(legal_file):
    status, out, _ = run(
        "export_deck", "--game", "dbscg", "--format", "classic", "--code", str(legal_file)
    )
    decoded = decode(out.strip())
    assert status == 0
    assert (decoded.game, decoded.format) == ("dbscg", "classic")
    assert decoded.quantities["leader"] == {"BT1-001": 1}
    assert sum(decoded.quantities["main"].values()) == 52


def test_export_names_lines_it_could_not_export_and_exits_1(monkeypatch):
    status, out, err = run(
        "export_deck",
        "--game",
        "dbscg",
        "-",
        stdin="4 BT2-001\n1 BT99-999\n",
        monkeypatch=monkeypatch,
    )
    assert status == 1
    assert out == "Main (4)\n4 BT2-001 Fighter 1\n"
    assert "BT99-999" in err


def test_imported_set_decks_are_the_ones_blade_rondo_checks_against(tmp_path):
    from cards.importers import import_cards, import_set_decks

    rows = "".join(f"S{i},剣{i},physical,mine\n" for i in range(20))
    import_cards("blade_rondo", f"number,name,kind,sets\n{rows}".encode(), "br.csv")
    cards = {f"剣{i}": 2 for i in range(20)}
    import_set_decks("blade_rondo", json.dumps({"mine": {"name": "Mine", "cards": cards}}).encode())
    path = tmp_path / "pool.txt"
    path.write_text("\n".join(f"2 S{i}" for i in range(20)), encoding="utf-8")
    assert run("validate_deck", "--game", "blade_rondo", str(path))[0] == 0
    path.write_text("\n".join(f"2 S{i}" for i in range(19)) + "\n1 S19", encoding="utf-8")
    status, out, _ = run("validate_deck", "--game", "blade_rondo", "--json", str(path))
    assert status == 1
    assert "Closest: Mine" in json.loads(out)["violations"][0]["message"]


def test_the_goldfish_deals_the_count_of_an_imported_set_deck(tmp_path):
    """RULES §4.2.2, CONTRACT §5: "the set deck's `dealt` count", imported ones included."""
    from cards.importers import import_cards, import_set_decks

    rows = "".join(f"S{i},剣{i},physical,small\n" for i in range(12))
    import_cards("blade_rondo", f"number,name,kind,sets\n{rows}".encode(), "br.csv")
    cards = {f"剣{i}": 2 for i in range(12)}
    small = {"small": {"name": "Small", "dealt": 10, "cards": cards}}
    import_set_decks("blade_rondo", json.dumps(small).encode())
    path = tmp_path / "pool.txt"
    path.write_text("\n".join(f"2 S{i}" for i in range(12)), encoding="utf-8")
    goal = json.dumps({"type": "dealt", "cards": ["S0"], "at_least": 1})
    args = ("goldfish", "--game", "blade_rondo", "--goal", goal, "--json", "--trials", "1000")
    status, out, _ = run(*args, "--seed", "1", str(path))
    assert status == 0
    two_of_24_in_10 = 1 - math.comb(22, 10) / math.comb(24, 10)  # 15 dealt would be 0.87
    assert json.loads(out)["results"][0]["exact"] == pytest.approx(two_of_24_in_10, abs=1e-5)
