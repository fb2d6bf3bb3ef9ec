"""Sign-up form: Django's own, plus an e-mail address so a forgotten password can be reset; a
refused password's reasons sit under the password, and neither password field is emptied."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email"), help_text=_("Used only to reset a forgotten password.")
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A refused sign-up (a name taken, a password too short) used to come back with both
        # passwords emptied: the page keeps what was typed, as it keeps the name and address.
        for name in ("password1", "password2"):
            self.fields[name].widget.render_value = True

    def validate_password_for_user(self, user, password_field_name="password2"):
        """Django puts a too-weak password's reasons under the confirmation field; they are
        about the password, so they go under it (a mismatch stays under the confirmation)."""
        if "password2" in self.errors:
            return
        password = self.cleaned_data.get(password_field_name)
        if password:
            try:
                password_validation.validate_password(password, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
