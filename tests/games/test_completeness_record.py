"""Each game's data folder records how complete its data is (`completeness.json`, issue 23): the
cards it ships, how many the game has when a source says, and a summary in every language."""

from __future__ import annotations

import json

import pytest

from cards.games.game import SHIPPED_DATA
from cards.games.registry import all_games
from tests.games.shipped import shipped_cards


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_the_record_counts_the_cards_the_folder_ships(slug):
    record = json.loads((SHIPPED_DATA / slug / "completeness.json").read_text(encoding="utf-8"))
    assert record["cards_shipped"] == len(shipped_cards(slug))
    total = record["cards_in_game"]
    assert total is None or total >= record["cards_shipped"]
    assert record["summary"]["en"] and record["summary"]["ja"]


@pytest.mark.parametrize("slug", ["dreadnought", "gundam_war"])
def test_a_count_no_source_gives_is_left_unknown(slug):
    record = json.loads((SHIPPED_DATA / slug / "completeness.json").read_text(encoding="utf-8"))
    assert record["cards_in_game"] is None
