"""Simulation runs in one process: chunk storage and merging, limits, refusals, stale-run recovery.

The same code runs in the workers; `test_workers.py` drives it through real worker processes.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from cards.games import decklist, goldfish
from cards.games.messages import Text
from cards.games.registry import get_game
from cards.pool import DatabasePool
from decklab.goldfish import services
from decklab.goldfish.models import SimulationChunk, SimulationRun
from decklab.goldfish.services import SimulationRefused
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS, play_indexes
from tests.goldfish.runs import TRIALS, capture_sends, in_process, request

pytestmark = pytest.mark.usefixtures("dbscg_cards")


def test_a_run_is_stored_queued_with_its_chunks_counted_and_goals_cleaned(
    player, monkeypatch, django_capture_on_commit_callbacks
):
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        run = request(player)
    # The account's quota of tasks, not one per chunk; each task claims chunks when it starts.
    assert sent == [(run.pk, 0, "celery", 60.5, 90.5)] * 4
    run.refresh_from_db()
    assert (run.tasks_in_flight, run.next_chunk) == (4, 0)
    assert run.status == SimulationRun.Status.QUEUED
    assert run.chunks_total == 4
    assert run.format == "zenkai"
    assert run.goals[0]["mulligan"] == "none"
    assert run.progress == 0.0


def test_chunks_played_in_any_order_merge_into_the_result_of_one_process(player):
    run = request(player)
    for index in (2, 0, 3, 1):
        play_indexes(run, index)
    run.refresh_from_db()
    expected = in_process()
    assert run.status == SimulationRun.Status.DONE
    assert run.progress == 1.0
    assert run.results["trials"] == expected["trials"] == TRIALS
    assert run.results["seed"] == 7
    assert run.results["results"] == expected["results"]


def test_a_chunk_played_twice_is_stored_once(player):
    run = request(player)
    play_indexes(run, 1)
    first = SimulationChunk.objects.get(run=run, index=1).tallies
    play_indexes(run, 1)
    assert SimulationChunk.objects.filter(run=run, index=1).count() == 1
    assert SimulationChunk.objects.get(run=run, index=1).tallies == first
    run.refresh_from_db()
    assert (run.status, run.chunks_done) == (SimulationRun.Status.QUEUED, 1)


def test_one_task_plays_several_chunks_with_a_few_queries_and_the_in_process_result(
    player, django_assert_max_num_queries, settings
):
    settings.GOLDFISH_TASK_SECONDS = 60  # one task has the time for the whole run
    run = request(player)
    services.play_chunks(run.pk, 0)  # a first task: its first claim is one chunk
    run.refresh_from_db()
    assert run.chunks_done == run.chunks_total == 4
    assert run.results["results"] == in_process()["results"]

    # Before: about 8 queries per chunk. Now a task's bookkeeping is paid once for its chunks
    # (one of them reads the game's imported data, which the cached plan must match; one marks
    # the task started, the heartbeat that tells a running task from one waiting in the broker).
    big = request(player, trials=40 * goldfish.CHUNK)
    with django_assert_max_num_queries(16):
        assert services.play_chunks(big.pk, 0) == "stored chunks 0-39"
    big.refresh_from_db()
    assert (big.status, big.chunks_done) == (SimulationRun.Status.DONE, 40)


def test_a_task_stops_claiming_when_its_time_is_up_and_leaves_the_rest_to_the_next(
    player, settings
):
    settings.GOLDFISH_TASK_SECONDS = 0
    run = request(player)
    assert services.play_chunks(run.pk, 0) == "stored chunks 0-0"
    run.refresh_from_db()
    assert (run.next_chunk, run.chunks_done, run.status) == (1, 1, SimulationRun.Status.RUNNING)
    assert services.play_chunks(run.pk, 0) == "stored chunks 1-1"


def test_a_chunk_of_a_finished_or_deleted_run_is_skipped(player):
    run = request(player)
    services.fail_run(run.pk, Text("stopped"))
    assert services.play_chunks(run.pk, 0) == "skipped: run gone or finished"
    assert services.play_chunks(run.pk + 1000, 0) == "skipped: run gone or finished"
    assert not SimulationChunk.objects.exists()


def test_the_seed_is_chosen_and_kept_when_none_is_given(player):
    run = request(player, seed=None, trials=1000)
    assert 0 <= run.seed < 2**32


@pytest.mark.parametrize("trials", [0, -5, 10_000_001, "many", True])
def test_a_run_of_more_than_10_million_games_or_no_games_is_refused(player, trials):
    with pytest.raises(SimulationRefused, match="from 1 to 10,000,000") as refused:
        request(player, trials=trials)
    assert not refused.value.retry_later
    assert not SimulationRun.objects.exists()


def test_a_fourth_run_in_progress_is_refused_until_one_finishes(player):
    runs = [request(player, trials=1000) for _ in range(3)]
    with pytest.raises(SimulationRefused, match="3 runs in progress") as refused:
        request(player, trials=1000)
    assert refused.value.retry_later
    services.fail_run(runs[0].pk, Text("stopped"))
    assert request(player, trials=1000).status == SimulationRun.Status.QUEUED


def test_the_hourly_limit_counts_finished_runs_too(player, settings):
    settings.GOLDFISH_RUNS_PER_HOUR = 2
    for _ in range(2):
        services.fail_run(request(player, trials=1000).pk, Text("stopped"))
    with pytest.raises(SimulationRefused, match="At most 2 runs per hour; try again in 60") as e:
        request(player, trials=1000)
    assert e.value.retry_later
    SimulationRun.objects.update(created_at=timezone.now() - timedelta(minutes=61))
    assert request(player, trials=1000)


def test_limits_are_per_user(player, other_player):
    for _ in range(3):
        request(player, trials=1000)
    assert request(other_player, trials=1000).owner == other_player


def test_an_anonymous_visitor_is_asked_to_sign_in():
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(SimulationRefused, match="Sign in"):
        request(AnonymousUser())


def test_a_decklist_with_an_unknown_card_is_refused_naming_the_line(player):
    with pytest.raises(SimulationRefused, match="Line 5: no card matches 'NOPE-1'"):
        request(player, decklist=DECKLIST.replace("4 TST-003", "4 NOPE-1"))


def test_an_empty_decklist_is_refused(player):
    with pytest.raises(SimulationRefused, match="no cards"):
        request(player, decklist="# nothing yet\n")


@pytest.mark.parametrize(
    ("goals", "message"),
    [
        ([], "at least one goal"),
        ([{"type": "teleport"}], "unknown type 'teleport'"),
        ([{"type": "drawn", "cards": ["TST-999"], "turn": 3}], "'TST-999' is not a card"),
    ],
)
def test_a_goal_that_cannot_run_is_refused_with_the_engine_s_reason(player, goals, message):
    with pytest.raises(SimulationRefused, match=message):
        request(player, goals=goals)


def test_an_unknown_game_or_format_is_refused(player):
    with pytest.raises(SimulationRefused, match="unknown game 'chess'"):
        request(player, game="chess")
    with pytest.raises(SimulationRefused, match="unknown format 'modern'"):
        request(player, format="modern")


def test_a_chunk_past_its_time_limit_fails_the_run_with_the_reason(player, monkeypatch):
    def too_slow(*args, **kwargs):
        raise SoftTimeLimitExceeded()

    run = request(player)
    monkeypatch.setattr(goldfish, "run_chunk", too_slow)
    assert services.play_chunks(run.pk, 0, chunk_seconds=60) == "failed: time limit"
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.FAILED
    assert "took longer than the limit of 60 s per chunk" in run.error
    assert run.finished_at is not None


def test_an_engine_error_fails_the_run_instead_of_hanging(player, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError

    run = request(player)
    monkeypatch.setattr(goldfish, "run_chunk", broken)
    assert services.play_chunks(run.pk, 0) == "failed: engine error"
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.FAILED
    assert "engine failed" in run.error


def make_stale(run: SimulationRun, seconds: int = 3600) -> None:
    SimulationRun.objects.filter(pk=run.pk).update(
        heartbeat_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_a_run_with_no_sign_of_life_has_its_missing_chunks_queued_again_and_completes(
    player, eager_tasks, django_capture_on_commit_callbacks
):
    run = request(player)
    play_indexes(run, 0, 2)
    SimulationRun.objects.filter(pk=run.pk).update(next_chunk=4, tasks_in_flight=1)
    make_stale(run)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.requeue_stale_runs() == 1
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE
    assert run.requeues == 1
    assert run.results["results"] == in_process()["results"]


def test_a_recent_run_is_not_stale(player, django_capture_on_commit_callbacks):
    run = request(player)
    make_stale(run, seconds=10)
    with django_capture_on_commit_callbacks() as sent:
        assert services.requeue_stale_runs() == 0
    assert sent == []


def test_a_stale_run_out_of_tries_fails_with_a_reason(player, settings):
    run = request(player)
    SimulationRun.objects.filter(pk=run.pk).update(requeues=settings.GOLDFISH_MAX_REQUEUES)
    make_stale(run)
    assert services.requeue_stale_runs() == 1
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.FAILED
    assert "No worker finished this run" in run.error


def in_process_adaptive(trials: int) -> dict:
    deck, _ = decklist.load(get_game("dbscg"), DECKLIST, DatabasePool("dbscg"))
    return goldfish.run("dbscg", deck, DRAWN_GOALS, trials=trials, seed=7, adaptive=True)


def test_an_adaptive_run_stops_at_the_chunk_one_process_stops_at(player):
    most = 8 * goldfish.CHUNK
    run = request(player, trials=most, adaptive=True)
    expected = in_process_adaptive(most)
    assert expected["trials"] < most
    for index in range(run.chunks_total):
        play_indexes(run, index)
        run.refresh_from_db()
        if run.finished:
            break
    assert run.chunks_done == expected["trials"] // goldfish.CHUNK
    assert run.results["trials"] == expected["trials"]
    assert run.results["results"] == expected["results"]
    assert run.results["adaptive"] == expected["adaptive"]
    assert services.play_chunks(run.pk, 0) == "skipped: run gone or finished"


def test_an_adaptive_run_waits_for_the_first_chunks_whatever_order_they_finish_in(player):
    most = 8 * goldfish.CHUNK
    run = request(player, trials=most, adaptive=True)
    for index in range(run.chunks_total - 1, 0, -1):
        play_indexes(run, index)
    run.refresh_from_db()
    assert not run.finished
    play_indexes(run, 0)
    run.refresh_from_db()
    assert run.results["results"] == in_process_adaptive(most)["results"]
