"""Real Celery workers for the tests: a subprocess on the test database and the test broker.

`Worker` starts `python -m tests.workers`, which points Django at the test database (the SQLite
test file, or PostgreSQL's `test_<name>`), then runs `celery worker` on one private queue, so that no
other worker on the machine takes the tests' tasks. `DECKLAB_TEST_CHUNK_DELAY` makes every chunk
sleep first: slow enough to kill a worker mid-run, or to pass a chunk's time limit.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SUCCEEDED = re.compile(r"Task goldfish\.run_chunk\[[^\]]+\] succeeded")


class Worker:
    """One `celery worker` process group (the main process and its pool child)."""

    def __init__(self, *, database: str, queue: str, log: Path, env: dict[str, str]):
        self.database = database
        self.queue = queue
        self.log_path = log
        self.env = env
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> Worker:
        env = {
            **os.environ,
            "DECKLAB_TEST_DATABASE": self.database,
            "DECKLAB_GOLDFISH_QUEUE": self.queue,
            **self.env,
        }
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.workers"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while " ready." not in self.log():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the Celery worker did not start:\n{self.log()}")
            time.sleep(0.1)
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def executed(self) -> int:
        """How many chunk tasks this worker's log says it finished."""
        return len(_SUCCEEDED.findall(self.log()))

    def kill(self) -> None:
        """SIGKILL the whole worker at once: no warm shutdown, no acknowledgement, nothing."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = os.environ["DECKLAB_TEST_DATABASE"]
    delay = float(os.environ.get("DECKLAB_TEST_CHUNK_DELAY") or 0)
    if delay:
        from cards.games import goldfish

        play = goldfish.run_chunk

        def slow_run_chunk(*args, **kwargs):
            time.sleep(delay)
            return play(*args, **kwargs)

        goldfish.run_chunk = slow_run_chunk

    from decklab.celery import app

    queue = os.environ["DECKLAB_GOLDFISH_QUEUE"]
    app.worker_main(
        [
            "worker",
            "--loglevel=INFO",
            "--pool=prefork",
            "--concurrency=1",
            f"--queues={queue}",
            f"--hostname={queue}-{os.getpid()}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
    )


if __name__ == "__main__":
    main()
