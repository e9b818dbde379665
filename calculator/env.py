"""Small typed helpers that read settings from environment variables and fail loudly on junk."""

from __future__ import annotations

import os
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# A cache that stops answering must not hold a request for long: Redis calls give up after this.
REDIS_TIMEOUT_SECONDS = 1.0


def cache_from_url(url: str, key_prefix: str = "") -> dict[str, object]:
    """``locmem://`` (default), ``redis://host:port/db`` or ``dummy://`` → a CACHES entry.

    >>> cache_from_url("redis://127.0.0.1:6379/1", "m1")["BACKEND"]
    'django.core.cache.backends.redis.RedisCache'
    """
    entry = _cache_backend(url)
    if key_prefix:
        entry["KEY_PREFIX"] = key_prefix
    return entry


def _cache_backend(url: str) -> dict[str, object]:
    if not url or url.startswith("locmem://"):
        location = urlparse(url).netloc or "mahjong"
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": location}
    scheme = urlparse(url).scheme
    if scheme in ("redis", "rediss", "unix"):
        return {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT_SECONDS, "socket_timeout": REDIS_TIMEOUT_SECONDS},
        }
    if scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    raise ImproperlyConfigured(f"CACHE_URL={url!r}: use locmem://, redis://host:port/db or dummy://")


def database_from_url(url: str, base_dir: str, conn_max_age: int = 60) -> dict[str, object]:
    """SQLite in the project folder by default; ``postgres://…`` or ``sqlite:///path`` when set.

    ``conn_max_age`` keeps a server database connection open across requests (seconds; 0 closes
    it after each request), checked before reuse.

    >>> database_from_url("postgres://u:p@db.internal:5432/mahjong", "/srv")["ENGINE"]
    'django.db.backends.postgresql'
    """
    import dj_database_url

    if not url:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(base_dir, "db.sqlite3")}
    try:
        return dict(dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=conn_max_age > 0))
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
