"""API tokens (django-rest-knox): a new one for the profile page or `POST /api/v1/token`.

An account keeps at most `DECKLAB_MAX_API_TOKENS` tokens: making one more revokes the oldest, so a
script that asks for a token on every run cannot grow the table without bound.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from knox.models import AuthToken


def new_token(user: User) -> tuple[AuthToken, str]:
    """The new token's row and its key (the key is shown once; only its hash is stored)."""
    keep = settings.DECKLAB_MAX_API_TOKENS - 1
    old = AuthToken.objects.filter(user=user).order_by("-created").values_list("pk", flat=True)
    AuthToken.objects.filter(pk__in=list(old[keep:])).delete()
    return AuthToken.objects.create(user=user)
