"""What DeckLab remembers about a user beyond Django's own user row."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    """One per user, made on first need (`Profile.of`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="profile",
        verbose_name=_("user"),
    )
    #: The language the user last chose with the switcher; empty until they choose one.
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)

    @classmethod
    def of(cls, user) -> Profile:
        profile, _created = cls.objects.get_or_create(user=user)
        return profile
