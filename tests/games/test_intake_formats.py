"""Issue 20: the decklists players really paste, each read by one intake (`cards.games.intake`).

Every list here is our own, written in the shape of its source with the shipped cards: the DBSCG
community deck builder's export, untap, a Japanese recipe, a Gundam War results page copied from
the web. None is a published decklist.
"""

from __future__ import annotations

import pytest

from cards.games import deckcode, decklist, intake
from cards.games.base import Deck, Entry
from cards.games.registry import GAMES, get_game
from tests.games.shipped import card, shipped_cards, shipped_pool

#: 52 main-deck cards under BT1-001 Champa (the filler of tests/games/dbscg).
MAIN = [f"BT1-{n:03d}" for n in range(4, 17)]


def read(slug: str, text: str) -> intake.Intake:
    return intake.read(get_game(slug), text, shipped_pool(slug))


def builder_export(zdeck: list[tuple[int, str]]) -> str:
    champa = card("dbscg", "BT1-001")
    lines = ["_____Leader_____", f"{champa.name} // {champa['name_back']} [BT1-001]", ""]
    lines += ["_____Main Deck_____"]
    lines += [f"4 {card('dbscg', number).name} [{number}]" for number in MAIN]
    lines += ["", "_____Z Deck_____"]
    lines += [f"{count} {card('dbscg', number).name} [{number}]" for count, number in zdeck]
    lines += ["", "_____Side Deck_____", "3 Koitsukai, Mechanical Courage_PR [DB2-143]"]
    return "\n".join(lines) + "\n"


# The community deck builder's export --------------------------------------------------------------


def test_a_zenkai_export_with_ten_z_cards_reads_whole_and_breaks_only_the_z_deck_size():
    text = builder_export([(4, "SD17-02"), (4, "EX23-30"), (2, "EX23-38")])
    found = read("dbscg", text)
    assert found.source_format == "builder" and found.problems == []
    deck = found.deck
    assert [deck.size(zone) for zone in ("leader", "main", "zdeck", "side")] == [1, 52, 10, 3]
    violations = get_game("dbscg").format("zenkai").check(deck)
    assert [(v.code, v.zone, v.count) for v in violations] == [("zone.size", "zdeck", 10)]


def test_the_builder_banners_are_headers_and_the_count_less_leader_is_one_copy():
    found = read("dbscg", builder_export([]))
    kinds = {line.text: line.kind for line in found.lines}
    assert kinds["_____Main Deck_____"] == "header"
    assert found.deck.quantities()["leader"] == {"BT1-001": 1}


def test_a_variant_suffix_glued_to_a_name_still_finds_the_card_by_name():
    found = read("dbscg", "Side Deck\n2 Koitsukai, Mechanical Courage_PR\n")
    assert found.deck.quantities()["side"] == {"DB2-143": 2}


def test_a_side_deck_of_dbscg_is_kept_and_never_checked():
    side = "\n".join(f"4 {number}" for number in MAIN)
    found = read("dbscg", builder_export([]) + side + "\n")
    assert found.deck.size("side") == 55
    assert get_game("dbscg").format("zenkai").check(found.deck) == []


# untap ----------------------------------------------------------------------------------------------


def test_untap_lines_with_set_and_number_and_play_suffixes_read():
    text = (
        "//deck-1\n"
        "1x Champa (BT1) BT1-001 //leader-1\n"
        "//play-1\n"
        "4x Destructive Terror Champa (BT1) BT1-004 //play-1\n"
        "2x Scheming Champa (BT1) BT1-006\n"
    )
    found = read("dbscg", text)
    assert found.source_format == "untap" and found.problems == []
    assert found.deck.quantities()["main"] == {"BT1-001": 1, "BT1-004": 4, "BT1-006": 2}


# Japanese recipes -------------------------------------------------------------------------------------


def test_a_japanese_recipe_with_counted_headers_and_every_count_shape_reads():
    text = (
        "【チャンパ軸】\n"
        "【リーダー】\n"
        "BT1-001 R Champa\n"
        "【メイン】12枚\n"
        "Destructive Terror Champa×4\n"
        "Scheming Champa ×2\n"
        "BT1-007 C Manipulating God Champa×4\n"
        "《Saiyan Cabba》 2枚\n"
        "【Zデッキ】0枚\n"
        "【サイド】0枚\n"
    )
    found = read("dbscg", text)
    assert found.source_format == "recipe" and found.problems == []
    assert found.deck.quantities()["leader"] == {"BT1-001": 1}
    assert found.deck.quantities()["main"] == {
        "BT1-004": 4,
        "BT1-006": 2,
        "BT1-007": 4,
        "BT1-014": 2,
    }
    assert found.lines[0].kind == "note"


def test_a_japanese_recipe_of_names_reads_in_gundam_war():
    text = "【メイン】6枚\nジ・オ×3\n無差別攻撃 ×2\n《出土品》1枚\n【サイド】0枚\n"
    found = read("gundam_war", text)
    assert found.problems == []
    assert found.deck.quantities()["main"] == {"黒/U-129": 3, "黒/C-64": 2, "茶/C-22": 1}


# Web tables (Gundam War results pages) ---------------------------------------------------------------

RESULTS_PAGE = """\
●メインデッキ
ユニット
| 枚数 | カード名 | 収録 |
|---|---|---|
| 3 | ジ・オ | 15弾 |
クイック&2ドロー
 3x ボルジャーノン
シャイニングガンダム16弾 3枚
マスターガンダム 《BB3》 ×3
キャラクター
黒CH-29 ケリィ・レズナー ×3
アルゴ・ガルスキー 3枚
強い
キョウジ・カッシュ×3
コマンド
黒C-55 シロッコの眼 ×3 15弾
無差別攻撃 3枚
戒めの処断×3
《宝物没収》×3
月のマウンテンサイクル 《BB3》 ×3
出土品18弾 ×3
戦場の鈴音 ×3
魂の輝き 3枚
国力
残忍な野獣 ×3
予期せぬ遭遇 2枚
合計50枚
"""


def test_a_whole_results_page_reads_fifty_cards_by_name_and_skips_its_notes():
    found = read("gundam_war", RESULTS_PAGE)
    assert found.source_format == "table" and found.problems == []
    assert found.deck.size("main") == 50
    notes = [line.text for line in found.lines if line.kind == "note"]
    assert notes == [
        "ユニット",
        "| 枚数 | カード名 | 収録 |",
        "|---|---|---|",
        "クイック&2ドロー",
        "キャラクター",
        "強い",
        "コマンド",
        "国力",
        "合計50枚",
    ]
    assert get_game("gundam_war").format("standard").check(found.deck) == []


# Lines without a count, problems, suggestions -------------------------------------------------------


def test_a_colour_glued_to_a_gundam_war_number_finds_the_card_by_number_alone():
    found = read("gundam_war", "黒U-129 ×2 15弾\n黒Ｕ-129\n")
    assert found.problems == []
    assert found.deck.quantities()["main"] == {"黒/U-129": 3}


def test_a_line_without_a_count_is_one_copy_by_number_or_by_name():
    found = read("dbscg", "BT1-004\nScheming Champa\n")
    assert found.deck.quantities()["main"] == {"BT1-004": 1, "BT1-006": 1}


def test_a_typo_gets_the_nearest_names_and_a_number_a_digit_off_gets_its_neighbours():
    found = read("dbscg", "4 Destructive Terror Champaa\n4 BT1-904\n")
    first, second = found.lines
    assert [c.number for c in first.suggestions] == ["BT1-004"]
    assert "BT1-004" in [c.number for c in second.suggestions]
    assert "Did you mean 'BT1-004 Destructive Terror Champa'" in first.problem.message()


def test_a_japanese_typo_is_offered_the_card_in_japanese():
    found = read("gundam_war", "クシャトリヤ ×2\n")
    (problem,) = found.problems
    assert "「U-198 クシャトリア」のことですか" in problem.message("ja")


def test_problems_come_in_line_order_and_japanese_messages_hold_no_english():
    found = read("dbscg", "4 Nonexistent Card Name\n100000 BT1-004\nfour of BT1-004\n2 Son Goku\n")
    assert [p.line for p in found.problems] == [1, 2, 3, 4]
    ambiguous = found.problems[-1].message("ja")
    assert "種" in ambiguous and "cards" not in ambiguous


def test_the_summary_counts_lines_read_and_skipped():
    found = read("gundam_war", RESULTS_PAGE)
    assert (found.written, found.tally("note"), found.tally("problem")) == (27, 9, 0)


# Every DeckLab export reads back to the same deck ----------------------------------------------------


def a_deck_of_every_zone(slug: str) -> Deck:
    """Two cards per zone, of names no other shipped card has (the recipe names cards by name)."""
    game, pool = get_game(slug), shipped_pool(slug)
    unique = [
        c
        for c in shipped_cards(slug)
        if all(len(pool.by_name_keys([key]).get(key, [])) == 1 for key in game.name_keys(c))
    ]
    zones = {
        zone: (Entry(unique[2 * i], 3), Entry(unique[2 * i + 1], 1))
        for i, zone in enumerate(game.zone_slugs)
    }
    return Deck(zones=zones)


@pytest.mark.parametrize("shape", [*decklist.EXPORT_FORMATS, "code"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_export_reads_back_to_the_same_deck(slug, shape):
    game = get_game(slug)
    deck = a_deck_of_every_zone(slug)
    if shape == "code":
        text = deckcode.encode(slug, None, deck.quantities())
    else:
        text = decklist.export_as(game, deck, shape)
    found = read(slug, text)
    assert found.problems == []
    assert found.deck.quantities() == deck.quantities()
    assert found.source_format == {"code": "code", "csv": "csv"}.get(shape, found.source_format)


def test_the_validation_counts_name_the_unchecked_side_deck_only_when_it_holds_cards():
    game = get_game("dbscg")
    without = read("dbscg", builder_export([]).split("_____Side Deck_____")[0]).deck
    assert list(game.zone_counts(without)) == ["leader", "main", "zdeck"]
    assert game.zone_counts(read("dbscg", builder_export([])).deck)["side"] == 3
