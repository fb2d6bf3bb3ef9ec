"""Similar decks and the format's goldfish averages on 10,000 public decks (`manage.py bench
similar`), beside a baseline: reading one deck's card rows and the public decks list's first page.

The decks are invented (`BENCH-nnnnn` DBSCG numbers) the way players build: 40 archetypes of a
leader and 10 core cards, each deck 7 of its archetype's cores, 2 of 8 staples most decks play and
4 cards of a 1,500-card pool, 4 copies each; 5,000 private decks beside them (never candidates).
Every public deck gets numbers for five goals. Made inside a transaction that is rolled back.
Meant for PostgreSQL; timings are printed, never asserted; target p95 < 100 ms.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection, transaction

from decklab.decks import similar
from decklab.decks.models import Deck, DeckCard, DeckVersion, Visibility
from decklab.discovery.models import PublicCard
from decklab.goldfish import public
from decklab.goldfish.models import PublicGoalNumber, PublicNumbers

PUBLIC = 10_000
PRIVATE = 5_000
ARCHETYPES = 40
POOL = 1_500
STAPLES = 8
TARGETS = 40
GOALS = 5


def _deck(rng: random.Random) -> dict[str, dict[str, int]]:
    archetype = rng.randrange(ARCHETYPES)
    core = [f"BENCH-A{archetype:02d}{n}" for n in range(10)]
    staples = rng.sample(range(STAPLES), 2)
    main = {number: 4 for number in rng.sample(core, 7)}
    main |= {f"BENCH-S{n}": 4 for n in staples}
    main |= {f"BENCH-{n:05d}": 4 for n in rng.sample(range(POOL), 4)}
    return {"leader": {f"BENCH-L{archetype:02d}": 1}, "main": main}


def _made(rng: random.Random) -> list[Deck]:
    owner = get_user_model().objects.create_user("decklab-bench-similar")
    made = []
    for index in range(PUBLIC + PRIVATE):
        visibility = Visibility.PUBLIC if index < PUBLIC else Visibility.PRIVATE
        made.append(
            Deck(
                owner=owner,
                game="dbscg",
                format="zenkai",
                name=f"Bench {index}",
                code=f"bsim{index:06d}",
                visibility=visibility,
                version=1,
            )
        )
    decks = Deck.objects.bulk_create(made, batch_size=5_000)
    zones = {deck.pk: _deck(rng) for deck in decks}
    DeckVersion.objects.bulk_create(
        (DeckVersion(deck=deck, number=1, zones=zones[deck.pk]) for deck in decks),
        batch_size=5_000,
    )
    DeckCard.objects.bulk_create(
        (
            DeckCard(deck=deck, zone=zone, number=number, count=count)
            for deck in decks
            for zone, cards in zones[deck.pk].items()
            for number, count in cards.items()
        ),
        batch_size=10_000,
    )
    # As `discovery.facts.facts_refresh` writes them for public decks (zones hold distinct cards).
    PublicCard.objects.bulk_create(
        (
            PublicCard(
                deck=deck,
                game="dbscg",
                format="zenkai",
                dated=deck.updated_at,
                number=number,
                copies=count,
            )
            for deck in decks[:PUBLIC]
            for cards in zones[deck.pk].values()
            for number, count in cards.items()
        ),
        batch_size=10_000,
    )
    goals: list[dict[str, Any]] = [
        {"key": f"goal {n}", "goal": {"type": "drawn"}, "refused": None} for n in range(GOALS)
    ]
    rows = PublicNumbers.objects.bulk_create(
        (
            PublicNumbers(
                deck=deck,
                source="bench",
                revision=deck.revision,
                format="zenkai",
                goals=goals,
                numbers=[
                    {"value": rng.random(), "exact": True, "missing": [], "percent": True}
                    for _ in goals
                ],
            )
            for deck in decks[:PUBLIC]
        ),
        batch_size=5_000,
    )
    PublicGoalNumber.objects.bulk_create(
        (
            PublicGoalNumber(numbers=row, key=goal["key"], value=number["value"])
            for row in rows
            for goal, number in zip(goals, row.numbers or [], strict=True)
        ),
        batch_size=10_000,
    )
    return decks[:PUBLIC]


def _times_ms(action: Callable[[Deck], object], decks: list[Deck]) -> list[float]:
    times = []
    for deck in decks:
        cache.clear()  # every answer computed, never the cached one
        start = time.perf_counter()
        action(deck)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def _baseline(deck: Deck) -> None:
    list(DeckCard.objects.filter(deck=deck).values_list("number", "count"))
    list(
        Deck.objects.filter(game="dbscg", visibility=Visibility.PUBLIC).order_by("-updated_at")[:30]
    )


def run(report) -> None:
    name = f"similar decks and format averages ({PUBLIC:,} public decks)"
    if not report.wants(name) and not report.wants("similar"):
        return
    with transaction.atomic():
        decks = _made(random.Random(27))
        if connection.vendor == "postgresql":  # fresh statistics, as a live site has
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        targets = random.Random(4).sample(decks, TARGETS)
        baseline = _times_ms(_baseline, targets)
        ranked = _times_ms(lambda deck: similar.similar_decks(deck=deck), targets)
        nearest = _times_ms(lambda deck: similar.nearest_list(deck=deck), targets)
        averages = _times_ms(lambda deck: public.format_averages("dbscg", "zenkai"), targets[:10])
        transaction.set_rollback(True)
    base = ("one deck's cards and the public list's first page, p95", _p95(baseline))
    on = connection.vendor
    report(
        f"similar decks ({PUBLIC:,} public decks), p95 on {on}",
        _p95(ranked),
        "ms",
        baseline=base,
        target="< 100 ms",
    )
    report(
        f"what changed against the nearest popular list, p95 on {on}",
        _p95(nearest),
        "ms",
        baseline=base,
        target="< 100 ms",
    )
    report(
        f"format averages of {GOALS} goals over {PUBLIC:,} decks, p95 on {on}",
        _p95(averages),
        "ms",
        baseline=base,
        target="< 100 ms (cached after)",
    )
