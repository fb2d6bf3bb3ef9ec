"""Issue 9, findings 1, 11 and 12: production mode safe by construction, request bodies capped.

The production environment of docs/operators.md "Production settings" is run as a real `manage.py`
process, because the refusals happen while the settings load.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.processes import ROOT, manage

#: docs/operators.md "Production settings": the environment a production web process runs with.
PRODUCTION = {
    "DECKLAB_DEBUG": "0",
    "DECKLAB_SECRET_KEY": "k8Q2v-a-long-random-production-key-for-tests-only-9fZx1Lw0pT7",
    "DECKLAB_ALLOWED_HOSTS": "decklab.example",
    "DECKLAB_SITE_URL": "https://decklab.example",
    "DECKLAB_BEHIND_TLS_PROXY": "1",
}


def test_finding_12_check_deploy_is_clean_in_the_documented_production_environment():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("missing", ["DECKLAB_ALLOWED_HOSTS", "DECKLAB_SITE_URL"])
def test_finding_1_production_refuses_to_start_without_hosts_or_site_url(missing):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    result = manage("check", **env)
    assert result.returncode != 0
    assert missing in result.stderr


def test_finding_1_production_refuses_a_wildcard_host():
    result = manage("check", **{**PRODUCTION, "DECKLAB_ALLOWED_HOSTS": "*"})
    assert result.returncode != 0
    assert "DECKLAB_ALLOWED_HOSTS" in result.stderr


def test_finding_12_https_settings_come_from_the_environment():
    code = (
        "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
        "s.SECURE_PROXY_SSL_HEADER)"
    )
    result = manage("shell", "-v", "0", "-c", code, **PRODUCTION)
    assert result.stdout.split()[:4] == ["True", "True", "True", "31536000"]
    assert "HTTP_X_FORWARDED_PROTO" in result.stdout
    plain = manage("shell", "-v", "0", "-c", code, **{**PRODUCTION, "DECKLAB_SECURE_COOKIES": "0"})
    assert plain.stdout.split()[:2] == ["False", "False"]


@pytest.mark.django_db
def test_finding_1_reset_links_come_from_the_site_url_not_the_host_header(
    client, django_user_model, settings
):
    settings.SITE_URL = "https://decklab.example"
    django_user_model.objects.create_user("bulma", "bulma@example.com", "a-long-password-42")
    client.post(reverse("password_reset"), {"email": "bulma@example.com"}, HTTP_HOST="evil.example")
    assert len(mail.outbox) == 1
    links = re.findall(r"\w+://[^/\s]+", mail.outbox[0].body)
    assert links == ["https://decklab.example"]


@pytest.mark.django_db
def test_finding_12_pages_carry_a_content_security_policy(client):
    response = client.get(reverse("home"))
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    # Only style attributes (which htmx writes while it swaps) may be inline; no script, no <style>.
    assert [name for name, value in directives.items() if "unsafe-inline" in value] == [
        "style-src-attr"
    ]


def test_finding_12_templates_hold_no_inline_scripts_styles_or_handlers():
    """The policy forbids inline code: every template keeps scripts and styles in static files."""
    inline = re.compile(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", re.IGNORECASE)
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in (ROOT / "templates").rglob("*.html")
        for match in inline.finditer(path.read_text())
    ]
    assert found == []


@pytest.mark.django_db
def test_finding_11_an_anonymous_100_mb_multipart_post_is_refused_unread(client, settings):
    body = b"x" * 1024
    response = client.generic(
        "POST",
        reverse("login"),
        body,
        content_type="multipart/form-data; boundary=xyz",
        CONTENT_LENGTH=str(100 * 1024 * 1024),
    )
    assert response.status_code == 413
    assert f"{settings.DECKLAB_MAX_REQUEST_BYTES:,}" in response.content.decode()


@pytest.mark.django_db
def test_finding_11_a_file_part_over_the_cap_is_refused(client, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("deck.txt", b"x" * (settings.DECKLAB_MAX_REQUEST_BYTES + 1))
    response = client.post(reverse("login"), {"username": "a", "password": "b", "file": big})
    assert response.status_code == 413


@pytest.mark.django_db
def test_finding_11_api_bodies_are_capped_with_a_json_answer(client, settings):
    response = client.post(
        "/api/v1/decks",
        b"{" + b" " * settings.DECKLAB_MAX_REQUEST_BYTES + b"}",
        content_type="application/json",
    )
    assert response.status_code == 413
    assert "detail" in response.json()


@pytest.mark.django_db
def test_finding_11_staff_uploads_keep_their_own_larger_cap(admin_client, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    size = settings.DECKLAB_MAX_REQUEST_BYTES + 1024
    assert size < settings.DECKLAB_MAX_UPLOAD_BYTES
    upload = SimpleUploadedFile("cards.csv", b"number,name\n" + b"x" * size)
    response = admin_client.post(reverse("cards:upload"), {"game": "dbscg", "file": upload})
    assert response.status_code != 413


@pytest.mark.django_db
def test_finding_1_opengraph_and_api_links_come_from_the_site_url(client, settings):
    from decklab.decks.services import deck_create
    from tests.decks import factories

    settings.SITE_URL = "https://decklab.example"
    factories.load_dbscg()
    owner = factories.make_user("bulma")
    deck = deck_create(
        owner=owner, game="dbscg", name="Shared", zones=factories.LEGAL_DBSCG, visibility="unlisted"
    )
    page = client.get(reverse("decks:shared", args=[deck.code]), HTTP_HOST="evil.example")
    links = re.findall(r'property="og:(?:url|image)" content="([^"]+)"', page.content.decode())
    assert len(links) == 2
    assert all(link.startswith("https://decklab.example/d/") for link in links)
    games = client.get(reverse("api-games"), HTTP_HOST="evil.example").json()
    assert "evil.example" not in str(games)
    assert "https://decklab.example/api/v1/games/" in str(games)


def test_the_site_has_an_icon_where_browsers_ask_for_it(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert b"".join(icon.streaming_content)[:4] == b"\x00\x00\x01\x00"  # an ICO file
