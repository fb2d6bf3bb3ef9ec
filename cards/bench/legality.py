"""Legality cost (`make bench`): the rules in-process, and the validate API under load.

1. In-process: each game's default format checks a full deck (60 cards; Blade Rondo a 40-card
   pool with its dealt cards and hand), median of 1,000 runs, beside the median of parsing and
   resolving the same decklist text in memory. Target: under 1 ms.
2. The API: a real WSGI server (gunicorn, 2 workers) on 127.0.0.1, and ApacheBench (`ab`, Debian's
   apache2-utils) with 20 concurrent clients, bounded to 2,000 requests and 30 s a run. POST
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
from collections.abc import Callable
from pathlib import Path

from django.conf import settings

from cards.games import decklist
from cards.games.base import Card
from cards.games.registry import all_games, get_game
from cards.models import Card as CardRow

RUNS = 1_000
CLIENTS = 20
REQUESTS = 2_000
TIME_LIMIT_S = 30


def _median_ms(action: Callable[[], object], runs: int = RUNS) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        action()
        timings.append(time.perf_counter_ns() - start)
    return statistics.median(timings) / 1e6


def _sample_deck(slug: str) -> tuple[list[Card], str]:
    """Cards and a full decklist for a game, built in memory (no database)."""
    schema = get_game(slug).schema
    rows: dict[str, list[dict]] = {
        "dbscg": [{"number": "L-1", "name": "Leader", "type": "Leader"}]
        + [{"number": f"B-{i}", "name": f"B{i}", "type": "Battle"} for i in range(15)],
        "gundam_war": [{"number": f"U-{i}", "name": f"U{i}", "type": "UNIT"} for i in range(20)],
        "dreadnought": [
            {"number": "C-1", "name": "甲", "type": "キャスター", "cluster": "赤"},
            {"number": "C-2", "name": "乙", "type": "キャスター", "cluster": "青"},
        ]
        + [
            {"number": f"K-{i}", "name": f"K{i}", "type": "コード", "cluster": "赤"}
            for i in range(15)
        ],
        "draws_troidal": [
            {"number": f"D-{i}", "name": f"D{i}", "attribute": "水"} for i in range(15)
        ],
    }.get(slug, [])
    if slug == "blade_rondo":
        path = Path(__file__).resolve().parents[1] / "data" / "blade-rondo" / "cards.csv"
        rows = list(csv.DictReader(path.open(encoding="utf-8")))[:20]
    cards = [schema.from_row(row) for row in rows]
    texts = {
        "dbscg": "Leader\n1 L-1\nMain\n" + "\n".join(f"4 B-{i}" for i in range(15)),
        "gundam_war": "\n".join(f"3 U-{i}" for i in range(16))
        + "\n2 U-16\nSide\n"
        + "\n".join(f"2 U-{i}" for i in range(17, 20))
        + "\n4 U-16",
        "dreadnought": "Casters\n1 C-1\n1 C-2\nMain\n"
        + "\n".join(f"4 K-{i}" for i in range(12))
        + "\n2 K-12",
        "draws_troidal": "\n".join(f"4 D-{i}" for i in range(15)),
        "blade_rondo": "Pool\n"
        + "\n".join(f"2 {c.number}" for c in cards)
        + "\nDealt\n"
        + "\n".join(f"1 {c.number}" for c in cards[:15])
        + "\nHand\n"
        + "\n".join(f"1 {c.number}" for c in cards[:7]),
    }
    return cards, texts[slug]


def run_in_process(report) -> None:
    for game in all_games():
        cards, text = _sample_deck(game.slug)
        pool = decklist.MemoryPool(game, cards)
        deck, problems = decklist.load(game, text, pool)
        assert not problems, problems
        fmt = game.default_format
        size = sum(deck.size(zone) for zone in game.zone_slugs)
        report(
            f"{game.slug} {fmt.slug}: check a {size}-card deck (median of {RUNS:,})",
            _median_ms(lambda fmt=fmt, deck=deck: fmt.check(deck)),
            "ms",
            baseline=(
                "parse + resolve the text",
                _median_ms(lambda game=game, text=text, pool=pool: decklist.load(game, text, pool)),
            ),
            target="< 1 ms",
        )


def _free_port() -> int:
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


def _ab(url: str, body: Path | None) -> tuple[float, float]:
    """Requests per second and p95 (ms) of one bounded ApacheBench run."""
    with tempfile.TemporaryDirectory() as folder:
        percentiles = Path(folder) / "p.csv"
        command = ["ab", "-q", "-t", str(TIME_LIMIT_S), "-n", str(REQUESTS), "-c", str(CLIENTS)]
        command += ["-s", "10", "-e", str(percentiles)]
        if body is not None:
            command += ["-p", str(body), "-T", "text/plain; charset=utf-8"]
        output = subprocess.run(
            [*command, url], capture_output=True, text=True, timeout=TIME_LIMIT_S + 30, check=True
        ).stdout
        rate = next(
            float(line.split()[3]) for line in output.splitlines() if "Requests per second" in line
        )
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


def run_api(report) -> None:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    if not shutil.which("ab") or not gunicorn.exists():
        print("  API load: skipped (needs `apt-get install apache2-utils` and gunicorn)")
        return
    text = _dbscg_text()
    if text is None:
        print("  API load: skipped (no DBSCG cards: run `python manage.py load_card_data`)")
        return
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DECKLAB_DEBUG": "0",
        "DECKLAB_SECRET_KEY": "bench-only",
        "DECKLAB_ALLOWED_HOSTS": "127.0.0.1",
        "DECKLAB_SITE_URL": base,
        # The load test measures the server, not the API throttles (README "Limits").
        "DECKLAB_API_ANON_RATE": "100000000/min",
        "DECKLAB_API_LEGALITY_RATE": "100000000/min",
    }
    server = subprocess.Popen(
        [
            str(gunicorn),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "decklab.wsgi:application",
        ],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_until_up(f"{base}/api/v1/games", server)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as body:
            body.write(text)
            body.flush()
            games_rate, games_p95 = _ab(f"{base}/api/v1/games", None)
            rate, p95 = _ab(f"{base}/api/v1/games/dbscg/validate", Path(body.name))
        report(
            f"POST /api/v1/games/dbscg/validate, {CLIENTS} clients: requests/s",
            rate,
            "req/s",
            baseline=("GET /api/v1/games", games_rate),
        )
        report(
            f"POST /api/v1/games/dbscg/validate, {CLIENTS} clients: p95",
            p95,
            "ms",
            baseline=("GET /api/v1/games", games_p95),
            target="< 30 ms",
        )
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def run(report) -> None:
    run_in_process(report)
    run_api(report)
