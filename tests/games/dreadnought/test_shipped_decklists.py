"""RULES.md §1.1 (the Dreadnought seed `seeds/000_…`) as decklists of the 13 shipped cards →
codes. Eight non-caster names at 4 copies make 32 cards, so no shipped list reaches the 50 of
§1.1.2: every list here also gets `zone.size`, and each case differs from its pair by one rule."""

from __future__ import annotations

import pytest

from tests.games.shipped import audit

GAME = "dreadnought"
SHORT = ["zone.size"]
MAIN = ["4 アバドン", "4 ヘラクレス", "4 べレロフォン", "4 ラクシュミの蓮の花", "4 レジスト"]


def text(*casters: str, main: tuple[str, ...] = ()) -> str:
    return "\n".join(["Casters", *casters, "Main", *MAIN, *main]) + "\n"


@pytest.mark.parametrize(
    "caster",
    ["1 DN-K001", "1 旭 レイジ", "1 火気厳禁の昼行燈 旭 レイジ", "1 【火気厳禁の昼行燈】旭 レイジ"],
)
def test_a_caster_by_number_name_or_name_with_epithet(caster):
    assert audit(GAME, "standard", text(caster, "1 恵比寿 ユイ")) == SHORT


@pytest.mark.parametrize(
    ("casters", "codes"),
    [
        (("1 旭 レイジ",), [*SHORT, "zone.size"]),
        (("1 旭 レイジ", "1 恵比寿 ユイ"), SHORT),
        (("1 旭 レイジ", "1 恵比寿 ユイ", "1 アリス・フィフティベル"), [*SHORT, "zone.size"]),
        (("2 旭 レイジ",), [*SHORT, "dreadnought.caster_names"]),
    ],
)
def test_1_1_1_two_casters_of_different_names(casters, codes):
    assert sorted(audit(GAME, "standard", text(*casters))) == sorted(codes)


@pytest.mark.parametrize(("copies", "codes"), [(4, SHORT), (5, [*SHORT, "copy_limit"])])
def test_1_1_3_four_per_name(copies, codes):
    assert (
        audit(
            GAME, "standard", text("1 旭 レイジ", "1 恵比寿 ユイ", main=(f"{copies} ディスペル",))
        )
        == codes
    )


@pytest.mark.parametrize(
    ("casters", "codes"),
    [
        (("1 旭 レイジ", "1 恵比寿 ユイ"), SHORT),  # 赤 + 赤 allows 【赤赤】
        (("1 旭 レイジ", "1 アリス・フィフティベル"), [*SHORT, "dreadnought.cluster"]),  # 赤 + 青
    ],
)
def test_1_1_4_a_double_cluster_needs_two_casters_of_it(casters, codes):
    assert audit(GAME, "standard", text(*casters, main=("4 スサノヲ",))) == codes


def test_1_1_5_no_caster_in_the_main_deck():
    found = audit(
        GAME, "standard", text("1 旭 レイジ", "1 恵比寿 ユイ", main=("1 レオナ・メリタ",))
    )
    assert found == [*SHORT, "zone.card_type"]
