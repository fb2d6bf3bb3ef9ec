"""DeckLab settings, read from the environment with safe embedded defaults.

Nothing set: SQLite in `var/` and a Celery broker on the file system, so `make run` needs no server.
`DATABASE_URL` and `CELERY_BROKER_URL` switch to PostgreSQL and Redis. A bad value stops the start
with a message naming the setting.
"""

from __future__ import annotations

import os
from pathlib import Path
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


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


DEBUG = env_bool("DECKLAB_DEBUG", default=True)
#: With DEBUG on, still answer errors with the site's pages unless this is on (decklab.middleware).
DECKLAB_DEBUG_ERROR_PAGES = env_bool("DECKLAB_DEBUG_ERROR_PAGES", default=False)
SECRET_KEY = os.environ.get("DECKLAB_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DECKLAB_SECRET_KEY must be set when DECKLAB_DEBUG=0")
    SECRET_KEY = "decklab-development-only-key-not-for-production"
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("DECKLAB_ALLOWED_HOSTS", "*").split(",") if h]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DECKLAB_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "cards",
    "decklab.accounts",
    "decklab.decks",
    "decklab.goldfish",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "decklab.middleware.UnreadableFormIsBadRequest",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "decklab.middleware.FriendlyErrorPages",
]

ROOT_URLCONF = "decklab.urls"
WSGI_APPLICATION = "decklab.wsgi.application"

TEMPLATES = [
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
            ],
        },
    },
]


def _database() -> dict:
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
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

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
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
MEDIA_URL = "media/"
MEDIA_ROOT = VAR_DIR / "media"

#: Uploads (card files, decklist pastes) larger than this are refused with a clear message.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DECKLAB_MAX_UPLOAD_BYTES", 5 * 1024 * 1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

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
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    # DRF's own JSON parser, but deeply nested JSON is a 400, not a RecursionError (500).
    "DEFAULT_PARSER_CLASSES": [
        "cards.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "DeckLab API",
    "DESCRIPTION": "Cards, deck legality, decks and goldfish simulations for five card games.",
    "VERSION": "1",
    # The docs page loads Swagger UI from the installed sidecar package, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}


def _broker() -> tuple[str, dict]:
    url = os.environ.get("CELERY_BROKER_URL", "").strip()
    if not url:
        # Kombu's file-system transport: web and worker exchange messages through a folder.
        folder = VAR_DIR / "celery"
        for sub in ("queue", "processed", "control"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        return "filesystem://", {
            "control_folder": str(folder / "control"),
            "data_folder_in": str(folder / "queue"),
            "data_folder_out": str(folder / "queue"),
            "processed_folder": str(folder / "processed"),
            "store_processed": False,
            # The default 1 s poll would add up to a second to every simulation run.
            "polling_interval": 0.05,
        }
    scheme = urlparse(url).scheme
    if scheme not in {"redis", "rediss", "amqp", "pyamqp", "memory", "filesystem"}:
        raise ImproperlyConfigured(
            f"CELERY_BROKER_URL={url!r}: expected a redis://, amqp:// or memory:// URL"
        )
    # Redis: a task not acknowledged within the visibility timeout is delivered again.
    return url, {"visibility_timeout": env_int("DECKLAB_VISIBILITY_TIMEOUT", 3600)}


CELERY_BROKER_URL, CELERY_BROKER_TRANSPORT_OPTIONS = _broker()
CELERY_RESULT_BACKEND = None  # state lives in SimulationRun rows, not in a result store
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("DECKLAB_CELERY_EAGER", default=False)

#: Simulation runs (decklab.goldfish; README "Simulation runs (Celery)").
GOLDFISH_MAX_TRIALS = env_int("DECKLAB_GOLDFISH_MAX_TRIALS", 10_000_000)
GOLDFISH_MAX_ACTIVE_RUNS = env_int("DECKLAB_GOLDFISH_MAX_ACTIVE_RUNS", 3)
GOLDFISH_RUNS_PER_HOUR = env_int("DECKLAB_GOLDFISH_RUNS_PER_HOUR", 20)
#: Per chunk (50,000 games): past the soft limit the run fails with a reason; the hard one kills.
GOLDFISH_CHUNK_SOFT_SECONDS = env_int("DECKLAB_GOLDFISH_CHUNK_SECONDS", 60)
GOLDFISH_CHUNK_HARD_SECONDS = GOLDFISH_CHUNK_SOFT_SECONDS + 30
#: A queued or running run with no sign of life for this long has its missing chunks queued
#: again, at most `GOLDFISH_MAX_REQUEUES` times; then it fails.
GOLDFISH_STALE_SECONDS = env_int("DECKLAB_GOLDFISH_STALE_SECONDS", 180)
GOLDFISH_MAX_REQUEUES = env_int("DECKLAB_GOLDFISH_MAX_REQUEUES", 3)
#: The Celery queue of chunk tasks (workers consume the default `celery` queue).
GOLDFISH_QUEUE = os.environ.get("DECKLAB_GOLDFISH_QUEUE", "celery")


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

#: Logs: one line per record on stdout, plain text or JSON for a log collector (decklab/logs.py).
try:
    LOGGING = logging_config(*log_environment())
except ValueError as error:
    raise ImproperlyConfigured(str(error)) from None
