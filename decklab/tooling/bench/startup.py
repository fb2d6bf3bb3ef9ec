"""Starting the site (`make bench`, issue 25 item 4): what a player waits for after a start.

1. gunicorn as production starts it (`deploy/gunicorn.conf.py`: the application preloaded and
   warmed in the master, each worker's connections opened before its first request): the first
   request of each page after both workers booted, beside the same page's next request.
   Target: under 200 ms.
2. A warm `make run` (`deploy/run.py` with every setup step up to date: the development server and
   a worker): seconds from the command to the home page's first answer. Target: under 10 s.
   Its setup steps run first if they are not up to date (`make bench` runs `make setup` before).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from django.conf import settings

from decklab.tooling.bench.legality import GUNICORN_CONFIG, free_port, server_env

#: The pages whose first request after a start is timed: the site's, the API's and the schema's.
PAGES = ("/", "/cards/dbscg/", "/api/v1/games", "/api/schema/")
#: How long a start may take before the bench gives up on it.
START_SECONDS = 60


def _get_ms(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as answer:
        answer.read()
    return (time.perf_counter() - start) * 1000


def _stop(server: subprocess.Popen) -> None:
    """SIGTERM to the process group it leads (started with `start_new_session`), then wait."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def run_gunicorn(report) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", GUNICORN_CONFIG, "--bind", f"127.0.0.1:{port}"],
        cwd=settings.BASE_DIR,
        env=server_env(base),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        booted, deadline = 0, time.monotonic() + START_SECONDS
        while booted < 2 and time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("gunicorn stopped during start-up")
            booted += "Booting worker" in line
        # The workers open their connections after that line (`post_worker_init`).
        time.sleep(2)
        first = {page: _get_ms(base + page) for page in PAGES}
        then = {page: _get_ms(base + page) for page in PAGES}
    finally:
        _stop(server)
    for page in PAGES:
        report(
            f"first request after a gunicorn start, {page}",
            first[page],
            "ms",
            baseline=("its next request", then[page]),
            target="< 200 ms",
        )


def run_make_run(report) -> None:
    port = free_port()
    start = time.monotonic()
    server = subprocess.Popen(
        [sys.executable, "deploy/run.py", "--host", "127.0.0.1", "--port", str(port)],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DECKLAB_SITE_URL": f"http://127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        while time.monotonic() - start < START_SECONDS:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        served = time.monotonic() - start
    finally:
        _stop(server)
    report(
        "deploy/run.py (a warm `make run`) until the home page answers",
        served,
        "s",
        target="< 10 s",
    )


def run(report) -> None:
    if not Path(sys.executable).with_name("gunicorn").exists():
        print("  gunicorn start: skipped (gunicorn is not installed)")
    elif report.wants("gunicorn start"):
        run_gunicorn(report)
    if report.wants("make run"):
        run_make_run(report)
