"""RULES.md §6.1: a format at a date (`Game.validate(..., at=)`, `cards.games.dates`)."""

from __future__ import annotations

from datetime import date

import pytest

from cards.games import messages
from cards.games.dates import NO_DATES, legal_from
from cards.games.registry import all_games, get_game
from tests.games.decks import cards, deck, deck_of

GW = get_game("gundam_war")
BASIC_G, OLD, NEW = cards(
    "gundam_war",
    [
        {"number": "101050001", "name": "青基本G", "type": "G", "g_kind": "basic"},
        {"number": "D-1", "name": "旧カード", "type": "UNIT", "set": "1st"},
        # 28弾 came out 2011-05-31 (regulations.json set_release_dates).
        {"number": "D-2", "name": "新カード", "type": "UNIT", "set": "28弾 ガンダムウォー最終弾"},
    ],
)
DECK = deck(main=[(OLD, 3), (NEW, 1), (BASIC_G, 46)])


def test_a_card_of_a_later_set_is_refused_before_its_release():
    verdict = GW.validate(DECK, "standard", at=date(2011, 5, 30))
    (violation,) = verdict.violations
    assert (violation.code, violation.cards) == ("card.not_released", ("D-2",))
    assert "2011-05-31" in violation.message("en")
    assert "まだ発売されていません" in violation.message("ja")


@pytest.mark.parametrize("day", [date(2011, 5, 31), date(2020, 1, 1)])
def test_the_same_deck_is_legal_from_the_release(day):
    verdict = GW.validate(DECK, "standard", at=day)
    assert verdict.legal and verdict.notes == ()


def test_now_checks_no_dates():
    assert GW.validate(DECK, "standard").legal


def test_legal_from_is_the_newest_card():
    assert legal_from(GW.dates, DECK, GW.format("standard")) == date(2011, 5, 31)


def test_a_regulation_is_usable_from_its_newest_allowed_set():
    old_only = deck(main=[(OLD, 3), (BASIC_G, 47)])
    # 関西クラシック's newest dated set is TS1 (2005-11-30).
    assert GW.dates.starts()["kansai-classic"] == date(2005, 11, 30)
    (violation,) = GW.validate(old_only, "kansai-classic", at=date(2005, 11, 29)).violations
    assert violation.code == "format.not_yet"
    assert GW.validate(old_only, "kansai-classic", at=date(2005, 11, 30)).legal


def test_placeholder_dates_of_the_source_are_not_used():
    from cards.games.gundam_war.dates import release_dates

    assert {"CB1", "BG", "joke"}.isdisjoint(release_dates())


def test_a_game_without_dates_answers_today_with_a_note():
    game = get_game("dbscg")
    assert game.dates is None
    fmt = game.default_format.slug
    built = deck_of("dbscg", [4])
    verdict = game.validate(built, fmt, at=date(2000, 1, 1))
    assert verdict.notes == (NO_DATES,)
    assert verdict.violations == game.validate(built, fmt).violations


def test_only_gundam_war_data_carries_dates():
    assert [game.slug for game in all_games() if game.dates] == ["gundam_war"]


def test_the_new_messages_have_japanese():
    for key in ("card.not_released", "format.not_yet"):
        texts = messages.texts(key)
        assert texts["ja"] != texts["en"]
    assert messages.translation("ja").gettext(NO_DATES) != NO_DATES
