"""Scale-out test: two gunicorn servers and two Celery workers on PostgreSQL + Redis, under load.

    DATABASE_URL=postgres://… .venv/bin/python .ci/scaleout.py

Redis is its own: a private `redis-server` on a free loopback port (broker and cache), with an
append-only file so that a restart keeps the queued tasks, as a production Redis would. A third of
the way into the load it is stopped for `SCALEOUT_OUTAGE_SECONDS` (10; 0: no outage) and started
again; the machine's shared Redis (port 6379) is never touched.

It serves the site in production mode (DEBUG off, deploy/gunicorn.conf.py, JSON logs) from two
gunicorn processes on loopback ports, starts two Celery workers on a private queue, and sends a
bounded load: `SCALEOUT_CLIENTS` clients (20), each signed in as its own user, for
`SCALEOUT_SECONDS` (30), spread over both servers like a load balancer, mixing card searches, the
deck editor page, the validate API, deck saves through the API and one simulation run (started at
once, polled until done). It then checks, and exits 1 unless all hold:

- no errors: no 5xx, no connection error or timeout, no other unexpected answer; 429s (throttles) are
  counted and reported apart (`.ci/run` raises the limits for this run, so that it measures errors);
  during the Redis outage too, for the pages and API reads (a save may be refused with a 503 then,
  counted apart; one acknowledged must be stored);
- no lost saves: every deck and version the API acknowledged is stored, with the cards it answered;
- the simulation run finished with exactly the results of the same run in this process;
- every line the servers and workers logged is one JSON object.

The p50/p95 latencies per kind are printed as figures, never checked. Loopback only; the load, the
waits and every request are bounded in time. `SCALEOUT_THINK_MS` (0) pauses each client between
requests; the throttle rates come from `DECKLAB_API_*_RATE` (default here: 100000/min).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import string
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from decklab.tooling.loadgen import (  # noqa: E402 (after the path)
    REQUEST_TIMEOUT,
    LoadClient,
    PrivateRedis,
    Server,
    Tally,
    free_port,
    percentile,
)

SECONDS = float(os.environ.get("SCALEOUT_SECONDS") or 30)
CLIENTS = int(os.environ.get("SCALEOUT_CLIENTS") or 20)
THINK = float(os.environ.get("SCALEOUT_THINK_MS") or 0) / 1000
OUTAGE = float(os.environ.get("SCALEOUT_OUTAGE_SECONDS") or 10)
GAME = "dbscg"
TRIALS = 1_000_000  # 20 chunks of 50,000 games, to be shared by the two workers
SEED = 20_261_122
SEARCHES = ["goku", "type:battle cost<=3", "color:red", "trait:saiyan", "power>=15000", "BT1-0"]
#: Each client's requests, drawn with these weights.
MIX = {"search": 3, "editor": 2, "validate": 3, "save": 3}


def production_environment(ports: list[int], queue: str, redis_port: int) -> None:
    """The environment of every process of this run, this one included (same secret, same DB)."""
    scheme = urlparse(os.environ.get("DATABASE_URL", "")).scheme
    if scheme not in {"postgres", "postgresql"}:
        sys.exit(f"scaleout: DATABASE_URL must name PostgreSQL (it is {scheme or 'unset'})")
    os.environ["CELERY_BROKER_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    if os.environ.get("DECKLAB_CACHE_URL"):
        os.environ["DECKLAB_CACHE_URL"] = f"redis://127.0.0.1:{redis_port}/1"
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "decklab.settings",
            "DECKLAB_DEBUG": "0",
            "DECKLAB_SECRET_KEY": secrets.token_urlsafe(50),
            "DECKLAB_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DECKLAB_SITE_URL": f"http://127.0.0.1:{ports[0]}",
            "DECKLAB_GOLDFISH_QUEUE": queue,
            # A started task silent for this long is handed out again (the outage may cut one).
            "DECKLAB_GOLDFISH_STALE_SECONDS": "15",
            "DECKLAB_LOG_FORMAT": "json",
            "DECKLAB_LOG_LEVEL": "WARNING",
            "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY") or "2",
        }
    )
    os.environ.setdefault("DECKLAB_VAR_DIR", str(ROOT / "var" / "scaleout"))
    for scope in ("ANON", "USER", "LEGALITY", "SIMULATIONS"):
        os.environ.setdefault(f"DECKLAB_API_{scope}_RATE", "100000/min")


def manage(*args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, check=True, timeout=300, stdout=sys.stderr
    )


def outage(redis: PrivateRedis, tally: Tally, start_at: float) -> None:
    """Stop Redis at `start_at` for `OUTAGE` seconds, then start it again; the window is tallied."""
    time.sleep(max(0.0, start_at - time.monotonic()))
    with tally.lock:
        tally.outage = (time.monotonic(), float("inf"))
    redis.stop()
    time.sleep(OUTAGE)
    redis.start()
    with tally.lock:
        tally.outage = (tally.outage[0], time.monotonic())


class Client(LoadClient):
    """A client of the scale-out load: saves through the API, and its mix of requests."""

    def save_new(self, deck: Deck) -> int | None:
        body = {"game": GAME, "name": f"Scale-out {self.number}", "zones": deck.zones(0)}
        answer = self.request("save", "POST", "/api/v1/decks", body, ok=(201,))
        if answer is None:
            return None
        with self.tally.lock:
            self.tally.saves[answer["id"]].append((answer["version"], answer["zones"]))
        return answer["id"]

    def save_change(self, deck: Deck, pk: int, version: int, step: int) -> None:
        body = {"version": version, "zones": deck.zones(step)}
        answer = self.request("save", "PATCH", f"/api/v1/decks/{pk}", body)
        if answer is not None:
            with self.tally.lock:
                self.tally.saves[pk].append((answer["version"], answer["zones"]))

    def run(self, deck: Deck, deadline: float, simulation: dict | None) -> None:
        own: list[int] = []
        step = 0
        polled = 0.0
        run_id = None
        if simulation is not None:
            started = self.request("simulation", "POST", "/api/v1/simulations", simulation, (202,))
            run_id = started and started["id"]
        kinds, weights = zip(*MIX.items(), strict=True)
        while time.monotonic() < deadline:
            if run_id and time.monotonic() - polled > 0.5:
                polled = time.monotonic()
                answer = self.request("simulation", "GET", f"/api/v1/simulations/{run_id}")
                if answer and answer["status"] in {"done", "failed"}:
                    run_id = None
                continue
            kind = self.random.choices(kinds, weights)[0]
            if kind == "search":
                query = quote(self.random.choice(SEARCHES))
                self.request(kind, "GET", f"/cards/{GAME}/?q={query}")
            elif kind == "validate":
                self.request(
                    kind, "POST", f"/api/v1/games/{GAME}/validate", {"decklist": deck.text}
                )
            elif kind == "editor" and own:
                self.request(kind, "GET", f"/decks/{self.random.choice(own)}/")
            elif kind == "save" and (not own or step % 8 == 7):
                pk = self.save_new(deck)
                if pk is not None:
                    own.append(pk)
            elif kind == "save":
                pk = own[-1]
                with self.tally.lock:
                    version = self.tally.saves[pk][-1][0]
                self.save_change(deck, pk, version, step)
            step += 1
            if THINK:
                time.sleep(THINK)


@dataclass
class Deck:
    """The DBSCG deck the clients build: a leader and 50 cards, one count varying per save."""

    leader: str
    main: list[str]

    @property
    def text(self) -> str:
        counts = "".join(f"4 {number}\n" for number in self.main[:12])
        return f"Leader\n1 {self.leader}\nMain\n{counts}2 {self.main[12]}\n"

    def zones(self, step: int) -> dict:
        main = dict.fromkeys(self.main[:12], 4)
        main[self.main[12]] = 1 + step % 4
        return {"leader": {self.leader: 1}, "main": main}


def main() -> int:
    started = time.monotonic()
    ports = [free_port(), free_port()]
    queue = f"scaleout-{uuid.uuid4().hex[:8]}"
    redis_port = free_port()
    production_environment(ports, queue, redis_port)
    redis = PrivateRedis(redis_port, Path(os.environ["DECKLAB_VAR_DIR"]) / "redis")
    shutil.rmtree(redis.folder, ignore_errors=True)
    redis.start()
    try:
        return load(ports, queue, redis, started)
    finally:
        redis.stop()


def load(ports: list[int], queue: str, redis: PrivateRedis, started: float) -> int:
    """Serve, load, check: the run itself, with the private Redis up."""
    logs = Path(os.environ["DECKLAB_VAR_DIR"]) / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    for old in logs.glob("*.log"):  # worker logs are appended to
        old.unlink()
    print(f"scaleout: preparing the database ({os.environ['DATABASE_URL'].rsplit('/', 1)[-1]})")
    manage("migrate", "--no-input", "-v", "0")
    manage("load_card_data")
    manage("collectstatic", "--no-input", "-v", "0")

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client as DjangoClient

    from cards.games import decklist, goldfish
    from cards.games.registry import get_game
    from cards.models import Card
    from cards.pool import DatabasePool
    from decklab.decks.models import Deck as StoredDeck
    from decklab.goldfish.models import SimulationRun
    from decklab.tooling.workers import WorkerProcess, worker_arguments

    cards = Card.objects.filter(game=GAME)
    leader = cards.filter(type="Leader").order_by("number").values_list("number", flat=True)[0]
    main_numbers = list(
        cards.filter(type="Battle").order_by("number").values_list("number", flat=True)[:13]
    )
    deck = Deck(leader, main_numbers)
    goals = [{"type": "drawn", "cards": [main_numbers[0]], "at_least": 1, "turn": 3}]
    simulation = {"game": GAME, "decklist": deck.text, "goals": goals, "trials": TRIALS}
    simulation["seed"] = SEED

    clients = []
    tally = Tally()
    prefix = f"scaleout-{queue[-8:]}"
    for number in range(CLIENTS):
        user = get_user_model().objects.create_user(f"{prefix}-{number}", password=None)
        browser = DjangoClient()
        browser.force_login(user)
        session = browser.cookies[settings.SESSION_COOKIE_NAME].value
        csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        cookies = f"{settings.SESSION_COOKIE_NAME}={session}; {settings.CSRF_COOKIE_NAME}={csrf}"
        clients.append(Client(number, ports, cookies, csrf, tally))

    servers: list[Server] = []
    workers: list[WorkerProcess] = []
    failures: list[str] = []
    run = None
    try:
        servers = [Server(port, logs / f"gunicorn-{port}.log") for port in ports]
        for number in range(2):
            command = [sys.executable, "-m", "celery", "-A", "decklab", "--quiet"]
            command += worker_arguments(queue)
            command.append(f"--hostname={queue}-{number}@%h")
            worker = WorkerProcess(queue=queue, log=logs / f"worker-{number}.log", command=command)
            workers.append(worker)
        for worker in workers:
            worker.start()
        for server in servers:
            server.wait_healthy()
        print(
            f"scaleout: 2 gunicorn ({ports[0]}, {ports[1]}) × {os.environ['WEB_CONCURRENCY']} "
            f"workers, 2 Celery workers; {CLIENTS} clients for {SECONDS:g} s"
        )

        deadline = time.monotonic() + SECONDS
        threads = [
            threading.Thread(
                target=client.run,
                args=(deck, deadline, simulation if client.number == 0 else None),
                daemon=True,
            )
            for client in clients
        ]
        for thread in threads:
            thread.start()
        if OUTAGE > 0:
            threading.Thread(
                target=outage, args=(redis, tally, deadline - SECONDS * 2 / 3), daemon=True
            ).start()
        for thread in threads:
            thread.join(timeout=SECONDS + REQUEST_TIMEOUT + 5)
            if thread.is_alive():
                failures.append("a client was still waiting for an answer after the load ended")

        run = SimulationRun.objects.filter(owner__username=f"{prefix}-0").first()
        wait_until = time.monotonic() + 60
        while run is not None and not run.finished and time.monotonic() < wait_until:
            time.sleep(0.2)
            run.refresh_from_db()
    finally:
        for server in servers:
            server.stop()
        for worker in workers:
            worker.stop()

    # Errors
    total = sum(len(v) for v in tally.seconds.values())
    errors = sum(len(v) for v in tally.errors.values())
    throttled = sum(tally.throttled.values())
    print(f"\n{'kind':<11}{'requests':>9}{'429':>6}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for kind in [*MIX, "simulation"]:
        times = tally.seconds.get(kind, [])
        print(
            f"{kind:<11}{len(times):>9}{tally.throttled.get(kind, 0):>6}"
            f"{len(tally.errors.get(kind, [])):>8}"
            f"{1000 * percentile(times, 0.5):>9.0f}{1000 * percentile(times, 0.95):>9.0f}"
        )
    print(f"{'all':<11}{total:>9}{throttled:>6}{errors:>8}  ({total / SECONDS:.0f} requests/s)")
    for kind, samples in tally.errors.items():
        failures.append(f"{len(samples)} {kind} errors, e.g. {samples[:3]}")
    if OUTAGE > 0:
        start, end = tally.outage
        length = f"{end - start:.1f} s" if end != float("inf") else "not ended"
        counts = ", ".join(
            f"{kind} {tally.during_outage[kind]} ({tally.outage_errors[kind]} errors)"
            for kind in [*MIX, "simulation"]
        )
        print(
            f"redis outage ({length}): requests {counts}; "
            f"{tally.refused_in_outage} saves refused with 503"
        )
        if start == float("inf") or end == float("inf"):
            failures.append("the Redis outage did not happen within the load")
        elif sum(tally.during_outage.values()) == 0:
            failures.append("no request was made during the Redis outage")

    # Lost saves
    acknowledged = sum(len(v) for v in tally.saves.values())
    lost = []
    for pk, saves in tally.saves.items():
        stored = StoredDeck.objects.filter(pk=pk).first()
        if stored is None:
            lost.append(f"deck {pk} is gone")
            continue
        versions = dict(stored.versions.values_list("number", "zones"))
        for version, zones in saves:
            if versions.get(version) != zones:
                lost.append(f"deck {pk} version {version}: {versions.get(version)} ≠ {zones}")
        # A later version than the last acknowledged one is a save whose answer was an error.
        if stored.version < saves[-1][0]:
            lost.append(f"deck {pk} is at version {stored.version}, last saved {saves[-1][0]}")
    print(f"saves: {acknowledged} acknowledged in {len(tally.saves)} decks, {len(lost)} lost")
    failures.extend(lost[:10])
    if acknowledged == 0:
        failures.append("no save was acknowledged")

    # The simulation run
    if run is None:
        failures.append("the simulation run was not created")
    elif run.status != SimulationRun.Status.DONE:
        failures.append(f"the simulation run ended {run.status} ({run.error!r})")
    else:
        loaded, _ = decklist.load(get_game(GAME), deck.text, DatabasePool(GAME))
        expected = goldfish.run(GAME, loaded, goals, trials=TRIALS, seed=SEED)["results"]
        same = run.results["results"] == expected
        executed = [worker.executed() for worker in workers]
        print(
            f"simulation: {TRIALS:,} games in {run.chunks_total} chunks, worker tasks {executed}, "
            f"{'the same results as in-process' if same else 'DIFFERENT results from in-process'}"
        )
        if not same:
            failures.append("the simulation results differ from the same run in-process")

    # Logs: JSON lines only, but for the notice Celery prints (not logs) when a worker stops.
    for log in [server.log_path for server in servers] + [worker.log_path for worker in workers]:
        for line in log.read_text(errors="replace").splitlines():
            try:
                json.loads(line)
            except ValueError:
                if line.strip() and not line.startswith("worker: Warm shutdown"):
                    failures.append(f"{log.name}: a line that is not JSON: {line[:200]!r}")
                    break

    get_user_model().objects.filter(username__startswith=prefix).delete()
    print(f"scaleout: {time.monotonic() - started:.0f} s in all")
    if failures:
        print("scaleout: FAILED\n- " + "\n- ".join(failures))
        return 1
    print("scaleout: passed (0 errors, 0 lost saves, the same simulation results)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
