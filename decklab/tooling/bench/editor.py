"""Editor page server time for a 60-card DBSCG deck, beside the home page's (`make bench`).

1. In-process: both pages through Django's test client (routing, middleware, queries, templates:
   the whole server side, no network), after a warm-up, in alternation so both see the same
   machine load. The deck and its user are made inside a transaction that is rolled back, so the
   benchmark leaves the database as it found it. Target: editor p95 under 100 ms.
2. Under load: gunicorn as production runs it (`deploy/gunicorn.conf.py`: 2 gthread workers) and
   ApacheBench with 20 clients (`decklab.tooling.bench.legality`), the editor page of a logged-in
   user and the home page taking turns, `LOAD_PAIRS` runs each: the editor's p95 and requests/s
   as ratios to the home page's (median and spread). The user, deck and session are committed
   for the server to see, and deleted afterwards. Target: p95 ≤ 1.3× the home page's (issue 25).
"""

from __future__ import annotations

import statistics
import time
import uuid

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse

from cards.models import Card
from decklab.decks.services import deck_create
from decklab.tooling.bench.legality import CLIENTS, ab, can_load_test, serving

ROUNDS = 60
WARM_UP = 5


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def _timed(client: Client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"{url} answered {response.status_code}")
    return elapsed


def _sixty_card_zones() -> dict[str, dict[str, int]] | None:
    cards = Card.objects.filter(game="dbscg")
    leader = cards.filter(type="Leader").values_list("number", flat=True).first()
    battle = list(cards.filter(type="Battle").values_list("number", flat=True)[:15])
    if leader is None or len(battle) < 15:
        return None
    return {"leader": {leader: 1}, "main": dict.fromkeys(battle, 4)}


def run_in_process(report) -> None:
    zones = _sixty_card_zones()
    if zones is None:
        report("editor page: no DBSCG cards loaded (run `make setup`)", 0, "ms")
        return
    with transaction.atomic():
        user = get_user_model().objects.create_user("decklab-bench-editor")
        deck = deck_create(owner=user, game="dbscg", name="Bench 60", zones=zones)
        client = Client()
        client.force_login(user)
        editor, home = reverse("decks:editor", args=[deck.pk]), reverse("home")
        for _ in range(WARM_UP):
            _timed(client, editor)
            _timed(client, home)
        editor_ms, home_ms = [], []
        for _ in range(ROUNDS):
            editor_ms.append(_timed(client, editor))
            home_ms.append(_timed(client, home))
        transaction.set_rollback(True)
    report(
        "editor page (60-card deck), median",
        statistics.median(editor_ms),
        "ms",
        baseline=("home page", statistics.median(home_ms)),
    )
    report(
        "editor page (60-card deck), p95",
        _p95(editor_ms),
        "ms",
        baseline=("home page", _p95(home_ms)),
        target="< 100 ms",
    )


#: Load runs of each page, taking turns (home, editor, home, …): a shared machine's load moves
#: one run's p95 by half, so the ratio is the median of these pairs, printed with its spread.
LOAD_PAIRS = 3


def run_load(report) -> None:
    zones = _sixty_card_zones()
    if zones is None or not can_load_test():
        return
    user = get_user_model().objects.create_user(f"decklab-bench-{uuid.uuid4().hex[:12]}")
    client = Client()
    pairs: list[tuple[tuple[float, float], tuple[float, float]]] = []
    try:
        deck = deck_create(owner=user, game="dbscg", name="Bench 60", zones=zones)
        client.force_login(user)
        cookie = (
            f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
        )
        editor, home = reverse("decks:editor", args=[deck.pk]), reverse("home")
        with serving() as base:
            for _ in range(LOAD_PAIRS):
                home_load = ab(base + home, cookie=cookie)
                pairs.append((ab(base + editor, cookie=cookie), home_load))
    finally:
        client.logout()
        user.delete()
    name = f"editor page, {CLIENTS} clients, 2 gunicorn gthread workers"
    for position, label in ((1, "p95"), (0, "requests/s")):
        ratios = sorted(editor[position] / home[position] for editor, home in pairs)
        report(
            f"{name}: {label} ÷ the home page's, median of {LOAD_PAIRS} "
            f"(spread {ratios[0]:.2f}–{ratios[-1]:.2f})",
            statistics.median(ratios),
            "×",
            target="≤ 1.3×" if label == "p95" else "",
        )


def run(report) -> None:
    run_in_process(report)
    run_load(report)
