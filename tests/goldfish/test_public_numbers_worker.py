"""A public deck's goldfish numbers through real Celery worker processes: the deck's page asks,
the worker plans the default goals and plays the run, and asking again runs nothing more."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from decklab.decks.models import Visibility
from decklab.decks.services import deck_create
from decklab.goldfish.models import PublicNumbers, SimulationRun

pytestmark = [pytest.mark.services, pytest.mark.usefixtures("dbscg_cards")]

ZONES = {"leader": {"TST-001": 1}, "main": {f"TST-{n:03d}": 4 for n in range(2, 14)}}


def done_row(deck, timeout: float = 60) -> PublicNumbers:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = PublicNumbers.objects.select_related("run").filter(deck=deck).first()
        if row is not None and row.run is not None and row.run.finished:
            return row
        time.sleep(0.1)
    raise AssertionError(f"no finished run for deck {deck.pk} after {timeout} s")


def test_a_public_deck_s_numbers_run_once_in_a_real_worker(player, client, start_worker):
    start_worker(DECKLAB_GOLDFISH_PUBLIC_TRIALS="3000")
    deck = deck_create(
        owner=player, game="dbscg", name="Public", zones=ZONES, visibility=Visibility.PUBLIC
    )
    address = reverse("decks:public-numbers", args=[deck.code])
    assert client.get(address).status_code == 200  # pending: the page asks at once
    row = done_row(deck)
    assert row.run.status == SimulationRun.Status.DONE and row.run.owner is None
    assert row.run.results["trials"] == 3000
    page = client.get(address)
    assert page.status_code == 286 and "TST-" in page.text
    client.get(address)
    assert SimulationRun.objects.count() == 1
