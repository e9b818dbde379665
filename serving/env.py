"""Small typed helpers that read settings from environment variables and fail loudly on junk."""

from __future__ import annotations

import os
from typing import Any, cast
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
    return _number(name, default, int, "a whole number")


def env_float(name: str, default: float) -> float:
    return _number(name, default, float, "a number")


def _number[N: (int, float)](name: str, default: N, kind: type[N], what: str) -> N:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return kind(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not {what}") from None


def env_rate(name: str, default: tuple[float, float]) -> tuple[float, float]:
    """``rate,burst`` (requests per second, largest burst); ``0`` turns the limit off."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    parts = [p.strip() for p in raw.split(",")]
    try:
        rate = float(parts[0])
        burst = float(parts[1]) if len(parts) > 1 else max(1.0, rate)
    except (ValueError, IndexError):
        raise ImproperlyConfigured(f"{name}={raw!r}: write RATE,BURST (e.g. 2,20) or 0 for no limit") from None
    if len(parts) > 2 or rate < 0 or burst < 0:
        raise ImproperlyConfigured(f"{name}={raw!r}: write RATE,BURST (e.g. 2,20) or 0 for no limit")
    return rate, burst


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


# A cache that stops answering must not hold a request for long: Redis calls give up after this, and a
# failed cache is then skipped for CACHE_RETRY_SECONDS (serving/resilience.py).
REDIS_TIMEOUT_SECONDS = 0.25
REDIS_RETRY_SECONDS = 5.0


def cache_from_url(
    url: str, key_prefix: str = "", timeout: float = REDIS_TIMEOUT_SECONDS, retry_seconds: float = REDIS_RETRY_SECONDS
) -> dict[str, object]:
    """``locmem://`` (default), ``redis://host:port/db`` or ``dummy://`` → a CACHES entry.

    >>> cache_from_url("redis://127.0.0.1:6379/1", "m1")["BACKEND"]
    'serving.resilience.ResilientRedisCache'
    """
    entry = _cache_backend(url, timeout, retry_seconds)
    if key_prefix:
        entry["KEY_PREFIX"] = key_prefix
    return entry


def _cache_backend(url: str, timeout: float, retry_seconds: float) -> dict[str, object]:
    if not url or url.startswith("locmem://"):
        location = urlparse(url).netloc or "mahjong"
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": location}
    scheme = urlparse(url).scheme
    if scheme in ("redis", "rediss", "unix"):
        return {
            "BACKEND": "serving.resilience.ResilientRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout, "retry_seconds": retry_seconds},
        }
    if scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    raise ImproperlyConfigured(f"CACHE_URL={url!r}: use locmem://, redis://host:port/db or dummy://")


def database_from_url(
    url: str, base_dir: str, conn_max_age: int = 60, connect_timeout: int = 2, statement_timeout_ms: int = 2000
) -> dict[str, object]:
    """SQLite in the project folder by default; ``postgres://…`` or ``sqlite:///path`` when set.

    ``conn_max_age`` keeps a server database connection open across requests (seconds; 0 closes
    it after each request), checked before reuse. PostgreSQL connections give up connecting after
    ``connect_timeout`` seconds (libpq's smallest is 2), a statement after ``statement_timeout_ms``,
    and a connection whose server stopped acknowledging after the same time (``tcp_user_timeout``).

    >>> database_from_url("postgres://u:p@db.internal:5432/mahjong", "/srv")["ENGINE"]
    'django.db.backends.postgresql'
    """
    import dj_database_url

    if not url:
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(base_dir, "db.sqlite3")}
    try:
        entry = dict(dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=conn_max_age > 0))
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {exc}") from None
    if entry["ENGINE"] == "django.db.backends.postgresql":
        entry["OPTIONS"] = {
            "connect_timeout": max(2, connect_timeout),
            "options": f"-c statement_timeout={statement_timeout_ms} -c lock_timeout={statement_timeout_ms}",
            "tcp_user_timeout": statement_timeout_ms,
            "keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
            **cast(dict[str, Any], entry.get("OPTIONS") or {}),  # anything the URL says (?sslmode=…) wins
        }
    return entry
