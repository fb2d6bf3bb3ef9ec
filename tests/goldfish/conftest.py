"""Fixtures of the simulation-run tests: a small card set, users, and real Celery workers."""

from __future__ import annotations

import time
import uuid
import warnings
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from cards.importers import import_cards
from decklab.goldfish.models import SimulationRun
from decklab.tooling.workers import WorkerProcess
from tests.workers import worker_on_test_database

#: 13 DBSCG cards: one leader, twelve battle cards (facts only, made up for the tests).
CARDS_CSV = (
    "number,name,type,colors,energy_cost,keywords\nTST-001,Test Leader,Leader,Red,,\n"
    + "".join(
        f"TST-{n:03d},Test Fighter {n},Battle,Red,{n % 5 + 1},{'Dragon Ball' if n <= 4 else ''}\n"
        for n in range(2, 14)
    )
)
#: A leader and 50 main-deck cards: four copies of TST-002 … TST-013, two more of TST-013.
DECKLIST = (
    "Leader\n1 TST-001\nMain\n"
    + "".join(f"4 TST-{n:03d}\n" for n in range(2, 14))
    + ("2 TST-013\n")
)
DRAWN_GOALS = [
    {"type": "drawn", "cards": ["TST-002"], "at_least": 1, "turn": 3, "play": "first"},
    {"type": "drawn", "cards": ["TST-002", "TST-003"], "at_least": 2, "turn": 5, "play": "second"},
]


class WorkerReport(UserWarning):
    """Shown in the warnings summary: proof that a real worker process executed tasks."""


@pytest.fixture
def dbscg_cards(db) -> None:
    import_cards("dbscg", CARDS_CSV.encode(), "cards.csv")


@pytest.fixture
def api(player) -> APIClient:
    """The API as `player`."""
    client = APIClient()
    client.force_authenticate(player)
    return client


@pytest.fixture
def other_player(db):
    return get_user_model().objects.create_user("other", password="a long test password")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def start_worker(
    request, transactional_db, settings, tmp_path
) -> Iterator[Callable[..., WorkerProcess]]:
    """Start real workers on a private queue; their logs are printed when the test fails."""
    queue = f"decklab-test-{uuid.uuid4().hex[:10]}"
    settings.GOLDFISH_QUEUE = queue
    workers: list[WorkerProcess] = []

    def start(**env: str) -> WorkerProcess:
        worker = worker_on_test_database(
            database=str(connection.settings_dict["NAME"]),
            queue=queue,
            log=tmp_path / f"worker-{len(workers)}.log",
            env=env,
        )
        workers.append(worker)
        return worker.start()

    yield start
    for worker in workers:
        worker.stop()
    executed = sum(worker.executed() for worker in workers)
    message = f"worker executed {executed} tasks ({len(workers)} Celery worker processes)"
    print(message)
    warnings.warn(WorkerReport(f"{request.node.name}: {message}"), stacklevel=1)
    failed = getattr(request.node, "report_call", None)
    if failed is not None and failed.failed:
        for number, worker in enumerate(workers):
            print(f"---- worker {number} log ----\n{worker.log()}")


def played_turn_run(owner, monkeypatch, *, turns: int, trials: int) -> SimulationRun:
    """A finished run of DECKLIST with one `drawn` goal per turn 1 … `turns` (a probability-by-turn
    chart), played in this process: no broker, its messages dropped."""
    from decklab.goldfish import services

    monkeypatch.setattr(services.queue, "_send", lambda messages: None)
    services.plans._cached_plan.cache_clear()
    import_cards("dbscg", CARDS_CSV.encode(), "cards.csv")
    goals = [
        {"type": "drawn", "cards": ["TST-002"], "at_least": 1, "turn": turn, "play": "first"}
        for turn in range(1, turns + 1)
    ]
    run = services.simulation_request(
        user=owner, game="dbscg", format=None, decklist=DECKLIST, goals=goals, trials=trials, seed=7
    )
    while services.play_chunks(run.pk, 0).startswith("stored"):
        pass
    return run


def wait_for(pk: int, done: Callable[[SimulationRun], bool], timeout: float = 60) -> SimulationRun:
    """Poll the run's row until `done(run)`; fail with its state after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        run = SimulationRun.objects.get(pk=pk)
        if done(run):
            return run
        if time.monotonic() > deadline:
            raise AssertionError(
                f"run {pk} still {run.status} after {timeout} s "
                f"({run.chunks_done}/{run.chunks_total} chunks, error {run.error!r})"
            )
        time.sleep(0.05)


def play_indexes(run: SimulationRun, *indexes: int) -> None:
    """Play these chunks of a run in this process and store them, as a task would."""
    from decklab.goldfish import services

    run = SimulationRun.objects.get(pk=run.pk)
    services.store_chunks(run.pk, services.play(run, services.run_plan(run), indexes))
