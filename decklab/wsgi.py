"""The WSGI application of gunicorn (deploy/gunicorn.conf.py, which preloads it) and `runserver`.

Importing this module makes the process a web process:
- its PostgreSQL sessions cancel any statement after `WEB_STATEMENT_TIMEOUT` seconds (a slow
  query ends with an error page instead of holding a request thread; gunicorn's timeout does not
  end requests in gthread workers), which workers and management commands do not get;
- it is warmed up: Django otherwise imports the URLconf (every view, DRF, the schema views), the
  games, builds its URL table per language and compiles the templates on the first requests,
  which took ~3 s after each gunicorn start (issue 25 item 4). gunicorn's master does it once
  (`warm_up`, from deploy/gunicorn.conf.py's `when_ready`, the application preloaded) before it
  forks the workers; each worker then opens its connections (`warm_worker`). The development
  server (`make run`) does not: compiling every template would only delay its first answer.
"""

import logging
import os
from pathlib import Path
from typing import Any

from django.core.wsgi import get_wsgi_application
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")
application = get_wsgi_application()


def limit_statements(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """Set the session's statement timeout on each new PostgreSQL connection of this process."""
    from django.conf import settings

    if connection.vendor == "postgresql" and settings.WEB_STATEMENT_TIMEOUT > 0:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('statement_timeout', %s, false)",
                [f"{settings.WEB_STATEMENT_TIMEOUT}s"],
            )


def warm_up() -> None:
    """Do in the master what Django and DeckLab otherwise do on a worker's first requests: import
    every view (the URLconf, DRF, the schema views) and every game, build the URL resolver's
    reverse table in each language (`reverse` builds one per active language), read the time
    zone names, compile every template and build the OpenAPI document in each language.

    Opens no database or broker connection, so the master can fork afterwards (`warm_worker`
    connects each worker)."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation
    from rest_framework.settings import api_settings

    from cards.games.registry import all_games
    from decklab.schema import build_api_documents
    from decklab.timezones import known_zones

    all_games()
    known_zones()
    resolver = get_resolver()
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            resolver.reverse_dict  # noqa: B018 (the property fills this language's table)
    for setting in (
        "DEFAULT_RENDERER_CLASSES",
        "DEFAULT_PARSER_CLASSES",
        "DEFAULT_THROTTLE_CLASSES",
    ):
        getattr(api_settings, setting)
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for template in sorted(Path(folder).rglob("*.html")):
            get_template(template.relative_to(folder).as_posix())
    build_api_documents()  # /api/schema/ answers from it (1.1–1.4 s to build, per language)


def warm_worker() -> None:
    """A forked worker's own connections, opened before it takes a request (gunicorn's
    `post_worker_init`): the database and the shared cache. Either being down is the first
    request's problem, not the worker's start's."""
    from django.core.cache import cache
    from django.db import connection

    try:
        connection.ensure_connection()
        cache.get("decklab:warm-up")
    except Exception as error:  # a warm-up: whatever failed, the first request tries again
        logging.getLogger("decklab.wsgi").warning("worker warm-up: %s", error)


connection_created.connect(limit_statements, dispatch_uid="decklab-web-statement-timeout")
