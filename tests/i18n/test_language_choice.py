"""Choosing the language: Accept-Language for a new visitor, the header switcher for anyone, and a
signed-in user's choice kept in their profile and applied when they sign in again anywhere."""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from decklab.accounts.models import Profile
from tests.decks import factories

PASSWORD = "a-long-test-password-42"


def lang_of(response) -> str:
    html = response.content.decode()
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


@pytest.fixture
def user(db):
    return factories.make_user("reader", PASSWORD)


def switch(client: Client, language: str, next_url: str = "/cards/dbscg/help/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


@pytest.mark.django_db
def test_accept_language_decides_for_a_new_visitor_and_english_is_the_default():
    assert lang_of(Client().get("/")) == "en"
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="ja-JP,ja;q=0.9").get("/")) == "ja"
    assert lang_of(Client(HTTP_ACCEPT_LANGUAGE="fr").get("/")) == "en"


@pytest.mark.django_db
def test_every_page_has_the_switcher_and_it_returns_to_the_page():
    client = Client()
    html = client.get("/cards/gundam_war/").content.decode()
    assert f'action="{reverse("set_language")}"' in html and 'name="language"' in html
    response = switch(client, "ja", "/cards/gundam_war/?q=ガンダム")
    assert response.status_code == 302
    assert unquote(response["Location"]) == "/cards/gundam_war/?q=ガンダム"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    assert lang_of(client.get("/cards/gundam_war/")) == "ja"
    switch(client, "en")
    assert lang_of(client.get("/")) == "en"


@pytest.mark.django_db
def test_the_switcher_wins_over_accept_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    switch(client, "en")
    assert lang_of(client.get("/")) == "en"


def test_a_signed_in_choice_is_kept_in_the_profile_and_applied_at_sign_in(user):
    client = Client()
    client.force_login(user)
    switch(client, "ja")
    assert Profile.objects.get(user=user).language == "ja"
    # Another browser, English by its header: signing in brings the choice back.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = other.post(reverse("login"), {"username": "reader", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ja"
    assert lang_of(other.get(reverse("profile"))) == "ja"


def test_a_choice_made_before_signing_in_survives_it_and_is_remembered(user):
    client = Client()
    switch(client, "ja")
    client.post(reverse("login"), {"username": "reader", "password": PASSWORD})
    assert lang_of(client.get(reverse("profile"))) == "ja"
    assert Profile.objects.get(user=user).language == "ja"
    client.post(reverse("logout"))
    assert lang_of(client.get("/")) == "ja"  # signing out keeps the browser's choice


def test_signing_up_keeps_the_language(db):
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    switch(client, "ja")
    response = client.post(
        reverse("signup"),
        {
            "username": "newcomer",
            "email": "n@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert Profile.objects.get(user__username="newcomer").language == "ja"
    assert "ようこそ" in client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_an_unknown_language_changes_nothing():
    client = Client()
    response = switch(client, "xx")
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert lang_of(client.get("/")) == "en"
