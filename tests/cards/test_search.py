"""The card query language (docs/players.md): each operator, alias and error, on both databases."""

from __future__ import annotations

import pytest

from cards.games.query import MAX_QUERY_LENGTH, QueryError
from cards.games.registry import all_games
from cards.search import ordered, search

pytestmark = pytest.mark.django_db


def numbers(game: str, query: str) -> list[str]:
    return sorted(search(game, query).values_list("number", flat=True))


def error(game: str, query: str) -> QueryError:
    with pytest.raises(QueryError) as caught:
        list(search(game, query))
    return caught.value


def test_an_empty_query_lists_every_card_of_the_game(dbscg, gundam_war):
    assert len(numbers("dbscg", "")) == 7
    assert len(numbers("gundam_war", "  ")) == 5


def test_free_words_match_names_in_any_order_and_case(dbscg):
    assert numbers("dbscg", "GOKU son") == ["BT20-003"]
    assert numbers("dbscg", "champa") == ["BT1-001", "BT1-004", "BT1-006"]


def test_a_free_word_matches_the_back_side_of_a_leader(dbscg):
    assert numbers("dbscg", "destruction") == ["BT1-001"]


def test_a_free_word_matches_the_start_of_a_card_number(dbscg):
    assert numbers("dbscg", "bt20-00") == ["BT20-003", "BT20-004"]


def test_a_quoted_phrase_keeps_its_words_together(dbscg):
    assert numbers("dbscg", '"son gohan"') == ["BT20-004"]
    assert numbers("dbscg", '"gohan son"') == []


def test_names_match_across_width_case_and_kana(gundam_war):
    assert numbers("gundam_war", "ｶﾞﾝﾀﾞﾑ") == sorted(["青/U-1", "緑/G-1"])
    assert numbers("gundam_war", "がんきゃのん") == ["青/U-2"]
    assert numbers("gundam_war", "ＲＸ－７８") == ["青/U-1"]


def test_colon_finds_the_value_inside_one_fact(dbscg):
    assert numbers("dbscg", "trait:saiyan") == ["BT20-003", "BT20-004"]
    assert numbers("dbscg", "type:battle color:red") == ["BT1-004", "BT1-006", "BT20-004"]


def test_colon_never_matches_across_two_facts(dbscg):
    # "red" is a colour of several cards, but only Commander Red has it in a trait.
    assert numbers("dbscg", "trait:red") == ["BT20-050"]


def test_equals_wants_the_whole_value(dbscg):
    assert numbers("dbscg", "type=battle") == [
        "BT1-004",
        "BT1-006",
        "BT20-003",
        "BT20-004",
        "BT21-001",
    ]
    assert numbers("dbscg", "trait=saiyan") == ["BT20-003", "BT20-004"]
    assert numbers("dbscg", "type=batt") == []
    assert numbers("dbscg", 'name="ssg son goku, rapidfire response"') == ["BT20-003"]
    assert numbers("dbscg", 'name="son goku, rapidfire response"') == []


def test_numbers_compare_with_every_operator(dbscg):
    assert numbers("dbscg", "cost<2") == ["BT20-050"]
    assert numbers("dbscg", "cost<=2") == ["BT1-006", "BT20-004", "BT20-050"]
    assert numbers("dbscg", "cost>3") == ["BT1-004"]
    assert numbers("dbscg", "cost>=3") == ["BT1-004", "BT20-003"]
    assert numbers("dbscg", "cost=6") == numbers("dbscg", "cost:6") == ["BT1-004"]
    assert numbers("dbscg", "power>=15000") == ["BT1-004", "BT20-003", "BT20-004"]


def test_a_card_without_the_number_never_compares_true(dbscg):
    # The X-cost Android 17 and the leader have no energy cost; they match no comparison.
    assert "BT21-001" not in numbers("dbscg", "cost>=0")
    assert "BT1-001" not in numbers("dbscg", "cost<100")


def test_numbers_without_a_column_are_read_from_the_card_data(dbscg, draws_troidal):
    assert numbers("dbscg", "combo>=10000") == ["BT1-004", "BT20-003", "BT20-004"]
    assert numbers("draws_troidal", "risk<=1") == ["DT-002", "DT-004"]
    assert numbers("draws_troidal", "guard=3") == ["DT-004"]


def test_the_issue_examples_work(dbscg, draws_troidal):
    assert numbers("dbscg", "type:battle color:red cost<=3 power>=15000") == ["BT20-004"]
    assert numbers("dbscg", 'kw:"super combo" set:BT20 trait:saiyan') == ["BT20-003", "BT20-004"]
    assert numbers("draws_troidal", "attr:水 power>=5") == ["DT-001"]


def test_minus_negates_a_term(dbscg):
    assert numbers("dbscg", "type=battle -color:red") == ["BT20-003", "BT21-001"]
    assert numbers("dbscg", "-champa -goku -gohan -kw:dragon") == ["BT21-001"]


def test_or_joins_alternatives_and_binds_looser_than_and(dbscg):
    assert numbers("dbscg", "color:yellow or color:green") == ["BT20-050", "BT21-001"]
    assert numbers("dbscg", "type=extra or type=battle color:green") == ["BT20-050", "BT21-001"]
    assert numbers("dbscg", "trait:android または trait:ribbon") == ["BT20-050", "BT21-001"]


def test_parentheses_group_and_can_be_negated(dbscg):
    assert numbers("dbscg", "(color:yellow or color:green) cost<=1") == ["BT20-050"]
    assert numbers("dbscg", "-(set:BT1 or set:BT20)") == ["BT21-001"]


def test_names_may_hold_parentheses(load):
    load("gundam_war", "number,name,type\nU-6,ガンダムエクシア(セブンソード),UNIT\n")
    assert numbers("gundam_war", "name:エクシア(セブンソード)") == ["U-6"]
    assert numbers("gundam_war", "(name:エクシア(セブンソード))") == ["U-6"]


def test_japanese_field_and_value_aliases(dbscg, gundam_war):
    assert numbers("dbscg", "色:赤 種類:バトル") == ["BT1-004", "BT1-006", "BT20-004"]
    assert numbers("gundam_war", "種類:ユニット") == ["青/U-1", "青/U-2"]
    assert numbers("gundam_war", "color:blue") == numbers("gundam_war", "色:青")
    assert numbers("gundam_war", "型番:rx-77") == ["青/U-2"]


def test_full_width_syntax_is_understood(dbscg):
    assert numbers("dbscg", "cost＜＝2 （color：blue or color：yellow）") == [
        "BT20-004",
        "BT20-050",
    ]


def test_every_field_and_alias_of_every_game_is_understood(db):
    for game in all_games():
        for field in game.search_fields:
            value = "1" if field.kind == "number" else "x"
            for spelling in (field.name, *field.aliases):
                list(search(game.slug, f"{spelling}:{value}"))


def test_an_unknown_field_is_named_with_its_position(dbscg):
    problem = error("dbscg", "type:battle colr:red")
    assert problem.position == 12
    assert "unknown field 'colr'" in problem.message
    assert "color" in problem.message


def test_a_comparison_on_a_text_field_points_at_the_operator(dbscg):
    problem = error("dbscg", "color<red")
    assert problem.position == 5
    assert "'<'" in problem.message


def test_a_bad_number_points_at_the_value(dbscg):
    problem = error("dbscg", "power>=lots")
    assert (problem.position, "not a whole number" in problem.message) == (7, True)


def test_a_field_without_a_value_points_after_the_operator(dbscg):
    assert error("dbscg", "goku cost:").position == 10


def test_an_operator_without_a_field_is_an_error(dbscg):
    assert error("dbscg", "goku :red").position == 5


@pytest.mark.parametrize(
    ("query", "position", "words"),
    [
        ('kw:"super combo', 3, "never closed"),
        ('"', 0, "never closed"),
        ("(color:red", 0, "never closed"),
        ("goku (color:red or (cost:1)", 5, "never closed"),
        ("color:red)", 9, "no matching"),
        ("()", 0, "empty"),
        ("or goku", 0, "before"),
        ("goku or", 5, "after"),
        ("goku or or vegeta", 5, "after"),
        ('""', 0, "empty quotes"),
        ("-or goku", 0, "negate"),
    ],
)
def test_broken_syntax_says_what_and_where(dbscg, query, position, words):
    problem = error("dbscg", query)
    assert problem.position == position
    assert words in problem.message


def test_an_overlong_query_is_refused(dbscg):
    assert "longer" in error("dbscg", "a" * (MAX_QUERY_LENGTH + 1)).message


def test_too_many_terms_are_refused(dbscg):
    assert "too many terms" in error("dbscg", " ".join(["goku"] * 100)).message


def test_regex_characters_in_values_are_plain_text(load):
    load("dbscg", "number,name,type,traits\nP-1,Dr. (Wheelo)*,Battle,A.I.+|x\n")
    assert numbers("dbscg", "trait:a.i.+") == ["P-1"]
    assert numbers("dbscg", "trait:a.i..") == []
    assert numbers("dbscg", '"wheelo)*"') == ["P-1"]


def test_card_numbers_sort_as_people_read_them(load):
    load(
        "dbscg",
        "number,name,type\nBT10-001,A,Battle\nBT2-001,B,Battle\nBT1-010,C,Battle\nBT1-9,D,Battle\n",
    )
    ordered_numbers = ordered(search("dbscg", ""), "number").values_list("number", flat=True)
    assert list(ordered_numbers) == ["BT1-9", "BT1-010", "BT2-001", "BT10-001"]


def test_a_control_character_is_pointed_at(dbscg):
    problem = error("dbscg", "go\x00ku")
    assert (problem.position, problem.message) == (2, "the query holds a control character")


def test_japanese_character_names_and_kana_find_dbscg_cards_named_in_english(dbscg):
    for query in ("悟空", "孫悟空", "ごくう", "ｺﾞｸｳ"):
        assert numbers("dbscg", query) == ["BT20-003"], query
    assert numbers("dbscg", "悟飯") == ["BT20-004"]
    assert numbers("dbscg", "しゃんぱ") == ["BT1-001", "BT1-004", "BT1-006"]


def test_the_dbscg_card_list_says_its_names_are_english(client, dbscg):
    page = client.get("/cards/dbscg/").content.decode()
    assert "Card names are in English (Son Goku)" in page
    client.cookies["django_language"] = "ja"
    assert "カード名は英語です" in client.get("/cards/dbscg/").content.decode()


@pytest.mark.parametrize(
    ("game", "word", "query"),
    [("dreadnought", "キャスター", "type=キャスター"), ("blade_rondo", "物理", "kind=physical")],
)
def test_a_japanese_type_word_finds_the_cards_of_that_type(game, word, query):
    """Issue 23: キャスター and 物理 as free words found nothing (a type is no part of a name)."""
    from cards import shipped
    from cards.games.registry import get_game

    list(shipped.load_game(get_game(game), shipped.DATA / game))
    of_type = numbers(game, query)
    assert of_type and numbers(game, word) == of_type
    # Beside another word it narrows, as any free word does.
    assert set(numbers(game, f"{word} -{query}")) == set()
