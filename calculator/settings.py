"""Settings for the mahjong scoring calculator: one module, configured by environment variables.

Production is the safe default: DEBUG is off unless ``DEBUG=1``; a placeholder or short SECRET_KEY is
refused when DEBUG is off, and without any SECRET_KEY the serving entry points (``serving.wsgi``,
``check --deploy``) refuse to run. ``make run`` turns DEBUG on for local use.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from serving.env import cache_from_url, database_from_url, env_bool, env_float, env_int, env_list, env_rate, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
_PLACEHOLDER_SECRET = "insecure-dev-key-change-me"
SECRET_KEY = env_str("SECRET_KEY", "").strip() or (_PLACEHOLDER_SECRET if DEBUG else "")
# Without a SECRET_KEY (and DEBUG off) the settings still load, with a random key made for this process
# only, so that every command of the README (``manage.py score …``, ``migrate``) works on a fresh clone
# with no environment. Nothing signed with it outlives the process. The serving entry points refuse it:
# ``serving.wsgi`` (gunicorn) will not start and ``check --deploy`` fails (serving/checks.py).
# With DEBUG on (``make run``) the development placeholder is used, the same across runserver's reloads.
SECRET_KEY_IS_EPHEMERAL = not SECRET_KEY
if SECRET_KEY_IS_EPHEMERAL:
    SECRET_KEY = secrets.token_urlsafe(50)
elif not DEBUG and (SECRET_KEY == _PLACEHOLDER_SECRET or len(SECRET_KEY) < 32):
    # a key that was set but is not a secret is junk, like DEBUG=maybe: refuse it everywhere
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random value (32+ characters) when DEBUG is off "
        "(or set DEBUG=1 for local development)."
    )

# Signatures made with an older key still verify while it is listed here (rotate without logging anyone out).
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] + (["testserver"] if DEBUG else []))
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.staticfiles",
    "django_htmx",
    "calculator",
    "ledger",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "serving.ratelimit.RateLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "serving.compression.CompressionMiddleware",  # brotli or gzip, but not the ledger; BREACH: docs/deploy.md
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "serving.csp.ContentSecurityPolicyMiddleware",  # Django's, the site's policy written once
    "serving.htmx.HtmxMiddleware",  # django-htmx's request.htmx, holding the request weakly (no cycle)
    "serving.errors.DatabaseTroubleMiddleware",  # a view failing on the database: 503, never a 500
]

ROOT_URLCONF = "calculator.urls"
WSGI_APPLICATION = "serving.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "calculator.tables.context",
            ],
        },
    },
]

# PostgreSQL in production (DATABASE_URL=postgres://user:password@host:5432/name); SQLite otherwise.
# Connecting gives up after DB_CONNECT_TIMEOUT seconds, a statement after DB_STATEMENT_TIMEOUT_MS.
DATABASES = {
    "default": database_from_url(
        env_str("DATABASE_URL"), str(BASE_DIR), conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        connect_timeout=env_int("DB_CONNECT_TIMEOUT", 2), statement_timeout_ms=env_int("DB_STATEMENT_TIMEOUT_MS", 2000),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The database as a dependency that fails (serving/dbguard.py): per worker, at most DB_THREADS threads use the
# database at once (default: half of GUNICORN_THREADS); a request's database work is cut after DB_DEADLINE_MS
# (connecting, queries and commit together, even when the server hangs with its kernel still acknowledging);
# after a lost connection the database is not tried for DB_RETRY_SECONDS (503 with Retry-After meanwhile).
DB_THREADS = env_int("DB_THREADS", max(1, env_int("GUNICORN_THREADS", 4) // 2))
DB_DEADLINE_MS = env_int("DB_DEADLINE_MS", env_int("DB_STATEMENT_TIMEOUT_MS", 2000) + 1000)
DB_RETRY_SECONDS = env_float("DB_RETRY_SECONDS", 2.0)

# Retention of the link register (calculator/models.py; ``manage.py check_links --prune`` applies it).
LINK_RETENTION_DAYS = env_int("LINK_RETENTION_DAYS", 400)
LINK_MAX_ROWS = env_int("LINK_MAX_ROWS", 1_000_000)

# The system a new table plays when a request names none (or one that is not registered): a ruleset id.
DEFAULT_SYSTEM = "guobiao"

# Redis in production (CACHE_URL=redis://host:6379/0), shared by every app server; local memory otherwise.
# Set CACHE_KEY_PREFIX per release (e.g. the commit) so nothing cached by an older engine is served.
# Every Redis call gives up after CACHE_TIMEOUT seconds and a failed Redis is skipped for
# CACHE_RETRY_SECONDS: a cache that is down, hung or full is a miss, never an error (serving/resilience.py).
CACHES = {
    "default": cache_from_url(
        env_str("CACHE_URL", env_str("REDIS_URL")), env_str("CACHE_KEY_PREFIX", ""),
        timeout=env_float("CACHE_TIMEOUT", 0.25), retry_seconds=env_float("CACHE_RETRY_SECONDS", 5.0),
    )
}
CACHE_SECONDS = env_int("CACHE_SECONDS", 24 * 3600)

# Internationalisation: 简体中文, 繁體中文 and English, the browser's language by default (zh-TW, zh-HK,
# zh-MO and zh-Hant choose 繁體, any other zh 简体: Django's LANG_INFO fallbacks). 繁體 is generated from
# 简体 (manage.py make_hant; docs/calculator.md, *Languages*).
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("zh-hant", "繁體中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
# Production: collectstatic writes hashed, gzip-compressed copies that whitenoise serves with a
# year-long immutable Cache-Control. DEBUG (and the test suite, PLAIN_STATIC=1) serves the sources.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("PLAIN_STATIC", False)
            else "serving.staticfiles.MinifiedManifestStorage"
        )
    },
}

# Limits on what a client may send.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("MAX_BODY_BYTES", 64 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400
MAX_HAND_STRING = env_int("MAX_HAND_STRING", 1000)  # = rulesets.notation.MAX_LENGTH: every share code issued opens

# Rate limits per client address and server, shared by its workers (serving/ratelimit.py): (requests per second,
# burst). Over the limit: 429 with Retry-After. CLIENT_IP_HEADER names the proxy's header to read the
# client from (its last address), e.g. X-Forwarded-For; empty: the connection's address.
RATE_LIMITS = {
    "preview": env_rate("RATE_LIMIT_PREVIEW", (1, 10)),
    "link": env_rate("RATE_LIMIT_LINK", (2, 20)),
    "api": env_rate("RATE_LIMIT_API", (10, 40)),
}
CLIENT_IP_HEADER = env_str("CLIENT_IP_HEADER", "")

# Answers that are pure functions of their request (the calculator's htmx update, /api/v1/score) are kept
# per worker under the digest of that request (serving/memo.py), at most this many bytes per view; 0:
# none kept.
RESPONSE_MEMO_BYTES = env_int("RESPONSE_MEMO_BYTES", 8 * 1024 * 1024)

# Security headers. HSTS, secure cookies and the referrer policy are configurable.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = env_str("REFERRER_POLICY", "same-origin")
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
SECURE_SSL_REDIRECT = env_bool("SSL_REDIRECT", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_TLS_PROXY", False) else None
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
LANGUAGE_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# A strict Content-Security-Policy: no inline script or style anywhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": "serving.logs.OneLine"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "one_line": {"class": "logging.StreamHandler", "filters": ["one_line"]},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO").upper()},
    "loggers": {
        # a bad Host header is logged as one line ("Invalid HTTP_HOST header: …"), without a traceback
        "django.security.DisallowedHost": {"handlers": ["one_line"], "level": "ERROR", "propagate": False},
    },
}

SITE_NAME = _("Mahjong scoring calculator")
