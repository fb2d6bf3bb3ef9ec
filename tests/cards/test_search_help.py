"""Each game's search help explains the syntax with its own fields and cards (every game's page
once used DBSCG's `trait:saiyan` and `type=battle`), in the page's language, and every example
there is a query the game understands."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from cards.games.registry import GAMES
from cards.search import parse, syntax_examples
from tests.i18n.conftest import load_cards

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_syntax_examples_are_the_game_s_own_and_each_one_parses(client, game, language):
    load_cards()
    page = client.get(reverse("cards:help", args=[game]), HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    start = text.index('<div class="panel">')  # the Syntax panel
    syntax = text[start : text.index("</div>", start)]
    shown = [html.unescape(code) for code in re.findall(r"<code>([^<]*)</code>", syntax)]
    expected = syntax_examples(game, language)
    assert {"contains", "exact", "number1", "negated", "group", "name"} <= set(expected)
    for key in ("contains", "exact", "number1", "negated", "group", "name", "number_start"):
        assert expected[key] in shown, key
    for key in ("contains", "exact", "number1", "number2", "negated", "group"):
        if key in expected:
            parse(game, expected[key])  # a QueryError fails the test
    if game != "dbscg":
        assert not {"trait:saiyan", "type=battle", "son goku"} & set(shown)
