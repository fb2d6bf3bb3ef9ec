"""Simulation runs through real Celery worker processes (CONTRACT §5, GitHub issue 4).

Each test starts `celery worker` subprocesses on the test database and the configured broker (the
file-system transport by default, Redis in CI's services run) and waits on the run's row.
"""

from __future__ import annotations

import pytest

from cards.games import decklist, goldfish
from cards.games.registry import get_game
from cards.pool import DatabasePool
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS, wait_for

pytestmark = [pytest.mark.services, pytest.mark.usefixtures("dbscg_cards")]


def start_run(player, trials: int, seed: int = 11) -> SimulationRun:
    return services.simulation_request(
        user=player,
        game="dbscg",
        format=None,
        decklist=DECKLIST,
        goals=DRAWN_GOALS,
        trials=trials,
        seed=seed,
    )


def in_process_results(trials: int, seed: int = 11) -> list[dict]:
    deck, _ = decklist.load(get_game("dbscg"), DECKLIST, DatabasePool("dbscg"))
    return goldfish.run("dbscg", deck, DRAWN_GOALS, trials=trials, seed=seed)["results"]


def finished(run: SimulationRun) -> bool:
    return run.finished


def test_a_run_completes_in_a_real_worker_with_the_in_process_result(player, start_worker):
    worker = start_worker()
    trials = 2 * goldfish.CHUNK + 500
    run = wait_for(start_run(player, trials).pk, finished)
    assert (run.status, run.error) == (SimulationRun.Status.DONE, "")
    assert run.results["trials"] == trials
    assert run.results["results"] == in_process_results(trials)
    assert run.chunks.count() == 3
    assert worker.executed() >= 1


def test_a_worker_killed_mid_run_leaves_a_run_a_new_worker_completes_identically(
    player, start_worker
):
    recovery = {"DECKLAB_TEST_CHUNK_DELAY": "0.5", "DECKLAB_GOLDFISH_STALE_SECONDS": "2"}
    first = start_worker(**recovery)
    trials = 5 * goldfish.CHUNK
    pk = start_run(player, trials).pk
    wait_for(pk, lambda run: run.chunks_done >= 1)
    first.kill()
    killed = SimulationRun.objects.get(pk=pk)
    assert killed.status == SimulationRun.Status.RUNNING
    assert killed.chunks_done < killed.chunks_total

    second = start_worker(**recovery)
    run = wait_for(pk, finished, timeout=90)
    assert (run.status, run.error) == (SimulationRun.Status.DONE, "")
    assert run.chunks.count() == 5
    assert run.results["results"] == in_process_results(trials)
    assert second.executed() >= 1


def test_a_chunk_over_its_time_limit_fails_the_run_with_a_reason(player, start_worker, settings):
    settings.GOLDFISH_CHUNK_SOFT_SECONDS = 1
    start_worker(DECKLAB_TEST_CHUNK_DELAY="30")
    run = wait_for(start_run(player, goldfish.CHUNK).pk, finished, timeout=30)
    assert run.status == SimulationRun.Status.FAILED
    assert "took longer than the limit of 1 s per chunk" in run.error
    assert run.results is None


def test_one_account_s_big_runs_do_not_hold_back_another_account_s_small_run(
    player, other_player, start_worker
):
    """Issue 9 finding 4: three big runs of one account kept another's 1-chunk run at 0/1."""
    start_worker(DECKLAB_TEST_CHUNK_DELAY="0.3")  # slow chunks: the big runs take ~20 s
    big = [start_run(player, 20 * goldfish.CHUNK, seed=seed) for seed in (1, 2, 3)]
    small = start_run(other_player, 1000)
    run = wait_for(small.pk, finished)
    assert (run.status, run.error) == (SimulationRun.Status.DONE, "")
    assert run.results["results"] == in_process_results(1000)
    # Before: the small run waited behind all 60 chunks. Now behind one quota of tasks.
    ahead = SimulationRun.objects.filter(pk__in=[r.pk for r in big])
    assert sum(r.chunks_done for r in ahead) <= 20
    assert not any(r.finished for r in ahead)


def test_finding_6_a_run_waiting_in_the_broker_behind_other_accounts_is_never_re_queued(
    player, other_player, start_worker, settings
):
    """Issue 22 finding 6: a run whose task waited in the broker past the stale time was judged
    stale and re-queued to the back, again and again (714 s for a one-second run)."""
    settings.GOLDFISH_STALE_SECONDS = 3
    # One chunk per task, 1.5 s each: the other account's task waits ~6 s behind four of them.
    start_worker(
        DECKLAB_TEST_CHUNK_DELAY="1.5",
        DECKLAB_GOLDFISH_STALE_SECONDS="3",
        DECKLAB_GOLDFISH_TASK_MS="0",
    )
    big = start_run(player, 20 * goldfish.CHUNK, seed=1)
    small = start_run(other_player, 1000)
    run = wait_for(small.pk, finished, timeout=90)
    assert (run.status, run.error) == (SimulationRun.Status.DONE, "")
    assert run.requeues == 0
    assert run.results["results"] == in_process_results(1000)
    assert SimulationRun.objects.get(pk=big.pk).requeues == 0
