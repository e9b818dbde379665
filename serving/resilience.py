"""A cache that is only a cache: Redis down, hung or full never turns into an error or a long wait.

:class:`ResilientRedisCache` is Django's Redis backend with three changes:

- every call gives up after ``socket_timeout`` (``CACHE_TIMEOUT``, default 0.25 s; ``serving/env.py``);
- any failure is answered as a miss: ``get`` returns the default, ``add`` returns False (so a guarded
  action is skipped, never repeated), ``set`` does nothing — the caller computes the answer itself;
- after a connection failure or a timeout the cache is **open** (skipped without a network call) for
  ``CACHE_RETRY_SECONDS`` (default 5 s); then one call tries Redis again. So a frozen Redis costs one
  request per process at most ``socket_timeout``, not every request. A write refused because Redis is
  full (``OOM command not allowed`` under ``maxmemory-policy noeviction``) skips that write only.

Each failure is logged once per ``CACHE_RETRY_SECONDS`` (one line, no traceback). :func:`cache_state`
says whether the cache is ``ok`` or ``degraded`` (for ``/healthz``).

:meth:`ResilientRedisCache.take` is the shared rate limiter (serving/ratelimit.py): a token bucket kept
in Redis, so every server behind a balancer counts a client against the same limit; None when Redis does
not answer (the caller then counts in its own server's memory).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis  # noqa: F401 - imported with the app (gunicorn's master), not by a request's first cache call
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

T = TypeVar("T")


class Breaker:
    """Open for ``retry_seconds`` after a failure; ``allow()`` says whether a call may try the service."""

    def __init__(self, retry_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.retry_seconds = retry_seconds
        self._clock = clock
        self._open_until = 0.0
        self._last_log = -1e9
        self.last_error = ""
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        return self._clock() < self._open_until

    def allow(self) -> bool:
        return not self.is_open

    def trip(self, error: str) -> None:
        with self._lock:
            self._open_until = self._clock() + self.retry_seconds
            self.last_error = error

    def reset(self) -> None:
        with self._lock:
            self._open_until = 0.0
            self.last_error = ""

    def should_log(self) -> bool:
        """True at most once per ``retry_seconds``: a failing cache writes one line, not one per request."""
        with self._lock:
            now = self._clock()
            if now - self._last_log < self.retry_seconds:
                return False
            self._last_log = now
            return True


_breakers: dict[tuple[str, float], Breaker] = {}
_breakers_lock = threading.Lock()


def _is_connection_failure(exc: BaseException) -> bool:
    """A dead or hung server (open the breaker), as opposed to one refusing a single command (Redis full)."""
    return isinstance(exc, (RedisConnectionError, RedisTimeoutError, OSError))


class ResilientRedisCache(RedisCache):
    """Django's RedisCache that answers a miss instead of raising, with a breaker (see the module)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        retry_seconds = float(options.pop("retry_seconds", 5.0))
        super().__init__(server, {**params, "OPTIONS": options})
        # Django makes one cache object per thread: the breaker is shared by the process's threads
        with _breakers_lock:
            self.breaker = _breakers.setdefault((server, retry_seconds), Breaker(retry_seconds))

    def _guard(self, what: str, default: T, call: Callable[[], T]) -> T:
        if not self.breaker.allow():
            return default
        try:
            result = call()
        except Exception as exc:  # noqa: BLE001 - a cache failure is a miss, never an error page
            error = f"{type(exc).__name__}: {exc}"
            if _is_connection_failure(exc):
                self.breaker.trip(error)
            if self.breaker.should_log():
                log.warning("cache %s failed, answering without the cache: %s", what, error)
            return default
        return result

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._guard("add", False, lambda: super(ResilientRedisCache, self).add(key, value, timeout, version))

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guard("get", default, lambda: super(ResilientRedisCache, self).get(key, default, version))

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> None:
        self._guard("set", None, lambda: super(ResilientRedisCache, self).set(key, value, timeout, version))

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._guard("touch", False, lambda: super(ResilientRedisCache, self).touch(key, timeout, version))

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._guard("delete", False, lambda: super(ResilientRedisCache, self).delete(key, version))

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._guard("get_many", {}, lambda: super(ResilientRedisCache, self).get_many(keys, version))

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._guard("has_key", False, lambda: super(ResilientRedisCache, self).has_key(key, version))

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list[Any]:
        return self._guard(
            "set_many", list(data), lambda: super(ResilientRedisCache, self).set_many(data, timeout, version)
        )

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._guard("delete_many", None, lambda: super(ResilientRedisCache, self).delete_many(keys, version))

    def clear(self) -> None:
        self._guard("clear", None, lambda: super(ResilientRedisCache, self).clear())

    def take(self, key: str, rate: float, burst: float) -> float | None:
        """One request against the shared bucket ``key`` (``rate`` per second, bursts of ``burst``): 0 when it
        may pass (and is counted), else the seconds until one may; None when Redis does not answer."""
        def call() -> float:
            client = self.__dict__.get("_take_client")
            if client is None:  # one client for this cache object (Django's makes one per call)
                client = self.__dict__["_take_client"] = self._cache.get_client(key, write=True)
            script = _TAKE.get("script")
            if script is None:
                script = _TAKE["script"] = client.register_script(TAKE_SCRIPT)  # its digest, loaded once
            waited = script(keys=[self.make_and_validate_key(key)], args=[1e6 / rate, burst], client=client)
            return max(0.0, float(waited) / 1e6)

        return self._guard("take", None, call)

    def probe(self) -> str:
        """``ok`` after a real write and read, else ``degraded: <why>`` — also when Redis is at its memory
        limit under ``noeviction``, where it refuses writes (ignores the breaker; three short calls).
        A success closes the breaker at once."""
        key = self.make_and_validate_key("healthz")
        try:
            self._cache.set(key, "1", 5)  # a write: a full Redis (noeviction) refuses it
            if self._cache.get(key, None) != "1":
                return "degraded: no round trip"
            if _nearly_full(self._cache.get_client(key, write=True).info("memory")):
                return "degraded: full (maxmemory reached under noeviction: writes are refused)"
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            error = f"{type(exc).__name__}: {exc}"
            if _is_connection_failure(exc):
                self.breaker.trip(error)
            return f"degraded: {type(exc).__name__}"
        self.breaker.reset()
        return "ok"


TAKE_SCRIPT = """
-- a token bucket as GCRA: the key holds the theoretical arrival time (microseconds, Redis's clock) of the
-- next request; a request may pass while that is at most burst intervals ahead of now
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local next_tat = tat + interval
if next_tat - now > burst * interval then
  return tostring(next_tat - now - burst * interval)
end
redis.call('SET', KEYS[1], string.format('%.0f', next_tat), 'PX', math.ceil((next_tat - now) / 1000) + 1)
return '0'
"""
"""The shared bucket's one round trip (a Lua script: read, decide and write at once, on Redis's clock)."""

_TAKE: dict[str, Any] = {}


def _nearly_full(memory: dict[str, Any]) -> bool:
    """Redis refuses writes near ``maxmemory`` under ``noeviction`` (a small write may still pass)."""
    limit = int(memory.get("maxmemory") or 0)
    policy = str(memory.get("maxmemory_policy", ""))
    return limit > 0 and policy == "noeviction" and int(memory.get("used_memory") or 0) >= 0.9 * limit


def cache_state(cache: Any) -> str:
    """``ok`` or ``degraded: …`` for any cache backend (local memory and dummy caches are always ok)."""
    if isinstance(cache, ResilientRedisCache):
        return cache.probe()
    try:
        cache.set("healthz", "1", 5)
        return "ok" if cache.get("healthz") == "1" else "degraded: no round trip"
    except Exception as exc:  # noqa: BLE001
        return f"degraded: {type(exc).__name__}"
