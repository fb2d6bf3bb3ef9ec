"""The boundaries the ZENKAI seed (`seeds/002_…`, RULES.md §2.1, §2.2) defines, as decklists of
shipped cards → codes: each at the limit and one past it, written by number, by name, and in the
other printed number forms (zero padding, alternate prints)."""

from __future__ import annotations

import pytest

from tests.games.shipped import audit, card

GAME = "dbscg"
#: 16 plain Battle cards (no capped keyword, a name no other card has): 4 copies each of as many
#: as a size needs.
FILLER = [f"BT1-{n:03d}" for n in (*range(4, 12), *range(13, 21))]
#: The same cards in their other printed form: no zero padding (BT1-4) or an extra one (BT01-004).
OTHER_FORM = {number: number.replace("-0", "-", 1).replace("BT1-", "BT01-") for number in FILLER}
BALLS = ["P-084", "P-101", "P-102", "P-176", "TB3-067", "BT18-029", "BT16-093", "BT25-034"]
COMBOS = ["BT3-013", "BT3-043", "BT3-068", "BT3-100", "BT3-113"]
ULTIMATES = ["BT1-111", "BT3-123"]
Z_CARDS = ["BT18-005", "BT24-004"]


def ref(number: str, form: str) -> str:
    if form == "name":  # a leader by its back side's name: many leaders share a front name
        return card(GAME, number)["name_back"] or card(GAME, number).name
    if form == "other":
        return OTHER_FORM.get(number, number)
    return number


def text(form: str, *extra: tuple[str, int], filler: int = 52, zdeck=(), leader=(("BT1-001", 1),)):
    lines = ["Leader", *(f"{n} {ref(c, form)}" for c, n in leader), "Main"]
    left = filler
    for number in FILLER:
        if left <= 0:
            break
        lines.append(f"{min(4, left)} {ref(number, form)}")
        left -= min(4, left)
    lines += [f"{n} {ref(c, form)}" for c, n in extra]
    if zdeck:
        lines += ["Z-Deck", *(f"{n} {ref(c, form)}" for c, n in zdeck)]
    return "\n".join(lines) + "\n"


FORMS = ["number", "name", "other"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("size", "codes"), [(49, ["zone.size"]), (50, []), (52, []), (60, []), (61, ["zone.size"])]
)
def test_2_1_2_main_deck_50_to_60(form, size, codes):
    assert audit(GAME, "zenkai", text(form, filler=size)) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("leaders", "codes"), [(0, ["zone.size"]), (1, []), (2, ["zone.size"])])
def test_2_1_1_exactly_one_leader(form, leaders, codes):
    leader = (("BT1-001", leaders),) if leaders else ()
    assert audit(GAME, "zenkai", text(form, leader=leader)) == codes


@pytest.mark.parametrize("form", FORMS)
def test_2_1_1_and_2_1_2_card_types_by_zone(form):
    assert audit(GAME, "zenkai", text(form, leader=(("BT1-004", 1),))) == ["zone.card_type"]
    assert audit(GAME, "zenkai", text(form, ("BT1-002", 1))) == ["zone.card_type"]
    assert audit(GAME, "zenkai", text(form, ("BT18-005", 1))) == ["zone.card_type"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("copies", "codes"), [(4, []), (5, ["copy_limit"])])
def test_2_1_3_four_per_number(form, copies, codes):
    assert audit(GAME, "zenkai", text(form, ("BT1-021", copies))) == codes


@pytest.mark.parametrize(("lines", "codes"), [((2, 2), []), ((3, 2), ["copy_limit"])])
def test_2_1_9_alternate_prints_count_with_their_number(lines, codes):
    plain, alternate = lines
    deck = text("number", ("BT1-045", plain), ("BT01-45_PR", alternate))
    assert card(GAME, "BT1-045")["variants"] == ("PR",)
    assert audit(GAME, "zenkai", deck) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("count", "codes"), [(7, []), (8, ["dbscg.dragon_ball"])])
def test_2_1_4_seven_dragon_balls_in_any_mix(form, count, codes):
    balls = [(number, 1) for number in BALLS[:count]]
    assert audit(GAME, "zenkai", text(form, *balls)) == codes


@pytest.mark.parametrize(("copies", "codes"), [(7, []), (8, ["dbscg.dragon_ball"])])
def test_2_1_4_a_dragon_ball_is_exempt_from_the_4_copies(copies, codes):
    assert audit(GAME, "zenkai", text("number", ("P-176", copies))) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("count", "codes"), [(4, []), (5, ["dbscg.super_combo"])])
def test_2_1_5_four_super_combos(form, count, codes):
    combos = [(number, 1) for number in COMBOS[:count]]
    assert audit(GAME, "zenkai", text(form, *combos)) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("count", "codes"), [(1, []), (2, ["dbscg.ultimate"])])
def test_2_1_6_one_ultimate(form, count, codes):
    ultimates = [(number, 1) for number in ULTIMATES[:count]]
    assert audit(GAME, "zenkai", text(form, *ultimates)) == codes


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("zdeck", "codes"),
    [
        ((), []),
        ((("BT18-005", 4), ("BT24-004", 3)), []),
        ((("BT18-005", 4), ("BT24-004", 4)), ["zone.size"]),
        ((("BT18-005", 5),), ["copy_limit"]),
        ((("BT1-004", 1),), ["zone.card_type"]),
    ],
)
def test_2_1_7_z_deck_0_to_7_z_cards_4_per_number(form, zdeck, codes):
    assert audit(GAME, "zenkai", text(form, zdeck=zdeck)) == codes


def test_2_1_7_a_z_card_alternate_print_counts_with_its_number():
    zdeck = (("BT18-005", 3), ("BT18-005_PR02", 2))
    assert audit(GAME, "zenkai", text("number", zdeck=zdeck)) == ["copy_limit"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("size", "zdeck", "codes"),
    [(50, (), []), (51, (), ["zone.size"]), (50, (("BT24-004", 1),), ["zone.size"])],
)
def test_2_2_classic_exactly_50_and_no_z_deck(form, size, zdeck, codes):
    assert audit(GAME, "classic", text(form, filler=size, zdeck=zdeck)) == codes
