"""The WSGI application of gunicorn (deploy/gunicorn.conf.py, which preloads it) and `runserver`.

Importing this module makes the process a web process:
- its PostgreSQL sessions cancel any statement after `WEB_STATEMENT_TIMEOUT` seconds (a slow
  query ends with an error page instead of holding a request thread; gunicorn's timeout does not
  end requests in gthread workers), which workers and management commands do not get;
- it is warmed up: Django otherwise imports the URLconf (every view, DRF, the schema views) and
  compiles the base templates on the first request, which took ~3 s after each gunicorn start
  (issue 25 item 4). With `preload_app` the master does it once before forking.
"""

import os
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
    """Import every view through the URLconf and compile the templates every page extends.

    Opens no database or broker connection, so the master can fork afterwards."""
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (the property imports every URL module)
    for name in ("base.html", "home.html", "404.html", "500.html"):
        get_template(name)


connection_created.connect(limit_statements, dispatch_uid="decklab-web-statement-timeout")
warm_up()
