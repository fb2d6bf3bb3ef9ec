"""DeckLab settings, read from the environment with safe embedded defaults.

Nothing set: SQLite in `var/` and the embedded Celery broker (a SQLite file), so `make run` needs no server.
`DATABASE_URL` and `CELERY_BROKER_URL` switch to PostgreSQL and Redis. A bad value stops the start
with a message naming the setting.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from decklab.logs import log_environment, logging_config

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


DEBUG = env_bool("DECKLAB_DEBUG", default=True)
#: With DEBUG on, still answer errors with the site's pages unless this is on (decklab.middleware).
DECKLAB_DEBUG_ERROR_PAGES = env_bool("DECKLAB_DEBUG_ERROR_PAGES", default=False)
SECRET_KEY = os.environ.get("DECKLAB_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DECKLAB_SECRET_KEY must be set when DECKLAB_DEBUG=0")
    SECRET_KEY = "decklab-development-only-key-not-for-production"
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("DECKLAB_ALLOWED_HOSTS", "").split(",") if h.strip()
]
#: The address every absolute link (password reset mail, OpenGraph, API links) is built from, never
#: the request's Host header. Production (DECKLAB_DEBUG=0) refuses to start without it and without
#: explicit allowed hosts: a forged Host header must not reach a reset mail (docs/operators.md
#: "Production settings").
SITE_URL = os.environ.get("DECKLAB_SITE_URL", "").strip().rstrip("/")
if not DEBUG:
    if not ALLOWED_HOSTS or "*" in ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "DECKLAB_ALLOWED_HOSTS must list the site's host names (no '*') when DECKLAB_DEBUG=0"
        )
    if not SITE_URL:
        raise ImproperlyConfigured(
            "DECKLAB_SITE_URL (e.g. https://decklab.example) must be set when DECKLAB_DEBUG=0"
        )
ALLOWED_HOSTS = ALLOWED_HOSTS or ["*"]
SITE_URL = SITE_URL or "http://127.0.0.1:8000"
if urlparse(SITE_URL).scheme not in {"http", "https"} or not urlparse(SITE_URL).hostname:
    raise ImproperlyConfigured(f"DECKLAB_SITE_URL={SITE_URL!r} is not an http(s):// address")
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DECKLAB_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "corsheaders",
    "rest_framework",
    "knox",
    "csp",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "cards",
    "cards.community",
    "decklab.accounts",
    "decklab.decks",
    "decklab.goldfish",
    "decklab.tooling",
    "decklab.events",
    "decklab.collections",
    "decklab.discovery",
]

MIDDLEWARE = [
    # First, so that its headers reach every answer it applies to (CORS_URLS_REGEX below).
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "decklab.middleware.RequestBodyLimit",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "decklab.middleware.UnreadableFormIsBadRequest",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "decklab.accounts.language.ApplyProfileLanguage",
    "decklab.timezones.ReaderTimezone",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "decklab.middleware.FriendlyErrorPages",
]

ROOT_URLCONF = "decklab.urls"
WSGI_APPLICATION = "decklab.wsgi.application"

TEMPLATES: list[dict[str, Any]] = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "cards.context_processors.games",
                "cards.context_processors.site_url",
            ],
        },
    },
]


#: PostgreSQL's session settings, unless the URL gives its own `?options=`. The card table is read
#: from memory or SSD, where a read through an index costs about what a sequential one does; with
#: the default `random_page_cost` (4, for spinning disks) the planner splits every row's tags for a
#: `field:value` count instead of asking the GIN index (`char:goku` at 10× the cards: 430 ms
#: against 33 ms; docs/developers.md "How the card search runs").
POSTGRESQL_SESSION = "-c random_page_cost=1.1"
#: Web processes only (decklab/wsgi.py): PostgreSQL cancels a statement of a web request after this
#: many seconds (0: never). gunicorn's DECKLAB_WEB_TIMEOUT does not end a request in a gthread
#: worker; this ends its database work. Workers and management commands have no such limit.
WEB_STATEMENT_TIMEOUT = env_int("DECKLAB_WEB_STATEMENT_TIMEOUT", 20)


def _database() -> dict[str, Any]:
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


DATABASES = {"default": _database()}
#: A covering index (`include=`, decklab/collections DeckNeed) is PostgreSQL's; SQLite builds the
#: plain index and Django warns on every command that it left the extra columns out.
SILENCED_SYSTEM_CHECKS = (
    ["models.W040"] if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" else []
)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def _cache() -> dict:
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


CACHES = {"default": _cache()}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "profile"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
#: The image build collects static files outside DECKLAB_VAR_DIR (a volume there would hide them).
STATIC_ROOT = Path(os.environ.get("DECKLAB_STATIC_ROOT") or VAR_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
#: Files browsers ask for at the site's root (`/favicon.ico`), served by WhiteNoise.
WHITENOISE_ROOT = BASE_DIR / "site_root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
MEDIA_URL = "media/"
MEDIA_ROOT = VAR_DIR / "media"

#: Request bodies (docs/operators.md "Limits"): any request larger than DECKLAB_MAX_REQUEST_BYTES is
#: refused with 413 before it is read (decklab.middleware.RequestBodyLimit), file parts included.
#: The staff card-file and card-image uploads (DECKLAB_UPLOAD_VIEWS) may send up to
#: DECKLAB_MAX_UPLOAD_BYTES, above their own form caps (5 MiB card files, cards/forms.py; 8 MiB
#: images, cards/faces.py), so that an oversized file gets the form's message.
DECKLAB_MAX_REQUEST_BYTES = env_int("DECKLAB_MAX_REQUEST_BYTES", 512 * 1024)
DECKLAB_MAX_UPLOAD_BYTES = env_int("DECKLAB_MAX_UPLOAD_BYTES", 10 * 1024 * 1024)
#: URL names (or namespaces) that take the larger upload cap.
DECKLAB_UPLOAD_VIEWS = ("cards:upload", "cards:image", "admin")
DATA_UPLOAD_MAX_MEMORY_SIZE = DECKLAB_MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = env_int("DECKLAB_MAX_FORM_FIELDS", 1000)
DATA_UPLOAD_MAX_NUMBER_FILES = env_int("DECKLAB_MAX_FORM_FILES", 5)
FILE_UPLOAD_MAX_MEMORY_SIZE = DECKLAB_MAX_UPLOAD_BYTES
#: Decks and texts (cards.limits; docs/operators.md "Limits"): generous multiples of the
#: largest legal deck (68 cards), so that an oversized deck is refused before it costs anything.
DECKLAB_MAX_ZONE_CARDS = env_int("DECKLAB_MAX_ZONE_CARDS", 400)
DECKLAB_MAX_DECK_CARDS = env_int("DECKLAB_MAX_DECK_CARDS", 600)
DECKLAB_MAX_DISTINCT_CARDS = env_int("DECKLAB_MAX_DISTINCT_CARDS", 150)
#: Every decklist read (editor, new deck, API, validation, goldfish, commands; cards.decklists,
#: docs/decklists.md), in bytes of UTF-8: a real deck is a few kilobytes.
DECKLAB_MAX_DECKLIST_BYTES = env_int("DECKLAB_MAX_DECKLIST_BYTES", 64 * 1024)
DECKLAB_MAX_DECK_CODE_CHARS = env_int("DECKLAB_MAX_DECK_CODE_CHARS", 2_000)

#: A deck's card operations within this many minutes of the last one extend one draft version.
DECKLAB_EDIT_SITTING_MINUTES = env_int("DECKLAB_EDIT_SITTING_MINUTES", 30)

EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("DECKLAB_EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("DECKLAB_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("DECKLAB_EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("DECKLAB_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DECKLAB_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DECKLAB_EMAIL_TLS", default=False)
DEFAULT_FROM_EMAIL = os.environ.get("DECKLAB_FROM_EMAIL", "decklab@localhost")

REST_FRAMEWORK = {
    # drf-spectacular's, plus the errors every operation shares (decklab/api.py).
    "DEFAULT_SCHEMA_CLASS": "decklab.api.AutoSchema",
    # Every error is `{"detail": …}`; a form's field errors keep their keys beside it.
    "EXCEPTION_HANDLER": "decklab.api.exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # `Authorization: Token <key>`; keys are stored hashed, with an expiry (django-rest-knox).
        "knox.auth.TokenAuthentication",
    ],
    # Every API view: per address for visitors, per account when signed in, plus a scope on the
    # expensive ones (docs/api.md "Throttles"). Past a rate: 429, `Retry-After` and DRF's
    # {"detail": …}.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_rate("DECKLAB_API_ANON_RATE", "120/min"),
        "user": env_rate("DECKLAB_API_USER_RATE", "300/min"),
        "legality": env_rate("DECKLAB_API_LEGALITY_RATE", "60/min"),
        "simulations": env_rate("DECKLAB_API_SIMULATIONS_RATE", "30/min"),
        "token": env_rate("DECKLAB_API_TOKEN_RATE", "10/min"),
    },
    # DRF's own JSON parser, but deeply nested JSON is a 400, not a RecursionError (500).
    "DEFAULT_PARSER_CLASSES": [
        "cards.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
DECKLAB_API_TOKEN_DAYS = env_int("DECKLAB_API_TOKEN_DAYS", 90)
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=DECKLAB_API_TOKEN_DAYS),
    "AUTH_HEADER_PREFIX": "Token",
}
#: Tokens one account keeps; a new one past this revokes the oldest (decklab.accounts.tokens).
DECKLAB_MAX_API_TOKENS = env_int("DECKLAB_MAX_API_TOKENS", 10)

#: Attempt limits of decklab.accounts.limits (docs/operators.md "Limits"): failed sign-ins within
#: DECKLAB_LIMIT_WINDOW seconds lock that account / address until the window ends; sign-ups and
#: reset mails are counted per hour.
DECKLAB_LIMIT_WINDOW = env_int("DECKLAB_LIMIT_WINDOW", 15 * 60)
DECKLAB_LOGIN_FAILURES_PER_ACCOUNT = env_int("DECKLAB_LOGIN_FAILURES_PER_ACCOUNT", 5)
DECKLAB_LOGIN_FAILURES_PER_ADDRESS = env_int("DECKLAB_LOGIN_FAILURES_PER_ADDRESS", 20)
DECKLAB_SIGNUPS_PER_ADDRESS = env_int("DECKLAB_SIGNUPS_PER_ADDRESS", 3)
DECKLAB_RESETS_PER_ACCOUNT = env_int("DECKLAB_RESETS_PER_ACCOUNT", 3)
DECKLAB_RESETS_PER_ADDRESS = env_int("DECKLAB_RESETS_PER_ADDRESS", 10)

SPECTACULAR_SETTINGS = {
    "TITLE": "DeckLab API",
    "DESCRIPTION": "Cards, deck legality, decks and goldfish simulations for five card games.",
    "VERSION": "1",
    # The docs page loads Swagger UI from the installed sidecar package, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Operations are named and tagged by what follows /api/v1 (`decks_list`, tag `decks`).
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies are documented as JSON (and text/plain decklists): the views read form posts
    # too, but one body type per operation is what generated clients can send.
    "PARSER_WHITELIST": ["cards.parsers.JSONParser", "cards.legality_api.PlainTextParser"],
    # Two models have a `visibility` (a deck's, an event's lists): the deck's keeps its old name.
    "ENUM_NAME_OVERRIDES": {
        "VisibilityEnum": "decklab.decks.models.Visibility",
        "ListVisibilityEnum": "decklab.events.models.ListVisibility",
    },
}

#: Cross-origin reads of the public API by the pages of these origins (django-cors-headers); none
#: by default. Only games and cards, deck codes, legality and decks by id, only reading methods (and
#: POST of the stateless legality and deck-code endpoints), never with cookies: changing decks and
#: starting runs stays same-origin (session + CSRF) or token-only.
CORS_ALLOWED_ORIGINS = [
    o.strip() for o in os.environ.get("DECKLAB_CORS_ALLOWED_ORIGINS", "").split(",") if o.strip()
]
CORS_URLS_REGEX = r"^/api/v1/(games|games/.*|deck-codes|deck-codes/.*|decks/[0-9]+)$"
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS", "POST")
CORS_ALLOW_CREDENTIALS = False


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


CELERY_BROKER_URL, CELERY_BROKER_TRANSPORT_OPTIONS, CELERY_BROKER_TRANSPORT = broker_settings(
    os.environ.get("CELERY_BROKER_URL", "")
)
CELERY_RESULT_BACKEND = None  # state lives in SimulationRun rows, not in a result store
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("DECKLAB_CELERY_EAGER", default=False)

#: Simulation runs (decklab.goldfish; docs/operators.md "How simulation runs are executed").
GOLDFISH_MAX_TRIALS = env_int("DECKLAB_GOLDFISH_MAX_TRIALS", 10_000_000)
GOLDFISH_MAX_ACTIVE_RUNS = env_int("DECKLAB_GOLDFISH_MAX_ACTIVE_RUNS", 3)
GOLDFISH_RUNS_PER_HOUR = env_int("DECKLAB_GOLDFISH_RUNS_PER_HOUR", 20)
#: The fair queue: tasks in the broker or running per account (docs/operators.md).
GOLDFISH_TASKS_PER_USER = env_int("DECKLAB_GOLDFISH_TASKS_PER_USER", 4)
#: Work is counted in units: games × goals × goal cost (`GoalType.cost`, 1 for a `drawn` goal, 100
#: for a DRAWS◎TROIDAL match; docs/operators-first-hour.md "The run queue"). An account's tasks out
#: at once carry at most this much work (at least one task): four chunks of eight simple goals, or
#: one chunk of a match, so a heavy account keeps one task in the broker, not four.
GOLDFISH_TASK_WORK_PER_USER = env_int("DECKLAB_GOLDFISH_TASK_WORK_PER_USER", 1_600_000)
#: A run whose one chunk is more work than this is refused up front (eight match goals fit a
#: chunk's time limit on this machine; twenty passed its hard limit).
GOLDFISH_CHUNK_MAX_WORK = env_int("DECKLAB_GOLDFISH_CHUNK_MAX_WORK", 40_000_000)
#: The work of an account's unfinished runs together (what is left of them), with the new one:
#: one run of ten million games of a match goal, or ~50 of two simple goals.
GOLDFISH_ACCOUNT_MAX_WORK = env_int("DECKLAB_GOLDFISH_ACCOUNT_MAX_WORK", 1_000_000_000)
#: A task plays chunks for about this long, so its bookkeeping is paid once for many chunks
#: (0: one chunk per task, the finest interleaving of accounts).
GOLDFISH_TASK_SECONDS = env_int("DECKLAB_GOLDFISH_TASK_MS", 500, minimum=0) / 1000
#: Sending a task: a broker that does not answer is given up quickly (the run waits in its row).
GOLDFISH_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.5}
#: Per chunk (50,000 games): past the soft limit the run fails with a reason; the hard one kills.
GOLDFISH_CHUNK_SOFT_SECONDS = env_int("DECKLAB_GOLDFISH_CHUNK_SECONDS", 60)
GOLDFISH_CHUNK_HARD_SECONDS = GOLDFISH_CHUNK_SOFT_SECONDS + 30
#: A run whose started task gave no sign of life for this long has its missing chunks queued
#: again, at most `GOLDFISH_MAX_REQUEUES` times; then it fails. Tasks waiting in the broker are
#: never stale.
GOLDFISH_STALE_SECONDS = env_int("DECKLAB_GOLDFISH_STALE_SECONDS", 180)
GOLDFISH_MAX_REQUEUES = env_int("DECKLAB_GOLDFISH_MAX_REQUEUES", 3, minimum=0)
#: The Celery queue of chunk tasks (workers consume the default `celery` queue).
GOLDFISH_QUEUE = os.environ.get("DECKLAB_GOLDFISH_QUEUE", "celery")
#: Public decks' goldfish numbers (docs/discovery-goldfish.md): games per deck version, and the
#: most work one version's run may be (a match goal plays fewer games to stay under it).
GOLDFISH_PUBLIC_TRIALS = env_int("DECKLAB_GOLDFISH_PUBLIC_TRIALS", 100_000)
GOLDFISH_PUBLIC_WORK = env_int("DECKLAB_GOLDFISH_PUBLIC_WORK", 2_000_000)


def _media_storage() -> dict:
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


STORAGES["default"] = _media_storage()

#: `/healthz` also answers plain HTTP: load balancers probe it without TLS (decklab/health.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

#: Tests: fail instead of skipping when PostgreSQL/Redis or Chromium are missing.
DECKLAB_REQUIRE_SERVICES = env_bool("DECKLAB_REQUIRE_SERVICES")
DECKLAB_REQUIRE_BROWSER = env_bool("DECKLAB_REQUIRE_BROWSER")
DECKLAB_CHROMIUM = os.environ.get("DECKLAB_CHROMIUM", "/usr/bin/chromium")
#: Where generated card faces are cached.
DECKLAB_FACE_CACHE = VAR_DIR / "faces"
# Card proposals (cards.community): per player, at most this many per hour and waiting at once;
# a bulk proposal file at most this many rows and bytes.
DECKLAB_PROPOSALS_PER_HOUR = env_int("DECKLAB_PROPOSALS_PER_HOUR", 60)
DECKLAB_PROPOSALS_MAX_PENDING = env_int("DECKLAB_PROPOSALS_MAX_PENDING", 50)
DECKLAB_PROPOSAL_FILE_MAX_ROWS = env_int("DECKLAB_PROPOSAL_FILE_MAX_ROWS", 500)
DECKLAB_PROPOSAL_FILE_MAX_BYTES = env_int("DECKLAB_PROPOSAL_FILE_MAX_BYTES", 1024 * 1024)

#: Logs: one line per record on stdout, plain text or JSON for a log collector (decklab/logs.py).
try:
    LOGGING = logging_config(*log_environment())
except ValueError as error:
    raise ImproperlyConfigured(str(error)) from None

#: HTTPS (docs/operators.md "Production settings"). On when the site URL is https:// and DEBUG is
#: off; each part can be set on its own. DECKLAB_BEHIND_TLS_PROXY=1 trusts X-Forwarded-Proto from
#: the proxy in front (it must set or strip that header), so that requests and links are https://.
HTTPS = SITE_URL.startswith("https://") and not DEBUG
DECKLAB_BEHIND_TLS_PROXY = env_bool("DECKLAB_BEHIND_TLS_PROXY", default=False)
if DECKLAB_BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
#: How many proxies in front of gunicorn append to X-Forwarded-For (docs/limits.md "Proxies"): the
#: visitor is the entry that many places from its end (TLS proxy → compose nginx: 2). 0, the
#: default: the header is the client's own words and the connection's address is the visitor's.
#: The sign-in limits (decklab.accounts.limits) and DRF's throttles both read it.
DECKLAB_TRUSTED_PROXIES = env_int("DECKLAB_TRUSTED_PROXIES", 0, minimum=0)
REST_FRAMEWORK["NUM_PROXIES"] = DECKLAB_TRUSTED_PROXIES
SECURE_SSL_REDIRECT = env_bool("DECKLAB_SSL_REDIRECT", default=HTTPS)
SESSION_COOKIE_SECURE = env_bool("DECKLAB_SECURE_COOKIES", default=HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DECKLAB_HSTS_SECONDS", 31_536_000 if HTTPS else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DECKLAB_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env_bool("DECKLAB_HSTS_PRELOAD", default=True)
SECURE_REFERRER_POLICY = "same-origin"

#: Content-Security-Policy (django-csp): scripts, styles and requests from the site itself only.
#: No inline scripts or <style> elements anywhere: htmx's indicator style lives in site.css
#: (base.html turns htmx's injected <style> off), editor.js holds the page scripts. Style
#: *attributes* are allowed (`style-src-attr`): htmx writes some while it swaps and settles
#: content, and Chromium blocked them now and then; an attribute style cannot run script or
#: read the page, and the templates themselves carry none (tests/test_production.py checks).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}
