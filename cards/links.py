"""Absolute links: always from `settings.SITE_URL`, never from the request's Host header.

A reset mail, an OpenGraph tag or an API link built from the Host header would point wherever a
forged request says (issue 9, finding 1); every absolute address of the site comes from here.
"""

from __future__ import annotations

from urllib.parse import urlparse

from django.conf import settings


def absolute(path: str) -> str:
    """The site's address of a path (`/d/abc` → `https://decklab.example/d/abc`)."""
    return settings.SITE_URL + path


def email_context() -> dict[str, str]:
    """`protocol` and `domain` for Django's password reset mail, from the site URL."""
    parts = urlparse(settings.SITE_URL)
    return {"protocol": parts.scheme, "domain": parts.netloc, "site_url": settings.SITE_URL}
