"""Run pages: start a run from a form, watch its progress live, read its results and chart.

The progress fragment is polled by htmx; once the run has finished it answers with status 286, which
tells htmx to stop polling, and carries the results in place of the progress bar.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HTMX_STOP_POLLING

from cards.games.goldfish import DEFAULT_TRIALS, goal_forms
from cards.games.registry import GAMES, all_games, get_game
from decklab.goldfish import charts, selectors, services
from decklab.goldfish.forms import SimulationForm, goal_fieldsets, goals_from_data
from decklab.goldfish.models import SimulationRun


def _state_context(run: SimulationRun) -> dict[str, Any]:
    results, names = charts.readable((run.results or {}).get("results", []), run.game)
    played = 0 if run.finished else run.games_played()
    return {
        "run": run,
        "games_played": played,
        # Share of the games asked for (the most, for an adaptive run), as the label says.
        "percent": 100 if run.finished else min(100, played * 100 // max(run.trials, 1)),
        "rows": charts.rows(results, names),
        "chart": charts.probability_by_turn(results, names),
    }


@login_required
@require_GET
def run_page(request: HttpRequest, pk: int) -> HttpResponse:
    run = services.refreshed(selectors.run_for_user(request.user, pk))
    return render(request, "goldfish/run.html", _state_context(run))


@login_required
@require_GET
def run_progress(request: HttpRequest, pk: int) -> HttpResponse:
    run = services.refreshed(selectors.run_for_user(request.user, pk))
    response = render(request, "goldfish/_run_state.html", _state_context(run))
    if run.finished:
        response.status_code = HTMX_STOP_POLLING
    return response


def _game(slug: str | None) -> str:
    return slug if slug in GAMES else next(iter(GAMES))


@login_required
@require_http_methods(["GET", "POST"])
def new_run(request: HttpRequest) -> HttpResponse:
    """The run form; GET `?game=…&format=…&decklist=…` fills it in (the deck editor links here)."""
    data = request.POST if request.method == "POST" else request.GET
    game = _game(data.get("game"))
    forms = goal_forms(game)
    context: dict[str, Any] = {
        "game_choices": all_games(),
        "game": game,
        "goal_fieldsets": goal_fieldsets(forms, data),
        "values": data,
        "default_trials": DEFAULT_TRIALS,
        "formats": get_game(game).formats,
    }
    if request.method == "GET":
        return render(request, "goldfish/new.html", context)
    form = SimulationForm(data)
    try:
        if not form.is_valid():
            raise services.SimulationRefused(gettext("Trials and seed must be whole numbers."))
        run = services.simulation_request(
            user=request.user,
            game=game,
            format=data.get("format") or None,
            decklist=data.get("decklist", ""),
            goals=goals_from_data(forms, data),
            trials=form.cleaned_data["trials"],
            seed=form.cleaned_data["seed"],
            adaptive=form.cleaned_data["adaptive"],
        )
    except services.SimulationRefused as refused:
        context["error"] = refused.message
        return render(
            request, "goldfish/new.html", context, status=429 if refused.retry_later else 400
        )
    except ValidationError as invalid:
        context["error"] = " ".join(invalid.messages)
        return render(request, "goldfish/new.html", context, status=400)
    return redirect("goldfish:run", pk=run.pk)
