"""The WSGI application of gunicorn (deploy/gunicorn.conf.py, which preloads it) and `runserver`.

Importing this module also warms the process up: Django otherwise imports the URLconf (every view,
DRF, the schema views) and compiles the base templates on the first request, which took ~3 s after
each gunicorn start (issue 25 item 4). With `preload_app` the master does it once before forking.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")
application = get_wsgi_application()


def warm_up() -> None:
    """Import every view through the URLconf and compile the templates every page extends.

    Opens no database or broker connection, so the master can fork afterwards."""
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (the property imports every URL module)
    for name in ("base.html", "home.html", "404.html", "500.html"):
        get_template(name)


warm_up()
