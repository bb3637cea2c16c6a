"""Settings for the tourney project, read from environment variables.

Every value comes through one of the small typed helpers below, which fail
loudly (ImproperlyConfigured naming the variable) on a malformed value instead
of guessing. The defaults are safe for development: SQLite, eager Celery tasks,
DEBUG on. Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and
REDIS_URL (see docker-compose.yml); `manage.py check --deploy` is then clean.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        raise ImproperlyConfigured(f"environment variable {name} is required")
    return value


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    if raw.strip().lower() in _TRUE:
        return True
    if raw.strip().lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def database_from_url(url: str) -> dict[str, object]:
    """DATABASES['default'] for a postgres:// URL or a sqlite:///path URL."""
    parts = urlsplit(url)
    if parts.scheme in ("postgres", "postgresql"):
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise ImproperlyConfigured(f"DATABASE_URL {url!r} names no database")
        try:
            port = parts.port
        except ValueError:
            raise ImproperlyConfigured(f"DATABASE_URL {url!r} has a malformed port") from None
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(port or ""),
            "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60),
            "CONN_HEALTH_CHECKS": True,
            "ATOMIC_REQUESTS": False,
        }
    if parts.scheme == "sqlite":
        path = parts.path[1:] if parts.path.startswith("//") else parts.path.lstrip("/")
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path or str(BASE_DIR / "db.sqlite3")}
    raise ImproperlyConfigured(f"DATABASE_URL scheme {parts.scheme!r} is not supported (postgres:// or sqlite:///)")


DEBUG = env_bool("DEBUG", True)
if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-never-use-in-production")
else:
    SECRET_KEY = env_str("SECRET_KEY")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters in production")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "tourney.apps.RepairAdminConfig",  # django.contrib.admin, for superusers only
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "tourney",
    "pairing",  # the engines' Django side: adapter, pairing job, its Celery task (pairing/apps.py)
]

MIDDLEWARE = [
    "tourney.middleware.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy with a nonce per request (tourney/csp.py).
    "tourney.csp.ContentSecurityPolicyMiddleware",
    # A reader's public page already in hand, answered before the session, language, CSRF
    # and authentication middleware (tourney/caching/).
    "tourney.caching.middleware.PublicPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the choice made on the page (cookie), else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The desk marker beside a signed-in user's session (tourney/caching/).
    "tourney.caching.middleware.DeskMarkerMiddleware",
    # A logged-in user's own language, over the cookie and the browser (tourney/language.py).
    "tourney.language.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A body too large (413) or an upload the user may not make (403) is refused before the
    # CSRF check reads it (tourney/uploads.py).
    "tourney.uploads.UploadGateMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Whatever a logged-in user gets is private (tourney/caching/).
    "tourney.caching.middleware.PrivateByDefaultMiddleware",
]

if not DEBUG:
    # Production serves the collected static files itself; in development runserver does.
    MIDDLEWARE.insert(2, "whitenoise.middleware.WhiteNoiseMiddleware")  # static files need no CSP

ROOT_URLCONF = "tourney.urls"
WSGI_APPLICATION = "tourney.wsgi.application"
ASGI_APPLICATION = "tourney.asgi.application"

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
                "tourney.csp.csp_nonce",
                # A page shared by every reader carries no CSRF token (tourney/caching/).
                "tourney.caching.readers.csrf_for_shared_pages",
                # The tournament menu's facts, once per request (tourney/navigation.py).
                "tourney.navigation.tournament_menu",
            ],
        },
    },
]

DATABASES = {"default": database_from_url(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Every page in English and Italian (locale/it); the choice is kept a year in a cookie.
LANGUAGES = [("en", "English"), ("it", "Italiano")]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Login throttling (tourney/login_throttle.py): this many failures for one user name from
# one address lock that pair out for this many minutes; this many from one address, for
# any user names, lock the address out.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 30)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15)
# A user name logs in by its canonical form (NFKC, case folded), the form the throttle counts.
AUTHENTICATION_BACKENDS = ["tourney.login_throttle.CanonicalUsernameBackend"]

# Invitations (tourney/services/accounts.py): the set-password link is always shown to the
# organizer, and e-mailed too when the site has a mail server (EMAIL_HOST) or names an
# EMAIL_BACKEND. The link is valid for PASSWORD_RESET_TIMEOUT seconds and once only.
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")
INVITATIONS_BY_EMAIL = env_bool(
    "INVITATIONS_BY_EMAIL", bool(os.environ.get("EMAIL_HOST") or os.environ.get("EMAIL_BACKEND"))
)
PASSWORD_RESET_TIMEOUT = env_int("INVITATION_VALID_SECONDS", 7 * 24 * 3600)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament_list"
LOGOUT_REDIRECT_URL = "tournament_list"
LOCALE_PATHS = [BASE_DIR / "locale"]

# Production switches: on whenever DEBUG is off, each overridable.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
# The language cookie travels like the session's: over HTTPS only in production.
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Scripts and styles from this site only; an inline one needs the request's nonce,
# written {{ csp_nonce }} in a template (tourney/csp.py).
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'nonce-{nonce}'"],
    "style-src": ["'self'", "'nonce-{nonce}'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
CONTENT_SECURITY_POLICY_REPORT_ONLY = env_bool("CONTENT_SECURITY_POLICY_REPORT_ONLY", False)
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Proxies in front that append the client's address to X-Forwarded-For (the login
# throttle counts per client address; behind a proxy REMOTE_ADDR is the proxy's).
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 1 if BEHIND_TLS_PROXY else 0)

# Celery: a Redis broker when REDIS_URL is set, otherwise tasks run eagerly
# in the calling process so that `make run` needs no service at all.
REDIS_URL = env_str("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 600)
# A pairing job's soft time limit: a base plus an allowance per 1,000 players of the
# field (pairing.job.pairing_time_limit), below CELERY_TASK_TIME_LIMIT.
PAIRING_TIME_LIMIT_BASE = env_int("PAIRING_TIME_LIMIT_BASE", 60)
PAIRING_TIME_LIMIT_PER_THOUSAND = env_int("PAIRING_TIME_LIMIT_PER_THOUSAND", 40)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A TRF import job's soft time limit (2,000 players take some 5 s: docs/benchmarks.md).
IMPORT_TIME_LIMIT = env_int("IMPORT_TIME_LIMIT", 120)
# A broker outage (Redis restarted or down) never ends the worker: it reconnects, however long.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# kombu's Redis transport, made to survive a message it cannot put back (tourney/broker.py).
CELERY_BROKER_TRANSPORT = "tourney.broker:Transport" if REDIS_URL else None
# Jobs report through the database (the round's or the import's state), not a result.
CELERY_TASK_IGNORE_RESULT = True
# Every JOB_REAP_SECONDS the beat (`celery worker --beat`, docker-compose.yml) ends the jobs
# no worker holds any more (tourney.tasks.reap_lost_jobs); each worker also does as it starts.
JOB_REAP_SECONDS = env_int("JOB_REAP_SECONDS", 60)
CELERY_BEAT_SCHEDULE = {
    "reap lost jobs": {"task": "jobs.reap_lost", "schedule": JOB_REAP_SECONDS},
    # A team round's boards become public at its lineup deadline (tourney.services.teams).
    "renew lineup pages": {"task": "teams.renew_lineup_pages", "schedule": JOB_REAP_SECONDS},
}

# The cache: Redis when REDIS_URL is set (shared by every web process and the worker, so a
# change made anywhere renews the pages everywhere), else this process's memory (one
# process: `make run`). Public pages are kept per change (tourney/caching/).
CACHE_URL = env_str("CACHE_URL", REDIS_URL)
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            # A Redis that does not answer costs a page this long at most, then the page
            # renders without the cache (tourney/caching/ leaves it alone a while).
            "OPTIONS": {
                "socket_connect_timeout": env_int("CACHE_TIMEOUT_MS", 1000) / 1000,
                "socket_timeout": env_int("CACHE_TIMEOUT_MS", 1000) / 1000,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tourney"}}
# Sessions in the database (any web process serves any arbiter), not read through the
# cache: a signed-in user does not depend on Redis, and a sign-out is final even when Redis
# refused to forget the session (a cached copy would outlive it).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
# The cookie that marks a signed-in user's requests for the proxy and the page cache: an
# HMAC of his session key (tourney/caching/, deploy/nginx.conf).
DESK_COOKIE_NAME = "desk"
# The secret nginx and Django share to check that marker (docker-compose.yml gives both the
# same); without one, a value derived from SECRET_KEY (no proxy to share it with).
DESK_ROUTING_SECRET = env_str("DESK_ROUTING_SECRET", "") or hashlib.sha256(f"desk:{SECRET_KEY}".encode()).hexdigest()
# The site's address as readers reach it (https://chess.example.org): the printed pairing
# sheet's link and QR code. Empty: the address of each request, and one copy of such a
# page per host name (development).
SITE_URL = env_str("SITE_URL", "").rstrip("/")
if SITE_URL and (urlsplit(SITE_URL).scheme not in ("http", "https") or not urlsplit(SITE_URL).netloc):
    raise ImproperlyConfigured(f"SITE_URL={SITE_URL!r} is not an address like https://chess.example.org")
# Part of every public cache key: change it on an upgrade that changes the pages.
PUBLIC_CACHE_RELEASE = env_str("PUBLIC_CACHE_RELEASE", "1")
# A rendered public page stays this long in the cache unless a change replaces it first.
PUBLIC_PAGE_CACHE_SECONDS = env_int("PUBLIC_PAGE_CACHE_SECONDS", 3600)
# "Why not X?" (pairing/explanations.py): the jobs the public may start per tournament and
# minute (each pairs the round again on the worker), and how long an answer is kept.
WHY_NOT_JOBS_PER_MINUTE = env_int("WHY_NOT_JOBS_PER_MINUTE", 20)
WHY_NOT_ANSWER_SECONDS = env_int("WHY_NOT_ANSWER_SECONDS", 7 * 24 * 3600)
# A page renewed less than this many seconds ago is served as it is while changes come in
# (results every second would otherwise render a big crosstable every second); 0: never.
PUBLIC_PAGE_REFRESH_SECONDS = env_int("PUBLIC_PAGE_REFRESH_SECONDS", 2)
# Cache-Control max-age of public pages: how long a proxy or a browser may reuse one.
PUBLIC_PAGE_MAX_AGE = env_int("PUBLIC_PAGE_MAX_AGE", 2)
# A web process reuses the version tokens it read for this long (milliseconds) before asking
# Redis again: a crowd's requests cost no Redis round trip; a change made in another process
# shows that much later (its own at once). 0: ask at every request.
PUBLIC_VERSIONS_LOCAL_SECONDS = env_int("PUBLIC_VERSIONS_LOCAL_MS", 500) / 1000

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# The largest TRF or CSV file the import pages read (bytes); 2 MB holds some 20,000 players.
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 2 * 1024 * 1024)
# The largest request body with a file (bytes): nginx's client_max_body_size (deploy/nginx.conf);
# any other body stops at DATA_UPLOAD_MAX_MEMORY_SIZE (Django's 2.5 MB, its form fields).
# Larger ones are refused with 413 before they are read (tourney/uploads.py).
REQUEST_MAX_BYTES = env_int("REQUEST_MAX_BYTES", 10 * 1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2_621_440)
# An upload that passes is kept in memory, never spooled to a temporary file.
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_HANDLERS = ["django.core.files.uploadhandler.MemoryFileUploadHandler"]
# The one larger upload: a FIDE rating list (some 40 MB zipped, 150 MB and more unzipped), on
# the rating list page only (tourney.views.rating_list), streamed to a file in
# RATING_LIST_DIR rather than held in memory; nginx gives that one location the same cap.
RATING_LIST_MAX_BYTES = env_int("RATING_LIST_MAX_BYTES", 300 * 1024 * 1024)
# Where an uploaded list waits for the import job (the web and the Celery worker must share it).
RATING_LIST_DIR = Path(env_str("RATING_LIST_DIR", str(BASE_DIR / "var" / "rating-lists")))
