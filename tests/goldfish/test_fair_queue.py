"""The fair queue (issue 9, findings 4 and 8): per-account task quotas, re-queueing that never
multiplies messages, and runs that wait in their rows while the broker is down.

The real-worker measurement of fairness is in `test_workers.py`.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from cards.games import goldfish
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS
from tests.goldfish.runs import capture_sends, in_process, request

pytestmark = pytest.mark.usefixtures("dbscg_cards")

BIG = 10_000_000  # 200 chunks, as the runs of finding 4


def test_an_account_has_its_quota_of_tasks_out_however_big_its_runs(
    player, other_player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        runs = [request(player, trials=BIG) for _ in range(3)]
    # 600 chunks, yet 4 messages (the later runs get the account's next free slots).
    assert len(sent) == settings.GOLDFISH_TASKS_PER_USER == 4
    assert SimulationRun.objects.filter(pk__in=[r.pk for r in runs], tasks_in_flight=0).count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        small = request(other_player, trials=1000)
    # The other account's one task goes out at once, behind 4 of the first account's, not 600.
    assert [message[0] for message in sent[4:]] == [small.pk]


def test_a_finished_task_sends_its_account_s_next_one_to_the_back_of_the_queue(
    player, other_player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    settings.GOLDFISH_TASK_SECONDS = 0  # one chunk per task
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        big = request(player, trials=BIG)
        small = request(other_player, trials=1000)
    queue = list(sent)
    assert [m[0] for m in queue] == [big.pk] * 4 + [small.pk]
    # A worker takes the queue in order; each task's end sends its account's next task.
    while queue:
        run_id, generation, *_ = queue.pop(0)
        before = len(sent)
        with django_capture_on_commit_callbacks(execute=True):
            services.play_chunks(run_id, generation)
        queue += sent[before:]
        if SimulationRun.objects.get(pk=small.pk).finished:
            break
    big.refresh_from_db()
    assert SimulationRun.objects.get(pk=small.pk).status == SimulationRun.Status.DONE
    assert big.chunks_done == 4  # the small run ran fifth, not after 200 chunks
    assert len(queue) == 4  # and the big account still has exactly its quota out


def test_a_run_that_fails_hands_its_account_s_turn_to_the_next_run(
    player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    settings.GOLDFISH_TASKS_PER_USER = 1
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        first, second = request(player, trials=1000), request(player, trials=1000)
    assert [message[0] for message in sent] == [first.pk]

    def broken(*args, **kwargs):
        raise ZeroDivisionError

    monkeypatch.setattr(goldfish, "run_chunk", broken)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.play_chunks(first.pk, 0) == "failed: engine error"
    assert [message[0] for message in sent] == [first.pk, second.pk]


def make_stale(run: SimulationRun) -> None:
    """Its tasks started (a worker took them) and then went silent an hour ago."""
    SimulationRun.objects.filter(pk=run.pk).update(
        heartbeat_at=timezone.now() - timedelta(hours=1), tasks_running=F("tasks_in_flight")
    )


def test_re_queueing_stale_runs_never_multiplies_messages(
    player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    """Finding 4: re-queueing grew the queue from 600 to 1,783 messages."""
    sent = capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        runs = [request(player, trials=BIG) for _ in range(3)]
    for _ in range(settings.GOLDFISH_MAX_REQUEUES):
        before = len(sent)
        for run in runs:
            make_stale(run)
        with django_capture_on_commit_callbacks(execute=True):
            # The runs with tasks out (runs waiting for the account's turn are not stale).
            assert services.requeue_stale_runs() >= 1
        # Each re-queue sends at most the account's quota again, never a message per chunk ...
        assert len(sent) - before <= settings.GOLDFISH_TASKS_PER_USER
        generations = dict(SimulationRun.objects.values_list("pk", "requeues"))
        assert all(message[1] == generations[message[0]] for message in sent[before:])
    # ... and a message sent before the re-queues works for the run as it finds it (a task that
    # waited in the broker keeps its place).
    stale_message = sent[0]
    assert "sent before re-queue" in services.play_chunks(*stale_message[:2])
    assert len(sent) <= settings.GOLDFISH_TASKS_PER_USER * (settings.GOLDFISH_MAX_REQUEUES + 1)


def test_a_re_queued_run_hands_out_its_missing_chunks_and_keeps_the_stored_ones(
    player, monkeypatch, django_capture_on_commit_callbacks, settings
):
    settings.GOLDFISH_TASK_SECONDS = 0
    run = request(player)
    services.play_chunks(run.pk, 0)  # chunk 0 stored
    SimulationRun.objects.filter(pk=run.pk).update(next_chunk=3)  # 1 and 2 claimed, then lost
    make_stale(run)
    capture_sends(monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        services.requeue_stale_runs()
    run.refresh_from_db()
    assert (run.next_chunk, run.requeues, run.chunks_done) == (1, 1, 1)
    settings.GOLDFISH_TASK_SECONDS = 60
    services.play_chunks(run.pk, 1)
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE
    assert run.results["results"] == in_process()["results"]


def test_a_run_waiting_for_its_account_s_turn_is_not_stale(player, monkeypatch, settings):
    settings.GOLDFISH_TASKS_PER_USER = 1
    capture_sends(monkeypatch)
    first, second = request(player, trials=1000), request(player, trials=1000)
    for run in (first, second):
        make_stale(run)
    assert SimulationRun.objects.get(pk=second.pk).tasks_in_flight == 0
    services.requeue_stale_runs()
    assert SimulationRun.objects.get(pk=second.pk).requeues == 0


# ---------------------------------------------------------------------------------------------
# Finding 8: the broker is down


@pytest.fixture
def signed_in(client, player):
    client.force_login(player)
    return client


def new_run_form() -> dict:
    return {
        "game": "dbscg",
        "decklist": DECKLIST,
        "goal": "drawn",
        "drawn-cards": "TST-002",
        "drawn-turn": "3",
        "trials": "2000",
        "seed": "3",
    }


def test_with_the_broker_down_the_form_accepts_the_run_honestly_and_it_runs_when_it_is_back(
    signed_in, broker_down, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in.post(reverse("goldfish:new"), new_run_form())
    run = SimulationRun.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("goldfish:run", kwargs={"pk": run.pk})
    assert (run.status, run.tasks_in_flight) == (SimulationRun.Status.QUEUED, 0)
    assert run.queue_unreachable_since is not None
    page = signed_in.get(response["Location"])
    assert page.status_code == 200
    assert "The task queue cannot be reached right now" in page.content.decode()


def test_a_waiting_run_is_sent_when_someone_looks_once_the_broker_is_back(
    signed_in, broker_down, django_capture_on_commit_callbacks, request
):
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post(reverse("goldfish:new"), new_run_form())
    run = SimulationRun.objects.get()
    assert run.queue_unreachable_since is not None
    # "Back": tasks now run at once in this process (eager), as a reachable broker would take them.
    request.getfixturevalue("eager_tasks")
    with django_capture_on_commit_callbacks(execute=True):
        fragment = signed_in.get(reverse("goldfish:run-progress", kwargs={"pk": run.pk}))
    assert fragment.status_code in (200, 286)
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE
    assert run.queue_unreachable_since is None


def test_with_the_broker_down_the_api_answers_202_and_the_run_waits(
    player, broker_down, django_capture_on_commit_callbacks
):
    api = APIClient()
    api.force_authenticate(player)
    body = {"game": "dbscg", "decklist": DECKLIST, "goals": DRAWN_GOALS, "trials": 1000}
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/simulations", body, format="json")
    assert response.status_code == 202
    assert response.json()["status"] == "queued"
    run = SimulationRun.objects.get()
    assert (run.tasks_in_flight, run.next_chunk) == (0, 0)
    assert run.queue_unreachable_since is not None
    assert api.get(f"/api/v1/simulations/{run.pk}").status_code == 200


def test_goldfish_chunk_size_is_unchanged():
    # Chunk seeding from (seed, index) is what keeps results identical: the size must not move.
    assert goldfish.CHUNK == 50_000
