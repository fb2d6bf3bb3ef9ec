"""The Dreadnought fact sheet → contract rows (`cards/games/dreadnought/shipped.py`)."""

from __future__ import annotations

import pytest

from cards.games.dreadnought.shipped import convert
from cards.games.game import SHIPPED_DATA
from cards.games.registry import get_game
from tests.games.shipped import shipped_cards

GAME = get_game("dreadnought")
FOLDER = SHIPPED_DATA / GAME.slug


@pytest.fixture(scope="module")
def dreadnought() -> dict[str, dict]:
    return {row["name"]: row for row in convert(FOLDER).rows}


def test_every_converted_dreadnought_row_is_a_valid_card():
    conversion = convert(FOLDER)
    # Each row parses as a card (`shipped_cards`), and no stored number key repeats.
    numbers = {GAME.number_key(card.number) for card in shipped_cards(GAME.slug)}
    assert len(numbers) == len(conversion.rows) == 13
    assert conversion.skipped == []


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
