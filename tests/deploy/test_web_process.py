"""A web process (decklab/wsgi.py): warmed before its first request, and its database statements
end after DECKLAB_WEB_STATEMENT_TIMEOUT (issue 22 finding 8, issue 25 item 4)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from django.db import DatabaseError, connection
from django.db.backends.signals import connection_created

ROOT = Path(__file__).resolve().parent.parent.parent


def test_finding_25_4_the_warm_up_imports_every_view_and_builds_the_schema_without_a_connection():
    script = textwrap.dedent(
        """
        import sys
        from django.db import connections
        import decklab.wsgi
        decklab.wsgi.warm_up()
        from django.urls import get_resolver
        from cards.games.registry import GAMES
        from decklab.timezones import known_zones
        print("drf_spectacular.views" in sys.modules, "decklab.goldfish.views" in sys.modules)
        print(all(module in sys.modules for module in GAMES.values()))
        print(sorted(get_resolver()._reverse_dict) == ["en", "ja"])
        print(known_zones.cache_info().currsize == 1)
        print(all(c.connection is None for c in connections.all(initialized_only=True)))
        from decklab.schema import _documents
        print(sorted(language for language, _ in _documents) == ["en", "ja"])
        """
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "decklab.settings"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"] * 7


def test_gunicorn_preloads_the_warmed_application():
    import runpy

    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    assert config["preload_app"] is True
    assert config["wsgi_app"] == "decklab.wsgi:application"
    assert config["worker_class"] == "gthread"


@pytest.fixture
def web_module() -> Iterator[ModuleType]:
    """`decklab.wsgi`, imported here; the next tests' connections get no statement timeout."""
    import decklab.wsgi

    yield decklab.wsgi
    connection_created.disconnect(dispatch_uid="decklab-web-statement-timeout")


def test_finding_25_4_each_worker_warms_itself_before_its_first_request(web_module, monkeypatch):
    import runpy

    warmed: list[str] = []
    monkeypatch.setattr(web_module, "warm_up", lambda: warmed.append("master"))
    monkeypatch.setattr(web_module, "warm_worker", lambda: warmed.append("worker"))
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    config["when_ready"](server=None)
    config["post_worker_init"](worker=None)
    assert warmed == ["master", "worker"]


def test_a_worker_starts_while_its_database_is_down(web_module, caplog):
    # No database mark: pytest-django refuses the connection, as a database that is down would.
    web_module.warm_worker()
    assert "worker warm-up" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_finding_8_a_web_request_s_statement_is_cancelled_after_the_timeout(settings):
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL session setting")
    from decklab.wsgi import limit_statements

    settings.WEB_STATEMENT_TIMEOUT = 1
    connection.ensure_connection()
    limit_statements(sender=None, connection=connection)
    try:
        with (
            pytest.raises(DatabaseError, match="statement timeout"),
            connection.cursor() as cursor,
        ):
            cursor.execute("SELECT pg_sleep(3)")
    finally:
        # The next tests' connections have no timeout: this process is not a web process.
        connection_created.disconnect(dispatch_uid="decklab-web-statement-timeout")
        connection.close()
