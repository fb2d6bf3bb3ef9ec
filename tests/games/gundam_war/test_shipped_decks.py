"""Issue 12 on the shipped Gundam War cards: the two official champion decks as printed, set codes
against the community regulations (RULES.md §3.2), ACE cards, and the ways real lists are written.

The audit's shape: a decklist read against the shipped data → the violation codes. Both lists are
cut off part-way in the source (`decklists-partial.csv`), so each is short of 50 cards and gets
`zone.size`; what matters is that nothing else is reported, and what a narrower regulation adds.
"""

from __future__ import annotations

import csv

import pytest

from cards.games.game import SHIPPED_DATA
from cards.games.gundam_war.sets import printings, set_codes
from tests.games.shipped import audit, read, shipped_cards, violations

GAME = "gundam_war"
SHORT = ["zone.size"]


def partial_deck(deck_id: str) -> list[dict[str, str]]:
    with (SHIPPED_DATA / "gundam_war" / "decklists-partial.csv").open(encoding="utf-8-sig") as file:
        return [row for row in csv.DictReader(file) if row["deck_id"] == deck_id]


def as_printed(rows: list[dict[str, str]], form: str) -> str:
    """The list as people write it: `colour/number name`, `number name` (the official lists print
    no colour), or the name alone. A colour the source only infers (`デ?`) is left out."""
    lines = []
    for row in rows:
        colour = "" if row["colour"].endswith("?") or not row["colour"] else row["colour"]
        number = f"{colour}/{row['card_number']}" if colour else row["card_number"]
        reference = {
            "colour/number": f"{number} {row['name']}",
            "number": f"{row['card_number']} {row['name']}",
            "name": row["name"],
        }[form]
        lines.append(f"{row['count']} {reference}")
    return "\n".join(lines) + "\n"


CHAMPION_2006 = partial_deck("GT2006-champion")
#: The 2010 list: the last line's count (SPG-76) is cut off in the source, so it is left out.
CHAMPION_2010 = [row for row in partial_deck("GT2010-2nd-unified-champion") if row["count"] != "?"]


@pytest.mark.parametrize("form", ["colour/number", "number", "name"])
def test_the_2006_champion_deck_is_read_whole_in_every_form(form):
    deck, problems = read(GAME, as_printed(CHAMPION_2006, form))
    assert problems == []
    assert deck.size("main") == 27


@pytest.mark.parametrize("form", ["colour/number", "number"])
def test_the_2006_champion_deck_breaks_no_set_rule_of_kansai_glorious(form):
    assert audit(GAME, "kansai-glorious", as_printed(CHAMPION_2006, form)) == SHORT


def test_kansai_classic_allows_sets_up_to_15th_and_flags_each_later_card_once():
    found = violations(GAME, "kansai-classic", as_printed(CHAMPION_2006, "colour/number"))
    assert [v.code for v in found] == SHORT + ["gundam_war.set"] * 8
    flagged = {number for v in found[1:] for number in v.cards}
    # 16弾, 17弾, 18弾 and EB (any EB set is later than 関西クラシック's sets).
    assert flagged == {"茶/U-G1", "茶/U-G14", "緑/CH-29", "茶/CH-G5", "茶/CH-G21", "黒/C-64"} | {
        "茶/C-22",
        "C-4",
    }
    assert found[1].message() == (
        "Remove 茶/U-G1 シャイニングガンダム: its set 16th is not allowed in 関西クラシック."
    )


def test_the_2010_champion_deck_with_its_ace_cards_can_be_entered():
    text = as_printed(CHAMPION_2010, "number")
    deck, problems = read(GAME, text)
    assert problems == []
    assert deck.size("main") == 42
    types = {entry.card.name: entry.card.type for entry in deck.entries("main")}
    assert (types["ジ・オ&シロッコ"], types["ガンダムエクシア&刹那"]) == ("ACE", "ACE")
    assert audit(GAME, "standard", text) == SHORT
    assert audit(GAME, "kansai-glorious", text) == SHORT


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("3 C-55 シロッコの眼", "黒/C-55"),  # the number without its colour: the name decides
        ("3 黒/C-55 シロッコの眼", "黒/C-55"),
        ("3 黒/C-55", "黒/C-55"),
        ("3 シロッコの眼", "黒/C-55"),
        ("2 C-2 戦場の鈴音", "紫/C-2"),  # C-2 is also 茶/C-2 宝物没収
        ("2 C-2 宝物没収", "茶/C-2"),
        ("1 G-0010 対ガンダム調査隊", "緑/G-0010"),
        ("シロッコの眼×3", "黒/C-55"),  # the Japanese recipe style, no space before ×
        ("シロッコの眼 ×3", "黒/C-55"),
        ("シロッコの眼 3枚", "黒/C-55"),
        ("\ufeff3 黒/C-55", "黒/C-55"),  # a byte-order mark at the start of the text
    ],
)
def test_lines_as_real_lists_write_them(line, number):
    deck, problems = read(GAME, line)
    assert problems == []
    assert [(entry.card.number, entry.count) for entry in deck.entries("main")] == [
        (number, 3 if "C-55" in number else 2 if "C-2" in number else 1)
    ]


def test_a_name_with_no_space_before_the_times_sign_is_a_card_line_not_a_syntax_error():
    # ジオンの亡霊 is not among the shipped cards: the line is read, and only the card is unknown.
    _, problems = read(GAME, "ジオンの亡霊×3")
    assert [(p.code, p.cards) for p in problems] == [("decklist.unknown_card", ("ジオンの亡霊",))]


def test_a_number_without_colour_and_without_a_name_is_unknown():
    _, problems = read(GAME, "3 C-55")
    assert [p.code for p in problems] == ["decklist.unknown_card"]


# RULES.md §3.2: a card is allowed when one of its printings is in an allowed set ----------------


def test_every_shipped_card_with_a_known_set_is_allowed_in_kansai_glorious():
    known = [c for c in shipped_cards(GAME) if any(set_codes(p) for p in printings(c["set"]))]
    assert len(known) == 26
    lines = [f"1 {c.number}" for c in known]
    found = violations(GAME, "kansai-glorious", "\n".join(lines))
    assert [v.code for v in found if v.code == "gundam_war.set"] == []


@pytest.mark.parametrize(
    ("line", "regulation", "codes"),
    [
        # 青/CH-1: 1st and a promo; プリミティブ allows 1st … DB1 and PR.
        ("3 青/CH-1", "cardland-primitive", SHORT),
        # 青/CH-17: DS1 (the regulations' DS1_1 / DS1_2) and EX1.
        ("3 青/CH-17", "cardland-primitive", SHORT),
        # 青/CH-24: 3rd only.
        ("3 青/CH-24", "cardland-primitive", SHORT),
        # ZZガンダム: 13弾 only; 13th is the last set of クラシック but not of エンシェント.
        ("3 ZZガンダム", "cardland-classic", SHORT),
        ("3 ZZガンダム", "cardland-ancient", [*SHORT, "gundam_war.set"]),
        # 赤/C-12: 2nd; 7th; BB2; EB2; TS3: its first printing is enough.
        ("3 赤/C-12", "cardland-primitive", SHORT),
        # U-337 Sガンダム: 19弾; リバイバル ends at EB2 (after 19th), 関西クラシック at TS1.
        ("3 U-337", "cardland-revival", SHORT),
        ("3 U-337", "kansai-classic", [*SHORT, "gundam_war.set"]),
        # 緑/G-0010: 22弾 and a booster whose code is not known: 22nd decides.
        ("1 緑/G-0010", "tensaku-8", SHORT),
        ("1 緑/G-0010", "tensaku-7", [*SHORT, "gundam_war.set"]),
        # A card none of whose printings has a known code is not checked.
        ("3 急ごしらえ", "cardland-primitive", SHORT),
    ],
)
def test_set_boundaries(line, regulation, codes):
    assert audit(GAME, regulation, line) == codes


def test_the_2006_champion_deck_filled_up_with_shipped_basic_g_is_legal():
    """Issue 23: with no G in the data no real deck could be entered; the G the regulations treat
    as basic ship now and, having no copy limit, fill a deck to its 50 cards."""
    text = as_printed(CHAMPION_2006, "colour/number") + "23 GW-BG05 ティターンズ\n"
    assert audit(GAME, None, text) == []
