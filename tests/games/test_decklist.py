"""CONTRACT §3: the decklist text format."""

from __future__ import annotations

import pytest

from cards.games import decklist, intake
from cards.games.base import Card
from cards.games.registry import get_game

GAME = get_game("dbscg")
CARDS = [
    Card("BT1-001", "Champa", "Leader", {"name_back": "God of Destruction Champa"}),
    Card("BT1-004", "Destructive Terror Champa", "Battle"),
    Card("BT1-005", "Furthering Destruction Champa", "Battle"),
    Card("BT1-006", "Scheming Champa", "Battle"),
    Card("BT20-003", "SSG Son Goku, Rapidfire Response", "Battle"),
    Card("BT2-002", "Son Goku", "Battle"),
    Card("BT3-032", "Son Goku", "Battle"),
    Card("BT9-001", "Z Leader", "Z-Leader"),
]
POOL = decklist.MemoryPool(GAME, CARDS)


def load(text: str):
    return decklist.load(GAME, text, POOL)


def test_the_contract_example_parses_into_zones():
    deck, problems = load(
        "# a comment; so is a line starting with //\n"
        "// another\n"
        "Leader\n1 BT20-001\n"
        "Main:\n4 BT20-003 SSG Son Goku, Rapidfire Response\n3x BT1-004\nBT1-005 x2\n"
        "BT1-006 ×1\n2 Destructive Terror Champa\n"
    )
    assert [p.code for p in problems] == ["decklist.unknown_card"]  # BT20-001 is not in this pool
    assert deck.quantities()["main"] == {"BT20-003": 4, "BT1-004": 5, "BT1-005": 2, "BT1-006": 1}


@pytest.mark.parametrize(
    "line",
    [
        "4 BT1-004",
        "4x BT1-004",
        "4 x BT1-004",
        "BT1-004 x4",
        "BT1-004 ×4",
        "BT1-004 4枚",
        "４ ＢＴ１-００４",
        "4X bt1-004",
    ],
)
def test_every_card_line_form_reads_four_copies(line):
    deck, problems = load(line)
    assert problems == []
    assert deck.quantities()["main"] == {"BT1-004": 4}


@pytest.mark.parametrize("header", ["Z-Deck (3):", "zdeck", "Zデッキ", "z deck:", "Ｚ－Ｄｅｃｋ"])
def test_headers_by_slug_or_display_name(header):
    deck, problems = load(f"{header}\n1 BT9-001")
    assert problems == []
    assert deck.quantities()["zdeck"] == {"BT9-001": 1}


def test_cards_before_any_header_go_to_main():
    deck, _ = load("2 BT1-004")
    assert deck.size("main") == 2


def test_a_name_alone_finds_the_card_folding_case_width_and_spaces():
    deck, problems = load("2  destructive   TERROR champa\n1 ｓｃｈｅｍｉｎｇ champa")
    assert problems == []
    assert deck.quantities()["main"] == {"BT1-004": 2, "BT1-006": 1}


def test_a_leader_is_found_by_its_back_name_too():
    deck, problems = load("Leader\n1 God of Destruction Champa")
    assert problems == []
    assert deck.size("leader") == 1


def test_a_name_shared_by_several_cards_is_ambiguous():
    _, problems = load("2 Son Goku")
    assert [(p.code, p.cards, p.line) for p in problems] == [
        ("decklist.ambiguous_card", ("BT2-002", "BT3-032"), 1)
    ]


def test_a_line_that_names_no_card_and_has_no_count_is_a_note_not_a_violation():
    found = intake.read(GAME, "Main\n4 BT1-004\nthis is not a card line\n", POOL)
    assert found.problems == []
    note = found.lines[2]
    assert (note.kind, note.number, note.note) == ("note", 3, "intake.note.text")


def test_a_countless_line_holding_a_card_number_it_cannot_read_asks_for_a_count():
    _, problems = load("Leader\nfour of BT1-001\n")
    (problem,) = problems
    assert (problem.code, problem.line) == ("decklist.syntax", 2)
    assert "Add a count" in problem.message() and "枚数を付けて" in problem.message("ja")


def test_an_absurd_quantity_is_a_syntax_violation():
    _, problems = load("100000 BT1-004")
    assert [p.code for p in problems] == ["decklist.syntax"]


def test_the_same_card_on_several_lines_adds_up():
    deck, _ = load("2 BT1-004\n1 Destructive Terror Champa\nBT1-004 x1")
    assert deck.quantities()["main"] == {"BT1-004": 4}


def test_export_is_canonical_and_parses_back_to_the_same_deck():
    deck, _ = load("Main\n1 BT20-003\n2 BT1-005\nLeader\n1 BT1-001\n")
    text = decklist.export(GAME, deck)
    assert text == (
        "Leader (1)\n1 BT1-001 Champa\n\n"
        "Main (3)\n2 BT1-005 Furthering Destruction Champa\n1 BT20-003 SSG Son Goku, Rapidfire Response\n"
    )
    again, problems = load(text)
    assert problems == [] and again.quantities() == deck.quantities()


def test_messages_exist_in_japanese():
    _, problems = load("4 nonsense")
    assert "行目" in problems[0].message("ja")
