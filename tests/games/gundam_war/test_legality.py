"""RULES.md §3.1 and §3.2: Gundam War deck rules and the community regulations, one breaking and
one passing deck per numbered rule, at the boundaries."""

from __future__ import annotations

import re

import pytest

from cards.games.gundam_war.legality import FORMATS, REGULATIONS_FILE
from cards.games.registry import get_game
from tests.games.decks import cards, check, codes, deck

GAME = "gundam_war"

BASIC_G = cards(GAME, [{"number": "101050001", "name": "青基本G", "type": "G", "g_kind": "basic"}])[
    0
]
UNITS = cards(
    GAME,
    [
        {
            "number": f"10101{i:04d}",
            "name": f"ユニット{i}",
            "type": "UNIT",
            "color": "青",
            "set": "1st",
        }
        for i in range(1, 20)
    ],
)
RED_UNIT = cards(
    GAME, [{"number": "104019999", "name": "赤ユニット", "type": "UNIT", "color": "赤"}]
)[0]


def main_deck(size: int, *extra: tuple) -> list[tuple]:
    """`size` cards: the extras, then basic G to fill."""
    pairs = list(extra)
    pairs.append((BASIC_G, size - sum(count for _, count in pairs)))
    return [pair for pair in pairs if pair[1] > 0]


def standard(*extra: tuple, size: int = 50, side=()) -> list[str]:
    return codes(GAME, "standard", deck(main=main_deck(size, *extra), side=list(side)))


# §3.1.1 -------------------------------------------------------------------------------------


def test_3_1_1_a_50_card_deck_without_side_deck_is_legal():
    assert standard() == []


@pytest.mark.parametrize("size", [49, 51])
def test_3_1_1_a_49_or_51_card_deck_is_illegal(size):
    (violation,) = check(GAME, "standard", deck(main=main_deck(size)))
    assert (violation.code, violation.count, violation.limit) == ("zone.size", size, 50)


def test_3_1_1_a_side_deck_of_exactly_10_is_legal():
    assert standard(side=[(UNITS[0], 3), (UNITS[1], 3), (UNITS[2], 3), (UNITS[3], 1)]) == []


@pytest.mark.parametrize(("side", "nearest"), [(9, 10), (11, 10), (2, 0)])
def test_3_1_1_a_side_deck_of_another_size_is_illegal(side, nearest):
    (violation,) = check(GAME, "standard", deck(main=main_deck(50), side=[(BASIC_G, side)]))
    assert (violation.code, violation.zone, violation.limit) == ("zone.size", "side", nearest)


# §3.1.2 -------------------------------------------------------------------------------------


def test_3_1_2_three_cards_of_a_name_are_legal():
    assert standard((UNITS[0], 3)) == []


def test_3_1_2_the_4th_card_of_a_name_counts_main_and_side_together():
    side = [(UNITS[0], 1), *((unit, 3) for unit in UNITS[1:4])]
    (violation,) = check(GAME, "standard", deck(main=main_deck(50, (UNITS[0], 3)), side=side))
    assert (violation.code, violation.zone, violation.count, violation.limit) == (
        "copy_limit",
        None,
        4,
        3,
    )
    assert violation.message("ja") == f"{UNITS[0].label}を1枚減らしてください（現在4枚、上限3枚）。"


GUNDAMS = cards(
    GAME,
    [
        {"number": "青/U-1", "name": "ガンダム", "model_number": "RX-78-2", "type": "UNIT"},
        {"number": "緑/U-1", "name": "ガンダム", "model_number": "RX-78-2", "type": "UNIT"},
        {"number": "青/U-2", "name": "ガンダム", "model_number": "RX-78-3", "type": "UNIT"},
    ],
)


def test_3_1_2_the_name_includes_the_model_number_across_colours():
    assert standard((GUNDAMS[0], 2), (GUNDAMS[1], 2)) == ["copy_limit"]
    assert standard((GUNDAMS[0], 3), (GUNDAMS[2], 3)) == []


EQUIVALENT, OVERRIDE, LIST_OVERRIDE = cards(
    GAME,
    [
        {"number": "101050075", "name": "地球連邦軍", "type": "G"},  # basic_g_equivalent list
        {"number": "X-1", "name": "量産機", "type": "UNIT", "copy_limit": "any"},
        {"number": "101010107", "name": "ガンイージ", "type": "UNIT"},  # copy_limit_overrides
    ],
)


@pytest.mark.parametrize("card", [BASIC_G, EQUIVALENT, OVERRIDE, LIST_OVERRIDE])
def test_3_1_2_basic_g_and_overridden_cards_have_no_limit(card):
    assert standard((card, 10)) == []


# §3.1.3 -------------------------------------------------------------------------------------

SPECIAL_G = cards(
    GAME,
    [
        {"number": "S-1", "name": "特殊G1", "type": "G", "g_kind": "special"},
        {"number": "S-2", "name": "特殊G2", "type": "G", "g_kind": "special"},
        {"number": "101050012", "name": "エゥーゴ支持者", "type": "G"},  # on the special-G list
    ],
)


def test_3_1_3_six_special_g_are_legal():
    assert standard((SPECIAL_G[0], 3), (SPECIAL_G[1], 3)) == []


def test_3_1_3_the_7th_special_g_counts_the_list_and_the_side_deck():
    side = [(SPECIAL_G[2], 1), (UNITS[0], 3), (UNITS[1], 3), (UNITS[2], 3)]
    (violation,) = check(
        GAME,
        "standard",
        deck(main=main_deck(50, (SPECIAL_G[0], 3), (SPECIAL_G[1], 3)), side=side),
    )
    assert (violation.code, violation.count, violation.limit) == ("gundam_war.special_g", 7, 6)
    assert violation.cards == ("S-1", "S-2", "101050012")


# §3.1.4 -------------------------------------------------------------------------------------

UNIQUES = cards(
    GAME,
    [
        {"number": f"U-{i}", "name": f"エース{i}", "type": "CHARACTER", "keywords": "ユニーク"}
        for i in range(1, 5)
    ],
)


def test_3_1_4_three_unique_cards_are_legal():
    assert standard(*((card, 1) for card in UNIQUES[:3])) == []


def test_3_1_4_a_4th_unique_card_is_illegal_whatever_its_name():
    (violation,) = check(GAME, "standard", deck(main=main_deck(50, *((c, 1) for c in UNIQUES))))
    assert (violation.code, violation.count, violation.limit) == ("gundam_war.unique", 4, 3)


# §3.1.5 -------------------------------------------------------------------------------------

ONE_PER_DECK, SAME_NAME_OTHER_MODEL = cards(
    GAME,
    [
        {
            "number": "O-1",
            "name": "アムロ",
            "model_number": "A",
            "type": "CHARACTER",
            "keywords": "1枚制限/デッキ",
        },
        {"number": "O-2", "name": "アムロ", "model_number": "B", "type": "CHARACTER"},
    ],
)


def test_3_1_5_a_one_per_deck_card_alone_is_legal():
    assert standard((ONE_PER_DECK, 1)) == []


@pytest.mark.parametrize(
    "extra",
    [((ONE_PER_DECK, 2),), ((ONE_PER_DECK, 1), (SAME_NAME_OTHER_MODEL, 1))],
)
def test_3_1_5_a_one_per_deck_card_with_another_card_of_its_name_is_illegal(extra):
    (violation,) = check(GAME, "standard", deck(main=main_deck(50, *extra)))
    assert (violation.code, violation.count, violation.limit) == ("gundam_war.one_per_deck", 2, 1)


# §3.1.6 -------------------------------------------------------------------------------------


def test_3_1_6_colours_mix_freely():
    assert standard((UNITS[0], 3), (RED_UNIT, 3)) == []


# §3.2 ---------------------------------------------------------------------------------------


def test_3_2_every_regulation_of_the_data_file_is_a_format_with_a_stable_ascii_slug():
    import json

    regulations = json.loads(REGULATIONS_FILE.read_text(encoding="utf-8"))["formats"]
    slugs = [fmt.slug for fmt in FORMATS]
    assert slugs[0] == "standard" and len(slugs) == len(set(slugs)) == 1 + len(regulations)
    assert all(re.fullmatch(r"[a-z0-9-]+", slug) for slug in slugs)
    assert {"tensaku-9", "kansai-classic", "cardland-primitive"} <= set(slugs)
    assert get_game(GAME).default_format.slug == "standard"


BANNED_BY_ID, BANNED_BY_NAME, LIMITED, LIMITED_BY_NAME = cards(
    GAME,
    [
        {"number": "101020126", "name": "チェーミン・ノア", "type": "CHARACTER"},
        {"number": "青/CH-99", "name": "サイド6住民", "type": "G"},
        {"number": "101010083", "name": "コア・ベース", "type": "UNIT"},
        {"number": "赤/C-1", "name": "コア・ベース", "type": "UNIT"},
    ],
)


def tensaku(*extra: tuple) -> list[str]:
    return codes(GAME, "tensaku-9", deck(main=main_deck(50, *extra)))


@pytest.mark.parametrize("card", [BANNED_BY_ID, BANNED_BY_NAME])
def test_3_2_a_banned_card_by_id_or_by_name_is_illegal(card):
    (violation,) = check(GAME, "tensaku-9", deck(main=main_deck(50, (card, 1))))
    assert (violation.code, violation.count, violation.limit) == ("banned", 1, 0)
    assert "添削杯 第9回(23弾)" in violation.message()


def test_3_2_a_banned_card_is_legal_in_standard():
    assert standard((BANNED_BY_ID, 1)) == []


def test_3_2_one_copy_of_a_limited_card_is_legal():
    assert tensaku((LIMITED, 1)) == []


def test_3_2_a_second_limited_card_of_the_same_name_is_illegal():
    assert tensaku((LIMITED, 1), (LIMITED_BY_NAME, 1)) == ["limited"]


OLD, NEW = cards(
    GAME,
    [
        {"number": "N-1", "name": "旧カード", "type": "UNIT", "set": "1st"},
        {"number": "N-2", "name": "新カード", "type": "UNIT", "set": "28th"},
    ],
)


def test_3_2_a_card_of_an_allowed_set_is_legal():
    assert codes(GAME, "cardland-primitive", deck(main=main_deck(50, (OLD, 3)))) == []


def test_3_2_a_card_of_a_set_the_regulation_does_not_allow_is_illegal():
    assert codes(GAME, "cardland-primitive", deck(main=main_deck(50, (NEW, 1)))) == [
        "gundam_war.set"
    ]
