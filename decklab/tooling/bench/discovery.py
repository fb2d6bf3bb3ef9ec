"""Discovery on 10× today's public decks (`manage.py bench discovery`): p95 of the public deck
search and of the meta, each beside a baseline measured in the same run.

The decks are generated: ten times the public decks the database holds (at least `FLOOR`), DBSCG,
with invented cards (`BENCH-nnnnn`), leaders, dates over 120 days, likes and views, their facts
written as a save writes them; all inside a transaction that is rolled back, so the benchmark
leaves the database as it found it (and the cached metas of the game are dropped after). Meant for
PostgreSQL (docs/discovery.md says what is indexed and why). Timings are printed, never asserted;
target p95 < 100 ms. The meta is printed twice: computed (a cache miss) and as served (its
10-minute cache, `stats.META_SECONDS`).

Baseline: the page the search replaced, 30 newest public decks of the game and their count, read
from the deck table alone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.utils import timezone

from cards.models import Card
from decklab.decks.models import Deck, DeckCard, Visibility
from decklab.discovery import popularity, search, stats
from decklab.discovery.models import DeckFacts, PublicCard

FLOOR = 5_000
ROUNDS = 40
POOL = 3_000
LEADERS = 40
CARDS_PER_DECK = 15
PAGE = 30


def _p95_ms(action: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[int(len(times) * 0.95) - 1]


def _made(rng: random.Random, count: int) -> None:
    numbers = [f"BENCH-{index:05d}" for index in range(POOL)]
    leaders = [f"BENCH-L{index:03d}" for index in range(LEADERS)]
    Card.objects.bulk_create(
        Card(game="dbscg", number=n, name=f"Bench {n}", type="Battle", number_key=n.casefold())
        for n in numbers + leaders
    )
    owners = [get_user_model().objects.create_user(f"decklab-bench-d{i}") for i in range(50)]
    decks = Deck.objects.bulk_create(
        (
            Deck(
                owner=rng.choice(owners),
                game="dbscg",
                format="zenkai",
                name=f"Bench {i}",
                code=f"benchd{i:07d}",
                visibility=Visibility.PUBLIC if i % 10 else Visibility.PRIVATE,
            )
            for i in range(count)
        ),
        batch_size=5_000,
    )
    now = timezone.now()
    # Popular leaders are played more (a long tail, as a meta is).
    weights = [1 / (rank + 1) for rank in range(LEADERS)]
    facts, rows, public_cards = [], [], []
    for deck in decks:
        leader = rng.choices(leaders, weights)[0]
        likes = [now - timedelta(days=rng.uniform(0, 120)) for _ in range(rng.randint(0, 6))]
        facts.append(
            DeckFacts(
                deck=deck,
                game="dbscg",
                format="zenkai",
                archetype=leader,
                archetype_label=f"Bench {leader}",
                colours=f"/{rng.choice(('Red', 'Blue', 'Green', 'Yellow'))}/",
                legal=rng.random() < 0.8,
                dated=now - timedelta(days=rng.uniform(0, 120)),
                cards=51,
                likes=len(likes),
                views=rng.randint(0, 500),
                hot=popularity.hot_of(likes),
            )
        )
        cards = [DeckCard(deck=deck, zone="leader", number=leader, count=1)]
        cards += [
            DeckCard(deck=deck, zone="main", number=number, count=rng.randint(1, 4))
            for number in rng.sample(
                numbers[: POOL // 3] if rng.random() < 0.5 else numbers, CARDS_PER_DECK
            )
        ]
        rows += cards
        if deck.visibility == Visibility.PUBLIC:  # as `facts.facts_refresh` writes them
            public_cards += [
                PublicCard(
                    deck=deck,
                    game="dbscg",
                    format="zenkai",
                    dated=facts[-1].dated,
                    number=card.number,
                    copies=card.count,
                )
                for card in cards
            ]
    DeckFacts.objects.bulk_create(facts, batch_size=5_000)
    DeckCard.objects.bulk_create(rows, batch_size=5_000)
    PublicCard.objects.bulk_create(public_cards, batch_size=5_000)


def _search_page(filters: search.Filters) -> Callable[[], object]:
    def page() -> object:
        decks = search.deck_search(filters=filters, user=_VISITOR)
        return list(decks[:PAGE]), decks.count()

    return page


#: A visitor who is not signed in, as the search page sees one.
_VISITOR = AnonymousUser()


def run(report) -> None:
    today = Deck.objects.filter(visibility=Visibility.PUBLIC).count()
    count = max(FLOOR, 10 * today)
    name = f"discovery ({count:,} generated decks, 10x today's {today:,} public)"
    if not report.wants(name):
        return
    with transaction.atomic():
        _made(random.Random(27), count)
        if connection.vendor == "postgresql":  # fresh statistics, as a live site has
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        public = Deck.objects.filter(game="dbscg", visibility=Visibility.PUBLIC)
        baseline = _p95_ms(lambda: (list(public.order_by("-updated_at")[:PAGE]), public.count()))
        since = timezone.now().date() - timedelta(days=30)
        cases = {
            "search, most popular": search.Filters(game="dbscg"),
            "search by a card, newest": search.Filters(
                game="dbscg", any_of="BENCH-00042", sort="new"
            ),
            "search by a leader and 30 days": search.Filters(
                game="dbscg", format="zenkai", archetype="BENCH-L003", since=since
            ),
        }
        measured = {label: _p95_ms(_search_page(filters)) for label, filters in cases.items()}
        now = stats.quantised(timezone.now())
        window = stats.Window.last(30, now)
        measured["meta, 30 days, computed"] = _p95_ms(
            lambda: stats.meta_of(game="dbscg", format="zenkai", window=window, now=now)
        )
        stats.meta_forget(game="dbscg")
        measured["meta, 30 days, as served (cached)"] = _p95_ms(
            lambda: stats.meta_cached(game="dbscg", format="zenkai", window=window, now=now)
        )
        stats.meta_forget(game="dbscg")  # the generated decks' meta never reaches a page
        transaction.set_rollback(True)
    for label, value in measured.items():
        report(
            f"{name}: {label}, p95 on {connection.vendor}",
            value,
            "ms",
            baseline=("30 newest public decks and their count", baseline),
            target="< 100 ms",
        )
