"""`make run`: bring the development site up to date, doing only what changed, then serve it.

    .venv/bin/python deploy/run.py [--host 127.0.0.1] [--port 8000]

Each setup step (migrate, load the shipped card data, rebuild the cards' derived columns, collect
static files) runs only when its inputs changed since it last succeeded: a stamp per step in
`$DECKLAB_VAR_DIR/stamps/` holds a fingerprint of the files it reads (path, size and modification
time: a few milliseconds to check) and of the database it wrote to, so a new database, a new
migration, new card data or a changed static file re-runs just that step. `DECKLAB_FRESH=1`
ignores the stamps.

Then the development server and a Celery worker run as children in this process's group. Ctrl-C,
SIGTERM to this process or to the whole group (`kill -- -PGID`, `timeout`, a supervisor) stop both:
the worker shuts down cold (its tasks are idempotent and the stale-run check hands out what it had
claimed: decklab/goldfish/services/recovery.py), and whatever is still running after
`STOP_SECONDS` is killed.

The site's address follows the port: `DECKLAB_SITE_URL` (the API's and link previews' absolute
addresses) defaults to http://HOST:PORT here.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Seconds the children get to stop after a signal before they are killed (SIGTERM ends everything
#: in well under 10 s).
STOP_SECONDS = 4.0
#: The longest the worker's start waits for the site to answer.
READY_SECONDS = 30.0
#: Celery's warning for a worker run as root: true on a developer's container, noise here (the
#: production worker runs as a user without privileges: deploy/Dockerfile).
ROOT_WARNING = "ignore:You're running the worker with superuser privileges"
#: The worker of `make run`: no banner, warnings and errors only.
CELERY_WORKER = "-m celery -A decklab --quiet worker --loglevel=warning --concurrency=2"


@dataclass(frozen=True)
class Step:
    """A setup command and the files (glob patterns under the project) whose change re-runs it."""

    name: str
    command: tuple[str, ...]
    inputs: tuple[str, ...]
    #: Steps whose fingerprints are part of this one's (card data is loaded again after a migration).
    after: tuple[str, ...] = field(default=())


def steps(python: str) -> list[Step]:
    manage = (python, "manage.py")
    return [
        Step(
            "migrate",
            (*manage, "migrate", "--no-input", "-v", "0"),
            ("cards/migrations/*.py", "decklab/*/migrations/*.py", "requirements.txt"),
        ),
        Step(
            "load_card_data",
            (*manage, "load_card_data"),
            (
                "cards/data/**/*",
                "cards/importers.py",
                "cards/writes.py",
                "cards/shipped.py",
                "cards/search/*.py",
                "cards/games/*/shipped.py",
            ),
            after=("migrate",),
        ),
        Step(
            "reindex_cards",
            (*manage, "reindex_cards", "-v", "0"),
            ("cards/writes.py", "cards/search/*.py", "cards/games/**/*.py"),
            after=("migrate", "load_card_data"),
        ),
        # Public decks' archetype, colours and legality (decklab/discovery) follow the rules and
        # the card data: rebuilt when either changed, as the derived card columns are.
        Step(
            "discovery_rebuild",
            (*manage, "discovery_rebuild", "-v", "0"),
            ("decklab/discovery/facts.py", "cards/games/**/*.py"),
            after=("migrate", "load_card_data"),
        ),
        # Each saved deck's needs by card identity (decklab/collections): decks saved before the
        # table existed get theirs here, not on a player's first "Decks I can build".
        Step(
            "fill_deck_needs",
            (*manage, "fill_deck_needs", "-v", "0"),
            ("decklab/collections/needs.py", "decklab/collections/migrations/*.py"),
            after=("migrate", "load_card_data"),
        ),
        Step(
            "collectstatic",
            (*manage, "collectstatic", "--no-input", "-v", "0"),
            ("static/**/*", "requirements.txt"),
        ),
    ]


def database_identity(environ: dict[str, str] | os._Environ[str], var_dir: Path) -> str:
    """What names the database the steps write to: the URL, and for the default SQLite file its
    inode, so that a deleted or replaced database is set up again."""
    url = environ.get("DATABASE_URL", "").strip()
    if url:
        return url
    database = var_dir / "decklab.sqlite3"
    try:
        return f"{database} inode {database.stat().st_ino}"
    except FileNotFoundError:
        return f"{database} (absent)"


def fingerprint(step: Step, *, root: Path, database: str, earlier: dict[str, str]) -> str:
    digest = hashlib.sha256(database.encode())
    for name in step.after:
        digest.update(earlier.get(name, "").encode())
    for pattern in step.inputs:
        for path in sorted(root.glob(pattern)):
            if path.is_file():
                stat = path.stat()
                line = f"{path.relative_to(root)} {stat.st_size} {stat.st_mtime_ns}\n"
                digest.update(line.encode())
    return digest.hexdigest()


def bring_up_to_date(
    all_steps: Sequence[Step],
    *,
    root: Path,
    stamps: Path,
    environ: dict[str, str] | os._Environ[str],
    var_dir: Path,
    run: Callable[[Sequence[str]], int] = lambda command: subprocess.call(command, cwd=ROOT),
) -> list[str]:
    """Run the steps whose inputs changed since their stamp; the names of those that ran.

    A step that fails stops here (SystemExit with its status) and keeps its old stamp."""
    stamps.mkdir(parents=True, exist_ok=True)
    fresh = environ.get("DECKLAB_FRESH", "") == "1"
    done: dict[str, str] = {}
    ran: list[str] = []
    for step in all_steps:
        # The database's identity is read before each step: `migrate` may create the SQLite file.
        database = database_identity(environ, var_dir)
        stamp = stamps / step.name
        wanted = fingerprint(step, root=root, database=database, earlier=done)
        if fresh or not stamp.exists() or stamp.read_text() != wanted:
            status = run(step.command)
            if status != 0:
                raise SystemExit(f"run: {' '.join(step.command)} failed (status {status})")
            wanted = fingerprint(
                step, root=root, database=database_identity(environ, var_dir), earlier=done
            )
            stamp.write_text(wanted)
            ran.append(step.name)
        done[step.name] = wanted
    return ran


def serve_commands(python: str, host: str, port: int) -> list[list[str]]:
    """The development server and a Celery worker, quiet: no banner, warnings and errors only."""
    return [
        # The system checks run in `migrate` (when migrations changed) and in `make test`.
        [python, "manage.py", "runserver", "--skip-checks", f"{host}:{port}"],
        [python, "-W", ROOT_WARNING, *CELERY_WORKER.split()],
    ]


def serve(
    commands: Sequence[Sequence[str]],
    *,
    stop_seconds: float = STOP_SECONDS,
    first_ready: Callable[[], bool] = lambda: True,
) -> int:
    """Run the commands as children until a signal or until one ends; then stop all of them.

    The others start once the first is ready (`first_ready`, at most `READY_SECONDS`): on two
    cores the worker's start would otherwise delay the site's first answer.

    A stop sends SIGTERM to the first (the web server, with its autoreloader's child) and SIGQUIT
    (Celery's cold shutdown) to the others, then SIGKILL to every process of theirs still running
    after `stop_seconds`, pool children included."""
    stopping: list[int] = []

    def on_signal(number: int, frame: object) -> None:
        stopping.append(number)

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, on_signal)
    children = [subprocess.Popen(list(commands[0]), cwd=ROOT)]
    ready_by = time.monotonic() + READY_SECONDS
    while not stopping and not first_ready() and time.monotonic() < ready_by:
        time.sleep(0.1)
    if not stopping:
        children += [subprocess.Popen(list(command), cwd=ROOT) for command in commands[1:]]
    while not stopping and all(child.poll() is None for child in children):
        time.sleep(0.1)
    # Every process to wait for, read before any ends (an orphan is no longer found by parent).
    family = {child.pid: _descendants(child.pid) for child in children}
    for position, child in enumerate(children):
        if position == 0:
            _signal_all([child.pid, *family[child.pid]], signal.SIGTERM)
        else:
            _signal_all([child.pid], signal.SIGQUIT)
    everyone = [pid for child in children for pid in (child.pid, *family[child.pid])]
    deadline = time.monotonic() + stop_seconds
    while time.monotonic() < deadline and any(_running(pid, children) for pid in everyone):
        time.sleep(0.05)
    leftovers = [pid for pid in everyone if _running(pid, children)]
    _signal_all(leftovers, signal.SIGKILL)
    for child in children:
        child.wait()
    if leftovers:
        print(f"run: killed {len(leftovers)} process(es) still running after {stop_seconds:g} s")
    return 0 if stopping else max(child.returncode or 0 for child in children) or 1


def _descendants(pid: int) -> list[int]:
    """The process's children, grandchildren … (`pgrep -P`, by parent id: never a broad name)."""
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    children = [int(child) for child in found.stdout.split()]
    return children + [grandchild for child in children for grandchild in _descendants(child)]


def _running(pid: int, children: Sequence[subprocess.Popen]) -> bool:
    for child in children:
        if child.pid == pid:
            return child.poll() is None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie of a process that is not ours to reap has ended all the same.
    status = Path(f"/proc/{pid}/stat")
    try:
        return status.read_text().split(")")[-1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def _signal_all(pids: Sequence[int], number: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, number)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--setup-only", action="store_true", help="run the steps, do not serve")
    options = parser.parse_args(argv)
    os.environ.setdefault("DECKLAB_SITE_URL", f"http://{options.host}:{options.port}")
    var_dir = Path(os.environ.get("DECKLAB_VAR_DIR") or ROOT / "var")
    started = time.monotonic()
    ran = bring_up_to_date(
        steps(sys.executable),
        root=ROOT,
        stamps=var_dir / "stamps",
        environ=os.environ,
        var_dir=var_dir,
    )
    print(
        f"run: set up in {time.monotonic() - started:.1f} s "
        f"({', '.join(ran) or 'nothing changed'})",
        flush=True,
    )
    if options.setup_only:
        return 0
    print(
        f"DeckLab: http://{options.host}:{options.port}/  (Ctrl-C stops the site and the worker)",
        flush=True,
    )
    return serve(
        serve_commands(sys.executable, options.host, options.port),
        first_ready=lambda: _answers(options.host, options.port),
    )


def _answers(host: str, port: int) -> bool:
    """Whether the site accepts a connection on its port."""
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(main())
