"""The deployment files hold together: what they name exists, and they agree with each other.

No container engine runs here, so the image is not built in the tests: these checks read the
Dockerfile and the compose file, and run `deploy/serve` and the gunicorn config as far as they go
without one.
"""

from __future__ import annotations

import os
import re
import runpy
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
DEPLOY = ROOT / "deploy"


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) of deploy/Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in lines
        if line and not line.startswith("#")
    ]


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def test_the_image_is_python_311_slim_run_by_a_user_without_privileges():
    instructions = dockerfile()
    assert instructions[0] == ("FROM", "python:3.11-slim")
    users = [args for kind, args in instructions if kind == "USER"]
    assert users and users[-1] not in {"root", "0"}
    # The last USER comes before the command: the processes never run as root.
    kinds = [kind for kind, _ in instructions]
    assert kinds.index("USER") < kinds.index("CMD")


def test_the_image_installs_the_pinned_runtime_packages_and_collects_static_files():
    runs = " ".join(args for kind, args in dockerfile() if kind == "RUN")
    assert "pip install -r requirements.txt" in runs
    assert "manage.py collectstatic --no-input" in runs
    env = " ".join(args for kind, args in dockerfile() if kind == "ENV")
    assert "DECKLAB_STATIC_ROOT=/app/staticfiles" in env


def test_every_file_the_dockerfile_copies_or_runs_exists():
    for kind, args in dockerfile():
        if kind == "COPY":
            *sources, _target = args.split()
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: no such file"
        if kind in {"CMD", "HEALTHCHECK"}:
            for path in re.findall(r"deploy/[\w.]+", args):
                assert (ROOT / path).exists(), f"{kind} names {path}, which does not exist"
    ignored = (ROOT / ".dockerignore").read_text().split()
    for needed in ("manage.py", "cards", "decklab", "templates", "static", "deploy"):
        assert needed not in ignored


def test_compose_runs_two_web_processes_workers_postgres_and_redis():
    services = compose()["services"]
    assert {"postgres", "redis", "web", "worker", "migrate", "proxy"} <= set(services)
    assert services["web"]["deploy"]["replicas"] == 2
    assert services["worker"]["deploy"]["replicas"] == "${DECKLAB_WORKERS:-2}"
    assert services["web"]["command"][:4] == ["python", "-m", "gunicorn", "-c"]
    assert services["worker"]["command"][:7] == [
        "python",
        "-m",
        "celery",
        "-A",
        "decklab",
        "--quiet",
        "worker",
    ]
    for name in ("web", "worker", "migrate"):
        service = services[name]
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert service["environment"]["DECKLAB_DEBUG"] == "0"
        assert service["environment"]["DATABASE_URL"].startswith("postgres://")
        assert service["environment"]["CELERY_BROKER_URL"] == "redis://redis:6379/0"
    assert services["web"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"


def test_compose_names_only_files_that_exist():
    services = compose()["services"]
    assert (ROOT / services["web"]["build"]["dockerfile"]).exists()
    assert (DEPLOY / services["web"]["command"][4]).name == "gunicorn.conf.py"
    assert (ROOT / services["web"]["command"][4]).exists()
    for volume in services["proxy"]["volumes"]:
        source = volume.split(":")[0]
        assert (DEPLOY / source).exists(), volume


def test_every_variable_compose_reads_is_in_the_env_example():
    example = {
        line.split("=", 1)[0]
        for line in (DEPLOY / ".env.example").read_text().splitlines()
        if "=" in line and not line.startswith("#")
    }
    text = (DEPLOY / "compose.yaml").read_text()
    used = set(re.findall(r"\$\{(\w+)", text))
    assert used <= example, f"not in deploy/.env.example: {sorted(used - example)}"
    assert {"DECKLAB_SECRET_KEY", "DECKLAB_ALLOWED_HOSTS", "DECKLAB_SITE_URL"} <= example


def test_gunicorn_config_reads_the_environment(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("DECKLAB_WEB_TIMEOUT", "45")
    monkeypatch.setenv("DECKLAB_BIND", "127.0.0.1:8169")
    monkeypatch.setenv("DECKLAB_LOG_FORMAT", "json")
    config = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    assert (config["workers"], config["timeout"], config["bind"]) == (3, 45, "127.0.0.1:8169")
    assert config["wsgi_app"] == "decklab.wsgi:application"
    assert (config["accesslog"], config["errorlog"]) == ("-", "-")
    logs = config["logconfig_dict"]
    assert logs["handlers"]["stdout"]["stream"] == "ext://sys.stdout"
    assert logs["formatters"]["decklab"]["()"] == "pythonjsonlogger.json.JsonFormatter"
    assert logs["loggers"]["gunicorn.access"]["handlers"] == ["stdout"]


def test_gunicorn_config_refuses_a_bad_number(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "two")
    try:
        runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    except SystemExit as stop:
        assert "WEB_CONCURRENCY='two'" in str(stop)
    else:
        raise AssertionError("WEB_CONCURRENCY=two was accepted")


def test_serve_refuses_to_start_without_the_production_settings():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DECKLAB_SECRET_KEY", "DECKLAB_SITE_URL", "DECKLAB_ALLOWED_HOSTS"}
    }
    done = subprocess.run(
        [str(DEPLOY / "serve")], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    for name in ("DECKLAB_SECRET_KEY", "DECKLAB_ALLOWED_HOSTS", "DECKLAB_SITE_URL"):
        assert name in done.stderr
