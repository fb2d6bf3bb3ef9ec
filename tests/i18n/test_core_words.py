"""Words the pure core writes, read in the reader's language: an unknown game or format, JSON that
cannot be read, a deck version's automatic note, a goal's chosen setting, and the command line's
refusals with `--lang ja`. Under English every one reads exactly as before."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from cards.games import jsontext
from cards.games.registry import get_game
from cards.languages import translated
from decklab.decks import notes, services
from decklab.decks.models import DeckVersion
from decklab.goldfish import charts
from tests.decks import factories
from tests.goldfish_cli.conftest import DRAWN, deck_file  # noqa: F401 (fixture)

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


@pytest.fixture
def api(db) -> APIClient:
    factories.load_dbscg()
    client = APIClient()
    client.force_authenticate(factories.make_user("reader"))
    return client


def simulation(**changes) -> dict:
    return {
        "game": "dbscg",
        "decklist": "4 TS1-002",
        "goals": [{"type": "drawn", "cards": ["TS1-002"], "turn": 3}],
        "trials": 1000,
        **changes,
    }


@pytest.mark.parametrize(
    ("changes", "english", "japanese"),
    [
        (
            {"format": "modern"},
            "unknown format 'modern' for dbscg",
            "フォーマット 'modern' はありません",
        ),
    ],
)
def test_the_simulations_api_names_an_unknown_format_in_the_reader_s_language(
    api, changes, english, japanese
):
    assert (
        english
        in api.post("/api/v1/simulations", simulation(**changes), format="json").json()["detail"]
    )
    detail = api.post("/api/v1/simulations", simulation(**changes), format="json", **JA).json()[
        "detail"
    ]
    assert japanese in detail and english not in detail


def test_the_decks_api_names_an_unknown_format_in_japanese(api):
    body = {"game": "dbscg", "name": "x", "format": "modern", "zones": {}}
    english = api.post("/api/v1/decks", body, format="json").json()["detail"]
    japanese = api.post("/api/v1/decks", body, format="json", **JA).json()["detail"]
    assert english.startswith("unknown format 'modern' for dbscg (known: ")
    assert "フォーマット 'modern' はありません" in japanese


def test_the_legality_api_names_an_unknown_game_in_the_asked_language(client):
    english = client.post("/api/v1/games/chess/validate", "4 X", content_type="text/plain")
    japanese = client.post("/api/v1/games/chess/validate?lang=ja", "4 X", content_type="text/plain")
    assert english.status_code == japanese.status_code == 404
    assert english.json()["detail"].startswith("unknown game 'chess' (known: dbscg, ")
    assert japanese.json()["detail"].startswith("ゲーム 'chess' はありません（あるもの：dbscg, ")


def test_json_that_cannot_be_read_says_where_in_words_of_the_reader():
    try:
        jsontext.loads('[{"type": "drawn",}]')
    except json.JSONDecodeError as error:
        problem = jsontext.problem(error)
        assert str(problem) == str(error)  # English: Python's own message, as before
        with translation.override("ja"):
            assert translated(problem) == (
                "1行目19文字目（先頭から18文字目）：ダブルクォートで囲んだ項目名が必要です"
            )


def test_the_goal_form_says_in_japanese_where_its_json_breaks(client, db):
    factories.load_dbscg()
    client.force_login(factories.make_user("reader"))
    data = {"game": "dbscg", "decklist": "4 TS1-002", "goals_json": "[{", "trials": "1000"}
    english = client.post(reverse("goldfish:new"), data).content.decode()
    japanese = client.post(reverse("goldfish:new"), data, **JA).content.decode()
    assert "Expecting property name enclosed in double quotes: line 1 column 3 (char 2)" in english
    assert "1行目3文字目" in japanese and "Expecting" not in japanese


def test_automatic_version_notes_read_in_the_reader_s_language(db):
    factories.load_dbscg()
    owner = factories.make_user("owner")
    deck = services.deck_create(owner=owner, game="dbscg", name="x", zones=factories.LEGAL_DBSCG)
    services.deck_edit(deck=deck, action="add", zone="main", number="TS1-002", count=1)
    services.deck_revert(
        deck=deck, number=1, expected_version=deck.version, expected_revision=deck.revision
    )
    fork = services.deck_fork(source=deck.versions.get(number=1), owner=owner)
    shown = [v.note for v in deck.versions.order_by("number")]
    assert shown == ["created", "+1 TS1-002 (main)", "revert to v1"]
    with translation.override("ja"):
        japanese = [v.shown_note for v in deck.versions.order_by("number")]
        forked = fork.versions.get().shown_note
    assert japanese == ["作成", "+1 TS1-002（メイン）", "v1に戻す"]
    assert forked == f"{deck.code} v1 から複製"
    page = factories_client(owner).get(reverse("decks:history", args=[deck.pk]), **JA)
    assert "v1に戻す" in page.content.decode() and "revert to" not in page.content.decode()


def factories_client(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def test_a_player_s_own_note_stays_as_written(db):
    factories.load_dbscg()
    deck = services.deck_create(
        owner=factories.make_user("owner"), game="dbscg", name="x", zones=factories.LEGAL_DBSCG
    )
    services.deck_edit(deck=deck, action="add", zone="main", number="TS1-002", count=1)
    closed = services.deck_close_draft(deck=deck, note="created")
    assert (closed.note, closed.note_text) == ("created", None)
    with translation.override("ja"):
        assert DeckVersion.objects.get(pk=closed.pk).shown_note == "created"


@pytest.mark.parametrize(
    ("note", "japanese"),
    [
        ("dealt 10", "10枚配る"),
        ("revert to v3", "v3に戻す"),
        ("forked from abcDEF23 v2", "abcDEF23 v2 から複製"),
        ("-1 BT1-004 (main)", "-1 BT1-004（メイン）"),
        ("BT1-004 ×3 (main)", "BT1-004 ×3（メイン）"),
        ("saved from a deck code", None),
        ("my main plan", None),
        ("+1 BT1-004 (kitchen)", None),
    ],
)
def test_old_english_notes_are_read_into_texts_by_the_migration(note, japanese):
    text = notes.from_english(note, get_game("dbscg"))
    if note in notes.PLAIN:
        assert text == notes.PLAIN[note]
        return
    if japanese is None:
        assert text is None
        return
    assert str(text) == note
    with translation.override("ja"):
        assert translated(text) == japanese


def test_goal_settings_read_in_the_reader_s_words_in_run_tables_and_the_form(db):
    goal = {"type": "drawn", "cards": ["X-1"], "turn": 3, "play": "second", "mulligan": "none"}
    results = [{"goal": goal, "probability": 0.5, "ci95": [0.4, 0.6]}]
    english = charts.rows(*charts.readable(results, "dbscg"))[0].goal
    assert english.endswith("play second, mulligan none")
    with translation.override("ja"):
        japanese = charts.rows(*charts.readable(results, "dbscg"))[0].goal
    assert "後攻" in japanese and "マリガンしない" in japanese
    assert not re.search(r"\b(second|none)\b", japanese)


def test_the_goal_form_offers_choices_by_their_words(client, db):
    client.force_login(factories.make_user("reader"))
    html = client.get(reverse("goldfish:new"), {"game": "dbscg"}, **JA).content.decode()
    assert '<option value="second">後攻</option>' in html


def cli(*args: str) -> str:
    with pytest.raises(CommandError) as error:
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
    return str(error.value)


@pytest.mark.django_db
def test_the_goldfish_command_refuses_in_japanese_with_lang_ja(deck_file):  # noqa: F811
    goal = json.dumps({**DRAWN, "cards": ["NOPE"]})
    english = cli("goldfish", "--game", "dbscg", "--goal", goal, deck_file)
    japanese = cli("goldfish", "--game", "dbscg", "--goal", goal, "--lang", "ja", deck_file)
    assert "'NOPE'" in english and not JAPANESE.search(english)
    assert "'NOPE' はこのデッキの" in japanese
    vintage = ("--format", "vintage", "--goal", goal, "--lang", "ja", deck_file)
    assert "フォーマット 'vintage'" in cli("goldfish", "--game", "dbscg", *vintage)
    chess = cli("goldfish", "--game", "chess", "--goal", goal, deck_file)
    assert chess.startswith("unknown game 'chess'")


def test_validate_deck_names_an_unknown_game_in_japanese_with_lang_ja(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("4 X\n", encoding="utf-8")
    assert cli("validate_deck", "--game", "chess", "--lang", "ja", str(path)).startswith(
        "ゲーム 'chess' はありません"
    )


def test_api_refusals_of_the_decks_and_simulations_endpoints_read_in_japanese(api):
    missing_deck = api.get("/api/v1/decks/999999", **JA).json()["detail"]
    missing_run = api.get("/api/v1/simulations/999999", **JA).json()["detail"]
    no_goals = api.post("/api/v1/simulations", simulation(goals=[]), format="json", **JA)
    chess = api.post("/api/v1/simulations", simulation(game="chess"), format="json", **JA)
    broken = api.post("/api/v1/simulations", "[{", content_type="application/json", **JA)
    unknown_card = api.post(
        "/api/v1/decks",
        {"game": "dbscg", "name": "x", "zones": {"main": {"NOPE-1": 2}}},
        format="json",
        **JA,
    )
    assert (missing_deck, missing_run) == (
        "そのデッキはありません。",
        "そのシミュレーションはありません。",
    )
    assert no_goals.json()["goals"] == ["目標を1つ以上指定してください。"]
    assert chess.json()["game"][0].startswith("ゲーム 'chess' はありません")
    assert broken.json()["detail"] == (
        "JSONの解析エラー：1行目3文字目（先頭から2文字目）：ダブルクォートで囲んだ項目名が必要です"
    )
    assert unknown_card.json()["detail"].startswith("ドラゴンボール超 カードゲームに番号 NOPE-1")
    english = api.post("/api/v1/simulations", "[{", content_type="application/json")
    assert english.json()["detail"] == (
        "JSON parse error - Expecting property name enclosed in double quotes: line 1 column 3 "
        "(char 2)"
    )


def test_a_card_type_a_zone_refuses_is_named_in_japanese():
    from cards.games import messages
    from cards.games.rules import type_names

    english, japanese = type_names("dbscg", ["Leader", "Battle"])
    assert (english, japanese) == ("Leader, Battle", "リーダー、バトル")
    values = {"card": "X", "zone_en": "Main", "zone_ja": "メイン", "type_en": "Leader"}
    values |= {"type_ja": "リーダー", "allowed_en": english, "allowed_ja": japanese}
    assert "リーダーはメインに入れられません（リーダー、バトルのみ）" in messages.render(
        "zone.card_type", "ja", values
    )
    assert "a Leader card may not be there (Main holds Leader, Battle)" in messages.render(
        "zone.card_type", "en", values
    )


def test_the_figures_beside_the_probability_read_in_japanese_and_english_keeps_its_words():
    goal = {"type": "dragon_balls", "count": 7, "turn": 15}
    result = {
        "goal": goal,
        "probability": 0.5,
        "ci95": [0.4, 0.6],
        "own_turns": {"mean": 9.5, "ci95": [9.4, 9.6], "n": 100},
        "mulligan_fires": {"probability": 0.25, "ci95": [0.2, 0.3]},
    }
    english = [m.label for m in charts.rows(*charts.readable([result], "dbscg"))[0].measures]
    assert english == ["probability", "mean own turns", "mulligan fires"]
    with translation.override("ja"):
        (row,) = charts.rows(*charts.readable([result], "dbscg"))
        japanese = [translation.gettext(m.label) for m in row.measures]
    assert japanese == ["確率", "自分のターン数（平均）", "マリガンする"]


def test_a_broken_deck_code_is_refused_in_the_asked_language(client):
    english = client.get("/api/v1/deck-codes/1AAAA").json()["detail"]
    japanese = client.get("/api/v1/deck-codes/1AAAA?lang=ja").json()["detail"]
    assert english.startswith("the deck code is")
    assert japanese.startswith("デッキコードが") and not re.search(r"[a-z]{4}", japanese)
