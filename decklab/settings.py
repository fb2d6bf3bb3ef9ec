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

from django.core.exceptions import ImproperlyConfigured

from decklab.config import (
    BASE_DIR,
    VAR_DIR,
    broker_settings,
    cache_settings,
    database_settings,
    env_bool,
    env_int,
    env_rate,
    hosts_and_site_url,
    media_storage_settings,
    secret_key,
)

# Settings in their own right, defined beside the readers that use them.
from decklab.config import EMBEDDED_BROKER_URL as EMBEDDED_BROKER_URL
from decklab.config import POSTGRESQL_SESSION as POSTGRESQL_SESSION
from decklab.config import RATE_PERIODS as RATE_PERIODS
from decklab.logs import log_environment, logging_config

DEBUG = env_bool("DECKLAB_DEBUG", default=True)
#: With DEBUG on, still answer errors with the site's pages unless this is on (decklab.middleware).
DECKLAB_DEBUG_ERROR_PAGES = env_bool("DECKLAB_DEBUG_ERROR_PAGES", default=False)
SECRET_KEY = secret_key(debug=DEBUG)
#: The address every absolute link (password reset mail, OpenGraph, API links) is built from, never
#: the request's Host header. Production (DECKLAB_DEBUG=0) refuses to start without it and without
#: explicit allowed hosts: a forged Host header must not reach a reset mail (docs/operators.md
#: "Production settings").
ALLOWED_HOSTS, SITE_URL = hosts_and_site_url(debug=DEBUG)
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
                "cards.context_processors.nav",
            ],
        },
    },
]


#: Web processes only (decklab/wsgi.py): PostgreSQL cancels a statement of a web request after this
#: many seconds (0: never). gunicorn's DECKLAB_WEB_TIMEOUT does not end a request in a gthread
#: worker; this ends its database work. Workers and management commands have no such limit.
WEB_STATEMENT_TIMEOUT = env_int("DECKLAB_WEB_STATEMENT_TIMEOUT", 20)


DATABASES = {"default": database_settings()}
#: A covering index (`include=`, decklab/collections DeckNeed) is PostgreSQL's; SQLite builds the
#: plain index and Django warns on every command that it left the extra columns out.
SILENCED_SYSTEM_CHECKS = (
    ["models.W040"] if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" else []
)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


CACHES = {"default": cache_settings()}

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


STORAGES["default"] = media_storage_settings()

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
