"""A new password revokes every API token of the account (change, reset, admin or command)."""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver
from knox.models import AuthToken


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def revoke_tokens_on_new_password(sender, instance, created: bool, **kwargs) -> None:
    # `set_password` leaves the raw password in `_password` until the save is done; a hash upgrade
    # at sign-in (same password, new hasher settings) clears it first and keeps the tokens.
    if not created and getattr(instance, "_password", None) is not None:
        AuthToken.objects.filter(user=instance).delete()
