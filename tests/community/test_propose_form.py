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
