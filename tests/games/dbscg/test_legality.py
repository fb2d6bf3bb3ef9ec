"""RULES.md §2.1 and §2.2: Dragon Ball Super Card Game deck rules, one breaking and one passing
deck per numbered rule, at the boundaries."""

from __future__ import annotations

import pytest

from tests.games.decks import cards, check, codes, deck

GAME = "dbscg"

LEADER, BATTLE_LEADER = cards(
    GAME,
    [
        {"number": "BT1-001", "name": "Champa", "type": "Leader"},
        {"number": "BT1-002", "name": "Not a leader", "type": "Battle"},
    ],
)
FILLER = cards(
    GAME,
    [
        {"number": f"BT2-{i:03d}", "name": f"Fighter {i}", "type": "Battle", "traits": "Saiyan"}
        for i in range(1, 20)
    ],
)
DRAGON_BALLS = cards(
    GAME,
    [
        {"number": f"BT3-{i:03d}", "name": f"Ball {i}", "type": "Extra", "keywords": "Dragon Ball"}
        for i in range(1, 9)
    ],
)
COMBOS = cards(
    GAME,
    [
        {"number": f"BT4-{i:03d}", "name": f"Combo {i}", "type": "Extra", "keywords": "Super Combo"}
        for i in range(1, 4)
    ],
)
ULTIMATES = cards(
    GAME,
    [
        {
            "number": f"BT5-{i:03d}",
            "name": f"Ultimate {i}",
            "type": "Battle",
            "keywords": "Ultimate",
        }
        for i in range(1, 3)
    ],
)
Z_CARDS = cards(
    GAME,
    [{"number": f"BT6-{i:03d}", "name": f"Z {i}", "type": "Z-Battle"} for i in range(1, 4)]
    + [{"number": "BT6-009", "name": "Z Leader", "type": "Z-Leader"}],
)
(ANY_COPIES, SIX_COPIES, PROMO, PROMO_ALT) = cards(
    GAME,
    [
        {"number": "BT7-001", "name": "Army", "type": "Battle", "copy_limit": "any"},
        {"number": "BT7-002", "name": "Six", "type": "Battle", "copy_limit": "6"},
        {"number": "BT8-001", "name": "Promo", "type": "Battle"},
        {"number": "BT8-001_PR", "name": "Promo", "type": "Battle"},
    ],
)


def main_deck(size: int, *extra: tuple) -> list[tuple]:
    """`size` main-deck cards: the extras, then filler at 4 copies each."""
    pairs = list(extra)
    left = size - sum(count for _, count in pairs)
    for card in FILLER:
        if left <= 0:
            break
        pairs.append((card, min(4, left)))
        left -= min(4, left)
    return pairs


def zenkai(size: int = 50, *extra: tuple, leader=LEADER, zdeck=()) -> list[str]:
    return codes(
        GAME, "zenkai", deck(leader=[(leader, 1)], main=main_deck(size, *extra), zdeck=list(zdeck))
    )


# §2.1.1 -------------------------------------------------------------------------------------


def test_2_1_1_a_deck_with_one_leader_is_legal():
    assert zenkai() == []


def test_2_1_1_a_deck_without_a_leader_is_illegal():
    (violation,) = check(GAME, "zenkai", deck(leader=[], main=main_deck(50)))
    assert (violation.code, violation.zone, violation.count, violation.limit) == (
        "zone.size",
        "leader",
        0,
        1,
    )
    assert violation.message() == "Leader: add 1 card (0 now; exactly 1)."


def test_2_1_1_two_leaders_are_too_many():
    built = deck(leader=[(LEADER, 2)], main=main_deck(50))
    assert codes(GAME, "zenkai", built) == ["zone.size"]


def test_2_1_1_a_battle_card_in_the_leader_zone_is_the_wrong_type():
    assert zenkai(leader=BATTLE_LEADER) == ["zone.card_type"]


# §2.1.2 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [50, 60])
def test_2_1_2_a_main_deck_of_50_to_60_is_legal(size):
    assert zenkai(size) == []


@pytest.mark.parametrize(("size", "nearest"), [(49, 50), (61, 60)])
def test_2_1_2_a_main_deck_of_49_or_61_is_illegal_and_names_the_nearest_size(size, nearest):
    (violation,) = check(GAME, "zenkai", deck(leader=[(LEADER, 1)], main=main_deck(size)))
    assert (violation.code, violation.count, violation.limit) == ("zone.size", size, nearest)
    assert "§2.1.2" in violation.rule


@pytest.mark.parametrize("card", [LEADER, Z_CARDS[0]])
def test_2_1_2_no_leader_and_no_z_card_in_the_main_deck(card):
    assert zenkai(50, (card, 1)) == ["zone.card_type"]


# §2.1.3 -------------------------------------------------------------------------------------


def test_2_1_3_the_4th_copy_is_allowed():
    assert zenkai(50, (FILLER[-1], 4)) == []


def test_2_1_3_the_5th_copy_is_one_too_many_and_the_message_says_what_to_remove():
    (violation,) = check(
        GAME, "zenkai", deck(leader=[(LEADER, 1)], main=main_deck(50, (FILLER[-1], 5)))
    )
    assert violation.to_dict() == {
        "code": "copy_limit",
        "message": "Remove 1 copy of BT2-019 Fighter 19 (5 of at most 4).",
        "rule": violation.rule,
        "zone": "main",
        "cards": ["BT2-019"],
        "count": 5,
        "limit": 4,
    }
    assert "§2.1.3" in violation.rule
    assert (
        violation.message("ja") == "BT2-019 Fighter 19を1枚減らしてください（現在5枚、上限4枚）。"
    )


def test_2_1_3_a_card_printed_with_any_copies_has_no_limit():
    assert zenkai(50, (ANY_COPIES, 12)) == []


@pytest.mark.parametrize(("copies", "expected"), [(6, []), (7, ["copy_limit"])])
def test_2_1_3_a_card_printed_with_its_own_limit_uses_it(copies, expected):
    assert zenkai(50, (SIX_COPIES, copies)) == expected


# §2.1.4 -------------------------------------------------------------------------------------


def test_2_1_4_seven_dragon_balls_in_any_mix_are_legal_and_exempt_from_the_copy_limit():
    assert zenkai(50, (DRAGON_BALLS[0], 6), (DRAGON_BALLS[1], 1)) == []


def test_2_1_4_the_8th_dragon_ball_is_one_violation_naming_every_dragon_ball():
    balls = [(card, 1) for card in DRAGON_BALLS]
    (violation,) = check(GAME, "zenkai", deck(leader=[(LEADER, 1)], main=main_deck(50, *balls)))
    assert (violation.code, violation.count, violation.limit) == ("dbscg.dragon_ball", 8, 7)
    assert violation.cards == tuple(card.number for card in DRAGON_BALLS)
    assert violation.message().startswith("Remove 1 of the [Dragon Ball] cards (8 of at most 7)")


# §2.1.5 -------------------------------------------------------------------------------------


def test_2_1_5_four_super_combos_are_legal():
    assert zenkai(50, (COMBOS[0], 2), (COMBOS[1], 2)) == []


def test_2_1_5_the_5th_super_combo_is_illegal():
    assert zenkai(50, (COMBOS[0], 2), (COMBOS[1], 2), (COMBOS[2], 1)) == ["dbscg.super_combo"]


# §2.1.6 -------------------------------------------------------------------------------------


def test_2_1_6_one_ultimate_is_legal():
    assert zenkai(50, (ULTIMATES[0], 1)) == []


def test_2_1_6_a_second_ultimate_is_illegal_even_with_another_name():
    assert zenkai(50, (ULTIMATES[0], 1), (ULTIMATES[1], 1)) == ["dbscg.ultimate"]


# §2.1.7 -------------------------------------------------------------------------------------


def test_2_1_7_a_z_deck_of_7_z_cards_is_legal():
    zdeck = [(Z_CARDS[0], 4), (Z_CARDS[1], 2), (Z_CARDS[3], 1)]
    assert zenkai(zdeck=zdeck) == []


def test_2_1_7_an_8th_z_card_is_illegal():
    assert zenkai(zdeck=[(Z_CARDS[0], 4), (Z_CARDS[1], 4)]) == ["zone.size"]


def test_2_1_7_a_5th_copy_in_the_z_deck_is_illegal():
    (violation,) = check(
        GAME, "zenkai", deck(leader=[(LEADER, 1)], main=main_deck(50), zdeck=[(Z_CARDS[0], 5)])
    )
    assert (violation.code, violation.zone, violation.count) == ("copy_limit", "zdeck", 5)


def test_2_1_7_a_battle_card_in_the_z_deck_is_the_wrong_type():
    assert zenkai(zdeck=[(FILLER[0], 1)]) == ["zone.card_type"]


# §2.1.8 -------------------------------------------------------------------------------------

RESTRICTED = cards(
    GAME,
    [
        {
            "number": "R-1",
            "name": "Gods",
            "type": "Leader",
            "deck_restriction": "only_trait_battle:God",
        },
        {
            "number": "R-2",
            "name": "Saiyans",
            "type": "Leader",
            "deck_restriction": "only_trait:Saiyan",
        },
        {
            "number": "R-3",
            "name": "No androids",
            "type": "Leader",
            "deck_restriction": "no_trait:Android",
        },
        {
            "number": "R-4",
            "name": "Cheap",
            "type": "Leader",
            "deck_restriction": "max_energy_cost:3",
        },
    ],
)
GOD, ANDROID, COST_3, COST_4 = cards(
    GAME,
    [
        {"number": "G-1", "name": "God", "type": "Battle", "traits": "God/Universe 6"},
        {"number": "G-2", "name": "Android", "type": "Battle", "traits": "Saiyan/Android"},
        {
            "number": "G-3",
            "name": "Three",
            "type": "Battle",
            "traits": "Saiyan",
            "energy_cost": "3",
        },
        {"number": "G-4", "name": "Four", "type": "Battle", "traits": "Saiyan", "energy_cost": "4"},
    ],
)
#: Cards every restriction above allows: Saiyan Gods with no energy cost.
NEUTRAL = cards(
    GAME,
    [
        {"number": f"N-{i}", "name": f"N{i}", "type": "Battle", "traits": "God/Saiyan"}
        for i in range(13)
    ],
)


@pytest.mark.parametrize(
    ("leader", "card", "legal"),
    [
        (RESTRICTED[0], GOD, True),
        (RESTRICTED[0], COST_4, False),
        (RESTRICTED[1], COST_4, True),
        (RESTRICTED[1], GOD, False),
        (RESTRICTED[2], GOD, True),
        (RESTRICTED[2], ANDROID, False),
        (RESTRICTED[3], COST_3, True),
        (RESTRICTED[3], COST_4, False),
    ],
)
def test_2_1_8_the_leaders_deck_restriction_applies_to_the_main_deck(leader, card, legal):
    main = [(card, 2)] + [(neutral, 4) for neutral in NEUTRAL[:12]]
    found = check(GAME, "zenkai", deck(leader=[(leader, 1)], main=main))
    assert [v.code for v in found] == ([] if legal else ["dbscg.leader_restriction"])
    assert all(v.cards == (card.number,) and "§2.1.8" in v.rule for v in found)


def test_2_1_8_only_trait_battle_leaves_extra_cards_alone():
    main = [(DRAGON_BALLS[0], 2)] + [(neutral, 4) for neutral in NEUTRAL[:12]]
    assert codes(GAME, "zenkai", deck(leader=[(RESTRICTED[0], 1)], main=main)) == []


def test_2_1_8_the_message_names_the_leader_and_what_it_allows():
    main = [(GOD, 2)] + [(neutral, 4) for neutral in NEUTRAL[:12]]
    (violation,) = check(GAME, "zenkai", deck(leader=[(RESTRICTED[1], 1)], main=main))
    assert violation.message() == (
        "Remove G-1 God: your leader R-2 Saiyans allows only cards with the trait Saiyan."
    )


# §2.1.9 -------------------------------------------------------------------------------------


def test_2_1_9_an_alternate_print_counts_with_its_base_number():
    (violation,) = check(
        GAME,
        "zenkai",
        deck(leader=[(LEADER, 1)], main=main_deck(50, (PROMO, 3), (PROMO_ALT, 2))),
    )
    assert (violation.code, violation.cards, violation.count) == (
        "copy_limit",
        ("BT8-001", "BT8-001_PR"),
        5,
    )


def test_2_1_9_four_copies_across_prints_are_legal():
    assert zenkai(50, (PROMO, 2), (PROMO_ALT, 2)) == []


# §2.2 ---------------------------------------------------------------------------------------


def classic(size: int, zdeck=()) -> list[str]:
    return codes(
        GAME, "classic", deck(leader=[(LEADER, 1)], main=main_deck(size), zdeck=list(zdeck))
    )


def test_2_2_a_classic_deck_of_exactly_50_is_legal():
    assert classic(50) == []


def test_2_2_a_classic_deck_of_51_is_illegal():
    assert classic(51) == ["zone.size"]


def test_2_2_a_classic_deck_has_no_z_deck():
    (violation,) = check(
        GAME, "classic", deck(leader=[(LEADER, 1)], main=main_deck(50), zdeck=[(Z_CARDS[0], 1)])
    )
    assert (violation.code, violation.zone, violation.limit) == ("zone.size", "zdeck", 0)
