"""Rate limits per client address on the expensive doors: previews, share pages (which register links)
and the API. A client over its limit gets 429 with ``Retry-After`` (seconds) and costs almost nothing.

Each limit is a token bucket: ``rate`` requests per second on average, bursts of up to ``burst``. The
buckets live in each worker's memory (no cache or database call per request, so a failing Redis cannot
slow this down): with W worker processes a client may get up to W times the rate, which is what the
limit is sized for (``settings.RATE_LIMITS``, from ``RATE_LIMIT_<NAME>=rate,burst``; docs/deploy.md).
At most ``MAX_CLIENTS`` clients are remembered per worker (least recently seen forgotten first).

The client is ``REMOTE_ADDR``, or with ``CLIENT_IP_HEADER`` set (e.g. ``X-Forwarded-For`` behind a
proxy that appends the address it saw) the last address of that header. IPv6 clients are counted per
/64 network, since one machine commonly holds a whole /64.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse

MAX_CLIENTS = 50_000


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
    """Token buckets by key, bounded (LRU), thread-safe."""

    def __init__(self, size: int = MAX_CLIENTS, clock: Callable[[], float] = time.monotonic) -> None:
        self.size = size
        self._clock = clock
        self._state: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: tuple[str, str], rate: float, burst: float) -> float:
        """0 when a request may pass (and is counted), else the seconds until one may."""
        now = self._clock()
        with self._lock:
            tokens, then = self._state.pop(key, (burst, now))
            tokens = min(burst, tokens + (now - then) * rate)
            wait = 0.0
            if tokens >= 1:
                tokens -= 1
            else:
                wait = (1 - tokens) / rate
            self._state[key] = (tokens, now)
            while len(self._state) > self.size:
                self._state.popitem(last=False)
        return wait


def client_address(request: HttpRequest, header: str = "") -> str:
    """The client's address as counted (an IPv6 address as its /64 network)."""
    return address_from_meta(request.META, header)


def address_from_meta(meta: dict[str, object] | object, header: str = "") -> str:
    """The same from a WSGI environ (``request.META``)."""
    get = meta.get  # type: ignore[attr-defined]
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
                wait = self.buckets.take((limit.name, client), limit.rate, limit.burst)
                return (limit, wait) if wait else None
        return None


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
