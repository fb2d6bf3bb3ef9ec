"""Reads of events: players, matches for the pure core, standings, states and who sees a list."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.models import User as DjangoUser
from django.db.models import QuerySet
from django.http import Http404

from cards.games.events.standings import Match, Standing
from cards.games.events.standings import standings as pure_standings
from decklab.events.models import (
    Event,
    ListState,
    ListVisibility,
    Registration,
    Round,
    Status,
    Table,
)

User = AbstractBaseUser | AnonymousUser


def events_listed() -> QuerySet[Event]:
    return Event.objects.select_related("organiser")


def event_by_id(pk: int) -> Event:
    event = Event.objects.select_related("organiser").filter(pk=pk).first()
    if event is None:
        raise Http404("No such event.")
    return event


def is_organiser(event: Event, user: User) -> bool:
    return user.is_authenticated and user.pk == event.organiser_id


def registrations(event: Event) -> QuerySet[Registration]:
    return event.registrations.select_related("player", "locked")


def registration_of(event: Event, user: User) -> Registration | None:
    if not user.is_authenticated:
        return None
    return registrations(event).filter(player=user).first()


def registration_by_name(event: Event, username: str) -> Registration:
    registration = registrations(event).filter(player__username=username).first()
    if registration is None:
        raise Http404("No such player in this event.")
    return registration


def playing(event: Event) -> list[tuple[str, bool]]:
    """(username, dropped) of every player with a locked list, in registration order."""
    return [
        (r.player.username, r.dropped)
        for r in registrations(event).filter(locked__isnull=False, waiting=False)
    ]


def players_by_name(event: Event) -> dict[str, DjangoUser]:
    return {r.player.username: r.player for r in registrations(event)}


def _tables(event: Event) -> QuerySet[Table]:
    return Table.objects.filter(round__event=event).select_related("round", "first", "second")


def _match(table: Table) -> Match:
    second = table.second.username if table.second else None
    return Match(table.round.number, table.first.username, second, table.games)


def swiss_matches(event: Event) -> list[Match]:
    return [_match(t) for t in _tables(event).filter(round__kind=Round.Kind.SWISS)]


def standings(event: Event) -> list[Standing]:
    """The Swiss standings (RULES.md §6.4) of every player who played, dropped ones included."""
    return pure_standings([name for name, _ in playing(event)], swiss_matches(event))


def dropped_players(event: Event) -> set[str]:
    return {name for name, dropped in playing(event) if dropped}


def winners(round_: Round) -> list[str]:
    """The winners of an elimination round, in table (bracket) order."""
    out = []
    for table in round_.tables.select_related("first", "second"):
        games = table.games
        won_first = table.second is None or (games is not None and games[0] > games[1])
        out.append(table.first.username if won_first else table.second.username)
    return out


def rounds(event: Event) -> list[Round]:
    return list(event.rounds.prefetch_related("tables__first", "tables__second"))


def round_of(event: Event, number: int) -> Round:
    round_ = event.rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    return round_


def list_state(event: Event, registration: Registration) -> str:
    """未提出 / 提出済み / ロック中 / 公開中 of one registration."""
    if not registration.decklist:
        return ListState.NOT_SUBMITTED
    if not hasattr(registration, "locked"):
        return ListState.SUBMITTED
    if event.status == Status.FINISHED and event.visibility == ListVisibility.PUBLIC:
        return ListState.PUBLISHED
    return ListState.LOCKED


def met(event: Event, first: AbstractBaseUser, second: AbstractBaseUser) -> bool:
    tables = Table.objects.filter(round__event=event)
    return (
        tables.filter(first=first, second=second).exists()
        or tables.filter(first=second, second=first).exists()
    )


def list_visible(event: Event, registration: Registration, user: User) -> bool:
    """The organiser and the player always; others as the event's list visibility says."""
    if is_organiser(event, user) or (user.is_authenticated and user.pk == registration.player_id):
        return True
    if not hasattr(registration, "locked"):
        return False
    if event.visibility == ListVisibility.PUBLIC:
        return event.status == Status.FINISHED
    if event.visibility == ListVisibility.OPPONENTS:
        return user.is_authenticated and met(event, user, registration.player)
    return False


def placements(event: Event) -> dict[str, int]:
    """Final places: the top cut's by elimination round (winner 1, finalist 2, semi-finalists 3…),
    then everyone else in Swiss order."""
    order = [row.player for row in standings(event)]
    cut = [r for r in event.rounds.all() if r.kind == Round.Kind.TOP]
    if not cut:
        return {name: i for i, name in enumerate(order, start=1)}
    placed: list[str] = []
    for round_ in reversed(cut):
        won = set(winners(round_)) if round_.tables.exists() else set()
        losers = [
            name
            for t in round_.tables.select_related("first", "second")
            for name in (t.first.username, t.second.username if t.second else None)
            if name and name not in won and name not in placed
        ]
        if round_ is cut[-1]:
            placed.extend(name for name in won if name not in placed)
        placed.extend(sorted(losers, key=order.index))
    placed.extend(name for name in order if name not in placed)
    return {name: i for i, name in enumerate(placed, start=1)}
