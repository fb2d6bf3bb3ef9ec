"""Reading DeckLab's environment: the typed readers every setting goes through (`env_bool`,
`env_int`, `env_rate`) and the builders of the settings that take more than one variable (the
database, the cache, the broker, media storage). Each refuses a bad value with
`ImproperlyConfigured` naming the variable, so a bad value stops the start.

`decklab.settings` (still the one settings module) reads the environment through these.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("DECKLAB_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a yes/no value (use 1 or 0)")


def env_int(name: str, default: int, minimum: int = 1) -> int:
    """A whole number of at least `minimum` (a count, a size, seconds: 0 or less is a mistake
    unless the setting says otherwise)."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r}: at least {minimum}")
    return value


#: DRF's rate periods: `N/s`, `N/min`, `N/hour`, `N/day` (DRF reads only the first letter).
RATE_PERIODS = ("s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day")


def env_rate(name: str, default: str) -> str:
    """A DRF throttle rate such as `60/min`, checked here: DRF parses it on every request, so a bad
    one would answer every API call with a 500 instead of stopping the start."""
    raw = os.environ.get(name, "").strip() or default
    count, _, period = raw.partition("/")
    if not count.strip().isdigit() or int(count) < 1 or period.strip() not in RATE_PERIODS:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a rate: use a count per s, min, hour or day, e.g. 60/min"
        )
    return f"{int(count)}/{period.strip()}"


def secret_key(*, debug: bool) -> str:
    """DECKLAB_SECRET_KEY: required in production, a fixed development key otherwise."""
    key = os.environ.get("DECKLAB_SECRET_KEY", "")
    if not key:
        if not debug:
            raise ImproperlyConfigured("DECKLAB_SECRET_KEY must be set when DECKLAB_DEBUG=0")
        key = "decklab-development-only-key-not-for-production"
    return key


def hosts_and_site_url(*, debug: bool) -> tuple[list[str], str]:
    """ALLOWED_HOSTS and SITE_URL: production needs explicit host names (no `*`) and the site's
    address; development allows every host at http://127.0.0.1:8000. Either way the address is
    an http(s):// one."""
    hosts = [h.strip() for h in os.environ.get("DECKLAB_ALLOWED_HOSTS", "").split(",") if h.strip()]
    site_url = os.environ.get("DECKLAB_SITE_URL", "").strip().rstrip("/")
    if not debug:
        if not hosts or "*" in hosts:
            raise ImproperlyConfigured(
                "DECKLAB_ALLOWED_HOSTS must list the site's host names (no '*') when DECKLAB_DEBUG=0"
            )
        if not site_url:
            raise ImproperlyConfigured(
                "DECKLAB_SITE_URL (e.g. https://decklab.example) must be set when DECKLAB_DEBUG=0"
            )
    hosts = hosts or ["*"]
    site_url = site_url or "http://127.0.0.1:8000"
    if urlparse(site_url).scheme not in {"http", "https"} or not urlparse(site_url).hostname:
        raise ImproperlyConfigured(f"DECKLAB_SITE_URL={site_url!r} is not an http(s):// address")
    return hosts, site_url


#: PostgreSQL's session settings, unless the URL gives its own `?options=`. The card table is read
#: from memory or SSD, where a read through an index costs about what a sequential one does; with
#: the default `random_page_cost` (4, for spinning disks) the planner splits every row's tags for a
#: `field:value` count instead of asking the GIN index (`char:goku` at 10× the cards: 430 ms
#: against 33 ms; docs/developers.md "How the card search runs").
POSTGRESQL_SESSION = "-c random_page_cost=1.1"


def database_settings() -> dict:
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "decklab.sqlite3",
            # Concurrent web + worker writes wait for the lock instead of failing at once.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # A file, not memory, so that a real Celery worker process sees the test data.
            "TEST": {"NAME": str(VAR_DIR / "test.sqlite3")},
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=60)
    except Exception as error:  # dj-database-url raises several types for a bad URL
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} is not a database URL: {error}") from None
    if config.get("ENGINE") not in {
        "django.db.backends.postgresql",
        "django.db.backends.sqlite3",
    }:
        raise ImproperlyConfigured(
            f"DATABASE_URL={url!r}: DeckLab supports postgres:// and sqlite:// URLs"
        )
    if config["ENGINE"] == "django.db.backends.postgresql":
        config.setdefault("OPTIONS", {}).setdefault("options", POSTGRESQL_SESSION)
    return dict(config)


def cache_settings() -> dict:
    """One cache for every process (rate limits and throttles count across gunicorn workers).

    DECKLAB_CACHE_URL (redis://…), else the Redis broker's URL when Celery uses Redis, else files
    under var/cache (shared by the processes of one machine). `locmem://` is for tests only. A
    cache of its own is better than the broker's (docs/limits.md "Cache").
    """
    url = os.environ.get("DECKLAB_CACHE_URL", "").strip()
    broker = os.environ.get("CELERY_BROKER_URL", "").strip()
    if not url and urlparse(broker).scheme in {"redis", "rediss"}:
        url = broker
    scheme = urlparse(url).scheme
    if scheme in {"redis", "rediss"}:
        # An outage reads as a miss (decklab/cache.py), after at most a second's wait.
        return {
            "BACKEND": "decklab.cache.FailOpenRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "decklab",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    if scheme == "locmem":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if url:
        raise ImproperlyConfigured(f"DECKLAB_CACHE_URL={url!r}: expected a redis:// URL")
    return {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": VAR_DIR / "cache",
    }


#: The embedded broker `make run` uses when `CELERY_BROKER_URL` is unset: kombu's SQLAlchemy transport
#: on a SQLite file. The file-system transport crashed workers (issue 9, finding 13); the figures of
#: `manage.py broker_soak` that chose this one are in docs/operators.md "The embedded broker".
EMBEDDED_BROKER_URL = "sqla+sqlite:///" + str(VAR_DIR / "celery" / "broker.sqlite3")


def broker_settings(url: str) -> tuple[str, dict, str | None]:
    """Celery's broker URL, transport options and transport class for `url` ("": the embedded one)."""
    url = url.strip() or EMBEDDED_BROKER_URL
    scheme = urlparse(url).scheme
    if scheme == "filesystem":
        # Kombu's file-system transport: web and worker exchange messages through a folder.
        folder = VAR_DIR / "celery"
        for sub in ("queue", "processed", "control"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        return (
            url,
            {
                "control_folder": str(folder / "control"),
                "data_folder_in": str(folder / "queue"),
                "data_folder_out": str(folder / "queue"),
                "processed_folder": str(folder / "processed"),
                "store_processed": False,
                # The default 1 s poll would add up to a second to every simulation run.
                "polling_interval": 0.05,
            },
            None,
        )
    if url == EMBEDDED_BROKER_URL:
        Path(url.split(":///", 1)[1]).parent.mkdir(parents=True, exist_ok=True)
        # decklab.broker's transport: kombu's SQLAlchemy one polled every 50 ms. SQLite waits up
        # to 20 s for a writer's lock instead of failing at once. (Celery reads a set
        # CELERY_BROKER_URL itself, so only the unset default can name a transport class.)
        return url.split("+", 1)[1], {"connect_args": {"timeout": 20}}, "decklab.broker:Transport"
    if scheme == "sqla+sqlite":  # kombu's own SQLAlchemy transport, polled once a second
        return url, {}, None
    if scheme not in {"redis", "rediss", "amqp", "pyamqp", "memory"}:
        raise ImproperlyConfigured(
            f"CELERY_BROKER_URL={url!r}: expected a redis://, amqp://, sqla+sqlite:///, "
            "filesystem:// or memory:// URL"
        )
    # Redis: a task not acknowledged within the visibility timeout is delivered again.
    return url, {"visibility_timeout": env_int("DECKLAB_VISIBILITY_TIMEOUT", 3600)}, None


def media_storage_settings() -> dict:
    """Uploaded files (card images): local disk by default, an S3-compatible store when
    `DECKLAB_MEDIA_S3_BUCKET` is set (django-storages; AWS S3, MinIO, R2, …)."""
    bucket = os.environ.get("DECKLAB_MEDIA_S3_BUCKET", "").strip()
    if not bucket:
        return {"BACKEND": "django.core.files.storage.FileSystemStorage"}
    options = {
        "bucket_name": bucket,
        "location": os.environ.get("DECKLAB_MEDIA_S3_PREFIX", "media").strip("/"),
        # Private objects, read through signed URLs unless a public domain (a CDN) is given.
        "default_acl": None,
        "querystring_auth": not os.environ.get("DECKLAB_MEDIA_S3_CUSTOM_DOMAIN"),
        "file_overwrite": False,
    }
    for option, name in (
        ("endpoint_url", "DECKLAB_MEDIA_S3_ENDPOINT_URL"),
        ("region_name", "DECKLAB_MEDIA_S3_REGION"),
        ("access_key", "DECKLAB_MEDIA_S3_ACCESS_KEY"),
        ("secret_key", "DECKLAB_MEDIA_S3_SECRET_KEY"),
        ("custom_domain", "DECKLAB_MEDIA_S3_CUSTOM_DOMAIN"),
    ):
        # Unset: boto3's own chain (AWS_* variables, an instance role) and the default endpoint.
        if value := os.environ.get(name, "").strip():
            options[option] = value
    return {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": options}
