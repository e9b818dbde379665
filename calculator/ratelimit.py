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
import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

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
    raw = ""
    if header:
        value = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
        raw = value.split(",")[-1].strip()
    raw = raw or request.META.get("REMOTE_ADDR", "") or "unknown"
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


class RateLimitMiddleware:
    """Answers 429 with Retry-After when a client is over the limit of the door it knocks at."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.buckets = Buckets()
        self._config: object = None
        self._limits: tuple[tuple[re.Pattern[str], Limit], ...] = ()

    def limits(self) -> tuple[tuple[re.Pattern[str], Limit], ...]:
        config = getattr(settings, "RATE_LIMITS", {})
        if config is not self._config:  # settings are fixed in production; tests override them
            self._config, self._limits = config, parse_limits(config)
        return self._limits

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        for pattern, limit in self.limits():
            if pattern.match(path):
                client = client_address(request, getattr(settings, "CLIENT_IP_HEADER", ""))
                wait = self.buckets.take((limit.name, client), limit.rate, limit.burst)
                if wait:
                    return too_many(request, limit, wait)
                break
        return self.get_response(request)


def too_many(request: HttpRequest, limit: Limit, wait: float) -> HttpResponse:
    seconds = max(1, math.ceil(wait))
    message = f"too many requests: at most {limit.rate:g} per second (bursts of {limit.burst:g}); retry in {seconds} s"
    response: HttpResponse
    if request.path_info.startswith("/api/"):
        response = JsonResponse({"error": {"code": "rate_limited", "message": message, "position": None}}, status=429)
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(seconds)
    response["Cache-Control"] = "no-store"
    return response
