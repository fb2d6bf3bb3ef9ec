"""Runs asked for and ended: a user's request within its limits, a stored run, a failed run.

A run's state lives in its row (DESIGN.md "Tasks take ids, state lives in your table"): creating
one stores the cleaned goals, the seed and the chunk count, then hands the owner's queue a turn
(`queue.dispatch`); workers do the rest from the row.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards.games import goldfish
from cards.games.game import UnknownFormat
from cards.games.goldfish import GoalError
from cards.games.messages import Text
from cards.games.registry import UnknownGame, get_game
from cards.languages import translated
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.services.limits import (
    SimulationRefused,
    check_account_work,
    check_chunk_work,
    check_trials,
    check_user_limits,
)
from decklab.goldfish.services.plans import build_plan
from decklab.goldfish.services.queue import ACTIVE, dispatch, work_units


def simulation_request(
    *,
    user: AbstractBaseUser | AnonymousUser,
    game: str,
    format: str | None,
    decklist: str,
    goals: list[dict],
    trials: int,
    seed: int | None,
    adaptive: bool = False,
) -> SimulationRun:
    """Check the user's limits, the deck and the goals, then queue the run's chunks."""
    if not user.is_authenticated:
        raise SimulationRefused(gettext("Sign in to run simulations in the background."))
    check_trials(trials)
    with transaction.atomic():
        # One request per user at a time, so two quick requests cannot both slip under a limit.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        check_user_limits(user)
        return create_run(
            owner=user,
            game=game,
            format=format,
            decklist=decklist,
            goals=goals,
            trials=trials,
            seed=seed,
            adaptive=adaptive,
            limit_work=True,
        )


def create_run(
    *,
    owner: AbstractBaseUser | None,
    game: str,
    format: str | None,
    decklist: str,
    goals: list[dict],
    trials: int,
    seed: int | None,
    adaptive: bool = False,
    limit_work: bool = False,
) -> SimulationRun:
    """Check the deck and goals, store the run and queue its chunks. Per-user limits only with
    `limit_work` (the owner's work budget); a chunk that is too much work is always refused."""
    check_trials(trials)
    try:
        format_slug = get_game(game).format(format).slug
    except (UnknownGame, UnknownFormat) as error:
        raise SimulationRefused(translated(error.text)) from None
    if seed is None:
        seed = secrets.randbelow(2**32)
    try:
        goldfish.check_seed(seed)
        prepared = build_plan(game, decklist, goals)
    except GoalError as error:
        raise SimulationRefused(translated(error.text)) from None
    cleaned = [goal.goal for goal in prepared.goals]
    check_chunk_work(game, cleaned, trials)
    if limit_work and owner is not None:
        check_account_work(owner, work_units(game, cleaned, trials))
    now = timezone.now()
    run = SimulationRun.objects.create(
        owner=owner,
        game=game,
        format=format_slug,
        decklist=decklist,
        # The cleaned goals (defaults filled in): what the results echo and what workers re-plan.
        goals=cleaned,
        seed=seed,
        trials=trials,
        adaptive=adaptive,
        chunks_total=len(goldfish.chunk_sizes(trials)),
        heartbeat_at=now,
    )
    dispatch(run.owner_id)
    return run


def fail_run(run_id: int, reason: Text) -> None:
    """End a run that is still queued or running as failed, with the reason its owner sees (in the
    owner's language when shown: `SimulationRun.failure`)."""
    SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        status=SimulationRun.Status.FAILED, finished_at=timezone.now(), **failed_because(reason)
    )


def failed_because(reason: Text) -> dict[str, Any]:
    """The fields of a failed run's reason: the text to translate, and its English words."""
    return {"error": str(reason), "error_text": reason.to_json()}
