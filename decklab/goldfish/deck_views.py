"""Goldfish runs started from a deck's pages (addresses under `decks:`): the editor's and the
builder's goldfish panel, a pair of runs side by side, and the polled comparison of two runs."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HTMX_STOP_POLLING

from cards.games.decklist import natural_key
from cards.games.goldfish import GoalError, goal_forms
from cards.games.text import whole_number
from cards.http import HtmxHttpRequest
from decklab.decks import compare, selectors, services
from decklab.decks.views.base import (
    DeckUrls,
    refuse_too_large,
    simulate_pair_url,
    stateless,
    workspace,
)
from decklab.decks.workspace import Workspace
from decklab.goldfish import charts
from decklab.goldfish.forms import (
    TRIALS_CHOICES,
    SimulationForm,
    goal_data,
    goal_fieldsets,
    goals_from_data,
    starting_data,
)
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.pairs import base_target, compare_target
from decklab.goldfish.selectors import run_for_user
from decklab.goldfish.services import SimulationRefused, build_plan, refreshed, simulation_request


def _simulate(
    request: HtmxHttpRequest,
    targets: list[tuple[str, Workspace]],
    form: SimulationForm,
    *,
    goals: list[dict] | None = None,
    pair: tuple[str, str] | None = None,
) -> HttpResponse:
    """Queue one run per target with the same goals and the same seed, so they compare fairly.

    `goals` are the posted ones unless given. A plain (not htmx) POST lands on the first run's
    page; a `pair` (the side-by-side page's address without its runs, and the editor's set up for
    the pair) lands on that page, or on refusal back on the editor."""
    seed = form.cleaned_data["seed"]
    if seed is None:
        seed = random.randrange(2**31)
    runs, error, status = [], "", 200
    try:
        if goals is None:
            goals = goals_from_data(goal_forms(targets[0][1].game_slug), request.POST)
        for label, target in targets:
            run = simulation_request(
                user=request.user,
                game=target.game_slug,
                format=target.format_slug,
                decklist=target.text,
                goals=goals,
                trials=form.cleaned_data["trials"],
                seed=seed,
            )
            runs.append((label, run))
    except SimulationRefused as refused:
        error, status = refused.message, 429 if refused.retry_later else 400
    except forms.ValidationError as invalid:
        error, status = " ".join(invalid.messages), 400
    if not request.htmx:
        if pair is not None and len(runs) == 2:
            runs_query = urlencode({"a": runs[0][1].pk, "b": runs[1][1].pk})
            return redirect(f"{pair[0]}&{runs_query}")
        if runs:
            return redirect("goldfish:run", pk=runs[0][1].pk)
        messages.error(request, error)
        if pair is not None:
            return redirect(pair[1])
        return HttpResponseRedirect(DeckUrls.of(targets[0][1]).page)
    context = {"runs": runs, "error": error, "seed": seed}
    return render(request, "decks/_simulation.html", context, status=status)


def _readable_pair(
    first: SimulationRun, second: SimulationRun
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], charts.Names | None]:
    """Both runs' results as the run page shows them (goals in form order, the page's words)."""
    results_a, names_a = charts.readable((first.results or {}).get("results", []), first.game)
    results_b, names_b = charts.readable((second.results or {}).get("results", []), second.game)
    names: charts.Names = {**(names_a or {}), **(names_b or {})}
    return results_a, results_b, names or None


def _compare_context(
    first: SimulationRun, second: SimulationRun, labels: tuple[str, str]
) -> dict[str, Any]:
    """What `_compare.html` shows of two runs, and where it polls until both have finished."""
    done = first.status == second.status == "done"
    query = urlencode({"a": first.pk, "b": second.pk, "la": labels[0], "lb": labels[1]})
    return {
        "labels": labels,
        "differences": compare.differences(*_readable_pair(first, second)) if done else None,
        "finished": first.finished and second.finished,
        "poll_url": f"{reverse('decks:compare-runs')}?{query}",
    }


def _runs_asked(request: HttpRequest) -> tuple[SimulationRun, SimulationRun]:
    """The two runs named by `a` and `b`, refreshed (a 404 unless both are the user's)."""
    first, second = (
        refreshed(run_for_user(request.user, whole_number(request.GET.get(key, "")) or 0))
        for key in ("a", "b")
    )
    return first, second


@require_GET
@login_required
def compare_runs(request: HttpRequest) -> HttpResponse:
    """The two runs of a "Compare with", side by side once both are done (htmx polls until then)."""
    first, second = _runs_asked(request)
    labels = (request.GET.get("la", "")[:120], request.GET.get("lb", "")[:120])
    context = _compare_context(first, second, labels)
    response = render(request, "decks/_compare.html", context)
    if context["finished"]:
        response.status_code = HTMX_STOP_POLLING
    return response


def _form_refused() -> dict[str, str]:
    return {"error": gettext("Check trials and seed.")}


@require_POST
def simulate(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The goldfish panel's run (`base` and `compare` pick a pair). With `goals=starting` (the
    history's "Simulate both side by side") the pair runs the panel's first defaults that fit."""
    deck = selectors.deck_for_owner(request.user, pk)
    ws = workspace(request, deck)
    form = SimulationForm(request.POST)
    if not form.is_valid():
        return render(request, "decks/_simulation.html", _form_refused(), status=400)
    base = whole_number(request.POST.get("base", ""))
    try:
        targets = [base_target(deck, ws, base)]
        other = compare_target(request, deck, form.cleaned_data["compare"])
    except services.DeckError as refused:
        return render(request, "decks/_simulation.html", {"error": str(refused)}, status=400)
    if other is None:
        return _simulate(request, targets, form)
    targets.append(other)
    pair = (deck.version if base is None else base, form.cleaned_data["compare"])
    goals = None
    if request.POST.get("goals") == "starting":
        try:
            goals = _starting_goals(targets)
        except forms.ValidationError as invalid:
            messages.error(request, " ".join(invalid.messages))
            return redirect(simulate_pair_url(deck, *pair))
    side_by_side = reverse("decks:side-by-side", args=[deck.pk])
    return _simulate(
        request,
        targets,
        form,
        goals=goals,
        pair=(
            f"{side_by_side}?{urlencode({'base': pair[0], 'with': pair[1]})}",
            simulate_pair_url(deck, *pair),
        ),
    )


def _starting_goals(targets: list[tuple[str, Workspace]]) -> list[dict]:
    """The goldfish form's defaults as the panel shows them, for the first goal type that runs on
    every target; cards fields take the card of the zone drawn from that the first deck plays most
    among those every target plays (else its most-played)."""
    first = targets[0][1]
    forms_of_game = goal_forms(first.game_slug)
    drawn = first.zones.get(first.game.default_zone, {})
    shared = set(drawn).intersection(
        *(target.zones.get(target.game.default_zone, {}) for _, target in targets[1:])
    )
    key_card = max(sorted(shared or drawn, key=natural_key), key=drawn.__getitem__, default="")
    for data in starting_data(forms_of_game, key_card):
        goals = goals_from_data(forms_of_game, data)
        try:
            for _, target in targets:
                build_plan(target.game_slug, target.text, goals)
        except GoalError:
            continue
        return goals
    raise forms.ValidationError(
        gettext("No goal runs on its defaults for these decks: choose the goals, then run.")
    )


@require_GET
@login_required
def side_by_side(request: HttpRequest, pk: int) -> HttpResponse:
    """Two runs of a pair (`a`, `b`; `base` and `with` as the panel's): the difference of their
    estimates with its interval, each run's results and chart, and the goals to run again."""
    deck = selectors.deck_for_owner(request.user, pk)
    ws = workspace(request, deck)
    first, second = _runs_asked(request)
    base, wanted = whole_number(request.GET.get("base", "")), request.GET.get("with", "")[:40]
    labels = (gettext("First"), gettext("Second"))
    error, targets = "", []
    try:
        targets = [base_target(deck, ws, base)]
        other = compare_target(request, deck, wanted)
        if other is None:
            raise Http404("No deck to compare with.")
        targets.append(other)
        labels = (targets[0][0], targets[1][0])
    except services.DeckError as refused:
        error = str(refused)
    forms_of_game = goal_forms(deck.game)
    cards = {}
    for _, target in targets:
        for zone in target.zone_views:
            if zone.slug == target.game.default_zone:
                cards.update({row.number: row.name for row in zone.rows})
    return render(
        request,
        "decks/side_by_side.html",
        {
            "deck": deck,
            "runs": list(zip(labels, (first, second), strict=True)),
            "seed": first.seed,
            **_compare_context(first, second, labels),
            "error": error,
            "base": deck.version if base is None else base,
            "wanted": wanted if targets else "",
            "goal_fieldsets": goal_fieldsets(forms_of_game, goal_data(forms_of_game, first.goals)),
            "card_options": sorted(cards.items(), key=lambda item: natural_key(item[0])),
            "card_zone": ws.default_zone_label,
            "simulation_form": SimulationForm(
                trial_choices=TRIALS_CHOICES, initial={"trials": first.trials}
            ),
        },
    )


@require_POST
@refuse_too_large
def build_simulate(request: HtmxHttpRequest, game: str) -> HttpResponse:
    ws = stateless(request, game, request.POST.get("code"))
    form = SimulationForm(request.POST)
    if not form.is_valid():
        return render(request, "decks/_simulation.html", _form_refused(), status=400)
    return _simulate(request, [(gettext("This deck"), ws)], form)


#: The player's decks the odds page offers, the last edited first.
OWN_DECKS_SHOWN = 30


@require_GET
@login_required
def odds(request: HttpRequest, game: str) -> HttpResponse:
    """The card page's "Odds of drawing this card": choose one of your decks of the game, and the
    run form opens with its decklist and the card's goal filled in (`?deck=<id>` does it)."""
    values = {key: value for key, value in request.GET.items() if key != "deck"}
    values["game"] = game
    chosen = whole_number(request.GET.get("deck", ""))
    if chosen is not None:
        values["decklist"] = selectors.own_decklist(request.user, chosen)
        return redirect(f"{reverse('goldfish:new')}?{urlencode(values)}")
    decks = selectors.own_decks_of_game(request.user, game)[:OWN_DECKS_SHOWN]
    context = {
        "decks": decks,
        "values": values,
        "paste_url": f"{reverse('goldfish:new')}?{urlencode(values)}",
    }
    return render(request, "goldfish/odds.html", context)
