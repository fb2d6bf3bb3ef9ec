"""Dead ends answer the site's own pages whatever DEBUG says; signed out, your own deck asks you to sign in."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from cards.search import example_query, search
from tests.decks import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def debug_on(settings):
    """As under `make run`: DEBUG on, where Django would show its debug pages."""
    settings.DEBUG = True
    settings.DECKLAB_DEBUG_ERROR_PAGES = False
    return settings


def test_a_private_deck_link_is_the_friendly_404_with_debug_on(client, deck, debug_on):
    response = client.get(reverse("decks:shared", args=[deck.code]))
    html = response.content.decode()
    assert response.status_code == 404
    assert "This page is not here" in html and "Sign in" in html
    assert "URLconf" not in html and "Raised by" not in html


def test_an_address_that_matches_no_pattern_does_not_list_the_site_s_urls(client, debug_on):
    response = client.get("/no/such/page/here")
    html = response.content.decode()
    assert response.status_code == 404
    assert "This page is not here" in html
    assert "api/v1/" not in html and "URLconf" not in html


def test_a_server_error_is_the_friendly_500_and_is_logged(client, debug_on, monkeypatch, caplog):
    from decklab.decks.views import editor as views

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(views, "_search", broken)
    client.raise_request_exception = False
    response = client.get(reverse("decks:search", args=["dbscg"]), {"q": "x"})
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
    assert "boom" not in response.content.decode()
    assert any("Internal Server Error" in r.getMessage() for r in caplog.records)


def test_a_developer_can_have_django_s_debug_pages_back(client, debug_on):
    debug_on.DECKLAB_DEBUG_ERROR_PAGES = True
    response = client.get("/no/such/page/here")
    assert "URLconf" in response.content.decode()


def test_your_own_deck_while_signed_out_asks_you_to_sign_in(client, deck):
    for name in ("decks:editor", "decks:history"):
        url = reverse(name, args=[deck.pk])
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize(
    "load",
    [factories.load_dbscg, factories.load_dreadnought],
    ids=["dbscg", "dreadnought"],
)
def test_the_card_list_s_example_placeholder_finds_cards(client, load):
    load()
    game = "dbscg" if load is factories.load_dbscg else "dreadnought"
    example = example_query(game)
    assert example and search(game, example).exists()
    page = client.get(reverse("cards:list", args=[game])).content.decode()
    assert f'placeholder="e.g. {escape(example)}"' in page
