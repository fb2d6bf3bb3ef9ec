"""Legality cost (`make bench`): the rules in-process, and the validate API under load.

1. In-process: each game's default format checks a full deck (60 cards; Blade Rondo a 40-card
   pool with its dealt cards and hand: each game's `GAME.bench`), median of 1,000 runs, beside the
   median of parsing and resolving the same decklist text in memory. Target: under 1 ms.
2. The API: a real WSGI server (gunicorn as `deploy/serve` runs it, 2 gthread workers) on
   127.0.0.1, and ApacheBench (`ab`, Debian's apache2-utils) with 20 concurrent clients, bounded to 2,000 requests and 30 s a run. POST
   /api/v1/games/dbscg/validate with a 60-card deck from the database beside GET /api/v1/games in
   the same run: the ratio is what the rules and the card lookup add. Target: p95 under 30 ms.
"""

from __future__ import annotations

import csv
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from django.conf import settings

from cards.decklists import card_pool
from cards.games import decklist
from cards.games.registry import all_games, get_game
from cards.models import Card as CardRow
from cards.pool import game_data

RUNS = 1_000
CLIENTS = 20
REQUESTS = 2_000
TIME_LIMIT_S = 30


def _median_ms(action: Callable[[], object], runs: int = RUNS) -> float:
    """Median CPU time of one call (the machine's other work does not count)."""
    timings = []
    for _ in range(runs):
        start = time.process_time_ns()
        action()
        timings.append(time.process_time_ns() - start)
    return statistics.median(timings) / 1e6


def run_in_process(report) -> None:
    for game in all_games():
        sample = game.bench().legality if game.bench is not None else None
        if sample is None:
            continue
        pool = decklist.MemoryPool(game, [game.schema.from_row(row) for row in sample.rows])
        deck, problems = decklist.load(game, sample.text, pool)
        assert not problems, problems
        fmt = game.default_format
        size = sum(deck.size(zone) for zone in game.zone_slugs)
        name = f"{game.slug} {fmt.slug}: check a {size}-card deck (median of {RUNS:,})"
        if not report.wants(name):
            continue
        report(
            name,
            _median_ms(partial(fmt.check, deck)),
            "ms",
            baseline=(
                "parse + resolve the text",
                _median_ms(partial(decklist.load, game, sample.text, pool)),
            ),
            target="< 1 ms",
        )


def run_blade_rondo_pool(report) -> None:
    """A Blade Rondo pool one card off its set deck, checked against the imported set decks."""
    game = get_game("blade_rondo")
    data = game_data(game.slug)
    decks = list((data.get("set_decks") or {}).values())
    if not decks:
        print("  blade_rondo pool: skipped (no set decks: run `python manage.py load_card_data`)")
        return
    names = list(decks[0]["cards"].items())
    lines = [f"{count} {name}" for name, count in names]
    legal, _ = decklist.load(game, "Pool\n" + "\n".join(lines), card_pool(game.slug))
    lines[-1] = f"{names[-1][1] + 1} {names[-1][0]}"
    illegal, _ = decklist.load(game, "Pool\n" + "\n".join(lines), card_pool(game.slug))
    fmt = game.default_format
    assert fmt.check(illegal, data) and not fmt.check(legal, data)
    name = f"blade_rondo {fmt.slug}: check an illegal {illegal.size('pool')}-card pool (median)"
    if not report.wants(name):
        return
    report(
        name,
        _median_ms(lambda: fmt.check(illegal, data)),
        "ms",
        baseline=("the legal pool", _median_ms(lambda: fmt.check(legal, data))),
        target="< 1 ms",
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _dbscg_text() -> str | None:
    """A 60-card ZENKAI decklist from the database's cards, or None without them."""
    leader = CardRow.objects.filter(game="dbscg", type="Leader").values_list("number", flat=True)
    battles = list(
        CardRow.objects.filter(game="dbscg", type="Battle").values_list("number", flat=True)[:15]
    )
    if not leader or len(battles) < 15:
        return None
    return f"Leader\n1 {leader[0]}\nMain\n" + "\n".join(f"4 {n}" for n in battles) + "\n"


def ab(url: str, body: Path | None = None, cookie: str = "") -> tuple[float, float]:
    """Requests per second and p95 (ms) of one bounded ApacheBench run."""
    with tempfile.TemporaryDirectory() as folder:
        percentiles = Path(folder) / "p.csv"
        command = ["ab", "-q", "-t", str(TIME_LIMIT_S), "-n", str(REQUESTS), "-c", str(CLIENTS)]
        command += ["-s", "10", "-e", str(percentiles)]
        if body is not None:
            command += ["-p", str(body), "-T", "text/plain; charset=utf-8"]
        if cookie:
            command += ["-C", cookie]
        output = subprocess.run(
            [*command, url], capture_output=True, text=True, timeout=TIME_LIMIT_S + 30, check=True
        ).stdout
        rate = next(
            float(line.split()[3]) for line in output.splitlines() if "Requests per second" in line
        )
        failed = [line for line in output.splitlines() if line.startswith("Non-2xx responses")]
        if failed:  # a page that answers with an error is no measure of the page
            raise RuntimeError(f"{url}: {failed[0]}")
        rows = dict(csv.reader(percentiles.open()))
        return rate, float(rows["95"])


def _wait_until_up(url: str, server: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("the WSGI server stopped during start-up")
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the WSGI server did not answer {url} within {seconds:.0f} s")


def can_load_test() -> bool:
    if shutil.which("ab") and Path(sys.executable).with_name("gunicorn").exists():
        return True
    print("  load test: skipped (needs `apt-get install apache2-utils` and gunicorn)")
    return False


def server_env(base: str) -> dict[str, str]:
    """The environment of a production web process serving `base` on this machine."""
    return {
        **os.environ,
        "DECKLAB_DEBUG": "0",
        # This process's key, so that a session made here (a logged-in page) is valid there.
        "DECKLAB_SECRET_KEY": settings.SECRET_KEY,
        "DECKLAB_ALLOWED_HOSTS": "127.0.0.1",
        "DECKLAB_SITE_URL": base,
        # The throttles run but never refuse (docs/api.md "Throttles"). A throttle keeps the
        # time of each request in its window, so the window is one second: a client at the default
        # rates keeps at most 120 times, where a minute of this load kept up to 2,000 and pickled
        # them on every request (2 ms of a validate request on the files cache).
        "DECKLAB_API_ANON_RATE": "100000000/s",
        "DECKLAB_API_USER_RATE": "100000000/s",
        "DECKLAB_API_LEGALITY_RATE": "100000000/s",
        "WEB_CONCURRENCY": "2",
        # No worker replaced mid-run: a gthread worker that restarts resets the connections it
        # had accepted, and ApacheBench stops at the first reset.
        "DECKLAB_WEB_MAX_REQUESTS": "0",
    }


#: gunicorn as production runs it (`deploy/serve`): its settings file, with gthread workers.
GUNICORN_CONFIG = "deploy/gunicorn.conf.py"


@contextmanager
def serving() -> Iterator[str]:
    """A real WSGI server (gunicorn with `deploy/gunicorn.conf.py`: 2 gthread workers of 4
    threads, the preloaded and warmed application) on a free local port: its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "-c", GUNICORN_CONFIG, "--bind", f"127.0.0.1:{port}"],
        cwd=settings.BASE_DIR,
        env=server_env(base),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_until_up(f"{base}/api/v1/games", server)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def run_api(report) -> None:
    name = f"POST /api/v1/games/dbscg/validate, {CLIENTS} clients"
    if not (report.wants(f"{name}: requests/s") or report.wants(f"{name}: p95")):
        return
    if not can_load_test():
        return
    text = _dbscg_text()
    if text is None:
        print("  API load: skipped (no DBSCG cards: run `python manage.py load_card_data`)")
        return
    with (
        serving() as base,
        tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as body,
    ):
        body.write(text)
        body.flush()
        games = ab(f"{base}/api/v1/games")
        validate = ab(f"{base}/api/v1/games/dbscg/validate", Path(body.name))
    report_load(
        report,
        name,
        validate,
        ("GET /api/v1/games", games),
        target="< 30 ms",
    )


def report_load(
    report,
    name: str,
    measured: tuple[float, float],
    baseline: tuple[str, tuple[float, float]],
    target: str,
) -> None:
    """Requests/s and p95 of a load test, each beside the same figure of its baseline page."""
    (rate, p95), (base_name, (base_rate, base_p95)) = measured, baseline
    report(f"{name}: requests/s", rate, "req/s", baseline=(base_name, base_rate))
    report(f"{name}: p95", p95, "ms", baseline=(base_name, base_p95), target=target)


def run(report) -> None:
    run_in_process(report)
    run_blade_rondo_pool(report)
    run_api(report)
