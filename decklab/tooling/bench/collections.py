""" "Decks I can build" for 10,000 public decks and a 5,000-card collection (`manage.py bench
collections`), beside a baseline: the same decks' card rows summed per deck, what any answer
that reads every deck's cards costs at the least. Also printed: what keeping the materialised
needs costs, filling all 10,000 decks at once (the first use after the table appeared) and
rewriting one deck's on save, beside saving that deck's card rows.

Invented cards (`BENCH-nnnnn`, DBSCG) and decks are made inside a transaction that is rolled back,
so the benchmark leaves the database as it found it. Meant for PostgreSQL (on SQLite it runs, but
the figure says little). Timings are printed, never asserted; target < 200 ms.
"""

from __future__ import annotations

import random
import statistics
import time
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone

from cards.models import Card
from decklab.collections.models import Collection, CollectionCard, DeckNeeds
from decklab.collections.needs import deck_needs_write, needs_fill
from decklab.collections.reach import ALL, reach_mark
from decklab.collections.selectors import buildable
from decklab.decks.models import Deck, DeckCard, Visibility

DECKS = 10_000
COLLECTION_CARDS = 5_000
#: The invented card pool the decks draw from (more cards than the collection holds).
POOL = 8_000
CARDS_PER_DECK = 15
ROUNDS = 7


def _median_ms(action, before=lambda: None) -> float:
    """Median time of `action`, each round after an untimed `before`."""
    times = []
    for _ in range(ROUNDS):
        before()
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


def _analyze() -> None:
    if connection.vendor == "postgresql":  # fresh statistics, as a live site has
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _one_deck_save(deck: Deck) -> tuple[float, float]:
    """(ms to rewrite one deck's card rows, ms to rewrite its needs), medians."""
    zones = {"main": dict(DeckCard.objects.filter(deck=deck).values_list("number", "count"))}
    rows = [
        {"deck": deck, "zone": "main", "number": n, "count": c} for n, c in zones["main"].items()
    ]

    def mirror_rows() -> None:
        DeckCard.objects.filter(deck=deck).delete()
        DeckCard.objects.bulk_create(DeckCard(**row) for row in rows)

    return _median_ms(mirror_rows), _median_ms(lambda: deck_needs_write(deck=deck, zones=zones))


def run(report) -> None:
    name = f"decks I can build ({DECKS:,} public decks, {COLLECTION_CARDS:,}-card collection)"
    if not report.wants(name):
        return
    with transaction.atomic():
        collection = _made(random.Random(26))
        public = Deck.objects.filter(game="dbscg", visibility=Visibility.PUBLIC)
        start = time.perf_counter()
        needs_fill(public)
        filled = (time.perf_counter() - start) * 1000
        # As on a live site, the decks were saved long before: only the one saved below is new.
        DeckNeeds.objects.update(saved_at=timezone.now() - timedelta(days=1))
        _analyze()
        floor = DeckCard.objects.filter(deck__in=public).values("deck_id").annotate(n=Sum("count"))
        baseline = _median_ms(lambda: list(floor.all()))
        saved = public.order_by("pk").first()
        zones = {"main": dict(DeckCard.objects.filter(deck=saved).values_list("number", "count"))}

        def answer() -> None:
            buildable(collection, public, 10)

        card = collection.cards.order_by("number").first()
        if saved is None or card is None:
            raise RuntimeError("the bench's collection and public decks were not made")

        def one_card() -> None:
            # What `collection_set_quantity` writes (its card lookup does not know bench cards).
            card.quantity = card.quantity % 4 + 1
            card.save(update_fields=["quantity"])
            reach_mark(collection=collection, identities=[card.identity])

        recounted = _median_ms(answer, lambda: reach_mark(collection=collection, identities=[ALL]))
        measured = _median_ms(answer, lambda: deck_needs_write(deck=saved, zones=zones))
        after_card = _median_ms(answer, one_card)
        mirrored, needs = _one_deck_save(saved)
        transaction.set_rollback(True)
    report(
        f"{name}, a deck saved since the last answer, median on {connection.vendor}",
        measured,
        "ms",
        baseline=("sum of each deck's card rows", baseline),
        target="< 200 ms",
    )
    report(
        f"{name}, the first answer after one card's quantity changed, median on "
        f"{connection.vendor}",
        after_card,
        "ms",
        baseline=("sum of each deck's card rows", baseline),
    )
    report(
        f"{name}, the first answer when every deck is counted (the first, or after an import), "
        f"median on {connection.vendor}",
        recounted,
        "ms",
        baseline=("sum of each deck's card rows", baseline),
    )
    report(f"filling the needs of {DECKS:,} decks once, on {connection.vendor}", filled, "ms")
    report(
        f"rewriting one deck's needs on save ({CARDS_PER_DECK} cards), on {connection.vendor}",
        needs,
        "ms",
        baseline=("rewriting its card rows", mirrored),
    )
