"""Run pages: start a run from a form, watch its progress live, read its results and chart.

The progress fragment is polled by htmx; once the run has finished it answers with status 286, which
tells htmx to stop polling, and carries the results in place of the progress bar.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods

from cards.games import jsontext
from cards.games.goldfish import DEFAULT_TRIALS, goal_forms
from cards.games.registry import GAMES, all_games, get_game
from cards.games.text import whole_number
from decklab.goldfish import charts, selectors, services
from decklab.goldfish.models import SimulationRun

#: htmx stops polling when a poll answers with this status.
STOP_POLLING = 286
#: "Every turn up to t" turns one goal into at most this many (the engine's goal limit is 20).
MAX_TURN_SERIES = 20


def _state_context(run: SimulationRun) -> dict[str, Any]:
    results = (run.results or {}).get("results", [])
    # English keeps the goal's own keys (`drawn: cards …, at least 1`); Japanese reads the labels.
    names = charts.goal_names(run.game) if get_language() == "ja" else None
    return {
        "run": run,
        "percent": round(run.progress * 100),
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
        response.status_code = STOP_POLLING
    return response


def _form_fields(data: Any, forms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every goal type's fields once, by name (goal types share `cards`, `turn`, `play` …)."""
    fields: dict[str, dict[str, Any]] = {}
    for form in forms:
        for spec in form["fields"]:
            entry = fields.setdefault(
                spec["name"],
                {**spec, "choices": [], "goals": [], "value": data.get(f"goal-{spec['name']}", "")},
            )
            entry["goals"].append(form["label"])
            entry["choices"] += [c for c in spec["choices"] if c not in entry["choices"]]
    return list(fields.values())


def _game(slug: str | None) -> str:
    return slug if slug in GAMES else next(iter(GAMES))


def _goal_from_form(data: Any, goal_type: dict[str, Any]) -> dict[str, Any]:
    """A goal dict from the form's `goal-<field>` inputs; the engine checks the values."""
    goal: dict[str, Any] = {"type": goal_type["type"]}
    for spec in goal_type["fields"]:
        raw = data.get(f"goal-{spec['name']}", "").strip()
        if raw == "":
            continue
        goal[spec["name"]] = _field_value(spec["kind"], raw)
    return goal


def _field_value(kind: str, raw: str) -> Any:
    if kind == "cards":
        return [part.strip() for part in raw.replace(";", "\n").replace(",", "\n").splitlines()]
    if kind == "number":
        try:
            return float(raw)
        except ValueError:
            return raw
    if kind == "mapping":
        try:
            return jsontext.loads(raw)
        except ValueError:
            return raw
    return raw  # `int` and `choice` values are checked and converted by the engine


def _goals(data: Any, forms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The goals the form asks for: typed JSON, or the chosen goal type's fields.

    With "every turn up to t", a goal with a `turn` becomes one goal per turn 1 … t, which the run
    page draws as a line of probability by turn.
    """
    typed = data.get("goals_json", "").strip()
    if typed:
        try:
            goals = jsontext.loads(typed)
        except ValueError as error:
            raise services.SimulationRefused(
                gettext("The goals are not valid JSON: %(error)s.") % {"error": error}
            ) from None
        return goals if isinstance(goals, list) else [goals]
    chosen = next((form for form in forms if form["type"] == data.get("goal_type")), None)
    if chosen is None:
        raise services.SimulationRefused(gettext("Choose a goal."))
    goal = _goal_from_form(data, chosen)
    last = whole_number(str(goal.get("turn", "")))
    if data.get("every_turn") and last is not None:
        return [{**goal, "turn": turn} for turn in range(1, min(last, MAX_TURN_SERIES) + 1)]
    return [goal]


def _trials_and_seed(data: Any) -> tuple[int, int | None]:
    try:
        trials = int(data.get("trials") or DEFAULT_TRIALS)
        seed_text = data.get("seed", "").strip()
        seed = int(seed_text) if seed_text else None
    except ValueError:
        raise services.SimulationRefused(
            gettext("Trials and seed must be whole numbers.")
        ) from None
    return trials, seed


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
        "goal_forms": forms,
        "goal_fields": _form_fields(data, forms),
        "values": data,
        "default_trials": DEFAULT_TRIALS,
        "formats": get_game(game).formats,
    }
    if request.method == "GET":
        return render(request, "goldfish/new.html", context)
    try:
        trials, seed = _trials_and_seed(data)
        run = services.simulation_request(
            user=request.user,
            game=game,
            format=data.get("format") or None,
            decklist=data.get("decklist", ""),
            goals=_goals(data, forms),
            trials=trials,
            seed=seed,
            adaptive=bool(data.get("adaptive")),
        )
    except services.SimulationRefused as refused:
        context["error"] = refused.message
        return render(
            request, "goldfish/new.html", context, status=429 if refused.retry_later else 400
        )
    return redirect("goldfish:run", pk=run.pk)
