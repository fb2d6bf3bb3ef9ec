"""Editor page server time for a 60-card DBSCG deck, beside the home page's (`make bench`).

Both pages are requested in-process through Django's test client (routing, middleware, queries,
templates: the whole server side, no network), after a warm-up, in alternation so both see the same
machine load. The deck and its user are made inside a transaction that is rolled back, so the
benchmark leaves the database as it found it. Target: editor p95 under 100 ms.
"""

from __future__ import annotations

import statistics
import time

from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse

from cards.models import Card
from decklab.decks.services import deck_create

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


def run(report) -> None:
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
