"""Sign-up form: Django's own, plus an e-mail address so a forgotten password can be reset."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm


class SignUpForm(UserCreationForm):
    email = forms.EmailField(help_text="Used only to reset a forgotten password.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
