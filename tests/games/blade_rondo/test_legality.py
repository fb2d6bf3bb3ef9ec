"""RULES.md §4.2 and §4.3: Blade Rondo pools, dealt cards and hands, against the shipped set decks
(or imported ones), one breaking and one passing deck per numbered rule."""

from __future__ import annotations

import csv
import json

import pytest

from cards.games.blade_rondo.legality import SET_DECKS_FILE
from tests.games.decks import cards, check, codes, deck

GAME = "blade_rondo"
CARDS = cards(
    GAME, list(csv.DictReader((SET_DECKS_FILE.parent / "cards.csv").open(encoding="utf-8")))
)
BY_NAME = {card.name: card for card in CARDS}
SET_DECKS = json.loads(SET_DECKS_FILE.read_text(encoding="utf-8"))


def set_deck(key: str) -> list[tuple]:
    return [(BY_NAME[name], count) for name, count in SET_DECKS[key]["cards"].items()]


BLADE_RONDO = set_deck("bladeRondo")
NIGHT_THEATER = set_deck("nightTheater")
#: 15 cards of Blade Rondo's pool: 2 copies of the first 7 kinds, and 1 of the 8th.
DEALT = [(card, 2) for card, _ in BLADE_RONDO[:7]] + [(BLADE_RONDO[7][0], 1)]
HAND = [(card, 1) for card, _ in BLADE_RONDO[:7]]


# §4.2.1 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["bladeRondo", "nightTheater", "br_nt", "breadRondo"])
def test_4_2_1_a_pool_that_is_exactly_one_set_deck_is_legal(key):
    assert codes(GAME, "set", deck(pool=set_deck(key))) == []


def test_4_2_1_a_pool_with_one_card_swapped_is_not_a_set_deck():
    pool = [*BLADE_RONDO[1:], (BLADE_RONDO[0][0], 1), (NIGHT_THEATER[0][0], 1)]
    (violation,) = check(GAME, "set", deck(pool=pool))
    assert (violation.code, violation.count, violation.limit) == ("blade_rondo.pool", 40, 40)
    assert violation.cards == (NIGHT_THEATER[0][0].number,)
    assert violation.message() == (
        "The pool is not a set deck. Closest: Blade Rondo — add 1× 斬撃剣; remove 1× 夜想剣."
    )
    assert "不足" in violation.message("ja")


def test_4_2_1_an_empty_pool_with_a_hand_is_legal():
    assert codes(GAME, "set", deck(hand=HAND)) == []


def test_4_2_1_an_entirely_empty_deck_is_not_a_set_deck():
    assert codes(GAME, "set", deck(pool=[])) == ["blade_rondo.pool"]


def test_4_2_1_a_hand_no_single_set_deck_holds_is_illegal():
    # Mixed decks hold two sets at most: cards of three sets are in none.
    grim = set_deck("grimGarden")
    hand = [(grim[0][0], 1), (NIGHT_THEATER[0][0], 1), *HAND[:5]]
    assert codes(GAME, "set", deck(hand=hand)) == ["blade_rondo.pool"]


def test_4_2_1_imported_set_decks_replace_the_shipped_ones():
    cards_of = {card.name: 2 for card, _ in NIGHT_THEATER}
    imported = {"set_decks": {"mine": {"name": "Mine", "dealt": 15, "cards": cards_of}}}
    assert codes(GAME, "set", deck(pool=NIGHT_THEATER), imported) == []
    assert codes(GAME, "set", deck(pool=BLADE_RONDO), imported) == ["blade_rondo.pool"]


def test_4_2_1_set_decks_changed_in_place_are_read_anew():
    # The parsed set decks are kept per document: a change to the same dict must not be missed.
    cards_of = {card.name: 2 for card, _ in NIGHT_THEATER}
    imported = {"set_decks": {"mine": {"name": "Mine", "dealt": 15, "cards": cards_of}}}
    assert codes(GAME, "set", deck(pool=NIGHT_THEATER), imported) == []
    cards_of[NIGHT_THEATER[0][0].name] = 3
    assert codes(GAME, "set", deck(pool=NIGHT_THEATER), imported) == ["blade_rondo.pool"]


# §4.2.2 -------------------------------------------------------------------------------------


def test_4_2_2_fifteen_dealt_cards_from_the_pool_are_legal():
    assert codes(GAME, "set", deck(pool=BLADE_RONDO, dealt=DEALT)) == []


def test_4_2_2_fourteen_dealt_cards_are_illegal():
    (violation,) = check(GAME, "set", deck(pool=BLADE_RONDO, dealt=DEALT[:-1]))
    assert (violation.code, violation.zone, violation.count, violation.limit) == (
        "zone.size",
        "dealt",
        14,
        15,
    )


def test_4_2_2_a_dealt_card_the_pool_does_not_hold_is_not_dealt():
    dealt = [*DEALT[:-1], (NIGHT_THEATER[0][0], 1)]
    (violation,) = check(GAME, "set", deck(pool=BLADE_RONDO, dealt=dealt))
    assert (violation.code, violation.zone, violation.count, violation.limit) == (
        "blade_rondo.not_dealt",
        "dealt",
        1,
        0,
    )


def test_4_2_2_bread_rondo_deals_ten():
    bread = set_deck("breadRondo")
    dealt = [(card, 2) for card, _ in bread[:5]]
    assert codes(GAME, "set", deck(pool=bread, dealt=dealt)) == []


# §4.2.3 -------------------------------------------------------------------------------------


def test_4_2_3_a_hand_of_7_from_the_15_dealt_is_legal():
    assert codes(GAME, "set", deck(pool=BLADE_RONDO, dealt=DEALT, hand=HAND)) == []


@pytest.mark.parametrize(("size", "nearest"), [(6, 7), (8, 7)])
def test_4_2_3_a_hand_of_6_or_8_is_illegal(size, nearest):
    hand = [(BLADE_RONDO[i][0], 1) for i in range(size)]
    found = check(GAME, "set", deck(pool=BLADE_RONDO, hand=hand))
    assert [(v.code, v.zone, v.count, v.limit) for v in found] == [
        ("zone.size", "hand", size, nearest)
    ]


def test_4_2_3_a_hand_card_that_was_not_dealt_is_illegal():
    hand = [*HAND[:6], (BLADE_RONDO[10][0], 1)]
    (violation,) = check(GAME, "set", deck(pool=BLADE_RONDO, dealt=DEALT, hand=hand))
    assert (violation.code, violation.zone) == ("blade_rondo.not_dealt", "hand")
    assert violation.message() == (
        f"Remove 1 copy of {BLADE_RONDO[10][0].label} from Hand: Dealt holds only 0."
    )


def test_4_2_3_without_dealt_cards_the_hand_comes_from_the_pool():
    hand = [(BLADE_RONDO[0][0], 3), *HAND[1:5]]
    assert codes(GAME, "set", deck(pool=BLADE_RONDO, hand=hand)) == ["blade_rondo.not_dealt"]


# §4.3 ---------------------------------------------------------------------------------------

FREE = [(card, 2) for card in CARDS[40:60]]


def test_4_3_twenty_cards_twice_from_any_sets_are_legal():
    assert codes(GAME, "free", deck(pool=FREE, dealt=[(c, 1) for c, _ in FREE[:15]])) == []


def test_4_3_a_free_pool_deals_15_even_of_cards_only_bread_rondo_holds():
    bread = set_deck("breadRondo")  # its 12 kinds are in no other set deck; it deals 10
    pool = [(card, 2) for card, _ in bread] + [(card, 2) for card in CARDS[40:48]]
    dealt = [(card, 1) for card, _ in bread] + [(bread[0][0], 1), (bread[1][0], 1)]
    assert codes(GAME, "free", deck(pool=pool, dealt=[*dealt, (bread[2][0], 1)])) == []
    size = check(GAME, "free", deck(pool=pool, dealt=dealt[:10]))
    assert [(v.code, v.count, v.limit) for v in size] == [("zone.size", 10, 15)]


def test_4_3_a_third_copy_is_illegal():
    pool = [*FREE[:19], (FREE[19][0], 1), (FREE[0][0], 1)]
    assert sorted(codes(GAME, "free", deck(pool=pool))) == ["blade_rondo.pool", "copy_limit"]


def test_4_3_a_pool_of_38_is_illegal():
    assert codes(GAME, "free", deck(pool=FREE[:19])) == ["zone.size"]


def test_4_3_a_card_once_must_be_twice():
    size, pair = check(GAME, "free", deck(pool=[*FREE[:19], (FREE[19][0], 1)]))
    assert (size.code, pair.code, pair.cards) == (
        "zone.size",
        "blade_rondo.pool",
        (FREE[19][0].number,),
    )
    assert pair.message().startswith(f"Add 1 copy of {FREE[19][0].label}")


def test_the_free_pool_is_built_in_pairs_and_counted_in_kinds():
    from cards.games.blade_rondo.legality import FREE_POOL
    from cards.games.registry import get_game

    built = get_game("blade_rondo").format("free").construction
    assert built is FREE_POOL and (built.zone, built.kinds, built.copies, built.size) == (
        "pool",
        20,
        2,
        40,
    )
    assert get_game("blade_rondo").format("set").construction is None
    # "+" adds the pair, or completes one; "−" takes the pair; a full pair takes no more.
    assert [built.stepped(n, 1) for n in (0, 1, 2, 3)] == [2, 2, None, None]
    assert [built.stepped(n, -1) for n in (0, 1, 2, 3)] == [0, 0, 0, 2]
    tally = built.tally({"1": 2, "2": 1, "3": 3})
    assert (tally.kinds, tally.cards, tally.short, tally.over) == (3, 6, ("2",), ("3",))
    assert tally.kinds_missing == 17 and not tally.complete
    full = built.tally({str(n): 2 for n in range(1, 21)})
    assert full.complete and full.cards == 40
    assert built.tally({str(n): 2 for n in range(1, 23)}).kinds_extra == 2
    assert built.fits({"a": 2, "b": 2}) and not built.fits({"a": 1})
