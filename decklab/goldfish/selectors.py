"""Reads of simulation runs: a user sees only their own runs (anyone else's id is a 404)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext

from decklab.goldfish.models import SimulationRun


def runs_for_user(user: User | AnonymousUser) -> QuerySet[SimulationRun]:
    if not user.is_authenticated:
        return SimulationRun.objects.none()
    return SimulationRun.objects.filter(owner=user)


def run_for_user(user: User | AnonymousUser, pk: int) -> SimulationRun:
    """The user's run `pk`, or Http404 (also for a run that exists but is someone else's)."""
    run = runs_for_user(user).filter(pk=pk).first()
    if run is None:
        raise Http404(gettext("No such simulation run."))
    return run
