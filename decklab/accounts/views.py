"""Sign-up, sign-in, password reset and the profile page with its API tokens.

Sign-in, sign-up and reset mails are Django's views with attempt limits in front (`limits`): past a
limit the page answers 429 with `Retry-After` and says when to try again. API tokens are
django-rest-knox tokens: stored as hashes with an expiry, shown once when created, revoked when the
password changes (`signals`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django.views.generic.edit import ProcessFormView
from knox.models import AuthToken

from cards.http import AuthenticatedHttpRequest
from cards.links import email_context
from decklab.accounts import language, limits
from decklab.accounts.forms import SignUpForm
from decklab.accounts.tokens import new_token
from decklab.decks.selectors import decks_of


def _too_many(response: HttpResponse, wait: int) -> HttpResponse:
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def _unavailable(
    request: HttpRequest, error: limits.Unavailable, page: Callable[[], HttpResponse]
) -> HttpResponse:
    """The attempt limits cannot be read (the cache's Redis is down): refused on purpose, 503."""
    messages.error(request, str(error.message))
    response = page()
    response.status_code = 503
    response["Retry-After"] = "60"
    return response


class LimitedPost(ProcessFormView):
    """A POST past its attempt limits answers 429 with the page and says when to try again.
    Mixed in before one of Django's form views (`ProcessFormView` is already in their bases, so
    the order of lookups is theirs: `get` and `super().post` are the auth view's)."""

    def limit_checks(self, request: HttpRequest) -> tuple[tuple[limits.Limit, str], ...]:
        raise NotImplementedError

    def counts(self, request: HttpRequest) -> bool:
        """Whether this attempt counts against the limits (after it was answered)."""
        return True

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        checks = self.limit_checks(request)
        try:
            wait = limits.retry_after(*checks)
        except limits.Unavailable as error:
            return _unavailable(request, error, lambda: self.get(request, *args, **kwargs))
        if wait:
            messages.error(request, limits.wait_message(wait))
            return _too_many(self.get(request, *args, **kwargs), wait)
        response = super().post(request, *args, **kwargs)
        if self.counts(request):
            try:
                limits.hit(*checks)
            except limits.Unavailable as error:
                return _unavailable(request, error, lambda: self.get(request, *args, **kwargs))
        return response


class LoginView(LimitedPost, auth_views.LoginView):
    """Django's sign-in; failed attempts are limited per account and per address."""

    def limit_checks(self, request: HttpRequest):
        return limits.login_checks(request.POST.get("username", ""), request)

    def counts(self, request: HttpRequest) -> bool:
        return not request.user.is_authenticated


class PasswordResetView(LimitedPost, auth_views.PasswordResetView):
    """Django's reset mail, limited per address and per e-mail; its link uses DECKLAB_SITE_URL."""

    def limit_checks(self, request: HttpRequest):
        account, address = limits.reset_limits()
        return (
            (account, request.POST.get("email", "")),
            (address, limits.client_address(request)),
        )

    def form_valid(self, form):
        # Never the request's Host header: a forged one would receive a genuine reset link.
        self.extra_email_context = email_context()
        return super().form_valid(form)


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        check = (limits.signup_limit(), limits.client_address(request))
        try:
            wait = limits.retry_after(check)
            if not wait and form.is_valid():
                limits.hit(check)
        except limits.Unavailable as error:
            page = partial(render, request, "accounts/signup.html", {"form": form})
            return _unavailable(request, error, page)
        if wait:
            messages.error(request, limits.wait_message(wait))
            refused = render(request, "accounts/signup.html", {"form": SignUpForm()})
            return _too_many(refused, wait)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
            return redirect("profile")
    return render(request, "accounts/signup.html", {"form": form})


def _profile(request: AuthenticatedHttpRequest, new_token: str = "") -> HttpResponse:
    context = {
        "decks": decks_of(request.user),
        "tokens": AuthToken.objects.filter(user=request.user).order_by("-created"),
        "new_token": new_token,
        "token_days": settings.DECKLAB_API_TOKEN_DAYS,
    }
    return render(request, "accounts/profile.html", context)


@never_cache
@login_required
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    return _profile(request)


@never_cache
@require_POST
@login_required
def token(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create an API token and show it this once (only its hash is kept)."""
    key = new_token(request.user)[1]
    messages.success(request, _("A new API token was created. Copy it now: it is not shown again."))
    return _profile(request, new_token=key)


@require_POST
@login_required
def revoke_tokens(request: AuthenticatedHttpRequest) -> HttpResponse:
    AuthToken.objects.filter(user=request.user).delete()
    messages.success(request, _("Every API token of your account was revoked."))
    return redirect("profile")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's `set_language` (cookie and redirect), and a signed-in user's profile remembers it."""
    response = i18n.set_language(request)
    if request.method == "POST":
        language.remember(request.user, request.POST.get("language"))
    return response
