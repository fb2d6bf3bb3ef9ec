"""RULES.md §1.1 and §1.2: Dreadnought deck rules, one breaking and one passing deck per numbered
rule, at the boundaries."""

from __future__ import annotations

import pytest

from cards.games import decklist
from cards.games.registry import get_game
from tests.games.decks import cards, check, codes, deck

GAME = "dreadnought"

RED_A, RED_B, BLUE, RED_A_OTHER_EPITHET = cards(
    GAME,
    [
        {
            "number": "C-1",
            "name": "旭 レイジ",
            "epithet": "火気厳禁の昼行燈",
            "type": "キャスター",
            "cluster": "赤",
        },
        {"number": "C-2", "name": "恵比寿 ユイ", "type": "キャスター", "cluster": "赤"},
        {"number": "C-3", "name": "アリス", "type": "キャスター", "cluster": "青"},
        {
            "number": "C-4",
            "name": "旭 レイジ",
            "epithet": "別の顔",
            "version": "2",
            "type": "キャスター",
            "cluster": "青",
        },
    ],
)
FILLER = cards(
    GAME,
    [{"number": f"F-{i}", "name": f"汎用{i}", "type": "コード", "cluster": ""} for i in range(13)],
)


def main_deck(size: int, *extra: tuple) -> list[tuple]:
    pairs = list(extra)
    left = size - sum(count for _, count in pairs)
    for card in FILLER:
        pairs.append((card, min(4, left)))
        left -= min(4, left)
    return [pair for pair in pairs if pair[1] > 0]


def standard(*extra: tuple, casters=(RED_A, BLUE), size: int = 50, fmt: str = "standard"):
    return codes(GAME, fmt, deck(casters=[(c, 1) for c in casters], main=main_deck(size, *extra)))


# §1.1.1 -------------------------------------------------------------------------------------


def test_1_1_1_two_casters_of_different_names_are_legal():
    assert standard() == []


@pytest.mark.parametrize("casters", [(RED_A,), (RED_A, RED_B, BLUE)])
def test_1_1_1_one_or_three_casters_are_illegal(casters):
    assert standard(casters=casters) == ["zone.size"]


def test_1_1_1_two_casters_of_one_name_are_illegal_whatever_their_epithets():
    (violation,) = check(
        GAME,
        "standard",
        deck(casters=[(RED_A, 1), (RED_A_OTHER_EPITHET, 1)], main=main_deck(50)),
    )
    assert (violation.code, violation.cards) == ("dreadnought.caster_names", ("C-1", "C-4"))
    assert "旭 レイジ" in violation.message("ja")


def test_1_1_1_two_copies_of_one_caster_are_illegal():
    assert codes(GAME, "standard", deck(casters=[(BLUE, 2)], main=main_deck(50))) == [
        "dreadnought.caster_names"
    ]


# §1.1.2 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [49, 51])
def test_1_1_2_a_main_deck_of_49_or_51_is_illegal(size):
    (violation,) = check(
        GAME, "standard", deck(casters=[(RED_A, 1), (BLUE, 1)], main=main_deck(size))
    )
    assert (violation.code, violation.count, violation.limit) == ("zone.size", size, 50)


# §1.1.3 -------------------------------------------------------------------------------------

UPANANDA, UPANANDA_EPITHET, UPANANDA_II, TEN_COPIES, ANY_COPIES = cards(
    GAME,
    [
        {"number": "U-1", "name": "ウパナンダ", "type": "ユニット", "cluster": "赤"},
        {
            "number": "U-2",
            "name": "ウパナンダ",
            "epithet": "竜王",
            "version": "2",
            "type": "ユニット",
            "cluster": "赤",
        },
        {"number": "U-3", "name": "ウパナンダⅡ", "type": "ユニット", "cluster": "赤"},
        {
            "number": "U-4",
            "name": "レギオン",
            "type": "ユニット",
            "cluster": "",
            "deck_limit": "10",
        },
        {"number": "U-5", "name": "群体", "type": "ユニット", "cluster": "", "deck_limit": "any"},
    ],
)


def test_1_1_3_four_cards_of_a_name_across_epithets_and_versions_are_legal():
    assert standard((UPANANDA, 2), (UPANANDA_EPITHET, 2)) == []


def test_1_1_3_the_5th_card_of_a_name_is_illegal_across_epithets_and_versions():
    (violation,) = check(
        GAME,
        "standard",
        deck(
            casters=[(RED_A, 1), (BLUE, 1)],
            main=main_deck(50, (UPANANDA, 3), (UPANANDA_EPITHET, 2)),
        ),
    )
    assert (violation.code, violation.count, violation.limit) == ("copy_limit", 5, 4)
    assert violation.cards == ("U-1", "U-2")


def test_1_1_3_a_suffix_such_as_ii_makes_another_name():
    assert standard((UPANANDA, 4), (UPANANDA_II, 4)) == []


@pytest.mark.parametrize(("copies", "expected"), [(10, []), (11, ["copy_limit"])])
def test_1_1_3_a_deck_limit_of_10_allows_10(copies, expected):
    assert standard((TEN_COPIES, copies)) == expected


def test_1_1_3_a_deck_limit_of_any_has_no_limit():
    assert standard((ANY_COPIES, 30)) == []


# §1.1.4 -------------------------------------------------------------------------------------

CONDITIONS = {
    condition: cards(
        GAME,
        [
            {
                "number": f"K-{condition or 'none'}",
                "name": f"条件{condition}",
                "type": "ユニット",
                "cluster": condition,
            }
        ],
    )[0]
    for condition in ["赤", "青", "黄", "赤赤", "青青", "赤青", "青赤", "赤黄", "", "全"]
}


@pytest.mark.parametrize(
    ("condition", "legal"),
    [
        *[("赤", True), ("赤赤", True), ("", True), ("全", True)],
        *[("青", False), ("赤青", False), ("青青", False), ("黄", False)],
    ],
)
def test_1_1_4_with_equal_casters_x_xx_blank_and_all_are_allowed(condition, legal):
    found = standard((CONDITIONS[condition], 1), casters=(RED_A, RED_B))
    assert found == ([] if legal else ["dreadnought.cluster"])


@pytest.mark.parametrize(
    ("condition", "legal"),
    [
        *[("赤", True), ("青", True), ("赤青", True), ("青赤", True), ("", True), ("全", True)],
        *[("赤赤", False), ("青青", False), ("黄", False), ("赤黄", False)],
    ],
)
def test_1_1_4_with_unequal_casters_x_y_xy_yx_blank_and_all_are_allowed(condition, legal):
    found = standard((CONDITIONS[condition], 1), casters=(RED_A, BLUE))
    assert found == ([] if legal else ["dreadnought.cluster"])


def test_1_1_4_the_message_names_the_condition_and_what_is_allowed():
    (violation,) = check(
        GAME,
        "standard",
        deck(casters=[(RED_A, 1), (BLUE, 1)], main=main_deck(50, (CONDITIONS["赤赤"], 1))),
    )
    assert violation.message() == (
        "Remove K-赤赤 条件赤赤: its condition 【赤赤】 is not allowed with casters of 【赤】【青】 "
        "(allowed: 【赤】、【青】、【赤青】、【青赤】、【 】、【全】)."
    )


# §1.1.5 -------------------------------------------------------------------------------------


def test_1_1_5_a_caster_in_the_main_deck_is_the_wrong_type():
    assert standard((RED_B, 1)) == ["zone.card_type"]


def test_1_1_5_a_unit_in_the_casters_zone_is_the_wrong_type():
    assert codes(
        GAME, "standard", deck(casters=[(RED_A, 1), (UPANANDA, 1)], main=main_deck(50))
    ) == ["zone.card_type"]


# §1.2 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("casters", "condition", "legal"),
    [
        ((RED_A, RED_B), "赤赤", True),
        ((RED_A, RED_B), "", True),
        ((RED_A, RED_B), "全", False),
        ((RED_A, BLUE), "青", True),
        ((RED_A, BLUE), "赤青", False),
        ((RED_A, BLUE), "全", False),
    ],
)
def test_1_2_the_early_table_allows_no_all_and_no_two_colour_condition(casters, condition, legal):
    found = standard((CONDITIONS[condition], 1), casters=casters, fmt="early")
    assert found == ([] if legal else ["dreadnought.cluster"])


def test_1_1_3_a_decklist_may_name_a_card_with_its_epithet():
    game = get_game(GAME)
    pool = decklist.MemoryPool(game, [RED_A, BLUE, *FILLER])
    text = "Casters\n1 火気厳禁の昼行燈 旭 レイジ\n1 アリス\nMain\n" + "\n".join(
        f"4 {card.number}" for card in FILLER[:12]
    )
    built, problems = decklist.load(game, text + "\n2 F-12", pool)
    assert problems == []
    assert codes(GAME, "standard", built) == []
