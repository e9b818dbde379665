"""Rate limits per client address on the expensive doors: previews, share pages (which register links)
and the API. A client over its limit gets 429 with ``Retry-After`` (seconds) and costs almost nothing.

Each limit is a token bucket: ``rate`` requests per second on average, bursts of up to ``burst``
(``settings.RATE_LIMITS``, from ``RATE_LIMIT_<NAME>=rate,burst``; docs/deploy.md). The limits are
checked in the WSGI entry point (:func:`wsgi`, before Django builds a request), or by
:class:`RateLimitMiddleware` for requests that did not come through it (the test client, ``runserver``).

The buckets are counted in the shared cache when it is Redis and answers
(:meth:`serving.resilience.ResilientRedisCache.take`: one round trip, a Lua script on Redis's clock), so
several servers behind one balancer count a client once: it gets the limit, not the limit times the
servers. When Redis does not answer (down, hung, full: its breaker is open) each server counts in memory
shared by its worker processes (:class:`Buckets`), so a limit then holds per client and server; with the
local-memory cache (no ``CACHE_URL``) that is always so.

The client is ``REMOTE_ADDR``, or with ``CLIENT_IP_HEADER`` set (e.g. ``X-Forwarded-For`` behind a
proxy that appends the address it saw) the last address of that header. IPv6 clients are counted per
/64 network, since one machine commonly holds a whole /64.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import math
import mmap
import multiprocessing
import re
import struct
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

MAX_CLIENTS = 65_536


@dataclass(frozen=True)
class Limit:
    """``rate`` requests per second, bursts of ``burst``, for paths matching ``pattern``."""

    name: str
    pattern: str
    rate: float
    burst: float


# Which door each limit guards. Order matters: the first match counts.
DOORS: tuple[tuple[str, str], ...] = (
    ("preview", r"^/h/[^/]+/og\.png$"),
    ("link", r"^/h/[^/]+(/qr\.svg)?/?$"),
    ("api", r"^/api/v1/score$"),
)


class Buckets:
    """Token buckets by key in memory shared by every worker of a server, bounded, safe across processes.

    The table is an anonymous shared mapping made when this module is imported — in gunicorn's master,
    which loads the application before forking (``preload_app``) — so all workers count against the
    same buckets and a limit holds per server, not per worker. ``size`` slots, each the key's 64-bit
    digest, its tokens and the time they were counted; a key whose slot holds another key takes it
    over with a full bucket (two clients meeting in one slot are rare with 65,536 of them, and cost
    only a fresh burst). The slots are guarded by striped locks; a lock not had within 50 ms (a worker
    killed while holding it) lets the request through rather than stall it.
    """

    SLOT = struct.Struct("<Qdd")

    def __init__(self, size: int = MAX_CLIENTS, clock: Callable[[], float] = time.monotonic, stripes: int = 64) -> None:
        self.size = size
        self._clock = clock
        self._table = mmap.mmap(-1, self.SLOT.size * size)
        context = multiprocessing.get_context("fork")
        self._locks = [context.Lock() for _ in range(stripes)]

    def take(self, key: tuple[str, str], rate: float, burst: float) -> float:
        """0 when a request may pass (and is counted), else the seconds until one may."""
        digest = int.from_bytes(hashlib.blake2b("\x00".join(key).encode(), digest_size=8).digest(), "little")
        slot = digest % self.size
        lock = self._locks[slot % len(self._locks)]
        if not lock.acquire(timeout=0.05):
            return 0.0
        try:
            now = self._clock()
            offset = slot * self.SLOT.size
            owner, tokens, then = self.SLOT.unpack_from(self._table, offset)
            if owner != digest:
                tokens, then = burst, now
            tokens = min(burst, tokens + max(0.0, now - then) * rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / rate
            self.SLOT.pack_into(self._table, offset, digest, tokens, now)
        finally:
            lock.release()
        return wait


def client_address(request: HttpRequest, header: str = "") -> str:
    """The client's address as counted (an IPv6 address as its /64 network)."""
    return address_from_meta(request.META, header)


def address_from_meta(meta: Mapping[str, Any], header: str = "") -> str:
    """The same from a WSGI environ (``request.META``)."""
    get = meta.get
    raw = ""
    if header:
        value = str(get("HTTP_" + header.upper().replace("-", "_"), ""))
        raw = value.split(",")[-1].strip()
    raw = raw or str(get("REMOTE_ADDR", "") or "") or "unknown"
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64]
    if address.version == 6 and not address.ipv4_mapped:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address.ipv4_mapped or address) if address.version == 6 else str(address)


def parse_limits(config: dict[str, tuple[float, float]]) -> tuple[tuple[re.Pattern[str], Limit], ...]:
    out = []
    for name, pattern in DOORS:
        if name in config:
            rate, burst = config[name]
            if rate > 0:
                out.append((re.compile(pattern), Limit(name, pattern, float(rate), float(max(1, burst)))))
    return tuple(out)


class Limiter:
    """The limits of ``settings.RATE_LIMITS`` over one process's buckets."""

    def __init__(self) -> None:
        self.buckets = Buckets()
        self._config: object = None
        self._limits: tuple[tuple[re.Pattern[str], Limit], ...] = ()

    def limits(self) -> tuple[tuple[re.Pattern[str], Limit], ...]:
        config = getattr(settings, "RATE_LIMITS", {})
        if config is not self._config:  # settings are fixed in production; tests override them
            self._config, self._limits = config, parse_limits(config)
        return self._limits

    def check(self, path: str, meta: dict[str, object]) -> tuple[Limit, float] | None:
        """The limit a request to ``path`` is over and the seconds to wait, or None (it is counted)."""
        for pattern, limit in self.limits():
            if pattern.match(path):
                client = address_from_meta(meta, getattr(settings, "CLIENT_IP_HEADER", ""))
                wait = _shared_take(f"ratelimit:{limit.name}:{client}", limit.rate, limit.burst)
                if wait is None:  # the shared cache does not answer: this server's own count
                    wait = self.buckets.take((limit.name, client), limit.rate, limit.burst)
                return (limit, wait) if wait else None
        return None


def _shared_take(key: str, rate: float, burst: float) -> float | None:
    """The shared cache's count (see the module), or None when there is none or it does not answer."""
    from django.core.cache import caches

    from .resilience import ResilientRedisCache

    cache = caches["default"]
    return cache.take(key, rate, burst) if isinstance(cache, ResilientRedisCache) else None


LIMITER = Limiter()
CHECKED = "calculator.rate_limit_checked"
"""Set in the WSGI environ by :func:`wsgi` so that the middleware does not count a request twice."""


class RateLimitMiddleware:
    """Answers 429 with Retry-After when a client is over the limit of the door it knocks at — for
    requests that did not come through :func:`wsgi` (the test client, ``runserver``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.META.get(CHECKED):
            over = LIMITER.check(request.path_info, request.META)
            if over:
                return too_many(request, *over)
        return self.get_response(request)


def wsgi(app: Callable[..., object]) -> Callable[..., object]:
    """``app`` behind the rate limits, checked before Django builds a request: a refused request costs
    a few microseconds, so a flood of them cannot take the CPU that other clients need."""

    def limited(environ: dict[str, object], start_response: Callable[..., object]) -> object:
        over = LIMITER.check(str(environ.get("PATH_INFO", "")), environ)
        if over:
            limit, wait = over
            status, headers, body = _refusal(str(environ.get("PATH_INFO", "")), limit, wait)
            start_response(status, headers)
            return [body]
        environ[CHECKED] = True
        return app(environ, start_response)

    return limited


def _message(limit: Limit, seconds: int) -> str:
    return f"too many requests: at most {limit.rate:g} per second (bursts of {limit.burst:g}); retry in {seconds} s"


def _refusal(path: str, limit: Limit, wait: float) -> tuple[str, list[tuple[str, str]], bytes]:
    seconds = max(1, math.ceil(wait))
    message = _message(limit, seconds)
    if path.startswith("/api/"):
        body = json.dumps({"error": {"code": "rate_limited", "message": message, "position": None}}).encode()
        kind = "application/json"
    else:
        body, kind = message.encode(), "text/plain; charset=utf-8"
    headers = [("Content-Type", kind), ("Content-Length", str(len(body))), ("Retry-After", str(seconds)),
               ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
    return "429 Too Many Requests", headers, body


def too_many(request: HttpRequest, limit: Limit, wait: float) -> HttpResponse:
    status, headers, body = _refusal(request.path_info, limit, wait)
    response = HttpResponse(body, status=int(status[:3]))
    for name, value in headers:
        response[name] = value
    return response
