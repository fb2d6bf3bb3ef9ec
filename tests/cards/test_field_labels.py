"""A game's row fields name the deck editor's group and sort options, the card list's columns and
the card page's facts: their labels stay short in both languages (a long one made the Dreadnought
editor wider than a phone), and what a short label cannot say is its `note`, on the help page and
as the option's title."""

from __future__ import annotations

import unicodedata

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from cards.games.registry import GAMES
from cards.search import fields, row_columns
from decklab.decks.services import deck_create
from tests.decks import factories

#: At most this many columns (a full-width character counts two) for an option of the menus.
WIDEST = 20


def columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_group_and_sort_option_is_short(game, language):
    with translation.override(language):
        labels = [translation.gettext(item.label) for item in row_columns(game)]
    assert labels
    assert [label for label in labels if columns(label) > WIDEST] == []


def test_the_dreadnought_cluster_explains_itself_on_the_help_page_and_in_the_menus(db):
    cluster = next(item for item in fields("dreadnought") if item.name == "cluster")
    assert cluster.label == "Cluster" and cluster.note
    factories.load_dreadnought()
    owner = factories.make_user("kurasuta")
    deck = deck_create(owner=owner, game="dreadnought", name="赤", zones={"main": {"TD-U01": 3}})
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    help_page = client.get(reverse("cards:help", args=["dreadnought"])).content.decode()
    assert "キャスターの色、またはカードの構築条件" in help_page
    client.force_login(owner)
    editor = client.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    option = (
        '<option value="cluster" title="キャスターの色、またはカードの構築条件">クラスタ</option>'
    )
    assert editor.count(option) == 2  # group by, sort by
