"""The shipped card data: the Gundam War and Dreadnought conversions, and idempotent loading."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from cards.games.registry import get_game
from cards.importers import parse_file
from cards.models import Card
from cards.shipped import DATA, dreadnought_rows, gundam_war_rows

GUNDAM_WAR_SHEET = DATA / "gundam-war" / "cards-known.csv"
REGULATIONS = DATA / "gundam-war" / "regulations.json"
DREADNOUGHT_SHEET = DATA / "dreadnought" / "cards-known.csv"


@pytest.fixture(scope="module")
def gundam_war() -> dict[str, dict]:
    return {row["number"]: row for row in gundam_war_rows(GUNDAM_WAR_SHEET, REGULATIONS).rows}


@pytest.fixture(scope="module")
def dreadnought() -> dict[str, dict]:
    return {row["name"]: row for row in dreadnought_rows(DREADNOUGHT_SHEET).rows}


def test_every_converted_gundam_war_row_is_a_valid_card():
    conversion = gundam_war_rows(GUNDAM_WAR_SHEET, REGULATIONS)
    cards = parse_file(get_game("gundam_war"), conversion.to_json(), "cards.json")
    assert len(cards) == len(conversion.rows) == 58
    assert conversion.skipped == []


def test_gundam_war_numbers_carry_their_colour_because_printed_numbers_repeat(gundam_war):
    assert gundam_war["青/CH-1"]["name"] == "アムロ・レイ"
    assert gundam_war["茶/C-2"]["name"] == "宝物没収"
    assert gundam_war["紫/C-2"]["name"] == "戦場の鈴音"


def test_a_gundam_war_card_without_a_known_colour_keeps_its_printed_number(gundam_war):
    assert gundam_war["C-7"]["name"] == "密約"
    assert gundam_war["C-4"]["color"] == ""
    assert gundam_war["C-4"]["color_printed"] == "デ?"


def test_an_inferred_gundam_war_colour_is_used_and_marked(gundam_war):
    assert gundam_war["黒/C-7"]["name"] == "報道された戦争"
    assert gundam_war["黒/C-7"]["inferred"] == "color"
    assert gundam_war["青/CH-1"]["inferred"] == ""


def test_a_gundam_war_card_without_a_printed_number_gets_a_stable_invented_one(gundam_war):
    # ZZガンダム is the fifth data row of the sheet.
    assert gundam_war["GW-K005"]["name"] == "ZZガンダム"


def test_gundam_war_costs_are_split_into_colour_and_total_cost(gundam_war):
    assert (gundam_war["青/CH-1"]["color_cost"], gundam_war["青/CH-1"]["total_cost"]) == ("1", "2")
    assert gundam_war["GW-K005"]["total_cost"] == "7"
    assert gundam_war["GW-K005"]["resource"] == "2"


def test_generation_becomes_g_and_its_kind_comes_from_the_regulations(gundam_war):
    assert gundam_war["緑/G-0010"]["type"] == "G"
    assert gundam_war["緑/G-0010"]["g_kind"] == "special"


def test_gundam_war_ace_cards_ship_as_ace_and_typeless_rows_as_unknown(gundam_war):
    """Issue 12: the 2010 champion deck's ACE cards (A-3, SA-1) and the typeless reprint rows
    used to be skipped; a type no source gives is not guessed."""
    assert (gundam_war["A-3"]["type"], gundam_war["SA-1"]["type"]) == ("ACE", "ACE")
    by_name = {row["name"]: row for row in gundam_war.values()}
    assert by_name["ユニコーンガンダム&バナージ"]["type"] == "ACE"
    assert {by_name[name]["type"] for name in ("急ごしらえ", "政治特権", "周辺警護")} == {"UNKNOWN"}


def test_gundam_war_printed_set_names_become_set_codes_and_keep_every_printing(gundam_war):
    assert gundam_war["青/CH-1"]["set"] == "1st;PR"
    assert gundam_war["青/CH-1"]["printings"] == "1st GUNDAM WAR; SP プロモーションカード"
    assert gundam_war["GW-K005"]["set"] == "13th"
    assert gundam_war["赤/C-12"]["set"] == "2nd;7th;BB2;EB2;TS3"
    # A printing no code is known for stays as written (the set check then ignores it).
    assert gundam_war["緑/G-0010"]["set"] == "22nd;ウィナーズブースター01"


def test_every_converted_dreadnought_row_is_a_valid_card():
    conversion = dreadnought_rows(DREADNOUGHT_SHEET)
    cards = parse_file(get_game("dreadnought"), conversion.to_json(), "cards.json")
    assert len(cards) == 13


def test_dreadnought_cards_get_invented_numbers_in_sheet_order(dreadnought):
    assert dreadnought["旭 レイジ"]["number"] == "DN-K001"
    assert dreadnought["ディスペル"]["number"] == "DN-K013"


def test_a_dreadnought_inference_is_used_without_its_question_mark(dreadnought):
    assert (dreadnought["恵比寿 ユイ"]["cluster"], dreadnought["恵比寿 ユイ"]["inferred"]) == (
        "赤",
        "cluster",
    )
    assert dreadnought["ラクシュミの蓮の花"]["type"] == "コード"
    assert "type" in dreadnought["ラクシュミの蓮の花"]["inferred"]
    assert dreadnought["アバドン"]["size"] == "L"


def test_a_dreadnought_unit_takes_its_construction_condition_as_cluster(dreadnought):
    assert dreadnought["スサノヲ"]["cluster"] == "【赤赤】"
    assert dreadnought["スサノヲ"]["inferred"] == ""
    assert dreadnought["アバドン"]["cluster"] == ""


def test_a_dreadnought_cost_that_is_no_number_is_kept_as_a_note(dreadnought):
    assert "log_cost" not in dreadnought["ヘラクレス"]
    assert dreadnought["ヘラクレス"]["log_cost_note"].startswith("≥1")
    assert dreadnought["べレロフォン"]["log_cost"] == "1"


@pytest.mark.django_db
def test_load_card_data_imports_everything_once_then_writes_nothing(capsys):
    call_command("load_card_data")
    first = capsys.readouterr().out
    stamps = dict(Card.objects.values_list("id", "updated_at"))
    call_command("load_card_data")
    second = capsys.readouterr().out
    assert "dbscg: 6476 created" in first
    assert "gundam_war: 58 created" in first and "dreadnought: 13 created" in first
    assert len(second.splitlines()) == len(first.splitlines())
    for line in second.splitlines():
        assert "0 created, 0 updated" in line or "set decks" in line
    assert dict(Card.objects.values_list("id", "updated_at")) == stamps
