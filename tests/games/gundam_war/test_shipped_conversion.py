"""The Gundam War fact sheet → contract rows (`cards/games/gundam_war/shipped.py`)."""

from __future__ import annotations

import csv
import json

import pytest

from cards.games.game import SHIPPED_DATA
from cards.games.gundam_war.shipped import convert
from cards.games.registry import get_game
from tests.games.shipped import shipped_cards

GAME = get_game("gundam_war")
FOLDER = SHIPPED_DATA / GAME.slug


@pytest.fixture(scope="module")
def gundam_war() -> dict[str, dict]:
    return {row["number"]: row for row in convert(FOLDER).rows}


def test_every_converted_gundam_war_row_is_a_valid_card():
    conversion = convert(FOLDER)
    # Each row parses as a card (`shipped_cards`), and no stored number key repeats.
    numbers = {GAME.number_key(card.number) for card in shipped_cards(GAME.slug)}
    assert len(numbers) == len(conversion.rows) == 130
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


def test_every_g_the_regulations_treat_as_basic_ships_as_a_g_card(gundam_war):
    """Issue 23: Gundam War shipped no basic G, so most real decks could not be entered."""
    lists = json.loads((FOLDER / "regulations.json").read_text(encoding="utf-8"))
    by_name = {row["name"]: row for row in gundam_war.values()}
    for item in lists["basic_g_equivalent"]:
        row = by_name[item["name"]]
        assert (row["type"], row["g_kind"], row["source_ids"]) == ("G", "basic_equivalent", "R1")
        assert item["id"] in row["builder_ids"].split(";")
    for item in lists["special_g"]:
        assert by_name[item["name"]]["g_kind"] == "special"
    assert gundam_war["GW-BG01"]["name"] == "地球連邦軍"


def test_a_g_cards_colour_read_from_its_id_is_marked_inferred_and_unknown_stays_empty(gundam_war):
    assert (gundam_war["GW-BG01"]["color"], gundam_war["GW-BG01"]["inferred"]) == ("青", "color")
    unknown = [row for row in gundam_war.values() if row.get("builder_ids", "")[:3] == "107"]
    assert unknown and {(row["color"], row["inferred"]) for row in unknown} == {("", "")}


def test_a_g_the_sheet_already_holds_is_not_shipped_twice(gundam_war):
    names = [row["name"] for row in gundam_war.values()]
    assert names.count("対ガンダム調査隊") == 1
    assert names.count("GWブースタードラフト十字勲章『青』") == 1


def test_every_card_of_the_partial_champion_lists_ships():
    cards = {(card.name, card.number) for card in shipped_cards(GAME.slug)}
    names = {name for name, _ in cards}
    with (FOLDER / "decklists-partial.csv").open(encoding="utf-8-sig") as file:
        listed = [row for row in csv.DictReader(file) if not row["name"].endswith("(cut off)")]
    assert listed and [row["name"] for row in listed if row["name"] not in names] == []
