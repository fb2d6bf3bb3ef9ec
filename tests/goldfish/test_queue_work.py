"""Issue 22 finding 6: a few accounts starved another player's run. Work is budgeted in units
(games × goals × goal cost), a re-queue keeps the place of tasks still waiting in the broker, and a
chunk that cannot fit the time limit is refused up front.

The real-worker measurement (a run waiting in the broker is never judged stale) is in
`test_workers.py`.
"""

from __future__ import annotations

import dataclasses

import pytest

from cards.games import goldfish
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DRAWN_GOALS
from tests.goldfish.runs import capture_sends, make_stale, request

pytestmark = pytest.mark.usefixtures("dbscg_cards")

BIG = 10_000_000


@pytest.fixture
def heavy_drawn(monkeypatch):
    """DBSCG's `drawn` goal made as much work as a DRAWS◎TROIDAL match (cost 100)."""
    types = dict(goldfish.goal_types("dbscg"))
    types["drawn"] = dataclasses.replace(types["drawn"], cost=100)
    real = goldfish.goal_types
    monkeypatch.setattr(
        goldfish, "goal_types", lambda game: types if game == "dbscg" else real(game)
    )


def test_work_is_games_times_goals_times_goal_cost():
    match = {"type": "match"}
    assert services.work_units("dbscg", DRAWN_GOALS, 1000) == 2000
    assert services.work_units("draws_troidal", [match] * 2, 1000) == 200_000


def test_finding_6_a_chunk_of_twenty_match_goals_is_refused_up_front_and_one_fits(settings):
    chunk = goldfish.CHUNK
    assert services.work_units("draws_troidal", [{"type": "match"}] * 20, chunk) > (
        settings.GOLDFISH_CHUNK_MAX_WORK
    )
    assert services.work_units("draws_troidal", [{"type": "match"}], chunk) <= (
        settings.GOLDFISH_CHUNK_MAX_WORK
    )


def test_finding_6_goals_too_heavy_for_one_chunk_are_refused_before_anything_is_queued(
    player, monkeypatch, heavy_drawn
):
    sent = capture_sends(monkeypatch)
    goals = [dict(DRAWN_GOALS[0], turn=turn) for turn in range(1, 11)]  # 10 × 100 per game
    with pytest.raises(services.SimulationRefused, match="too much work for one chunk") as refused:
        request(player, goals=goals, trials=BIG)
    assert not refused.value.retry_later
    assert SimulationRun.objects.count() == 0 and sent == []
    # The same goals over fewer games than a chunk fit.
    assert request(player, goals=goals, trials=5000).status == SimulationRun.Status.QUEUED


def test_finding_6_an_account_s_unfinished_work_is_budgeted_not_only_its_runs(
    player, monkeypatch, settings
):
    capture_sends(monkeypatch)
    settings.GOLDFISH_ACCOUNT_MAX_WORK = 30_000_000  # 1.5 runs of 10M games of two goals
    request(player, trials=BIG)
    assert SimulationRun.objects.filter(owner=player).count() < settings.GOLDFISH_MAX_ACTIVE_RUNS
    with pytest.raises(services.SimulationRefused, match="too much work at once") as refused:
        request(player, trials=BIG)
    assert refused.value.retry_later  # a 429: try again later
    assert request(player, trials=1000).status == SimulationRun.Status.QUEUED


def test_finding_6_a_heavy_account_keeps_one_task_out_where_a_light_one_keeps_four(
    player, other_player, monkeypatch, django_capture_on_commit_callbacks, heavy_drawn
):
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        heavy = request(player, goals=DRAWN_GOALS[:1], trials=BIG)
    assert [message[0] for message in sent] == [heavy.pk]
    monkeypatch.undo()
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        light = request(other_player, trials=BIG)
    assert [message[0] for message in sent] == [light.pk] * 4


def test_finding_6_a_re_queue_keeps_the_place_of_tasks_still_waiting_in_the_broker(
    player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        run = request(player, trials=BIG)
    waiting = list(sent)
    assert len(waiting) == settings.GOLDFISH_TASKS_PER_USER == 4
    # One task started, claimed a chunk and its worker died; three still wait in the broker.
    SimulationRun.objects.filter(pk=run.pk).update(tasks_in_flight=1, next_chunk=1)
    make_stale(run)
    SimulationRun.objects.filter(pk=run.pk).update(tasks_in_flight=4)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.requeue_stale_runs() == 1
    run.refresh_from_db()
    # One replacement for the dead task, none for the three waiting ones ...
    assert [message[0] for message in sent[len(waiting) :]] == [run.pk]
    assert (run.tasks_in_flight, run.tasks_running, run.next_chunk) == (4, 0, 0)
    # ... which, when a worker takes them, play for the run instead of skipping themselves.
    settings.GOLDFISH_TASK_SECONDS = 0
    assert services.play_chunks(*waiting[1][:2]).startswith("stored chunks 0-0")


def test_finding_6_a_run_whose_tasks_wait_in_a_busy_broker_is_not_stale(
    player, monkeypatch, django_capture_on_commit_callbacks
):
    capture_sends(monkeypatch)
    monkeypatch.setattr(services.recovery, "_queue_is_empty", lambda: False)
    with django_capture_on_commit_callbacks(execute=True):
        run = request(player, trials=BIG)
    SimulationRun.objects.filter(pk=run.pk).update(heartbeat_at=run.heartbeat_at.replace(year=2000))
    assert services.requeue_stale_runs() == 0
    assert SimulationRun.objects.get(pk=run.pk).requeues == 0


def test_a_run_counting_tasks_that_an_empty_broker_no_longer_holds_is_sent_again(
    player, monkeypatch, django_capture_on_commit_callbacks
):
    """A broker restarted without its data lost the messages: the run must not wait forever."""
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        run = request(player, trials=BIG)
    monkeypatch.setattr(services.recovery, "_queue_is_empty", lambda: True)
    SimulationRun.objects.filter(pk=run.pk).update(heartbeat_at=run.heartbeat_at.replace(year=2000))
    before = len(sent)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.requeue_stale_runs() == 1
    assert len(sent) - before == 4
    assert SimulationRun.objects.get(pk=run.pk).tasks_in_flight == 4
