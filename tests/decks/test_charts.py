"""The editor's charts as drawn: columns for short labels such as costs, labelled bars for long ones."""

from collections import Counter

from django.utils import translation

from cards.games.base import Card, Deck, Entry
from decklab.decks import stats


def test_a_cost_curve_is_drawn_as_columns_the_tallest_filling_the_plot():
    curve = stats.chart("Energy cost", Counter({1: 20, 2: 5, 3: 10}))
    assert not curve.horizontal
    heights = {bar.label: bar.height for bar in curve.bars}
    assert heights == {
        "1": stats.COLUMN_HEIGHT,
        "2": stats.COLUMN_HEIGHT / 4,
        "3": stats.COLUMN_HEIGHT / 2,
    }
    for bar in curve.bars:
        assert bar.count_y < bar.y, "each count sits above its column"
        assert bar.x <= bar.label_x <= bar.x + bar.width, "each label sits under its column"


def test_every_column_and_count_stays_inside_the_chart():
    curve = stats.chart("Cost", Counter({n: n for n in range(1, 11)}))
    for bar in curve.bars:
        assert bar.x >= 0 and bar.x + bar.width <= curve.width
        assert bar.count_y > 0 and bar.label_y <= curve.height


def test_a_chart_of_one_value_draws_a_column_not_a_slab():
    (bar,) = stats.chart("Colours", Counter({"赤": 50})).bars
    assert bar.width == stats.COLUMN_WIDTH


def test_long_labels_are_drawn_as_bars_with_the_label_beside_each():
    keywords = stats.chart("Keywords", Counter({"Blocker": 4, "Double Strike": 8}))
    assert keywords.horizontal
    assert keywords.height == 2 * stats.ROW + 4
    blocker, double = keywords.bars
    assert double.width == stats.WIDTH - stats.GUTTER - stats.COUNT_ROOM
    assert blocker.width == double.width / 2
    assert all(bar.label_x < bar.x and bar.count_x > bar.x + bar.width for bar in keywords.bars)


def test_a_label_too_long_for_the_gutter_is_cut_and_kept_whole_for_the_tooltip():
    name = "Union-Absorb and a very long keyword"
    (bar,) = stats.chart("Keywords", Counter({name: 1})).bars
    assert bar.label == name
    assert bar.short_label.endswith("…") and len(bar.short_label) == stats.GUTTER_LABEL


def test_japanese_labels_count_double_when_cut():
    (bar,) = stats.chart("Types", Counter({"ユニットユニットユニットユニット": 3})).bars
    assert bar.short_label == "ユニットユニット…"


def test_the_summary_reads_every_bar_for_screen_readers():
    assert stats.chart("Types", Counter({"Battle": 46, "Extra": 4})).summary == (
        "Types: Battle 46, Extra 4"
    )


def test_japanese_pages_draw_colours_and_types_by_their_japanese_names():
    deck = Deck(
        {
            "leader": (),
            "main": (
                Entry(Card("A", "A", "Battle", {"colors": ["Red"], "energy_cost": 2}), 4),
                Entry(Card("B", "B", "Extra", {"colors": ["Blue"], "energy_cost": 1}), 2),
            ),
            "zdeck": (),
        }
    )
    with translation.override("ja"):
        drawn = {
            chart.title: {bar.label: bar.count for bar in chart.bars}
            for chart in stats.deck_charts("dbscg", deck)
        }
    with translation.override("en"):
        english = {
            chart.title: {bar.label: bar.count for bar in chart.bars}
            for chart in stats.deck_charts("dbscg", deck)
        }
    assert drawn["色"] == {"赤": 4, "青": 2}
    assert drawn["種類"] == {"バトル": 4, "エクストラ": 2}
    assert english["Colours"] == {"Red": 4, "Blue": 2}
    assert english["Types"] == {"Battle": 4, "Extra": 2}
