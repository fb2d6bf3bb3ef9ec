"""RULES.md §2.1.8 on the shipped cards: every clause of the 22 leaders that print a deck-building
rule, and every worked example of `cards/data/dbscg/deck_restriction.md`, as decklists → codes.

Each leader has a just-passing and a breaking list. The decks are short on purpose: their main deck
is below 50, so every list also gets `zone.size` (reported before the leader restriction); the
clause under test is what separates the two lists of a pair.
"""

from __future__ import annotations

import csv

import pytest

from cards.games.dbscg.restriction import parse_clause
from cards.games.game import SHIPPED_DATA
from cards.games.registry import get_game
from tests.games.shipped import audit, shipped_cards, violations

GAME = "dbscg"
SHORT = ["zone.size"]
BROKEN = ["zone.size", "dbscg.leader_restriction"]


def deck(leader: str, *main: str, zdeck: tuple[str, ...] = ()) -> str:
    lines = ["Leader", f"1 {leader}", "Main", *main]
    if zdeck:
        lines += ["Z-Deck", *zdeck]
    return "\n".join(lines) + "\n"


def test_all_22_printed_leader_rules_ship_and_parse():
    restricted = {
        c.number: c["deck_restriction"] for c in shipped_cards(GAME) if c["deck_restriction"]
    }
    assert len(restricted) == 22
    assert all(c.type == "Leader" for c in shipped_cards(GAME) if c["deck_restriction"])
    listed = csv.DictReader(
        (SHIPPED_DATA / "dbscg" / "leader_restrictions.csv").open(encoding="utf-8")
    )
    assert {row["number"]: tuple(row["restriction"].split(";")) for row in listed} == restricted
    for clauses in restricted.values():
        for clause in clauses:
            parse_clause(clause)


# Worked example 1: XD01-01 Cabba, none:type=Battle&trait!=Universe 6&char!=Vegeta -------------

EXPERT_DECK = [f"4 XD01-{n:02d}" for n in range(2, 11)]


@pytest.mark.parametrize("leader", ["XD01-01", "XD1-01", "xd1-1", "XD1-01 Cabba"])
def test_the_whole_expert_deck_is_legal_under_its_own_cabba_in_every_number_form(leader):
    assert audit(GAME, "zenkai", deck(leader, *EXPERT_DECK)) == SHORT


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        ("4 XD01-02", SHORT),  # Vegeta: the printed exception
        ("4 Vegeta, Saiyan of Universe 7", SHORT),
        ("4 XD01-03", SHORT),  # Champa: Universe 6
        ("4 XD1-09", SHORT),  # Planet Sadala: an Extra
        ("4 BT1-031", BROKEN),  # God Break Son Goku: a Saiyan Battle card, not Vegeta
        ("4 God Break Son Goku", BROKEN),
        ("4 BT1-031_SPR", BROKEN),  # an alternate print is tested as its base card
        ("4 BT4-019", SHORT),  # a Universe 6 Saiyan
    ],
)
def test_example_1_cabba(line, codes):
    assert audit(GAME, "zenkai", deck("XD1-01", line)) == codes


def test_cabba_names_the_card_and_what_the_leader_refuses():
    *_, violation = violations(GAME, "zenkai", deck("XD1-01", "4 BT1-031"))
    assert violation.cards == ("BT1-031",)
    assert violation.message() == (
        "Remove BT1-031 God Break Son Goku: your leader XD01-01 Cabba does not allow cards "
        "matching: type Battle, without trait Universe 6, character not Vegeta."
    )
    assert "§2.1.8" in violation.rule
    assert violation.message("ja").startswith("BT1-031 God Break Son Gokuを外してください")


# Worked example 2: P-269 Announcer, only_trait_battle:World Tournament;none:multicolor ------------


@pytest.mark.parametrize(
    ("lines", "codes"),
    [
        (["4 TB2-002"], SHORT),
        (["4 BT28-141"], BROKEN),  # World Tournament, but Green/Red
        (["1 XD01-09"], BROKEN),  # an Extra, but Blue/Yellow
        (["4 BT1-031"], BROKEN),  # a Battle card without World Tournament
        (["4 TB2-002", "4 BT28-141", "1 XD01-09"], [*BROKEN, "dbscg.leader_restriction"]),
    ],
)
def test_example_2_announcer_both_clauses_must_hold(lines, codes):
    assert audit(GAME, "zenkai", deck("P-269", *lines)) == codes


# Worked example 3: BT13-122 Mechikabura, max_count:7:kw=Dark Dragon Ball --------------------------


def test_example_3_seven_dark_dragon_balls_pass():
    assert audit(GAME, "zenkai", deck("BT13-122", "4 BT10-091", "3 BT10-124")) == SHORT


def test_example_3_the_eighth_is_one_violation_naming_both_entries():
    found = violations(GAME, "zenkai", deck("BT13-122", "4 BT10-091", "4 BT10-124"))
    assert [v.code for v in found] == BROKEN
    assert (found[-1].cards, found[-1].count, found[-1].limit) == (("BT10-091", "BT10-124"), 8, 7)
    assert found[-1].message() == (
        "Your leader BT13-122 Mechikabura allows at most 7 cards matching: [Dark Dragon Ball] "
        "(you have 8)."
    )


def test_dark_dragon_balls_are_not_dragon_balls_and_keep_their_own_copy_limit():
    # Without Mechikabura there is no total; BT13-149 prints 7 copies, the others keep 4.
    assert audit(GAME, "zenkai", deck("BT1-001", "7 BT13-149", "4 BT10-091", "4 BT10-124")) == SHORT
    assert audit(GAME, "zenkai", deck("BT1-001", "5 BT10-091")) == ["zone.size", "copy_limit"]
    assert audit(GAME, "zenkai", deck("BT13-122", "8 BT13-149")) == [
        "zone.size",
        "copy_limit",
        "dbscg.leader_restriction",
    ]


# Worked example 4: EX24-01 Son Goku, zdeck_none:type!=Z-Unison -----------------------------------


def test_example_4_a_z_deck_of_z_unisons_passes():
    assert audit(GAME, "zenkai", deck("EX24-01", "4 BT1-031", zdeck=("4 BT24-004",))) == SHORT


@pytest.mark.parametrize("z_battle", ["1 BT18-005", "1 BT18-005_PR02", "1 Rush Attack SSB Vegeta"])
def test_example_4_a_z_battle_fails_and_only_the_z_deck_is_looked_at(z_battle):
    found = violations(GAME, "zenkai", deck("EX24-01", "4 BT1-031", zdeck=("4 BT24-004", z_battle)))
    assert [v.code for v in found] == BROKEN
    assert (found[-1].zone, found[-1].cards) == ("zdeck", ("BT18-005",))
    assert found[-1].message().startswith("Remove BT18-005 Rush Attack SSB Vegeta from the Z-deck")


# Every other leader: one just-passing and one breaking list ----------------------------------------

CASES = [
    # BT6-002 Frieza: none:type=Battle&cost<=3
    ("BT6-002", "4 BT6-020", SHORT),  # a Battle card of cost 4
    ("BT6-002", "4 BT6-003", BROKEN),  # cost 3
    ("BT6-002", "4 BT13-027", SHORT),  # an Extra of cost 1
    # BT6-027 Dende: none:type=Extra&cost>=4
    ("BT6-027", "4 BT6-023", SHORT),  # an Extra of cost 3
    ("BT6-027", "4 BT6-050", BROKEN),  # cost 4
    ("BT6-027", "4 BT1-004", SHORT),  # a Battle card of cost 6
    # BT13-001 Bardock: none:type=Extra&cost>=2
    ("BT13-001", "4 BT13-027", SHORT),  # an Extra of cost 1
    ("BT13-001", "4 BT13-085", BROKEN),  # cost 2
    # BT15-002 Broly: none:type=Battle&char!=Broly (exact character)
    ("BT15-002", "4 BT1-073", SHORT),  # 〈Broly〉
    ("BT15-002", "4 BT6-060", BROKEN),  # 〈Broly : Br〉 is another character
    ("BT15-002", "4 BT6-050", SHORT),  # an Extra
    # BT16-002 Great Priest: only_trait_battle:God
    ("BT16-002", "4 BT1-005", SHORT),
    ("BT16-002", "4 BT1-031", BROKEN),
    # BT18-002 One-Star Ball: red Battle cards only (a multicolour card counts as each colour)
    ("BT18-002", "4 BT9-101", SHORT),  # Blue/Red
    ("BT18-002", "4 BT1-031", BROKEN),  # Blue
    # BT18-030 Son Goku: none:type=Battle&color=Black
    ("BT18-030", "4 BT1-004", SHORT),  # Red
    ("BT18-030", "4 BT18-143", BROKEN),  # Black/Red
    ("BT18-030", "4 BT3-122", SHORT),  # a Black Extra
    # BT30-016 Bulma: only_trait_battle:Earthling
    ("BT30-016", "4 BT1-035", SHORT),
    ("BT30-016", "4 BT1-004", BROKEN),
    # BT31-116 Cell: none:type=Extra&color!=White
    ("BT31-116", "4 BT28-137", SHORT),
    ("BT31-116", "4 BT3-122", BROKEN),
    # EX3-25 Zen-Oh (printed EX03-25): none:trait!~Universe
    ("EX03-25", "4 BT4-030", SHORT),  # Universe 7
    ("EX3-25", "4 BT4-019", SHORT),  # Universe 6
    ("EX03-25", "4 BT1-004", BROKEN),  # God only
    ("EX3-25", "4 BT6-023", BROKEN),  # an Extra with no trait
    # P-069 Son Goku & Vegeta: max_energy_cost:5
    ("P-069", "4 BT1-008", SHORT),  # cost 5
    ("P-069", "4 BT1-004", BROKEN),  # cost 6
    # P-086 Janemba: max_energy_cost:4
    ("P-086", "4 BT1-034", SHORT),  # cost 4
    ("P-086", "4 BT1-008", BROKEN),  # cost 5
    # P-434 Magenta: only_trait:Villainous (every card, Extras too)
    ("P-434", "4 BT8-126", SHORT),
    ("P-434", "4 BT1-005", BROKEN),
    ("P-434", "4 BT6-023", BROKEN),
    # SD13-01 Frieza: no_trait:Saiyan
    ("SD13-01", "4 BT1-004", SHORT),
    ("SD13-01", "4 BT1-031", BROKEN),
    # SD21-01 Son Gohan: only_trait_battle:Universe 7;none:multicolor
    ("SD21-01", "4 BT4-030", SHORT),
    ("SD21-01", "4 BT9-105", BROKEN),  # Universe 7, but Blue/Red
    ("SD21-01", "4 BT1-004", BROKEN),  # no Universe 7
    # SD9-01 King Vegeta: only_trait_battle:Saiyan
    ("SD9-01", "4 BT1-031", SHORT),
    ("SD9-01", "4 BT1-004", BROKEN),
    # TB1-050 Son Goku: only_trait:Universe 7
    ("TB1-050", "4 BT4-030", SHORT),
    ("TB1-050", "4 BT1-031", BROKEN),
    # TB2-065 Announcer: only_trait_battle:World Tournament
    ("TB2-065", "4 TB2-002", SHORT),
    ("TB2-065", "4 BT1-031", BROKEN),
    ("TB2-065", "4 BT6-023", SHORT),  # an Extra
]


@pytest.mark.parametrize(("leader", "line", "codes"), CASES)
def test_each_leader_rule_breaks_and_just_passes(leader, line, codes):
    assert audit(GAME, "zenkai", deck(leader, line)) == codes


def test_every_restricted_leader_has_a_breaking_case():
    key = get_game(GAME).number_key
    broken = {key(leader) for leader, _, codes in CASES if codes == BROKEN}
    broken |= {key(n) for n in ("XD01-01", "P-269", "BT13-122", "EX24-01")}
    assert broken == {key(c.number) for c in shipped_cards(GAME) if c["deck_restriction"]}


# BT18-002 One-Star Ball: max_count:6:kw=Dragon Ball, a cap below the rule's 7 -----------------------

SIX_BALLS = ["1 P-084", "1 P-089", "1 P-101", "1 P-102", "1 P-168", "1 P-176"]


def test_one_star_ball_allows_six_dragon_balls():
    assert audit(GAME, "zenkai", deck("BT18-002", "4 BT1-004", *SIX_BALLS)) == SHORT


def test_one_star_ball_refuses_the_seventh_which_the_rule_alone_allows():
    seven = [*SIX_BALLS, "1 TB3-067"]
    assert audit(GAME, "zenkai", deck("BT1-001", "4 BT1-004", *seven)) == SHORT
    found = violations(GAME, "zenkai", deck("BT18-002", "4 BT1-004", *seven))
    assert [v.code for v in found] == BROKEN
    assert (found[-1].count, found[-1].limit, len(found[-1].cards)) == (7, 6, 7)


def test_dragon_balls_written_by_number_or_name_count_the_same():
    by_name = ["1 Two-Star Ball", "1 P-089", "1 Three-Star Ball", "1 Five-Star Ball"]
    seven = [*by_name, "1 P-168", "1 P-176", "1 TB3-067"]
    assert audit(GAME, "zenkai", deck("BT18-002", "4 BT1-004", *seven)) == BROKEN
