"""Issue 22, findings 3, 4 and 5: whose attempts the limits count.

Behind the documented chain (TLS proxy → compose nginx → gunicorn) X-Forwarded-For arrives as
`<visitor>, <TLS proxy>` from nginx's address; `DECKLAB_TRUSTED_PROXIES=2` makes both the sign-in
limits and DRF's throttles count the visitor. Without it, the header is the client's own words and
the connection's address counts.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework import throttling
from rest_framework.test import APIClient

from tests.test_production import manage

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password-42"
NGINX = "172.18.0.5"
TLS_PROXY = "10.0.0.2"


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.com", PASSWORD)


def through_the_chain(visitor: str) -> dict[str, str]:
    return {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": f"{visitor}, {TLS_PROXY}"}


def test_finding_3_behind_two_proxies_one_visitor_s_guesses_lock_only_that_visitor(
    client, settings, user
):
    settings.DECKLAB_BEHIND_TLS_PROXY = True
    settings.DECKLAB_TRUSTED_PROXIES = 2
    for attempt in range(settings.DECKLAB_LOGIN_FAILURES_PER_ADDRESS):
        client.post(
            reverse("login"),
            {"username": f"someone-{attempt}", "password": "wrong"},
            **through_the_chain("203.0.113.66"),
        )
    guesser = client.post(
        reverse("login"),
        {"username": "someone-else", "password": "wrong"},
        **through_the_chain("203.0.113.66"),
    )
    assert guesser.status_code == 429
    bystander = client.post(
        reverse("login"),
        {"username": "carol", "password": PASSWORD},
        **through_the_chain("198.51.100.20"),
    )
    assert bystander.status_code == 302


IDENT = """
from django.test import RequestFactory
from rest_framework.throttling import AnonRateThrottle
request = RequestFactory().get(
    "/api/v1/games", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR="203.0.113.66, 10.0.0.2"
)
print(AnonRateThrottle().get_ident(request))
"""


def test_finding_3_the_api_throttles_count_the_visitor_behind_the_documented_chain():
    done = manage("shell", "-c", IDENT, DECKLAB_BEHIND_TLS_PROXY="1", DECKLAB_TRUSTED_PROXIES="2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "203.0.113.66"


def test_finding_4_a_made_up_forwarded_for_header_does_not_escape_the_api_throttle(monkeypatch):
    monkeypatch.setitem(throttling.SimpleRateThrottle.THROTTLE_RATES, "anon", "3/min")
    api = APIClient()
    codes = [
        api.get(
            reverse("api-games"), REMOTE_ADDR="198.51.100.9", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}"
        ).status_code
        for n in range(4)
    ]
    assert codes == [200, 200, 200, 429]


def test_finding_4_without_trusted_proxies_sign_in_counts_the_connection_s_address(
    client, settings
):
    for attempt in range(settings.DECKLAB_LOGIN_FAILURES_PER_ADDRESS):
        client.post(
            reverse("login"),
            {"username": f"someone-{attempt}", "password": "wrong"},
            REMOTE_ADDR="198.51.100.9",
            HTTP_X_FORWARDED_FOR=f"10.9.9.{attempt}",
        )
    refused = client.post(
        reverse("login"),
        {"username": "x", "password": "wrong"},
        REMOTE_ADDR="198.51.100.9",
        HTTP_X_FORWARDED_FOR="10.9.9.250",
    )
    assert refused.status_code == 429


def test_finding_5_a_unicode_twin_of_a_locked_account_is_locked_too(client, settings, user):
    for attempt in range(settings.DECKLAB_LOGIN_FAILURES_PER_ACCOUNT):
        client.post(
            reverse("login"),
            {"username": "carol", "password": f"wrong-{attempt}"},
            REMOTE_ADDR=f"198.51.100.{attempt}",
        )
    twin = client.post(
        reverse("login"),
        {"username": "ｃａｒｏｌ", "password": PASSWORD},
        REMOTE_ADDR="192.0.2.44",
    )
    assert twin.status_code == 429
    assert "_auth_user_id" not in client.session
