"""The query language's parser, without Django: text → syntax tree with positions, or a
`QueryError` that points at the problem."""

from __future__ import annotations

import pytest

from cards.games.query import (
    MAX_TERMS,
    AllOf,
    AnyOf,
    Compare,
    Not,
    QueryError,
    Words,
    parse,
)
from cards.games.registry import get_game

FIELDS = get_game("dbscg").search_fields


def field(name: str):
    return next(item for item in FIELDS if item.name == name)


def error(query: str) -> QueryError:
    with pytest.raises(QueryError) as caught:
        parse(FIELDS, query)
    return caught.value


def test_the_empty_query_is_an_empty_and():
    assert parse(FIELDS, "   ") == AllOf(())


def test_terms_side_by_side_are_an_and_of_compares_and_words_with_positions():
    assert parse(FIELDS, 'type:battle cost<=3 "son goku"') == AllOf(
        (
            Compare(0, field("type"), ":", "battle"),
            Compare(12, field("cost"), "<=", 3),
            Words(20, "son goku"),
        )
    )


def test_or_binds_looser_than_and_and_minus_negates_a_group():
    tree = parse(FIELDS, "c:red -(kw:barrier or power>10000)")
    assert tree == AllOf(
        (
            Compare(0, field("color"), ":", "red"),
            Not(
                6,
                AnyOf(
                    (
                        Compare(8, field("kw"), ":", "barrier"),
                        Compare(22, field("power"), ">", 10000),
                    )
                ),
            ),
        )
    )


def test_aliases_of_fields_and_values_resolve_and_full_width_syntax_reads_as_ascii():
    assert parse(FIELDS, "色：赤") == Compare(0, field("color"), ":", "red")
    assert parse(FIELDS, "-種類=リーダー") == Not(0, Compare(0, field("type"), "=", "leader"))


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("type:battle colr:red", 12, "unknown field 'colr'"),
        ("cost<=three", 6, "is not a whole number"),
        ("type<3", 4, "compares numbers"),
        ("(type:battle", 0, "never closed"),
        ("type:battle)", 11, "no matching '('"),
        ("or c:red", 0, "needs a search term before it"),
        ('"unclosed', 0, "never closed"),
        ("a\x01b", 1, "control character"),
        ("c:", 2, "needs a value"),
    ],
)
def test_a_query_that_cannot_be_read_names_the_problem_and_where(query, position, message):
    problem = error(query)
    assert message in problem.message
    assert problem.position == position


def test_too_many_terms_are_refused_before_any_translation():
    assert "too many terms" in error(" ".join(["x"] * (MAX_TERMS + 1))).message
