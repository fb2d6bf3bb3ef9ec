"""Issue 23 item 4: Japanese pages show the data's values in Japanese (Z-Battle, keywords,
ACE/UNKNOWN, basic/special, composite/bread, limited), through each game's search fields, and write
lists, colons and parentheses the Japanese way."""

from __future__ import annotations

import csv
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from cards.games.base import Card as CoreCard
from cards.games.base import Deck, Entry
from cards.games.game import SHIPPED_DATA as DATA
from cards.games.registry import all_games, get_game
from cards.games.text import JAPANESE
from cards.languages import listed
from decklab.decks import stats
from decklab.goldfish import charts
from tests.games.decks import cards


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_every_value_a_field_offers_has_a_japanese_word(game):
    """A field's choices read in Japanese on Japanese pages: stored in Japanese, or named by the
    field (`names_ja`, the one place pages, charts, faces and the help page look)."""
    bare = [
        (field.name, choice)
        for field in get_game(game).search_fields
        for choice in field.choices
        # One printed letter (a Dreadnought size, S/M/L) reads as printed in either language.
        if len(choice) > 1 and not JAPANESE.search(choice) and choice not in field.names_ja
    ]
    assert bare == []


def test_every_shipped_dbscg_keyword_has_a_japanese_word():
    game = get_game("dbscg")
    keywords = next(field for field in game.search_fields if field.name == "kw")
    with (DATA / "dbscg" / "cards.csv").open(encoding="utf-8", newline="") as rows:
        shipped = cards("dbscg", list(csv.DictReader(rows)))
    shipped_keywords = {word for card in shipped for word in card["keywords"] or ()}
    assert shipped_keywords and shipped_keywords <= set(keywords.names_ja)


def test_japanese_keyword_words_search_too(db):
    from cards import search
    from tests.i18n.conftest import load_cards

    load_cards()
    assert (
        search.search("dbscg", "キーワード:バリア").count()
        == search.search("dbscg", "kw:barrier").count()
        > 0
    )
    assert (
        search.search("dbscg", "種類=Zバトル").count()
        == search.search("dbscg", "type=z-battle").count()
    )


def test_lists_follow_the_language():
    with translation.override("ja"):
        assert listed(["赤", "青", "緑"]) == "赤、青、緑"
    with translation.override("en"):
        assert listed(["Red", "Blue"]) == "Red, Blue"


def test_the_help_page_lists_values_in_japanese_words(db):
    ja = Client(HTTP_ACCEPT_LANGUAGE="ja")
    dbscg = ja.get(reverse("cards:help", args=["dbscg"])).content.decode()
    assert "リーダー、バトル、エクストラ、ユニゾン、Zリーダー、Zバトル" in dbscg
    gundam = ja.get(reverse("cards:help", args=["gundam_war"])).content.decode()
    assert "エース、不明" in gundam and "基本G、特殊G、基本G扱い" in gundam
    rondo = ja.get(reverse("cards:help", args=["blade_rondo"])).content.decode()
    assert "複合、パン" in rondo and "リミテッド" in rondo
    for page in (dbscg, gundam, rondo):
        assert "検索例：" in page
    english = Client().get(reverse("cards:help", args=["dbscg"])).content.decode()
    assert "Leader, Battle, Extra, Unison, Z-Leader, Z-Battle" in english


def test_a_goal_label_leaves_out_empty_settings():
    goal = {"type": "g_in_play", "count": 3, "color": None, "turn": 4, "cards": []}
    with translation.override("en"):
        assert charts.describe_goal(goal) == "g_in_play: count 3, turn 4"
    with translation.override("ja"):
        shown = charts.describe_goal({"type": "drawn", "cards": ["A", "B"], "turn": 2})
        assert shown == "drawn：cards A、B、turn 2"
        assert "None" not in charts.describe_goal(goal)


def test_the_specified_colours_chart_counts_cards_not_letters():
    game = get_game("dbscg")

    def card(number: str, specified: str) -> Entry:
        core = CoreCard(
            number=number, name=number, type="Battle", data={"specified_cost": specified}
        )
        return Entry(card=core, count=4)

    deck = Deck(zones={"main": (card("A", "RRR"), card("B", "RG"), card("C", ""))})
    with translation.override("ja"):
        found = {chart.title: chart for chart in stats.deck_charts(game.slug, deck)}
    specified = found["指定色"]
    assert specified.total == 12
    assert Counter({bar.label: bar.count for bar in specified.bars}) == Counter(
        {"赤": 8, "緑": 4, "—": 4}
    )


def test_a_chart_says_how_many_cards_it_counts_in_the_readers_words(db):
    from django.template.loader import render_to_string

    chart = stats.chart("Colours", Counter({"Red": 3, "Blue": 3}), 4)
    with translation.override("ja"):
        assert "（4枚）" in render_to_string("decks/_chart.html", {"chart": chart})
    with translation.override("en"):
        assert "(4 cards)" in render_to_string("decks/_chart.html", {"chart": chart})


def test_one_card_matches_in_english_and_reads_in_japanese(db):
    from tests.i18n.conftest import load_cards

    load_cards()
    query = "?q=" + "number=BT1-001"
    en = Client().get(reverse("cards:list", args=["dbscg"]) + query).content.decode()
    assert "1 card matches <code>" in en
    ja = Client(HTTP_ACCEPT_LANGUAGE="ja").get(reverse("cards:list", args=["dbscg"]) + query)
    assert "に一致するカード：1枚" in ja.content.decode()
