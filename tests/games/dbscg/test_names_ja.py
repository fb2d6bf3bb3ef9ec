"""Japanese names of DBSCG characters (issue 23): a Japanese player's 孫悟空, 悟空, ごくう or ｺﾞｸｳ
reaches the English-named cards of Son Goku; the table covers the shipped characters' mentions."""

from __future__ import annotations

import csv
from collections import Counter

from cards.games.dbscg.names import TABLE, character, characters, japanese_names, search_names
from cards.games.game import SHIPPED_DATA as DATA
from cards.games.text import fold
from tests.games.decks import cards

GOKU_GT, VEGETA_BOTH = cards(
    "dbscg",
    [
        {
            "number": "T-1",
            "name": "Son Goku, the Hope",
            "type": "Battle",
            "characters": "Son Goku: GT",
        },
        {
            "number": "T-2",
            "name": "Vegeta",
            "name_back": "Vegeta, Prince",
            "type": "Leader",
            "characters": "Vegeta // Vegeta : Br",
        },
    ],
)


def shipped_mentions() -> Counter[str]:
    """How many shipped cards name each character (once a card, whatever its sides)."""
    with (DATA / "dbscg" / "cards.csv").open(encoding="utf-8", newline="") as rows:
        shipped = cards("dbscg", list(csv.DictReader(rows)))
    return Counter(name for card in shipped for name in set(characters(card)))


def finds(query: str, card) -> bool:
    return any(fold(query) in fold(name) for name in search_names(card))


def test_a_character_loses_its_era_or_form():
    assert [character(v) for v in ("Son Goku: GT", "Broly : Br", "Son Goku (Mini)")] == [
        "Son Goku",
        "Broly",
        "Son Goku",
    ]


def test_the_japanese_name_and_kana_in_every_width_find_son_goku():
    for query in ("孫悟空", "悟空", "ごくう", "ゴクウ", "ｺﾞｸｳ"):
        assert finds(query, GOKU_GT), query


def test_vegeta_is_found_in_katakana_on_either_side_s_character():
    assert finds("ベジータ", VEGETA_BOTH)
    assert finds("べじーた", VEGETA_BOTH)


def test_every_row_has_a_name_a_katakana_reading_and_a_source():
    with TABLE.open(encoding="utf-8", newline="") as rows:
        for row in csv.DictReader(rows):
            assert row["japanese"] and row["source"] in ("JA1", "JA2"), row
            assert fold(row["reading"]) == row["reading"].casefold(), row
            assert all("\u30a0" <= letter <= "\u30ff" for letter in row["reading"]), row


def test_the_table_covers_the_sixty_most_frequent_shipped_characters():
    mentions = shipped_mentions()
    missing = [name for name, _ in mentions.most_common(60) if name not in japanese_names()]
    assert missing == []


def test_the_table_covers_four_fifths_of_the_shipped_character_mentions():
    mentions = shipped_mentions()
    covered = sum(count for name, count in mentions.items() if name in japanese_names())
    assert covered / sum(mentions.values()) >= 0.8
