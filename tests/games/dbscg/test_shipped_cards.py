"""Issue 12 on the shipped DBSCG cards: own keywords only (RULES.md §2.1.10), printed copy limits
(§2.1.3, §2.1.7), and printed numbers that resolve in every form (§2.1.9, CONTRACT §3).

The audit's shape: a decklist read against the shipped data → the violation codes.
"""

from __future__ import annotations

import math

import pytest

from cards.games import goldfish
from tests.games.shipped import audit, card, read, violations

GAME = "dbscg"
#: 52 main-deck cards with no capped keyword (BT1-004 … BT1-016) under BT1-001 Champa.
FILLER = [f"4 BT1-{n:03d}" for n in range(4, 17)]


def zenkai(*main: str, zdeck: tuple[str, ...] = (), leader: str = "BT1-001") -> str:
    lines = ["Leader", f"1 {leader}", "Main", *FILLER, *main]
    if zdeck:
        lines += ["Z-Deck", *zdeck]
    return "\n".join(lines) + "\n"


def test_the_filler_deck_is_legal():
    assert audit(GAME, "zenkai", zenkai()) == []


# §2.1.10: a keyword is the card's own, never a mention -------------------------------------------


def test_a_card_that_mentions_dragon_ball_does_not_carry_it():
    # BT5-016 Pilaf, Leader of the Crew talks about Dragon Ball cards; it is not one.
    assert "Dragon Ball" not in card(GAME, "BT5-016")["keywords"]
    assert "Dragon Ball" in card(GAME, "P-089")["keywords"]


@pytest.mark.parametrize("reference", ["BT5-016", "Pilaf, Leader of the Crew"])
def test_a_dragon_ball_mention_keeps_the_4_copy_rule(reference):
    assert audit(GAME, "zenkai", zenkai(f"2 {reference}")) == []
    assert audit(GAME, "zenkai", zenkai(f"5 {reference}")) == ["copy_limit"]


def test_mentions_do_not_count_towards_the_seven_dragon_balls():
    balls = ["1 P-084", "1 P-089", "1 P-101", "1 P-102", "1 P-168", "1 P-176", "1 TB3-067"]
    # 40 filler + 8 mentions (BT5-016, BT5-018) + 7 real balls = 55 cards.
    main = [*FILLER[:-3], "4 BT5-016", "4 BT5-018", *balls]
    text = "\n".join(["Leader", "1 BT1-001", "Main", *main]) + "\n"
    assert audit(GAME, "zenkai", text) == []
    found = violations(GAME, "zenkai", text.replace("1 TB3-067", "1 TB3-067\n1 BT5-117"))
    assert [(v.code, v.count, v.limit) for v in found] == [("dbscg.dragon_ball", 8, 7)]


def test_a_card_that_mentions_super_combo_does_not_count_towards_the_four():
    # BT4-104 Time Control Chronoa mentions [Super Combo]; BT3-013 and BT3-043 carry it.
    assert audit(GAME, "zenkai", zenkai("2 BT3-013", "2 BT3-043", "4 BT4-104")) == []
    four = zenkai("2 BT3-013", "2 BT3-043")
    assert audit(GAME, "zenkai", four) == []
    assert audit(GAME, "zenkai", four.replace("2 BT3-043", "3 BT3-043")) == ["dbscg.super_combo"]


# §2.1.3, §2.1.7: copy limits printed on the card ------------------------------------------------


@pytest.mark.parametrize(("copies", "codes"), [(7, []), (8, ["copy_limit"])])
def test_bt13_149_prints_seven_copies(copies, codes):
    assert audit(GAME, "zenkai", zenkai(f"{copies} BT13-149")) == codes


@pytest.mark.parametrize("number", ["BT18-003", "BT25-104"])
@pytest.mark.parametrize(("copies", "codes"), [(1, []), (2, ["copy_limit"])])
def test_z_cards_printed_with_one_copy(number, copies, codes):
    assert audit(GAME, "zenkai", zenkai(zdeck=(f"{copies} {number}",))) == codes


def test_bt25_007_may_fill_the_z_deck():
    assert audit(GAME, "zenkai", zenkai(zdeck=("7 BT25-007",))) == []
    assert audit(GAME, "zenkai", zenkai(zdeck=("8 BT25-007",))) == ["zone.size"]


# §2.1.9 and CONTRACT §3: every printed form of a number ------------------------------------------


@pytest.mark.parametrize(
    ("reference", "number"),
    [
        ("BT1-010_PR", "BT1-010"),
        ("bt1-010_pr", "BT1-010"),
        ("BT20-001_PR", "BT20-001"),
        ("BT1-005_JP04_L2", "BT1-005"),
        ("XD1-01", "XD01-01"),
        ("XD01-01", "XD01-01"),
        ("EX03-25", "EX3-25"),
        ("EX3-25", "EX3-25"),
        ("BT01-010", "BT1-010"),
    ],
)
def test_a_printed_number_resolves_to_its_card(reference, number):
    deck, problems = read(GAME, f"1 {reference}")
    assert problems == []
    assert [entry.card.number for entry in deck.entries("main")] == [number]


def test_a_suffix_the_card_does_not_list_is_unknown():
    _, problems = read(GAME, "1 BT1-010_SPR")
    assert [p.code for p in problems] == ["decklist.unknown_card"]


def test_an_unknown_print_followed_by_a_name_falls_back_to_the_name():
    deck, problems = read(GAME, "1 BT1-010_SPR Divine Aide Vados")
    assert problems == []
    assert [entry.card.number for entry in deck.entries("main")] == ["BT1-010"]


@pytest.mark.parametrize("extra", ["BT1-010_PR", "bt1-10_pr", "Divine Aide Vados"])
def test_an_alternate_print_counts_with_its_card(extra):
    # The filler holds 4 BT1-010: one more copy in any form is the 5th, one copy fewer is legal.
    found = violations(GAME, "zenkai", zenkai(f"1 {extra}"))
    assert [(v.code, v.cards, v.count, v.limit) for v in found] == [
        ("copy_limit", ("BT1-010",), 5, 4)
    ]
    fewer = zenkai(f"1 {extra}").replace("4 BT1-010\n", "3 BT1-010\n")
    assert audit(GAME, "zenkai", fewer) == []


@pytest.mark.parametrize("leader", ["BT20-001_PR", "BT20-001", "BT20-01_PR Android 17"])
def test_a_leader_in_its_alternate_print(leader):
    deck, problems = read(GAME, f"Leader\n1 {leader}\n")
    assert problems == []
    assert [entry.card.number for entry in deck.entries("leader")] == ["BT20-001"]


@pytest.mark.parametrize("reference", ["BT1-010_PR", "BT1-10", "BT1-010", "Divine Aide Vados"])
def test_a_goldfish_goal_names_a_card_in_any_printed_form(reference):
    deck, _ = read(GAME, zenkai())
    goal = {"type": "drawn", "cards": [reference], "at_least": 1, "turn": 1, "play": "first"}
    (exact,) = goldfish.plan(GAME, deck, [goal]).exacts
    # 4 copies of BT1-010 among 52 cards; 6 cards in the opening hand, no draw on turn 1 first.
    assert exact["probability"] == pytest.approx(1 - math.comb(48, 6) / math.comb(52, 6))


def test_every_mighty_blast_of_ex23_is_a_z_extra_and_goes_in_the_z_deck():
    # EX23-38 was shipped as an Extra; like the other Mighty Blast cards of EX23 it is a Z-Extra
    # (the curated data in shared/data/dbscg/cards.csv), so the Z-deck takes it (§2.1.7).
    assert card(GAME, "EX23-38").type == "Z-Extra"
    assert audit(GAME, "zenkai", zenkai(zdeck=("1 EX23-38",))) == []
