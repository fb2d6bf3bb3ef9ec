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

import http.client
import json
import os
import random
import secrets
import shutil
import signal
import socket
import string
import subprocess
import sys
import threading
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECONDS = float(os.environ.get("SCALEOUT_SECONDS") or 30)
CLIENTS = int(os.environ.get("SCALEOUT_CLIENTS") or 20)
THINK = float(os.environ.get("SCALEOUT_THINK_MS") or 0) / 1000
OUTAGE = float(os.environ.get("SCALEOUT_OUTAGE_SECONDS") or 10)
REQUEST_TIMEOUT = 30
#: A client opens a new connection after this long idle: below gunicorn's keep-alive (5 s), so that
#: the server never closes a connection just as a request is sent on it (as browsers do).
IDLE_SECONDS = 2
GAME = "dbscg"
TRIALS = 1_000_000  # 20 chunks of 50,000 games, to be shared by the two workers
SEED = 20_261_122
SEARCHES = ["goku", "type:battle cost<=3", "color:red", "trait:saiyan", "power>=15000", "BT1-0"]
#: Each client's requests, drawn with these weights.
MIX = {"search": 3, "editor": 2, "validate": 3, "save": 3}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


class PrivateRedis:
    """A redis-server of this run's own on a loopback port, with its data in `folder`."""

    def __init__(self, port: int, folder: Path):
        self.port, self.folder = port, folder
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 20) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        options = ["--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder)]
        options += ["--save", "", "--appendonly", "yes", "--appendfsync", "always"]
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(
                ["redis-server", *options], stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on {self.port} did not start")
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """SIGTERM: Redis writes its append-only file and exits (the queued tasks survive)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


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


class Server:
    """One gunicorn process group on a loopback port, logging to a file."""

    def __init__(self, port: int, log: Path):
        self.port, self.log_path = port, log
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"],
                cwd=ROOT,
                env={**os.environ, "DECKLAB_BIND": f"127.0.0.1:{port}"},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_healthy(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn on {self.port} is not healthy:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@dataclass
class Tally:
    """What the clients saw, per kind of request."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    throttled: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    #: deck id → (version, zones) of every save the API acknowledged
    saves: dict[int, list[tuple[int, dict]]] = field(default_factory=lambda: defaultdict(list))
    #: (start, end) of the Redis outage, monotonic seconds
    outage: tuple[float, float] = (float("inf"), float("inf"))
    #: requests that overlapped the outage, errors among them, saves refused with a 503 then
    during_outage: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    outage_errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    refused_in_outage: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def overlaps_outage(self, start: float, end: float) -> bool:
        return start <= self.outage[1] and end >= self.outage[0]


class Client:
    """One signed-in user with a keep-alive connection to each server, taking turns."""

    def __init__(self, number: int, ports: list[int], cookies: str, csrf: str, tally: Tally):
        self.number, self.ports, self.tally = number, ports, tally
        self.headers = {"Cookie": cookies, "X-CSRFToken": csrf, "Accept": "application/json"}
        self.connections: dict[int, http.client.HTTPConnection] = {}
        self.last_used: dict[int, float] = {}
        self.turn = number
        self.random = random.Random(number)

    def request(self, kind: str, method: str, path: str, body: object = None, ok=(200,)):
        """One request; its time and outcome are tallied. Returns the JSON body or None."""
        self.turn += 1
        port = self.ports[self.turn % len(self.ports)]
        headers = dict(self.headers)
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        began = time.monotonic()
        if port in self.connections and start - self.last_used[port] > IDLE_SECONDS:
            self.connections.pop(port).close()
        try:
            connection = self.connections.get(port) or http.client.HTTPConnection(
                "127.0.0.1", port, timeout=REQUEST_TIMEOUT
            )
            self.connections[port] = connection
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            content = response.read()
            self.last_used[port] = time.perf_counter()
        except (OSError, http.client.HTTPException) as error:
            self.connections.pop(port, None)
            with self.tally.lock:
                self.tally.errors[kind].append(f"{method} {path} on {port}: {error!r}")
                if self.tally.overlaps_outage(began, time.monotonic()):
                    self.tally.during_outage[kind] += 1
                    self.tally.outage_errors[kind] += 1
            return None
        elapsed = time.perf_counter() - start
        with self.tally.lock:
            self.tally.seconds[kind].append(elapsed)
            in_outage = self.tally.overlaps_outage(began, time.monotonic())
            self.tally.during_outage[kind] += in_outage
            if response.status == 429:
                self.tally.throttled[kind] += 1
                return None
            if in_outage and kind == "save" and response.status == 503:
                self.tally.refused_in_outage += 1  # refused, not lost: nothing was acknowledged
                return None
            if response.status not in ok:
                self.tally.errors[kind].append(
                    f"{method} {path} on {port}: {response.status} {content[:300]!r}"
                )
                self.tally.outage_errors[kind] += in_outage
                return None
        if "json" in (response.getheader("Content-Type") or ""):
            return json.loads(content)
        return {}

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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


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
