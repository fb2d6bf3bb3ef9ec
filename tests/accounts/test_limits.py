"""Issue 9, findings 6, 4 (sign-up) and 10: attempt limits, API throttles, hashed expiring tokens."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from knox.models import AuthToken
from rest_framework import throttling
from rest_framework.test import APIClient

from tests.processes import manage

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password-42"


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("vegeta", "vegeta@example.com", PASSWORD)


def sign_in(client, password: str, username: str = "vegeta", address: str = "203.0.113.5"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_finding_6_wrong_passwords_lock_the_account_with_a_time_to_retry(client, user, settings):
    for attempt in range(settings.DECKLAB_LOGIN_FAILURES_PER_ACCOUNT):
        assert sign_in(client, f"wrong-{attempt}").status_code == 200
    refused = sign_in(client, PASSWORD, address="198.51.100.7")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= settings.DECKLAB_LIMIT_WINDOW
    assert "Try again in 15 minutes" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_finding_6_one_address_guessing_many_accounts_is_limited(client, settings):
    for attempt in range(settings.DECKLAB_LOGIN_FAILURES_PER_ADDRESS):
        sign_in(client, "wrong", username=f"someone-{attempt}")
    assert sign_in(client, "wrong", username="someone-new").status_code == 429
    assert sign_in(client, "wrong", username="x", address="192.0.2.1").status_code == 200


def test_finding_6_the_right_password_still_works_below_the_limit(client, user):
    sign_in(client, "wrong")
    assert sign_in(client, PASSWORD).status_code == 302


def test_finding_4_sign_up_is_limited_per_address(client, settings):
    for index in range(settings.DECKLAB_SIGNUPS_PER_ADDRESS + 1):
        client.logout()
        response = client.post(
            reverse("signup"),
            {
                "username": f"goku{index}",
                "email": f"goku{index}@example.com",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
            REMOTE_ADDR="203.0.113.9",
        )
    assert response.status_code == 429
    assert "Try again in" in response.content.decode()
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.count() == settings.DECKLAB_SIGNUPS_PER_ADDRESS


def test_finding_6_password_reset_mails_are_limited_per_account(client, user, settings):
    for index in range(settings.DECKLAB_RESETS_PER_ACCOUNT + 1):
        response = client.post(
            reverse("password_reset"),
            {"email": "vegeta@example.com"},
            REMOTE_ADDR=f"198.51.100.{index}",
        )
    assert response.status_code == 429
    assert len(mail.outbox) == settings.DECKLAB_RESETS_PER_ACCOUNT


def _api_views(resolver=None, prefix=""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _api_views(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern) and (prefix + str(pattern.pattern)).startswith("api/"):
            yield prefix + str(pattern.pattern), pattern.callback


def test_finding_6_every_api_endpoint_is_throttled():
    for route, callback in _api_views():
        view = getattr(callback, "cls", None)
        if view is None:
            continue
        kinds = {type(t) for t in view().get_throttles()}
        assert {throttling.AnonRateThrottle, throttling.UserRateThrottle} <= kinds, route


def test_finding_6_the_api_answers_429_with_retry_after(monkeypatch):
    monkeypatch.setitem(throttling.SimpleRateThrottle.THROTTLE_RATES, "anon", "3/min")
    api = APIClient()
    answers = [api.get(reverse("api-games")) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert int(answers[-1]["Retry-After"]) > 0
    assert "throttled" in answers[-1].json()["detail"]


def test_finding_6_signed_in_clients_are_throttled_per_account(monkeypatch, user):
    monkeypatch.setitem(throttling.SimpleRateThrottle.THROTTLE_RATES, "user", "2/min")
    api = APIClient()
    api.force_authenticate(user)
    codes = [api.get(reverse("api-decks")).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_finding_6_the_cache_is_shared_by_all_processes():
    """Rates count across processes: Redis when configured, files by default (never per process)."""

    code = "from django.conf import settings as s; print(s.CACHES['default']['BACKEND'])"
    default = manage("shell", "-v", "0", "-c", code, CELERY_BROKER_URL="")
    assert default.stdout.strip().endswith("FileBasedCache")
    redis = manage("shell", "-v", "0", "-c", code, DECKLAB_CACHE_URL="redis://127.0.0.1:6379/3")
    assert redis.stdout.strip().endswith("RedisCache")
    broker = manage("shell", "-v", "0", "-c", code, CELERY_BROKER_URL="redis://127.0.0.1:6379/3")
    assert broker.stdout.strip().endswith("RedisCache")


def _new_token(client) -> str:
    page = client.post(reverse("api-token")).content.decode()
    return re.search(r'id="new-token">([^<]+)<', page)[1]


def test_finding_10_tokens_are_hashed_expire_and_pages_are_not_stored(client, user):
    client.force_login(user)
    created = client.post(reverse("api-token"))
    key = re.search(r'id="new-token">([^<]+)<', created.content.decode())[1]
    assert "no-store" in created["Cache-Control"]
    assert "no-store" in client.get(reverse("profile"))["Cache-Control"]
    row = AuthToken.objects.get(user=user)
    assert key not in row.digest and row.expiry is not None
    assert key not in client.get(reverse("profile")).content.decode()


def test_finding_10_a_password_change_revokes_tokens(client, user):
    client.force_login(user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_new_token(client)}")
    assert api.get(reverse("api-decks")).status_code == 200
    new = "another-long-password-77"
    client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert api.get(reverse("api-decks")).status_code == 403


def test_finding_10_a_password_reset_revokes_tokens(client, user):
    client.force_login(user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_new_token(client)}")
    client.logout()
    client.post(reverse("password_reset"), {"email": "vegeta@example.com"})
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body)[1]
    form = client.get(link, follow=True)
    new = "an-even-longer-password-43"
    client.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert client.login(username="vegeta", password=new)
    assert api.get(reverse("api-decks")).status_code == 403


def test_finding_10_an_expired_token_is_refused(client, user):
    from datetime import timedelta

    from django.utils import timezone

    client.force_login(user)
    key = _new_token(client)
    AuthToken.objects.filter(user=user).update(expiry=timezone.now() - timedelta(seconds=1))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get(reverse("api-decks")).status_code == 403


def test_finding_10_a_script_gets_a_token_by_post_under_the_sign_in_limits(user, settings):
    api = APIClient()
    url = reverse("api-token-create")
    answer = api.post(url, {"username": "vegeta", "password": PASSWORD}, format="json")
    assert answer.status_code == 201
    token = answer.json()["token"]
    assert answer.json()["expiry"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(reverse("api-decks")).status_code == 200
    for _ in range(settings.DECKLAB_LOGIN_FAILURES_PER_ACCOUNT):
        assert api.post(url, {"username": "vegeta", "password": "x"}).status_code == 400
    refused = api.post(url, {"username": "vegeta", "password": PASSWORD}, format="json")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Try again in" in refused.json()["detail"]


def test_finding_10_an_account_keeps_a_bounded_number_of_tokens(client, user, settings):
    settings.DECKLAB_MAX_API_TOKENS = 3
    client.force_login(user)
    keys = [_new_token(client) for _ in range(5)]
    assert AuthToken.objects.filter(user=user).count() == 3
    for key, works in zip(keys, [False, False, True, True, True], strict=True):
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert (api.get(reverse("api-decks")).status_code == 200) is works
