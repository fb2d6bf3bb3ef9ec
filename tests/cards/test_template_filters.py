"""Deck and run lists show game and format names, not the slugs they store."""

from cards.templatetags.games import format_name, game_name


def test_a_game_slug_reads_as_the_games_name():
    assert game_name("dbscg") == "Dragon Ball Super Card Game"


def test_a_format_slug_reads_as_the_formats_name():
    assert format_name("zenkai", "dbscg") == "ZENKAI"


def test_a_slug_that_names_nothing_is_shown_as_it_is():
    assert game_name("chess") == "chess"
    assert format_name("modern", "dbscg") == "modern"
    assert format_name("zenkai", "chess") == "zenkai"
