"""gunicorn settings of a DeckLab web process: `gunicorn -c deploy/gunicorn.conf.py decklab.wsgi`.

Everything comes from the environment (docs/operators.md "Running in production"):

| variable | default | meaning |
|---|---|---|
| `DECKLAB_BIND` | `127.0.0.1:8000` | address and port (a container uses `0.0.0.0:8000`) |
| `WEB_CONCURRENCY` | 2 | worker processes |
| `DECKLAB_WEB_THREADS` | 4 | threads per worker (gthread): a slow request holds one thread |
| `DECKLAB_WEB_TIMEOUT` | 30 | seconds a worker's main loop may be silent before it is restarted; with gthread workers this does NOT end a slow request (its thread runs on) |
| `DECKLAB_WEB_STATEMENT_TIMEOUT` | 20 | seconds PostgreSQL lets one statement of a web request run (decklab/wsgi.py; 0: no limit) |
| `DECKLAB_WEB_MAX_REQUESTS` | 2000 | a worker is replaced after this many requests (0: never) |

Access and error logs go to stdout, one line each, in `DECKLAB_LOG_FORMAT` (decklab/logs.py).
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.games.text import whole_number
from decklab.logs import log_environment, logging_config


def _whole(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    if not raw.strip():
        return default
    number = whole_number(raw)
    if number is None:
        raise SystemExit(f"{name}={raw!r} is not a whole number")
    return number


wsgi_app = "decklab.wsgi:application"
# Import and warm the application once in the master (decklab/wsgi.py): workers fork ready to
# answer, so no visitor pays the first request's imports after a start or a worker restart.
preload_app = True


def when_ready(server) -> None:
    """In the master, the application loaded (`preload_app`), before any worker is forked."""
    from decklab.wsgi import warm_up

    warm_up()


def post_worker_init(worker) -> None:
    """Each worker opens its database and cache connections before its first request."""
    from decklab.wsgi import warm_worker

    warm_worker()


bind = os.environ.get("DECKLAB_BIND", "127.0.0.1:8000")
workers = _whole("WEB_CONCURRENCY", 2)
worker_class = "gthread"
threads = _whole("DECKLAB_WEB_THREADS", 4)
timeout = _whole("DECKLAB_WEB_TIMEOUT", 30)
graceful_timeout = timeout
keepalive = 5
max_requests = _whole("DECKLAB_WEB_MAX_REQUESTS", 2000)
max_requests_jitter = max_requests // 10
# Limits on the request line and headers (gunicorn's defaults, stated): bodies are capped by Django.
limit_request_line = 8190
limit_request_fields = 100
# The heartbeat files of workers live in memory, not on a possibly slow container disk.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
# A TLS proxy in front sets X-Forwarded-*; trust it only from the addresses named here.
forwarded_allow_ips = os.environ.get("DECKLAB_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

accesslog = "-"
errorlog = "-"
loglevel = "info"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
try:
    _log_format, _log_level = log_environment()
except ValueError as error:
    raise SystemExit(str(error)) from None
logconfig_dict = logging_config(
    _log_format,
    _log_level,
    loggers={
        "gunicorn.error": {"level": "INFO", "handlers": ["stdout"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["stdout"], "propagate": False},
    },
)
