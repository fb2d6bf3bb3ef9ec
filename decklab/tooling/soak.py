"""The broker soak: many tiny tasks through one real worker, counting crashes and lost tasks.

`manage.py broker_soak` (`make soak`) runs it on any broker URL; the figures chose the embedded
broker (docs/operators.md "The embedded broker"). A worker that dies is counted and replaced, so one
crash does not end the measurement; a task is lost when no worker's log says it ran.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from celery import Celery

from decklab.tooling.workers import WorkerProcess

#: Log lines that say a worker hit trouble even if it stayed up.
TROUBLE = ("Unrecoverable error", "Connection to broker lost", "Traceback")


@dataclass
class SoakResult:
    broker: str
    sent: int
    ran: int = 0
    crashes: int = 0
    troubles: dict[str, int] = field(default_factory=dict)
    #: The log around the first trouble, to see what it was.
    excerpt: str = ""
    seconds: float = 0.0

    @property
    def lost(self) -> int:
        return self.sent - self.ran

    def summary(self) -> str:
        rate = self.ran / self.seconds if self.seconds else 0.0
        trouble = ", ".join(f"{count} × {line!r}" for line, count in self.troubles.items() if count)
        return (
            f"{self.broker}: {self.sent:,} tasks sent, {self.ran:,} ran, {self.lost:,} lost, "
            f"{self.crashes} worker crash{'es' if self.crashes != 1 else ''}, "
            f"{self.seconds:,.1f} s ({rate:,.0f} tasks/s); log trouble: {trouble or 'none'}"
        )


def soak(
    broker_url: str, tasks: int, *, backlog: int = 200, stall_seconds: float = 60
) -> SoakResult:
    """Send `tasks` pings through a worker on `broker_url` ("": the embedded broker) while it runs.

    Sending goes on while the worker takes messages (at most `backlog` ahead of it), so producer
    and consumer meet on the broker all along: where the file-system transport's race lives.
    """
    from decklab.settings import broker_settings  # the one place that reads broker URLs

    url, options, transport = broker_settings(broker_url)
    producer = Celery("decklab-soak", broker=url, set_as_current=False)
    producer.conf.update(
        broker_transport_options=options,
        broker_transport=transport,
        task_serializer="json",
    )
    queue = f"decklab-soak-{uuid.uuid4().hex[:10]}"
    env = {"CELERY_BROKER_URL": broker_url or ""}
    result = SoakResult(broker=broker_url or f"embedded ({transport}, {url})", sent=tasks)
    with tempfile.TemporaryDirectory() as folder:
        workers: list[WorkerProcess] = []

        def start_worker() -> None:
            log = Path(folder) / f"worker-{len(workers)}.log"
            workers.append(WorkerProcess(queue=queue, log=log, env=env).start())

        def ran() -> int:
            return len({value for w in workers for value in w.returned("decklab.ping")})

        start_worker()
        start = time.perf_counter()
        try:
            for number in range(tasks):
                producer.send_task("decklab.ping", (number,), queue=queue)
                while number % 50 == 0 and number - ran() > backlog:
                    if not workers[-1].alive():
                        result.crashes += 1
                        start_worker()
                    time.sleep(0.2)
            progress_at, last = time.monotonic(), -1
            while (done := ran()) < tasks and time.monotonic() - progress_at < stall_seconds:
                if done != last:
                    progress_at, last = time.monotonic(), done
                if not workers[-1].alive():
                    result.crashes += 1
                    start_worker()
                time.sleep(0.5)
            result.seconds = time.perf_counter() - start
            result.ran = ran()
        finally:
            for worker in workers:
                worker.stop()
            producer.close()
        logs = "".join(worker.log() for worker in workers)
        result.troubles = {line: logs.count(line) for line in TROUBLE}
        first = min((logs.find(line) for line in TROUBLE if line in logs), default=-1)
        if first >= 0:
            result.excerpt = logs[max(0, first - 300) : first + 1500]
    return result
