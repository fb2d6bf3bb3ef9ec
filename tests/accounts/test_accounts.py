"""Accounts: sign up, sign in and out, password change and reset by mail, the profile's decks."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from rest_framework.test import APIClient

from decklab.decks.services import deck_create

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password-42"


def test_sign_up_creates_the_account_and_signs_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "goku",
            "email": "goku@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response["Location"] == reverse("profile")
    assert client.get(reverse("profile")).status_code == 200
    assert get_user_model().objects.get(username="goku").email == "goku@example.com"


def test_sign_up_refuses_a_weak_password_with_the_reason(client):
    response = client.post(
        reverse("signup"),
        {"username": "goku", "email": "g@example.com", "password1": "1234", "password2": "1234"},
    )
    assert response.status_code == 200
    assert "too short" in response.content.decode()


def test_a_refused_sign_up_keeps_the_passwords_and_says_why_under_the_password(client):
    """Issue 23: the reasons sat under the confirmation field and both passwords came back empty."""
    form = {"username": "goku", "email": "g@example.com", "password1": "1234", "password2": "1234"}
    response = client.post(reverse("signup"), form)
    errors = response.context["form"].errors
    assert "password1" in errors and "password2" not in errors
    page = response.content.decode()
    assert page.count('value="1234"') == 2
    mismatch = client.post(reverse("signup"), {**form, "password2": PASSWORD})
    assert "password2" in mismatch.context["form"].errors
    assert "password1" not in mismatch.context["form"].errors


def test_sign_in_and_out(client, django_user_model):
    django_user_model.objects.create_user("vegeta", "v@example.com", PASSWORD)
    response = client.post(reverse("login"), {"username": "vegeta", "password": PASSWORD})
    assert response["Location"] == reverse("profile")
    client.post(reverse("logout"))
    assert client.get(reverse("profile"))["Location"].startswith(reverse("login"))


def test_the_profile_lists_only_your_decks(client, django_user_model, db):
    me = django_user_model.objects.create_user("me", "me@example.com", PASSWORD)
    other = django_user_model.objects.create_user("other", "o@example.com", PASSWORD)
    deck_create(owner=me, game="draws_troidal", name="My deck")
    deck_create(owner=other, game="draws_troidal", name="Their deck", visibility="public")
    client.force_login(me)
    html = client.get(reverse("profile")).content.decode()
    assert "My deck" in html and "Their deck" not in html


def test_a_password_reset_mails_a_link_that_sets_a_new_password(client, django_user_model):
    django_user_model.objects.create_user("bulma", "bulma@example.com", PASSWORD)
    client.post(reverse("password_reset"), {"email": "bulma@example.com"})
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    new_password = "an-even-longer-password-43"
    client.post(
        form.redirect_chain[-1][0], {"new_password1": new_password, "new_password2": new_password}
    )
    assert client.login(username="bulma", password=new_password)


def test_password_change(client, django_user_model):
    user = django_user_model.objects.create_user("piccolo", "p@example.com", PASSWORD)
    client.force_login(user)
    new_password = "namekian-password-9876"
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": new_password, "new_password2": new_password},
    )
    assert response["Location"] == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password(new_password)


def test_an_api_token_is_shown_once_and_can_be_revoked(client, django_user_model):
    user = django_user_model.objects.create_user("krillin", "k@example.com", PASSWORD)
    client.force_login(user)
    created = client.post(reverse("api-token"))
    key = re.search(r'id="new-token">([^<]+)<', created.content.decode())[1]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(reverse("api-decks")).status_code == 200
    assert key not in client.get(reverse("profile")).content.decode()
    client.post(reverse("api-token-revoke"))
    assert api.get(reverse("api-decks")).status_code == 403
