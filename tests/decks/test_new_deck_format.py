"""Issue 23 item 6: the new-deck form offers each game's formats, so a Blade Rondo free-format deck
is one choice away instead of three clicks in the editor's hidden settings."""

from __future__ import annotations

from django.urls import reverse

from decklab.decks.models import Deck


def test_a_deck_is_created_in_the_format_chosen(client, owner):
    client.force_login(owner)
    page = client.get(reverse("decks:new"), HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<option value="blade_rondo/free">' in page
    data = {"game": "blade_rondo", "format": "blade_rondo/free", "name": "Free", "decklist": ""}
    response = client.post(reverse("decks:new"), data)
    assert response.status_code == 302
    assert Deck.objects.get(name="Free").format == "free"


def test_no_format_chosen_is_the_game_s_first(client, owner):
    client.force_login(owner)
    client.post(reverse("decks:new"), {"game": "blade_rondo", "name": "Set", "decklist": ""})
    assert Deck.objects.get(name="Set").format == "set"


def test_a_format_of_another_game_is_refused(client, owner):
    client.force_login(owner)
    data = {"game": "dbscg", "format": "blade_rondo/free", "name": "Mixed", "decklist": ""}
    response = client.post(reverse("decks:new"), data)
    assert response.status_code == 200
    assert not Deck.objects.exists()
    assert "Choose a format of the game you chose." in response.content.decode()
