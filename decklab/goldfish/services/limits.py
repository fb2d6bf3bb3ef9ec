"""What a run request may ask: trials, the account's runs at once and per hour, and work.

A refusal is a `SimulationRefused` whose message is for the user. Work is counted in units
(`queue.work_units`): a run whose one chunk could not fit a chunk's time limit is refused up front,
and an account's unfinished runs share one budget.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from cards.games import goldfish
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.services.queue import ACTIVE, work_units


class SimulationRefused(Exception):
    """A run that will not be queued; the message is for the user.

    `retry_later` marks refusals for load (too many runs now or this hour: HTTP 429) rather than
    for the request itself (HTTP 400).
    """

    def __init__(self, message: str, *, retry_later: bool = False):
        super().__init__(message)
        self.message = message
        self.retry_later = retry_later


def check_trials(trials: int) -> None:
    limit = settings.GOLDFISH_MAX_TRIALS
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= limit:
        raise SimulationRefused(
            gettext("trials must be a whole number from 1 to %(limit)s.") % {"limit": f"{limit:,}"}
        )


def check_user_limits(user: AbstractBaseUser) -> None:
    runs = SimulationRun.objects.filter(owner=user)
    active = runs.filter(status__in=ACTIVE).count()
    if active >= settings.GOLDFISH_MAX_ACTIVE_RUNS:
        raise SimulationRefused(
            gettext(
                "You already have %(active)d runs in progress (at most %(limit)d); "
                "start another when one has finished."
            )
            % {"active": active, "limit": settings.GOLDFISH_MAX_ACTIVE_RUNS},
            retry_later=True,
        )
    hour_ago = timezone.now() - timedelta(hours=1)
    recent = list(
        runs.filter(created_at__gte=hour_ago).order_by("created_at").values_list("created_at")
    )
    if len(recent) >= settings.GOLDFISH_RUNS_PER_HOUR:
        wait = recent[0][0] + timedelta(hours=1) - timezone.now()
        minutes = max(1, round(wait.total_seconds() / 60))
        raise SimulationRefused(
            ngettext(
                "At most %(limit)d runs per hour; try again in %(minutes)d minute.",
                "At most %(limit)d runs per hour; try again in %(minutes)d minutes.",
                minutes,
            )
            % {"limit": settings.GOLDFISH_RUNS_PER_HOUR, "minutes": minutes},
            retry_later=True,
        )


def check_chunk_work(game: str, goals: list[dict], trials: int) -> None:
    """Refuse goals whose one chunk could not finish within a chunk's time limit."""
    work = work_units(game, goals, min(trials, goldfish.CHUNK))
    if work > settings.GOLDFISH_CHUNK_MAX_WORK:
        raise SimulationRefused(
            gettext(
                "These goals are too much work for one chunk of %(games)s games (%(work)s units, "
                "at most %(limit)s): use fewer goals, or fewer match goals."
            )
            % {
                "games": f"{min(trials, goldfish.CHUNK):,}",
                "work": f"{work:,.0f}",
                "limit": f"{settings.GOLDFISH_CHUNK_MAX_WORK:,}",
            }
        )


def check_account_work(owner: AbstractBaseUser, work: float) -> None:
    """Refuse a run that would take the owner's unfinished work past its budget (HTTP 429)."""
    runs = SimulationRun.objects.filter(owner=owner, status__in=ACTIVE).only(
        "game", "goals", "trials", "chunks_done", "chunks_total"
    )
    left = sum(
        work_units(run.game, run.goals, run.trials) * (1 - run.chunks_done / run.chunks_total)
        for run in runs
    )
    if runs and left + work > settings.GOLDFISH_ACCOUNT_MAX_WORK:
        raise SimulationRefused(
            gettext(
                "Your runs in progress and this one are too much work at once (%(work)s units, "
                "at most %(limit)s); start it when one has finished."
            )
            % {"work": f"{left + work:,.0f}", "limit": f"{settings.GOLDFISH_ACCOUNT_MAX_WORK:,}"},
            retry_later=True,
        )
