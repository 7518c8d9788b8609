"""Cardroom settings.

With no environment variables the site runs on one machine with nothing else installed: SQLite in
WAL mode, the in-memory channel layer, Celery without a broker server. Environment variables switch
to real services (see README, "Running for real"):

- ``DATABASE_URL``: e.g. ``postgres://postgres@127.0.0.1:5432/cardroom`` (psycopg 3).
- ``REDIS_URL``: e.g. ``redis://127.0.0.1:6379/0``; the channel layer and the Celery broker.
- ``SECRET_KEY``: required when ``DEBUG`` is off.
- ``DEBUG``: ``1`` (default) or ``0``.
- ``ALLOWED_HOSTS``, ``CSRF_TRUSTED_ORIGINS``: comma-separated.
- ``SECURE_HSTS_SECONDS``, ``SECURE_SSL_REDIRECT``, ``SECURE_HSTS_PRELOAD``: HTTPS only by
  default when ``DEBUG`` is off; ``0`` turns them off behind a proxy that does it.
- ``CARDROOM_THROTTLING``: ``0`` turns off the rate limits, socket caps and log-in lock-out.
"""

import json
import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

# Django's generic classes take type arguments at run time (``admin.ModelAdmin[Table]``), as mypy
# and django-stubs want them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    return [item.strip() for item in value.split(",") if item.strip()] or default


DEBUG = env_flag("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-for-debug-mode"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "games",
    "sweeps",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "cardroom.urls"
ASGI_APPLICATION = "cardroom.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {"i18n": "games.templatetags.i18n_constants"},
        },
    },
]

SQLITE_DEFAULT = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
    "OPTIONS": {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    },
}


def database_from_url(url: str) -> dict[str, object]:
    """``DATABASE_URL``'s database. On PostgreSQL psycopg may prepare statements, which Django
    turns off by default: only the statements sent with their parameters apart are ever prepared
    (Django's own cursors merge them into the text, and psycopg prepares none of those), and the
    one such statement is a player's move (``games.tables.snapshot_moves``), prepared on its first
    run on each connection. A pooler in front must keep prepared statements per client (PgBouncer
    1.21 or later, ``max_prepared_statements``; docs/scaling.md).

    Each thread keeps its connection for as long as it runs (Django closes one that failed):
    kept for a minute only, each of a daphne process's threads opened a new PostgreSQL session
    every minute, and the move that opened it waited for the session and for its statement to be
    prepared again, 10-15 ms against 5 (docs/performance.md, thirteenth pass)."""
    database = dj_database_url.parse(url, conn_max_age=None)
    if database["ENGINE"] == "django.db.backends.postgresql":
        database["OPTIONS"] = {"prepare_threshold": 5, **database.get("OPTIONS", {})}
    return dict(database)


DATABASES = {
    "default": database_from_url(os.environ["DATABASE_URL"])
    if os.environ.get("DATABASE_URL")
    else SQLITE_DEFAULT
}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels_redis's layer, with a group's message sent in one round trip
            # (cardroom/redis_layer.py).
            "BACKEND": "cardroom.redis_layer.RedisLayer",
            # redis-py 8 reads with a 5 s socket timeout by default, which cuts the channel
            # layer's blocking receive (BZPOPMIN) and closes every idle socket with 1011. Its
            # pool refuses a 101st connection (MaxConnectionsError, the socket closed with 1011),
            # and all the sockets of one daphne share one inbound queue whose default capacity
            # (100 messages) drops nudges in a burst: a few hundred tables need more of both
            # (docs/performance.md). A burst opens a connection per nudge in flight, and without
            # driver_info None redis-py reads its own package metadata for each (about 1 ms) to
            # send CLIENT SETINFO (docs/performance.md, twenty-first pass).
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_timeout": None,
                        "max_connections": 1000,
                        "driver_info": None,
                    }
                ],
                "capacity": 2000,
            },
        }
    }
else:
    # One channel of the process hears every table's nudges (games/live/neighbours.py): it holds
    # as many waiting messages as the Redis layer's shared queue, not the default 100.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"capacity": 2000},
        }
    }

# Celery (docs/clocks-and-bots.md): Redis when REDIS_URL is set; otherwise kombu's filesystem
# transport writing each message whole (cardroom/broker.py) in CELERY_FOLDER, shared by the web
# process that sends and the worker that `make run` starts next to daphne. CELERY_BROKER_URL
# overrides both (the tests use "memory://").
CELERY_FOLDER = Path(os.environ.get("CELERY_FOLDER", str(BASE_DIR / "var" / "celery")))
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or "cardroomfs://localhost/"
CELERY_FOLDER.mkdir(parents=True, exist_ok=True)
if CELERY_BROKER_URL.startswith(("cardroomfs://", "filesystem://")):
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "data_folder_in": str(CELERY_FOLDER),
        "data_folder_out": str(CELERY_FOLDER),
        "control_folder": str(CELERY_FOLDER / "control"),
        "store_processed": False,
    }
elif CELERY_BROKER_URL.startswith("redis://"):
    # How long Redis keeps a task a dead worker had taken before handing it out again (it then
    # runs twice: harmless, every task checks the table's version).
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": float(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600"))
    }
CELERY_TASK_IGNORE_RESULT = True
# Celery's Django fix-up closes the worker's database connection around every task unless told
# how many tasks may reuse it: never, here, since the worker applies Django's own rule instead
# (cardroom/celery.py).
CELERY_DB_REUSE_MAX = sys.maxsize
CELERY_TIMEZONE = "UTC"
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BEAT_SCHEDULE_FILENAME = str(CELERY_FOLDER / "beat-schedule")
CARDROOM_SWEEP_SECONDS = float(os.environ.get("CARDROOM_SWEEP_SECONDS", "3"))
# /healthz calls the worker down when beat's sweep has not finished for this long (five sweeps).
CARDROOM_WORKER_STALE_SECONDS = max(15.0, 5 * CARDROOM_SWEEP_SECONDS)
CELERY_BEAT_SCHEDULE = {
    "sweep": {
        "task": "games.sweep",
        "schedule": CARDROOM_SWEEP_SECONDS,
        "options": {"expires": 10},
    },
}

# Clocks, bots and housekeeping (docs/clocks-and-bots.md), in seconds. CARDROOM_BOT_DELAY: the
# range a bot's move is drawn from, "low,high".
CARDROOM_SIT_OUT_SECONDS = float(os.environ.get("CARDROOM_SIT_OUT_SECONDS", "60"))
CARDROOM_CLOSE_IDLE_SECONDS = float(os.environ.get("CARDROOM_CLOSE_IDLE_SECONDS", "1800"))
CARDROOM_BOT_DELAY = tuple(
    float(bound) for bound in os.environ.get("CARDROOM_BOT_DELAY", "1,2").split(",", 1)
)
# The pause between a settled coup and the next at a house table (docs/house-tables.md).
CARDROOM_HOUSE_PAUSE_SECONDS = float(os.environ.get("CARDROOM_HOUSE_PAUSE_SECONDS", "8"))
CARDROOM_HEARTBEAT_SECONDS = 15.0
# Without Redis the channel layer lives in daphne's memory, so the nudges of moves made in the
# Celery worker's process (clocks, bots, the sweep) never reach the sockets: each socket then looks
# at its table's version this often instead. With Redis every process shares the layer.
CARDROOM_VERSION_POLL_SECONDS: float | None = None if REDIS_URL else 1.0
CARDROOM_PRESENCE_STALE_SECONDS = 45.0

AUTH_USER_MODEL = "games.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Spanish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


# Security and throttling (docs/security.md) --------------------------------------------------
# With DEBUG off the site is HTTPS only: Secure cookies (the language's too), HSTS for a year and
# plain HTTP redirected, except /healthz for a proxy's health checks. Behind a proxy that
# redirects and sends HSTS itself, SECURE_SSL_REDIRECT=0 and SECURE_HSTS_SECONDS=0 turn ours off.
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
# Asking browsers to preload HSTS is a promise the site's owner makes for his whole domain by
# submitting it to the preload list: SECURE_HSTS_PRELOAD=1 makes it; until then the deploy
# check's reminder about it (security.W021) is silenced. templates.W003 says two modules answer
# to `{% load i18n %}`: TEMPLATES names ours on purpose (games.templatetags.i18n_constants is
# Django's library with its constant translations looked up once per language).
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = ["templates.W003"] + ([] if SECURE_HSTS_PRELOAD else ["security.W021"])
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Content-Security-Policy (django-csp): scripts and styles only from this site's files, no inline
# script, style or event handler, no eval (htmx is told not to need them: templates/base.html).
# 'self' covers the site's own websockets.
MIDDLEWARE.insert(1, "csp.middleware.CSPMiddleware")
MIDDLEWARE.insert(2, "cardroom.security.PermissionsPolicyMiddleware")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# The cache holds the rate-limit and socket counts: Redis with REDIS_URL, shared by every daphne
# process; otherwise this process's memory (the embedded set-up runs one daphne process).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cardroom",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# CARDROOM_THROTTLING=0 turns off the rate limits, the socket caps and the log-in lock-out (for a
# load benchmark or a test server that signs up many people from one address).
CARDROOM_THROTTLING = env_flag("CARDROOM_THROTTLING", True)
# (actions, seconds): at most that many in each window, per address or per user.
CARDROOM_RATES = {
    "signup": (10, 3600),
    "guest": (20, 3600),
    "table-user": (10, 600),
    "table-address": (30, 600),
    "tournament-user": (5, 600),
    "tournament-address": (15, 600),
    "login-address": (60, 900),
}
CARDROOM_SOCKETS_PER_USER = 12
CARDROOM_SOCKETS_PER_ADDRESS = 30

# Log-in lock-out (django-axes): 5 wrong passwords for one username from one address lock that
# pair for 15 minutes after the last failure. Friends behind one NAT do not lock one another, and
# nobody locks a player out from another address; "login-address" above stops a script trying
# many usernames from one address.
INSTALLED_APPS.append("axes")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = CARDROOM_THROTTLING
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_USERNAME_CALLABLE = "games.accounts.throttling.username_for_lockout"
AXES_LOCKOUT_CALLABLE = "games.accounts.throttling.locked_out"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Test-only fixed deals (docs/live-tables.md): the JSON file named by the CARDROOM_DEALS variable,
# read only when DEBUG is on; the tests set this setting directly.
CARDROOM_DEALS: dict[str, dict[str, object]] = (
    json.loads(Path(os.environ["CARDROOM_DEALS"]).read_text())
    if DEBUG and os.environ.get("CARDROOM_DEALS")
    else {}
)
