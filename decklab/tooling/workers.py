"""A Celery worker as a child process on a private queue: for the benchmark and the tests.

Both need a real worker that takes only their own tasks (a developer's `make run` worker on the same
broker must not take them) and that can be killed outright.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
#: A worker's INFO log line for a task that ran: its name, and what it returned.
_SUCCEEDED = re.compile(r"Task ([\w.]+)\[[^\]]+\] succeeded in [^:]+: (.*)")


def worker_arguments(queue: str) -> list[str]:
    """`celery worker` arguments: one prefork child (time limits need prefork), one queue."""
    return [
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


class WorkerProcess:
    """One worker process group (the main process and its pool child), logging to a file."""

    def __init__(
        self,
        *,
        queue: str,
        log: Path,
        env: dict[str, str] | None = None,
        command: Sequence[str] | None = None,
    ):
        self.queue = queue
        self.log_path = log
        self.env = env or {}
        self.command = list(
            command or [sys.executable, "-m", "celery", "-A", "decklab", *worker_arguments(queue)]
        )
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> WorkerProcess:
        env = {**os.environ, "DECKLAB_GOLDFISH_QUEUE": self.queue, **self.env}
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while " ready." not in self.log():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Celery worker did not start:\n{self.log()}")
            time.sleep(0.1)
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def executed(self, task: str = "goldfish.run_chunks") -> int:
        """How many `task` tasks this worker's log says it finished."""
        return len(self.returned(task))

    def returned(self, task: str) -> list[str]:
        """What each `task` this worker finished returned, as its log shows it."""
        return [value for name, value in _SUCCEEDED.findall(self.log()) if name == task]

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

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
