"""Event pages: organisers and players, in Japanese and English, usable from a phone.

Each view reads the request, calls one service (or selector) and maps the outcome: a refusal is a
message on the page it came from, with nothing changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from cards.games.registry import get_game
from cards.http import AuthenticatedHttpRequest
from cards.languages import request_language
from decklab.decks.models import Deck
from decklab.decks.selectors import decks_of, zone_diff
from decklab.events import exports, rounds, selectors, services, sheets
from decklab.events.forms import CheckForm, EventForm, ListForm, ResultForm
from decklab.events.models import Event, ListState, Registration, Status


def _event(pk: int) -> Event:
    return services.event_lock_if_due(event=selectors.event_by_id(pk))


def _organised(request: HttpRequest, pk: int) -> Event:
    event = _event(pk)
    if not selectors.is_organiser(event, request.user):
        raise PermissionDenied(gettext("Only the event's organiser can do this."))
    return event


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "events/list.html", {"events": selectors.events_listed()[:100]})


@login_required
def event_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(organiser=request.user, **form.cleaned_data)
        except services.EventError as refused:
            form.add_error(None, str(refused))
        else:
            return redirect("events:manage", pk=event.pk)
    return render(request, "events/new.html", {"form": form}, status=400 if form.errors else 200)


def _my_decks(request: HttpRequest, event: Event):
    if not request.user.is_authenticated:
        return Deck.objects.none()
    return decks_of(request.user).filter(game=event.game)


def _my_tables(event: Event, request: HttpRequest) -> list:
    last = event.rounds.last()
    if last is None or not request.user.is_authenticated:
        return []
    return [t for t in last.tables.all() if request.user.pk in (t.first_id, t.second_id)]


def _detail(request: HttpRequest, event: Event, *, form=None, report=None, status=200):
    mine = selectors.registration_of(event, request.user)
    context = {
        "event": event,
        "mine": mine,
        "state": ListState(selectors.list_state(event, mine)).label if mine else None,
        "form": form or ListForm(decks=_my_decks(request, event)),
        "report": report,
        "organiser": selectors.is_organiser(event, request.user),
        "rounds": selectors.rounds(event),
        "my_tables": _my_tables(event, request),
        "seated": event.registrations.filter(waiting=False).count(),
        "format_name": get_game(event.game).format(event.format).name,
    }
    return render(request, "events/detail.html", context, status=status)


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _event(pk))


@login_required
@require_POST
def event_register(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """Check a list (`check`: the violations, nothing saved), register or replace it, or take a
    seat with the list to come (`reserve`)."""
    event = _event(pk)
    if "reserve" in request.POST:
        try:
            services.registration_reserve(event=event, player=request.user)
        except services.EventError as refused:
            messages.error(request, str(refused))
        else:
            messages.success(
                request, gettext("Your seat is taken: submit your list before the deadline.")
            )
        return redirect("events:detail", pk=event.pk)
    form = ListForm(request.POST, decks=_my_decks(request, event))
    if not form.is_valid():
        return _detail(request, event, form=form, status=400)
    deck_id = form.cleaned_data["deck"]
    deck = _my_decks(request, event).filter(pk=deck_id).first() if deck_id else None
    decklist = None if deck else form.cleaned_data["decklist"]
    lang = request_language(request)
    mine = selectors.registration_of(event, request.user)
    try:
        if "check" in request.POST:
            _, _, report = services.list_check(
                event=event, player=request.user, deck=deck, decklist=decklist, lang=lang
            )
            return _detail(request, event, form=form, report=report)
        if mine is None:
            services.registration_create(
                event=event, player=request.user, deck=deck, decklist=decklist, lang=lang
            )
        else:
            services.registration_replace(
                registration=mine, deck=deck, decklist=decklist, lang=lang
            )
    except services.IllegalList as refused:
        return _detail(request, event, form=form, report=refused.report, status=400)
    except services.EventError as refused:
        form.add_error(None, str(refused))
        return _detail(request, event, form=form, status=400)
    messages.success(request, gettext("Your list is registered."))
    return redirect("events:detail", pk=event.pk)


@login_required
@require_POST
def event_drop(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A player leaves (or drops); the organiser drops a named player."""
    event = _event(pk)
    username = request.POST.get("player")
    registration: Registration | None
    if username:
        event = _organised(request, pk)
        registration = selectors.registration_by_name(event, username)
    else:
        registration = selectors.registration_of(event, request.user)
        if registration is None:
            raise Http404("Not registered.")
    try:
        services.registration_drop(registration=registration)
    except services.EventError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, gettext("%(player)s dropped.") % {"player": registration.player})
    return redirect("events:manage" if username else "events:detail", pk=event.pk)


@login_required
def event_manage(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    event = _organised(request, pk)
    rows = [
        (r, ListState(selectors.list_state(event, r)).label) for r in selectors.registrations(event)
    ]
    context = {
        "event": event,
        "rows": rows,
        "rounds": selectors.rounds(event),
        "result_form": ResultForm(),
        "can_lock": event.status == Status.REGISTRATION,
        "can_pair": event.status != Status.FINISHED,
    }
    return render(request, "events/manage.html", context)


def _organiser_action(request: HttpRequest, pk: int, action, success: str) -> HttpResponse:
    event = _organised(request, pk)
    try:
        action(event)
    except services.EventError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, success)
    return redirect("events:manage", pk=event.pk)


@login_required
@require_POST
def event_lock(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    username = request.POST.get("player")
    if username:
        return _organiser_action(
            request,
            pk,
            lambda e: services.registration_lock(
                registration=selectors.registration_by_name(e, username)
            ),
            gettext("%(player)s's list is locked.") % {"player": username},
        )
    return _organiser_action(
        request, pk, lambda e: services.event_lock(event=e), gettext("Every list is locked.")
    )


@login_required
@require_POST
def round_start(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(
        request, pk, lambda e: rounds.round_start(event=e), gettext("The next round is paired.")
    )


@login_required
@require_POST
def result_post(request: AuthenticatedHttpRequest, pk: int, number: int) -> HttpResponse:
    event = _event(pk)
    form = ResultForm(request.POST)
    back = "events:manage" if selectors.is_organiser(event, request.user) else "events:detail"
    if not form.is_valid():
        messages.error(request, gettext("A result is three numbers from 0 to 5."))
        return redirect(back, pk=event.pk)
    data = form.cleaned_data
    try:
        rounds.result_report(
            event=event,
            round_number=number,
            table_number=data["table"],
            games=[data["first_wins"], data["second_wins"], data["draws"]],
            by=request.user,
        )
    except services.EventError as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, gettext("Result saved."))
    return redirect(back, pk=event.pk)


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _event(pk)
    context = {"event": event, "round": selectors.round_of(event, number)}
    return render(request, "events/round.html", context)


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(pk)
    dropped = selectors.dropped_players(event)
    places = selectors.placements(event) if event.rounds.exists() else {}
    context = {
        "event": event,
        "rows": [(row, row.player in dropped) for row in selectors.standings(event)],
        "cut": [r for r in selectors.rounds(event) if r.kind == "top"],
        "places": sorted(places.items(), key=lambda item: item[1]),
    }
    return render(request, "events/standings.html", context)


def _visible_list(request: HttpRequest, pk: int, username: str):
    event = _event(pk)
    registration = selectors.registration_by_name(event, username)
    if not selectors.list_visible(event, registration, request.user):
        raise Http404("This list is not visible to you.")
    return event, registration


def list_detail(request: HttpRequest, pk: int, username: str) -> HttpResponse:
    event, registration = _visible_list(request, pk, username)
    context = {
        "event": event,
        "registration": registration,
        **exports.list_data(event, registration),
    }
    context["state_label"] = ListState(context["state"]).label
    return render(request, "events/list_detail.html", context)


def list_sheet(request: HttpRequest, pk: int, username: str) -> HttpResponse:
    event, registration = _visible_list(request, pk, username)
    url = request.build_absolute_uri(reverse("events:detail", args=[event.pk]))
    pdf = sheets.registration_sheet(event=event, registration=registration, url=url)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="event-{event.pk}-{username}.pdf"'
    return response


@login_required
def deck_check(request: AuthenticatedHttpRequest, pk: int, username: str) -> HttpResponse:
    event = _organised(request, pk)
    registration = selectors.registration_by_name(event, username)
    form = CheckForm(request.POST or None)
    changes = None
    if request.method == "POST" and form.is_valid():
        try:
            locked, pasted = services.deck_check(
                registration=registration, decklist=form.cleaned_data["decklist"]
            )
        except services.EventError as refused:
            form.add_error(None, str(refused))
        else:
            changes = zone_diff(event.game, locked, pasted)
    context = {"event": event, "registration": registration, "form": form, "changes": changes}
    return render(request, "events/check.html", context, status=400 if form.errors else 200)
