"""The site language of a signed-in user: remembered in their profile, applied at sign-in.

Django's `set_language` stores a visitor's choice in a cookie; LocaleMiddleware reads that cookie
before `Accept-Language`. This module adds the account side: a choice made while signed in is saved
in the profile, and signing in puts the profile's language back into the cookie, so the choice follows
the user to another browser. A user who never chose keeps whatever the browser had, and a choice made
just before signing in is saved for them.
"""

from __future__ import annotations

from typing import TypeGuard

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from decklab.accounts.models import Profile

#: The request attribute that asks `ApplyProfileLanguage` to set the cookie on the response.
PENDING = "_decklab_profile_language"


def supported(code: str | None) -> TypeGuard[str]:
    return bool(code) and code in dict(settings.LANGUAGES)


def remember(user: User | AnonymousUser, code: str | None) -> None:
    """Save a user's explicit choice (the header switcher)."""
    if user.is_authenticated and supported(code):
        Profile.objects.update_or_create(user=user, defaults={"language": code})


@receiver(user_logged_in)
def apply_at_sign_in(sender, request: HttpRequest | None, user, **kwargs) -> None:
    if request is None:
        return
    profile = Profile.of(user)
    if profile.language:
        translation.activate(profile.language)
        request.LANGUAGE_CODE = profile.language
        setattr(request, PENDING, profile.language)
        return
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if supported(chosen):
        profile.language = chosen
        profile.save(update_fields=["language"])


def set_cookie(response: HttpResponse, code: str) -> None:
    """The same cookie Django's `set_language` view writes."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class ApplyProfileLanguage:
    """Middleware: after a sign-in, the response carries the profile's language cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        code = getattr(request, PENDING, None)
        if code:
            set_cookie(response, code)
        return response
