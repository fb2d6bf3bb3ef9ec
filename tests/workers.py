"""Real Celery workers for the tests: on the test database, optionally with slow chunks.

`worker_on_test_database` starts `python -m tests.workers`, which points Django at the test database (the SQLite
test file, or PostgreSQL's `test_<name>`) and then runs the worker of
`decklab.tooling.workers.worker_arguments`. `DECKLAB_TEST_CHUNK_DELAY` makes every chunk sleep
first: slow enough to kill a worker mid-run, or to pass a chunk's time limit.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from decklab.tooling.workers import WorkerProcess, worker_arguments


def worker_on_test_database(
    *, database: str, queue: str, log: Path, env: dict[str, str]
) -> WorkerProcess:
    return WorkerProcess(
        queue=queue,
        log=log,
        env={"DECKLAB_TEST_DATABASE": database, **env},
        command=[sys.executable, "-m", "tests.workers"],
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
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

    app.worker_main(worker_arguments(os.environ["DECKLAB_GOLDFISH_QUEUE"]))


if __name__ == "__main__":
    main()
