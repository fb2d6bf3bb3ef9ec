"""The deck boundaries of RULES.md §3.1 (the Gundam War seed's preparation, `seeds/004_…`), as
decklists of shipped cards → codes: at each limit and one past it, by `colour/number`, by the
printed number and name of an official list, and by name alone."""

from __future__ import annotations

import pytest

from tests.games.shipped import audit, card

GAME = "gundam_war"
#: 17 cards of different names, 3 copies each = 51: enough for any main-deck size up to 51.
FILLER = [
    "黒/U-129",
    "茶/U-100",
    "茶/U-G1",
    "茶/U-G14",
    "緑/CH-29",
    "茶/CH-G5",
    "茶/CH-G21",
    "黒/C-55",
    "黒/C-64",
    "黒/C-Z26",
    "茶/C-2",
    "茶/C-8",
    "茶/C-22",
    "紫/C-2",
    "U-351",
    "U-0048",
    "U-Z111",
]
SIDE = ["C-74", "C-88", "C-92", "C-24"]
FORMS = ["number", "printed", "name"]


def ref(number: str, form: str) -> str:
    found = card(GAME, number)
    if form == "name":
        return found.name
    if form == "printed":  # as the official lists print it: number without colour, then the name
        return f"{number.split('/')[-1]} {found.name}"
    return number


def text(form: str, main: int = 50, side: int = 0, *extra: tuple[str, int]) -> str:
    lines, left = ["Main"], main
    for number in FILLER:
        if left <= 0:
            break
        lines.append(f"{min(3, left)} {ref(number, form)}")
        left -= min(3, left)
    lines += [f"{n} {ref(c, form)}" for c, n in extra]
    if side:
        lines.append("Side")
        left = side
        for number in SIDE:
            lines.append(f"{min(3, left)} {ref(number, form)}")
            left -= min(3, left)
            if left <= 0:
                break
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("size", "codes"), [(49, ["zone.size"]), (50, []), (51, ["zone.size"])])
def test_3_1_1_main_deck_exactly_50(form, size, codes):
    assert audit(GAME, "standard", text(form, size)) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("side", "codes"), [(0, []), (9, ["zone.size"]), (10, []), (11, ["zone.size"])]
)
def test_3_1_1_side_deck_empty_or_10(form, side, codes):
    assert audit(GAME, "standard", text(form, 50, side)) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("copies", "codes"), [(3, []), (4, ["copy_limit"])])
def test_3_1_2_three_per_name_main_and_side_together(form, copies, codes):
    # 47 filler + 3 C-74 in main; a side deck of 10 with `copies - 3` more C-74.
    main = text(form, 47, 0, ("C-74", 3))
    side = [("C-74", copies - 3), ("C-88", 3), ("C-92", 3), ("C-24", 3), ("C-7", 4 - copies)]
    lines = [f"{n} {ref(number, form)}" for number, n in side if n]
    assert audit(GAME, "standard", main + "Side\n" + "\n".join(lines) + "\n") == codes


def test_3_1_2_one_name_across_printings_counts_together():
    # アムロ・レイ is printed as 青/CH-1, 青/CH-17 and 青/CH-24: three cards, one name.
    three = text("number", 47, 0, ("青/CH-1", 1), ("青/CH-17", 1), ("青/CH-24", 1))
    assert audit(GAME, "standard", three) == []
    four = text("number", 46, 0, ("青/CH-1", 2), ("青/CH-17", 1), ("青/CH-24", 1))
    assert audit(GAME, "standard", four) == ["copy_limit"]
    # By name alone the three printings are one name but three cards: the list must say which.
    assert audit(GAME, "standard", text("number", 47) + "3 アムロ・レイ\n") == [
        "decklist.ambiguous_card",
        "zone.size",
    ]


@pytest.mark.parametrize("form", FORMS)
def test_3_1_3_special_g_beyond_three_copies(form):
    # 対ガンダム調査隊 is the one shipped special G: 3 copies pass; 7 break the copy limit and the cap.
    assert card(GAME, "緑/G-0010")["g_kind"] == "special"
    assert audit(GAME, "standard", text(form, 47, 0, ("緑/G-0010", 3))) == []
    assert audit(GAME, "standard", text(form, 43, 0, ("緑/G-0010", 7))) == [
        "copy_limit",
        "gundam_war.special_g",
    ]
