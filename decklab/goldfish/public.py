"""Goldfish numbers of public decks: the game's default goals, run once per deck version in the
background through the run pipeline, cached in a row, beside the format's average.

The goals are the goldfish form's defaults, one per goal type that runs on them (`starting_data`,
what the editor's panel shows), its cards fields taking the deck's most-copied card of the zone
drawn from. Each goal is planned alone first: one the deck cannot run (a card fact missing from
every card it reads) is kept with its refusal, so the page says why instead of showing a number.
The rest go to `create_run` as one run owned by nobody (the site's own account in the fair queue:
at most `GOLDFISH_TASKS_PER_USER` tasks of all public decks together are out at once, so a player's
run waits behind one budget of them at most), of at most `GOLDFISH_PUBLIC_TRIALS` games and
`GOLDFISH_PUBLIC_WORK` units. The run's seed comes from what it computes, so the same cards give the
same numbers. A row per deck (`PublicNumbers`) holds what the run was asked for (`source`): the same
cards are never run twice, and new cards supersede a run still going (it fails as superseded).
Private and unlisted decks get no row and no run. Read more in docs/discovery-goldfish.md.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Avg, Count, F
from django.utils.translation import gettext_noop

from cards.games import goldfish
from cards.games.decklist import natural_key
from cards.games.goldfish import GoalError
from cards.games.messages import Text
from cards.games.registry import get_game
from decklab.celery import app
from decklab.decks import selectors
from decklab.decks.models import Deck, Visibility
from decklab.goldfish import charts
from decklab.goldfish.forms import goals_from_data, starting_data
from decklab.goldfish.models import PublicGoalNumber, PublicNumbers, SimulationRun
from decklab.goldfish.services import (
    SimulationRefused,
    build_plan,
    create_run,
    fail_run,
)

#: The name `decklab.goldfish.tasks.schedule_public_numbers` is registered under: published by
#: name, as the run queue does, so this module never imports the tasks that call it.
PUBLIC_NUMBERS = "goldfish.public_numbers"
#: A public deck edited in the editor changes once per click: its run waits this long, so a
#: sitting of clicks asks for one run of the cards it ends with, not one per click.
SETTLE_SECONDS = 30
#: The format's averages are kept this long at most (a change of a public deck of the game drops
#: them at once: `_changed`, through the deck app's signals).
AVERAGE_SECONDS = 300
#: Done runs whose numbers are copied into their rows per average computed (the rest next time;
#: a deck's page copies its own at once).
HARVEST_BATCH = 200
SUPERSEDED = Text(gettext_noop("A newer version of the deck replaced this run."))


def default_goals(game: str, zones: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    """The goldfish form's defaults for this deck, one goal per goal type that has them (cards
    fields: the deck's most-copied card of the zone drawn from), as posted, not yet cleaned."""
    forms_of_game = goldfish.goal_forms(game)
    drawn = zones.get(get_game(game).default_zone, {})
    key_card = max(sorted(drawn, key=natural_key), key=drawn.__getitem__, default="")
    goals = []
    for data in starting_data(forms_of_game, key_card):
        try:
            goals += goals_from_data(forms_of_game, data)
        except forms.ValidationError:  # a cards field with no card to take
            continue
    return goals


def goal_key(game: str, goal: dict[str, Any]) -> str:
    """What the format's average groups a goal by: its type and fields but the cards it names,
    so "the deck's key card by turn 3" of two decks compare although their key cards differ."""
    types = goldfish.goal_types(game)
    goal_type = types.get(goal.get("type", ""))
    cards = {spec.name for spec in goal_type.fields if spec.kind == "cards"} if goal_type else set()
    return json.dumps({k: v for k, v in goal.items() if k not in cards}, sort_keys=True)


def _planned(game: str, decklist: str, goals: list[dict]) -> list[dict[str, Any]]:
    """Each goal planned alone: its cleaned form and key, or the reason it cannot run."""
    entries: list[dict[str, Any]] = []
    for goal in goals:
        try:
            cleaned = build_plan(game, decklist, [goal]).goals[0].goal
        except GoalError as error:
            # Planned alone it is always "goal 1": the page names the goal, so only say why.
            inner = error.text.values.get("error")
            reason = inner if isinstance(inner, Text) else error.text
            entries.append({"key": goal_key(game, goal), "goal": goal, "refused": reason.to_json()})
            continue
        entries.append({"key": goal_key(game, cleaned), "goal": cleaned, "refused": None})
    return entries


def _trials(game: str, goals: list[dict]) -> int:
    """Games for one version: at most `GOLDFISH_PUBLIC_TRIALS`, fewer for heavy goals."""
    work_per_game = goldfish_work(game, goals)
    return max(
        1, min(settings.GOLDFISH_PUBLIC_TRIALS, int(settings.GOLDFISH_PUBLIC_WORK // work_per_game))
    )


def goldfish_work(game: str, goals: list[dict]) -> float:
    types = goldfish.goal_types(game)
    return sum(types[goal["type"]].cost for goal in goals) or 1.0


def _source(deck: Deck, decklist: str, goals: list[dict]) -> str:
    what = [deck.game, deck.format, decklist, goals, settings.GOLDFISH_PUBLIC_TRIALS]
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def _decklist(deck: Deck) -> tuple[str, dict[str, dict[str, int]]]:
    zones = selectors.current_zones(deck)
    numbers = {number for cards in zones.values() for number in cards}
    cards = selectors.cards_by_number(deck.game, numbers)
    return selectors.decklist_text(deck.game, selectors.game_deck(deck.game, zones, cards)), zones


def public_numbers_schedule(*, deck_id: int) -> PublicNumbers | None:
    """Ask for the numbers of the deck's current cards, unless asked already; None for a deck that
    is not public (its row, if any, goes, and its run stops)."""
    deck = Deck.objects.filter(pk=deck_id).first()
    if deck is None or deck.visibility != Visibility.PUBLIC:
        _forget(deck_id)
        return None
    decklist, zones = _decklist(deck)
    goals = default_goals(deck.game, zones)
    source = _source(deck, decklist, goals)
    row = PublicNumbers.objects.filter(deck=deck).first()
    if row is not None and row.source == source:
        if (row.revision, row.format) != (deck.revision, deck.format):
            PublicNumbers.objects.filter(pk=row.pk).update(
                revision=deck.revision, format=deck.format
            )
            _changed(deck.game)
        return row
    entries = _planned(deck.game, decklist, goals)
    runnable = [entry["goal"] for entry in entries if entry["refused"] is None]
    with transaction.atomic():
        # The deck's row lock: two schedules of one deck (a page view and an edit) make one run.
        locked = Deck.objects.select_for_update().filter(pk=deck.pk).first()
        if locked is None or locked.visibility != Visibility.PUBLIC:
            return None
        row = PublicNumbers.objects.filter(deck=deck).first()
        if row is not None and row.source == source:
            return row
        old_run = row.run_id if row is not None else None
        run = None
        if runnable:
            try:
                run = create_run(
                    owner=None,
                    game=deck.game,
                    format=deck.format,
                    decklist=decklist,
                    goals=runnable,
                    trials=_trials(deck.game, runnable),
                    seed=int(source[:8], 16),
                )
            except SimulationRefused as refused:  # too much work for a chunk: said, not run
                for entry in entries:
                    entry["refused"] = entry["refused"] or {"msgid": refused.message, "values": {}}
        PublicGoalNumber.objects.filter(numbers__deck=deck).delete()  # of the old cards
        row, _ = PublicNumbers.objects.update_or_create(
            deck=deck,
            defaults={
                "source": source,
                "revision": locked.revision,
                "format": locked.format,
                "run": run,
                "goals": entries,
                "numbers": None if run is not None else [],
            },
        )
        if old_run is not None:
            fail_run(old_run, SUPERSEDED)
    _changed(deck.game)
    return row


def _forget(deck_id: int) -> None:
    """A deck that left public (or is gone): its numbers go, and its run stops."""
    row = PublicNumbers.objects.filter(deck_id=deck_id).select_related("deck").first()
    if row is None:
        return
    if row.run_id is not None:
        fail_run(row.run_id, SUPERSEDED)
    row.delete()
    _changed(row.deck.game)


def public_numbers_later(*, deck_id: int, settle: bool = False) -> None:
    """Schedule the deck's numbers once the current transaction commits (after `SETTLE_SECONDS`
    with `settle`, for edits): the receivers of the deck app's signals below and the deck's page
    call this; cheap when nothing changed."""

    def send() -> None:
        try:
            app.tasks[PUBLIC_NUMBERS].apply_async(
                (deck_id,),
                countdown=SETTLE_SECONDS if settle else 0,
                queue=settings.GOLDFISH_QUEUE,
                retry_policy=settings.GOLDFISH_PUBLISH_RETRY,
            )
        except Exception:  # a broker down: the next page view of the deck asks again
            return

    transaction.on_commit(send)


# -- reading ---------------------------------------------------------------------------------


def _key_number(result: dict[str, Any]) -> dict[str, Any]:
    """A goal's key number: its exact value where the engine has one, else its first estimate
    with the 95% interval; its measure's label (a msgid or the result's key)."""
    row = charts.rows([result])[0]
    first = row.measures[0] if row.measures else None
    exact = result.get("exact")
    if isinstance(exact, bool) or not isinstance(exact, float | int):
        exact = None
    exact_number = exact is not None
    return {
        "value": float(exact) if exact is not None else (first.value if first else None),
        "exact": exact_number,
        "percent": first.percent if first else True,
        "low": None if exact_number or first is None else first.low,
        "high": None if exact_number or first is None else first.high,
        "label": first.label if first else "",
        "missing": result.get("missing_facts", []),
    }


def harvest(row: PublicNumbers) -> PublicNumbers:
    """Copy a done run's key numbers into its row (once); a failed run leaves none."""
    if row.numbers is not None or row.run is None or not row.run.finished:
        return row
    run_results = row.run.results or {}
    results = iter(run_results.get("results", []) if row.run.status == "done" else [])
    numbers = []
    for entry in row.goals:
        result = None if entry["refused"] else next(results, None)
        numbers.append(
            None if result is None else {**_key_number(result), "trials": run_results["trials"]}
        )
    with transaction.atomic():
        if PublicNumbers.objects.filter(pk=row.pk, numbers__isnull=True).update(numbers=numbers):
            PublicGoalNumber.objects.bulk_create(
                PublicGoalNumber(numbers_id=row.pk, key=entry["key"], value=number["value"])
                for entry, number in zip(row.goals, numbers, strict=True)
                if number and number["value"] is not None and not number["missing"]
            )
    row.numbers = numbers
    _changed(row.run.game)
    return row


def current_row(deck: Deck) -> PublicNumbers | None:
    """The row of a public deck's current cards (harvested), or None while there is none; asks
    for the numbers when the row is missing or behind the deck."""
    if deck.visibility != Visibility.PUBLIC:
        return None
    row = PublicNumbers.objects.select_related("run").filter(deck=deck).first()
    if row is not None and row.run_id is None and row.numbers is None:
        # Its run was deleted before its numbers were copied: ask again.
        PublicNumbers.objects.filter(pk=row.pk).update(source="")
        row = None
    if row is None or (row.revision, row.format) != (deck.revision, deck.format):
        public_numbers_later(deck_id=deck.pk)
        return None
    row.deck = deck
    return harvest(row)


def _generation(game: str) -> int:
    return cache.get(f"public-goldfish-gen:{game}", 0)


def _changed(game: str) -> None:
    """A public deck's numbers, cards or visibility changed: the game's averages are read anew."""
    key = f"public-goldfish-gen:{game}"
    cache.add(key, 0, None)
    try:
        cache.incr(key)
    except ValueError:  # dropped in between
        cache.set(key, 1, None)


def on_deck_cards_saved(sender: type[Deck], *, deck: Deck, **kwargs: Any) -> None:
    """A deck's cards changed (`decks.signals.deck_cards_saved`): a public deck's numbers are asked
    for again once its edits settle. A private deck's edits cost nothing here."""
    if deck.visibility != Visibility.PUBLIC:
        return
    _changed(deck.game)
    public_numbers_later(deck_id=deck.pk, settle=True)


def on_deck_listing_changed(sender: type[Deck], *, deck: Deck, **kwargs: Any) -> None:
    """A deck's format or visibility changed (`decks.signals.deck_listing_changed`): its numbers
    are asked for again at once; a deck that left public loses them at once."""
    _changed(deck.game)
    public_numbers_later(deck_id=deck.pk)


def on_deck_deleted(sender: type[Deck], *, instance: Deck, **kwargs: Any) -> None:
    """A deck deleted (`post_delete`, by any path): its numbers went with it (cascade); a public
    one's leave the format's averages at once."""
    if instance.visibility == Visibility.PUBLIC:
        _changed(instance.game)


def format_averages(game: str, format: str) -> dict[str, tuple[float, int]]:
    """Per goal key, the mean key number over the game's public decks of this format that have
    numbers for their current cards, and how many decks: goals read from incomplete card data are
    left out (their numbers stand on stand-ins). Cached until a public deck of the game changes."""
    cache_key = f"public-goldfish-avg:{game}:{format}:{_generation(game)}"
    found = cache.get(cache_key)
    if found is not None:
        return {key: (mean, count) for key, (mean, count) in found.items()}
    rows_of_format = PublicNumbers.objects.filter(
        deck__game=game,
        deck__format=format,
        deck__visibility=Visibility.PUBLIC,
        format=format,
        revision=F("deck__revision"),
    )
    for row in rows_of_format.filter(numbers__isnull=True, run__status=SimulationRun.Status.DONE)[
        :HARVEST_BATCH
    ].select_related("run", "deck"):
        harvest(row)
    counted = (
        PublicGoalNumber.objects.filter(numbers__in=rows_of_format)
        .values("key")
        .annotate(mean=Avg("value"), decks=Count("id"))
        .values_list("key", "mean", "decks")
    )
    averages = {key: (mean, decks) for key, mean, decks in counted}
    cache.set(f"public-goldfish-avg:{game}:{format}:{_generation(game)}", averages, AVERAGE_SECONDS)
    return averages
