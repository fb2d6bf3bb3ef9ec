""" "Decks I can build" for 10,000 public decks and a 5,000-card collection (`manage.py bench
collections`), beside a baseline: the same decks' card rows summed per deck, the
floor of any answer that reads every deck's cards.

Invented cards (`BENCH-nnnnn`, DBSCG) and decks are made inside a transaction that is rolled back,
so the benchmark leaves the database as it found it. Meant for PostgreSQL (on SQLite it runs, but
the figure says little). Timings are printed, never asserted; target < 200 ms.
"""

from __future__ import annotations

import random
import statistics
import time

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Sum

from cards.models import Card
from decklab.collections.models import Collection, CollectionCard
from decklab.collections.selectors import buildable
from decklab.decks.models import Deck, DeckCard, Visibility

DECKS = 10_000
COLLECTION_CARDS = 5_000
#: The invented card pool the decks draw from (more cards than the collection holds).
POOL = 8_000
CARDS_PER_DECK = 15
ROUNDS = 7


def _median_ms(action) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _made(rng: random.Random) -> Collection:
    numbers = [f"BENCH-{index:05d}" for index in range(POOL)]
    Card.objects.bulk_create(
        Card(game="dbscg", number=n, name=f"Bench {n}", type="Battle", number_key=n.casefold())
        for n in numbers
    )
    owner, player = (
        get_user_model().objects.create_user(f"decklab-bench-{name}")
        for name in ("owner", "player")
    )
    decks = Deck.objects.bulk_create(
        Deck(
            owner=owner,
            game="dbscg",
            format="zenkai",
            name=f"Bench {i}",
            code=f"bench{i:06d}",
            visibility=Visibility.PUBLIC,
        )
        for i in range(DECKS)
    )
    DeckCard.objects.bulk_create(
        (
            DeckCard(deck=deck, zone="main", number=number, count=rng.randint(1, 4))
            for deck in decks
            for number in rng.sample(numbers, CARDS_PER_DECK)
        ),
        batch_size=5_000,
    )
    collection = Collection.objects.create(owner=player, game="dbscg")
    CollectionCard.objects.bulk_create(
        CollectionCard(collection=collection, number=n, identity=n, quantity=rng.randint(1, 4))
        for n in rng.sample(numbers, COLLECTION_CARDS)
    )
    return collection


def run(report) -> None:
    name = f"decks I can build ({DECKS:,} public decks, {COLLECTION_CARDS:,}-card collection)"
    if not report.wants(name):
        return
    with transaction.atomic():
        collection = _made(random.Random(26))
        if connection.vendor == "postgresql":  # fresh statistics, as a live site has
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        public = Deck.objects.filter(game="dbscg", visibility=Visibility.PUBLIC)
        floor = DeckCard.objects.filter(deck__in=public).values("deck_id").annotate(n=Sum("count"))
        baseline = _median_ms(lambda: list(floor.all()))
        measured = _median_ms(lambda: buildable(collection, public, 10))
        transaction.set_rollback(True)
    report(
        f"{name}, median on {connection.vendor}",
        measured,
        "ms",
        baseline=("sum of each deck's card rows", baseline),
        target="< 200 ms",
    )
