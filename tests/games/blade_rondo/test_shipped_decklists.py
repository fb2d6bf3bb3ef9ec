"""RULES.md §4.2 as decklists of shipped cards → codes: a set deck written out by name or by
number, with its dealt cards (15, or 10 from Bread Rondo) and a hand of 7, at each size and one off."""

from __future__ import annotations

import json

import pytest

from cards.games.game import SHIPPED_DATA
from tests.games.shipped import audit, shipped_cards

GAME = "blade_rondo"
SET_DECKS = json.loads(
    (SHIPPED_DATA / "blade_rondo" / "set_decks.json").read_text(encoding="utf-8")
)
NUMBERS = {card.name: card.number for card in shipped_cards(GAME)}


def lines(pairs: list[tuple[str, int]], form: str) -> list[str]:
    return [f"{count} {NUMBERS[name] if form == 'number' else name}" for name, count in pairs]


def text(key: str, form: str, dealt: int = 0, hand: int = 0) -> str:
    pool = list(SET_DECKS[key]["cards"].items())
    singles = [(name, 1) for name, _ in pool]
    out = ["Pool", *lines(pool, form)]
    if dealt:  # one copy of each kind, then the second copies, until `dealt` cards
        chosen = (singles + singles)[:dealt]
        merged: dict[str, int] = {}
        for name, count in chosen:
            merged[name] = merged.get(name, 0) + count
        out += ["Dealt", *lines(list(merged.items()), form)]
    if hand:
        out += ["Hand", *lines(singles[:hand], form)]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("form", ["name", "number"])
@pytest.mark.parametrize(
    ("key", "dealt", "codes"),
    [
        ("breadRondo", 9, ["zone.size"]),
        ("breadRondo", 10, []),
        ("breadRondo", 11, ["zone.size"]),
        ("bladeRondo", 14, ["zone.size"]),
        ("bladeRondo", 15, []),
        ("bladeRondo", 16, ["zone.size"]),
        ("br_nt", 15, []),
    ],
)
def test_4_2_2_dealt_is_the_set_decks_count(form, key, dealt, codes):
    assert audit(GAME, "set", text(key, form, dealt)) == codes


@pytest.mark.parametrize("form", ["name", "number"])
@pytest.mark.parametrize(("hand", "codes"), [(6, ["zone.size"]), (7, []), (8, ["zone.size"])])
def test_4_2_3_a_hand_of_7_from_the_dealt_cards(form, hand, codes):
    assert audit(GAME, "set", text("breadRondo", form, 10, hand)) == codes


def test_4_2_1_a_pool_one_card_short_of_bread_rondo_is_no_set_deck():
    short = text("breadRondo", "name").replace("\n2 ", "\n1 ", 1)
    assert audit(GAME, "set", short) == ["blade_rondo.pool"]
