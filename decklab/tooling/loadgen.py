"""Load-generation support for the scale-out test (`.ci/scaleout.py`): a private redis-server,
gunicorn servers on loopback ports, and signed-in HTTP clients that tally what they saw.

Standard library only, and nothing here is served: the tooling fence keeps the site from
importing it.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
REQUEST_TIMEOUT = 30
#: A client opens a new connection after this long idle: below gunicorn's keep-alive (5 s), so that
#: the server never closes a connection just as a request is sent on it (as browsers do).
IDLE_SECONDS = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


class LoadClient:
    """One signed-in user with a keep-alive connection to each server, taking turns (`request`)."""

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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0
