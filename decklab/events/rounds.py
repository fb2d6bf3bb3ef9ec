"""The rounds of an event: pairing the next one (Swiss, then the top cut) and entering results.

Keyword-only `<entity>_<action>` services like `decklab.events.services`, whose `EventError` they
raise and whose `event_lock` closes registration when the first round starts.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from cards.games.events.standings import next_bracket_pairs, top_cut_pairs
from cards.games.events.swiss import Pairing, default_rounds, pair_round
from decklab.events import selectors
from decklab.events.models import Event, Round, Status, Table
from decklab.events.services import MAX_GAMES, EventError, event_lock


def _tables(round_: Round, pairs: list[tuple[str, str | None]]) -> None:
    users = selectors.players_by_name(round_.event)
    Table.objects.bulk_create(
        Table(round=round_, number=i, first=users[a], second=users[b] if b else None)
        for i, (a, b) in enumerate(pairs, start=1)
    )


@transaction.atomic
def round_start(*, event: Event) -> Round:
    """Pair the next round: Swiss until the event's rounds are played, then the top cut."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Status.REGISTRATION:
        event = event_lock(event=event)
    if event.status == Status.FINISHED:
        raise EventError(gettext("The event is over: every round has been played."))
    last = event.rounds.last()
    if last is not None and not all(table.done for table in last.tables.all()):
        raise EventError(
            gettext("Round %(number)s is not complete: enter every result before the next round.")
            % {"number": last.number}
        )
    playing = selectors.playing(event)
    if len(playing) < 2:
        raise EventError(gettext("An event needs at least 2 players with a locked list."))
    if event.swiss_rounds is None:
        event.swiss_rounds = default_rounds(len(playing))
    number = 1 if last is None else last.number + 1
    if number <= event.swiss_rounds:
        active = [name for name, dropped in playing if not dropped]
        everyone = [name for name, _ in playing]
        tables: list[Pairing] = pair_round(
            active, everyone, selectors.swiss_matches(event), seed=event.seed + number
        )
        pairs: list[tuple[str, str | None]] = [(t.first, t.second) for t in tables]
        kind = Round.Kind.SWISS
    else:
        pairs = list(_top_cut_next(event))
        kind = Round.Kind.TOP
    event.status = Status.RUNNING
    event.save(update_fields=["status", "swiss_rounds"])
    round_ = Round.objects.create(event=event, number=number, kind=kind)
    _tables(round_, list(pairs))
    return round_


def _top_cut_next(event: Event) -> list[tuple[str, str]]:
    cut = [r for r in event.rounds.all() if r.kind == Round.Kind.TOP]
    if not cut:
        dropped = selectors.dropped_players(event)
        ranked = [row.player for row in selectors.standings(event) if row.player not in dropped]
        try:
            return top_cut_pairs(ranked, event.top_cut)
        except ValueError:
            raise EventError(
                gettext("The top cut needs more players than this event has.")
            ) from None
    return next_bracket_pairs(selectors.winners(cut[-1]))


@transaction.atomic
def result_report(
    *, event: Event, round_number: int, table_number: int, games: list[int], by: User
) -> Table:
    """Enter a table's games (wins of the first player, of the second, draws). The organiser may
    enter or change any result; a player only their own table's, and not over the organiser's."""
    round_ = event.rounds.filter(number=round_number).first()
    if round_ is None:
        raise EventError(gettext("Round %(number)s does not exist.") % {"number": round_number})
    table = round_.tables.select_for_update().filter(number=table_number).first()
    if table is None:
        raise EventError(
            gettext("Round %(round)s has no table %(table)s.")
            % {"round": round_number, "table": table_number}
        )
    organiser = by.pk == event.organiser_id
    if not organiser:
        if by.pk not in (table.first_id, table.second_id):
            raise EventError(
                gettext(
                    "You do not play at this table: only its players or the organiser report its result."
                )
            )
        if table.reported_by_id == event.organiser_id:
            raise EventError(gettext("The organiser entered this result; ask them to change it."))
        if round_ != event.rounds.last():
            raise EventError(
                gettext("This round is over: ask the organiser to change its results.")
            )
    if table.second_id is None:
        raise EventError(gettext("A bye needs no result."))
    if len(games) != 3 or any(not isinstance(n, int) or n < 0 or n > MAX_GAMES for n in games):
        raise EventError(
            gettext(
                "A result is three numbers from 0 to 5: wins of the first player, wins of the second, draws."
            )
        )
    if sum(games) == 0:
        raise EventError(gettext("A result needs at least one game."))
    if round_.kind == Round.Kind.TOP and games[0] == games[1]:
        raise EventError(gettext("A top-cut match needs a winner."))
    table.first_wins, table.second_wins, table.draws = games
    table.reported_by = by
    table.save(update_fields=["first_wins", "second_wins", "draws", "reported_by"])
    _finish_if_over(event, round_)
    return table


def _finish_if_over(event: Event, round_: Round) -> None:
    """The event finishes with the last Swiss round's last result (no top cut) or the final's."""
    if round_ != event.rounds.last() or not all(t.done for t in round_.tables.all()):
        return
    swiss_over = round_.kind == Round.Kind.SWISS and round_.number >= (event.swiss_rounds or 0)
    final = round_.kind == Round.Kind.TOP and round_.tables.count() == 1
    if (swiss_over and not event.top_cut) or final:
        Event.objects.filter(pk=event.pk).update(status=Status.FINISHED)
        event.status = Status.FINISHED
