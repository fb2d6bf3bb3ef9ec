"""The editor page computes its workspace's addresses once (`DeckUrls`), not in every template that
links to them (issue 25 item 5: 28 URL reverses a request)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse
from django.urls.resolvers import URLResolver

pytestmark = pytest.mark.django_db


def _reverses(monkeypatch, url: str, user=None) -> Counter:
    """Every URL reverse made while answering `url` (`reverse` and `{% url %}` both end in the
    resolver's `_reverse_with_prefix`), counted by the view name."""
    made: Counter = Counter()
    original = URLResolver._reverse_with_prefix

    def counting(self, lookup_view, _prefix, *args, **kwargs):
        made[str(lookup_view)] += 1
        return original(self, lookup_view, _prefix, *args, **kwargs)

    browser = Client()
    if user is not None:
        browser.force_login(user)
    browser.get(url)  # the first request fills the caches
    monkeypatch.setattr(URLResolver, "_reverse_with_prefix", counting)
    assert browser.get(url).status_code == 200
    monkeypatch.undo()
    return made


def test_issue_25_a_saved_deck_s_editor_reverses_nothing_after_its_first_request(
    deck, owner, monkeypatch
):
    made = _reverses(monkeypatch, reverse("decks:editor", args=[deck.pk]), owner)
    # Before: 31, the header's and the game's addresses on every request, 5 of them per game;
    # then 15, the deck's own; now the text around the deck's id and code is kept too.
    assert sum(made.values()) == 0, made


def test_issue_25_the_builder_reverses_nothing_after_its_first_request(dbscg_cards, monkeypatch):
    made = _reverses(monkeypatch, reverse("decks:build", args=["dbscg"]))
    assert sum(made.values()) <= 2, made  # before: 25


def test_the_header_s_addresses_are_those_reverse_gives_in_each_language(settings):
    from django.utils import translation

    from cards.addresses import fixed_url, navigation

    for language, _ in settings.LANGUAGES:
        with translation.override(language):
            header = navigation()
            assert header["home"] == reverse("home")
            assert header["new_deck"] == reverse("decks:new")
            assert [url for _, url in header["games"]] == [
                reverse("cards:list", args=[game.slug]) for game, _ in header["games"]
            ]
            assert fixed_url("cards:help", "dbscg") == reverse("cards:help", args=["dbscg"])
    assert fixed_url("no-such-page") == ""


def test_an_address_keyed_by_a_deck_is_the_one_reverse_gives(settings):
    from django.utils import translation

    from cards.addresses import keyed_url

    for language, _ in settings.LANGUAGES:
        with translation.override(language):
            for pk in (1, 40964096, 4096409640964096):
                assert keyed_url("decks:editor", pk) == reverse("decks:editor", args=[pk])
                assert keyed_url("decks:panel", pk, "stats") == reverse(
                    "decks:panel", args=[pk, "stats"]
                )
            assert keyed_url("decks:shared", "Ab3xY9kq") == reverse(
                "decks:shared", args=["Ab3xY9kq"]
            )
            # A key that reverse would quote is reversed as it is.
            assert keyed_url("decks:shared", "a b?") == reverse("decks:shared", args=["a b?"])
