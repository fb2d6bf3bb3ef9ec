"""The proposal form speaks the game's words (issue 23): the game's Japanese name on Japanese pages
and a menu for every column whose values the game's schema knows."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_column_the_schema_knows_the_values_of_is_a_menu(player_client):
    page = player_client.get(reverse("community:propose", args=["dreadnought"]))
    html = page.content.decode()
    assert '<select name="type"' in html and '<option value="ユニット">ユニット</option>' in html
    assert '<select name="size"' in html
    assert '<input type="text" name="name"' in html


def test_the_menu_keeps_a_filled_in_value(player_client):
    url = reverse("community:propose", args=["dbscg"])
    form = player_client.get(url, {"new": "BT99-001", "name": "Son Goku"}).context["form"]
    assert form["type"].field.choices[0] == ("", "—")
    assert ("Leader", "Leader") in form["type"].field.choices
    assert form.initial == {"number": "BT99-001", "name": "Son Goku"}


def test_a_japanese_page_names_the_game_in_japanese(player_client):
    player_client.cookies["django_language"] = "ja"
    html = player_client.get(reverse("community:propose", args=["dreadnought"])).content.decode()
    assert "ドレッドノート" in html.split("<h1>", 1)[1].split("</h1>", 1)[0]


def _label(html: str, column: str) -> str:
    return html.split(f'<label for="id_{column}">', 1)[1].split("</label>", 1)[0]


def test_a_japanese_form_labels_every_column_in_the_games_words(player_client):
    """Issue 23: the form showed the raw column names (`number:`, `log_cost:`)."""
    player_client.cookies["django_language"] = "ja"
    html = player_client.get(reverse("community:propose", args=["dreadnought"])).content.decode()
    assert _label(html, "number") == "カード番号："
    assert _label(html, "log_cost") == "ログコスト："
    for column in ("number", "log_cost", "deck_limit", "bp", "epithet"):
        assert column not in _label(html, column)


def test_every_column_of_every_game_has_a_label_in_the_games_words():
    from cards.games.registry import all_games

    unlabelled = [
        (game.slug, column.name)
        for game in all_games()
        for column in game.schema.columns
        if not column.label
    ]
    assert unlabelled == []


def test_dreadnoughts_cluster_is_a_menu_of_every_condition(player_client):
    """Issue 23: cluster was free text though the schema knows every value."""
    html = player_client.get(reverse("community:propose", args=["dreadnought"])).content.decode()
    menu = html.split('<select name="cluster"', 1)[1].split("</select>", 1)[0]
    for value in ("全", "赤", "赤赤", "赤青", "青赤"):
        assert f'<option value="{value}">' in menu


def test_gundam_war_g_kind_and_colour_and_blade_rondo_limited_are_menus(player_client):
    html = player_client.get(reverse("community:propose", args=["gundam_war"])).content.decode()
    assert '<select name="g_kind"' in html and '<select name="color"' in html
    html = player_client.get(reverse("community:propose", args=["blade_rondo"])).content.decode()
    assert '<select name="limited"' in html and '<select name="kind"' in html


def test_a_list_of_known_values_is_a_set_of_boxes_and_posts_back_as_the_list(player_client, dbscg):
    url = reverse("community:propose", args=["dbscg"])
    html = player_client.get(url).content.decode()
    assert 'type="checkbox" name="colors" value="Red"' in html
    cells = {"number": "BT99-001", "name": "Son Goku", "type": "Battle", "colors": ["Red", "Blue"]}
    response = player_client.post(url, cells)
    assert response.status_code == 302
    from cards.community.models import Proposal

    assert Proposal.objects.get().row["colors"] in (["Red", "Blue"], "Red/Blue")


def test_a_japanese_page_names_the_stored_values_in_japanese(player_client):
    player_client.cookies["django_language"] = "ja"
    form = player_client.get(reverse("community:propose", args=["dbscg"])).context["form"]
    assert ("Leader", "リーダー") in form["type"].field.choices


def test_a_bad_cell_is_said_in_japanese_on_a_japanese_page(player_client):
    """Issue 23: the form's errors were the importer's English."""
    player_client.cookies["django_language"] = "ja"
    url = reverse("community:propose", args=["dreadnought"])
    cells = {"number": "DN-X01", "name": "テスト", "type": "ユニット", "bp": "五十", "speed": "Z"}
    response = player_client.post(url, cells)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["bp"] == ["整数を入力してください（五十は整数ではありません）。"]
    assert "expected" not in str(errors) and "is not" not in str(errors)
    assert set(errors) == {"bp", "speed"}


def test_the_review_page_names_the_columns_in_the_games_words(player_client, player):
    """The review queue's table showed the raw columns (`log_cost`, `card text`)."""
    from cards.community import proposals

    facts = proposals.check_cells(
        "dreadnought", {"number": "DN1-1", "name": "鬼", "type": "ユニット"}
    )
    proposal = proposals.propose(player, "dreadnought", facts, text="", image=None, source_note="")
    player_client.cookies["django_language"] = "ja"
    html = player_client.get(reverse("community:proposal", args=[proposal.pk])).content.decode()
    table = html.split('<table class="diff">', 1)[1].split("</table>", 1)[0]
    assert '<th scope="row">ログコスト</th>' in table
    assert '<th scope="row">カード番号</th>' in table
    assert "log_cost" not in table and "card text" not in table
