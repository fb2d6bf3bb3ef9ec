"""`make run`'s runner (deploy/run.py): setup steps run only when their inputs changed, the address
follows the port, and SIGTERM to the process group ends every process (issue 22, first hour)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from deploy import run as runner

PYTHON = sys.executable


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "data").mkdir(parents=True)
    (root / "data" / "cards.csv").write_text("number,name\n")
    (root / "migrations").mkdir()
    (root / "migrations" / "0001_initial.py").write_text("# one\n")
    return root


STEPS = [
    runner.Step("migrate", ("migrate",), ("migrations/*.py",)),
    runner.Step("load", ("load",), ("data/**/*",), after=("migrate",)),
]


def setup(root: Path, environ: dict[str, str] | None = None) -> list[str]:
    calls: list[str] = []

    def record(command) -> int:
        calls.append(command[0])
        return 0

    ran = runner.bring_up_to_date(
        STEPS,
        root=root,
        stamps=root / "var" / "stamps",
        environ=environ or {},
        var_dir=root / "var",
        run=record,
    )
    assert ran == calls
    return ran


def test_finding_first_hour_a_warm_start_runs_no_setup_step(tmp_path):
    root = project(tmp_path)
    assert setup(root) == ["migrate", "load"]
    assert setup(root) == []


def test_new_card_data_loads_the_data_again_and_migrates_nothing(tmp_path):
    root = project(tmp_path)
    setup(root)
    (root / "data" / "cards.csv").write_text("number,name\nX-1,New card\n")
    assert setup(root) == ["load"]


def test_a_new_migration_migrates_and_loads_the_data_again(tmp_path):
    root = project(tmp_path)
    setup(root)
    (root / "migrations" / "0002_more.py").write_text("# two\n")
    assert setup(root) == ["migrate", "load"]


def test_a_new_database_is_set_up_again(tmp_path):
    root = project(tmp_path)
    setup(root, {"DATABASE_URL": "postgres://localhost/one"})
    assert setup(root, {"DATABASE_URL": "postgres://localhost/one"}) == []
    assert setup(root, {"DATABASE_URL": "postgres://localhost/two"}) == ["migrate", "load"]


def test_a_deleted_sqlite_database_is_set_up_again(tmp_path):
    root = project(tmp_path)
    database = root / "var" / "decklab.sqlite3"
    database.parent.mkdir(parents=True)
    database.write_bytes(b"")
    setup(root)
    database.unlink()
    assert setup(root) == ["migrate", "load"]


def test_decklab_fresh_runs_every_step(tmp_path):
    root = project(tmp_path)
    setup(root)
    assert setup(root, {"DECKLAB_FRESH": "1"}) == ["migrate", "load"]


def test_a_failed_step_stops_the_start_and_runs_again_next_time(tmp_path):
    root = project(tmp_path)
    with pytest.raises(SystemExit, match="failed"):
        runner.bring_up_to_date(
            STEPS,
            root=root,
            stamps=root / "var" / "stamps",
            environ={},
            var_dir=root / "var",
            run=lambda command: 1,
        )
    assert setup(root) == ["migrate", "load"]


def test_make_run_installs_only_what_serving_needs():
    makefile = (runner.ROOT / "Makefile").read_text()
    run_rule = next(line for line in makefile.splitlines() if line.startswith("run:"))
    assert run_rule.split(":", 1)[1].split() == ["$(VENV)/.installed-run"]
    install = makefile.split("$(VENV)/.installed-run: requirements.txt", 1)[1].split("\n\n")[0]
    assert "-r requirements.txt" in install and "requirements-dev" not in install


def test_finding_first_hour_the_site_address_follows_the_port(monkeypatch, tmp_path):
    monkeypatch.delenv("DECKLAB_SITE_URL", raising=False)
    monkeypatch.setattr(runner, "bring_up_to_date", lambda *args, **kwargs: [])
    monkeypatch.setenv("DECKLAB_VAR_DIR", str(tmp_path))
    assert runner.main(["--port", "8311", "--setup-only"]) == 0
    assert os.environ["DECKLAB_SITE_URL"] == "http://127.0.0.1:8311"


#: Two children like the site's: one ends on SIGTERM, one ignores SIGTERM and takes 60 s to end on
#: SIGQUIT (a Celery warm shutdown waiting for its tasks), with a grandchild of its own.
CHILDREN = textwrap.dedent(
    """
    import signal, subprocess, sys, time
    from deploy import run
    stubborn = (
        "import signal, subprocess, sys, time\\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
        "signal.signal(signal.SIGQUIT, lambda *a: time.sleep(60))\\n"
        "subprocess.Popen([sys.executable, '-c', 'import signal, time; "
        "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])\\n"
        "print('ready', flush=True)\\n"
        "time.sleep(600)\\n"
    )
    sys.exit(run.serve(
        [[sys.executable, "-c", "import time; time.sleep(600)"], [sys.executable, "-c", stubborn]],
        stop_seconds=1,
    ))
    """
)


def group_members(group: int) -> list[int]:
    found = subprocess.run(["pgrep", "-g", str(group)], capture_output=True, text=True, check=False)
    return [int(pid) for pid in found.stdout.split()]


def test_finding_first_hour_sigterm_to_the_process_group_ends_every_process(tmp_path):
    process = subprocess.Popen(
        [PYTHON, "-c", CHILDREN],
        cwd=runner.ROOT,
        env={**os.environ, "PYTHONPATH": str(runner.ROOT)},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        # The runner, its two children and the grandchild.
        for _ in range(100):
            if len(group_members(process.pid)) >= 4:
                break
            time.sleep(0.05)
        assert len(group_members(process.pid)) >= 4
        os.killpg(process.pid, signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        assert "killed" in process.stdout.read()
        for _ in range(100):
            if not group_members(process.pid):
                break
            time.sleep(0.05)
        assert group_members(process.pid) == []
    finally:
        if process.poll() is None or group_members(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
