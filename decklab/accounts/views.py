"""Sign-up and the profile page; sign-in, sign-out and passwords are Django's auth views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from decklab.accounts import language
from decklab.accounts.forms import SignUpForm
from decklab.decks.selectors import decks_of


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
        return redirect("profile")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    decks = decks_of(request.user)
    token = Token.objects.filter(user=request.user).first()
    return render(request, "accounts/profile.html", {"decks": decks, "token": token})


@require_POST
@login_required
def token(request: HttpRequest) -> HttpResponse:
    """Create (or replace) the user's API token; the old one stops working at once."""
    Token.objects.filter(user=request.user).delete()
    Token.objects.create(user=request.user)
    messages.success(request, _("A new API token was created; the previous one no longer works."))
    return redirect("profile")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's `set_language` (cookie and redirect), and a signed-in user's profile remembers it."""
    response = i18n.set_language(request)
    if request.method == "POST":
        language.remember(request.user, request.POST.get("language"))
    return response
