"""Health probes for a load balancer.

``/livez``: the process answers (liveness; touches nothing else — also the load benchmark's baseline).

``/healthz``: the process, the database and the cache (readiness), always within ``HEALTH_DEADLINE``
seconds, however hung a dependency is: each probe runs in a thread of its own, and a probe that has not
answered by the deadline is reported as ``timeout`` (at most one probe per dependency is in flight per
process: a check made while one still runs waits for that one, up to its own deadline, instead of
starting another that would hang too).

- everything answers: 200 ``{"status": "ok", "database": "ok", "cache": "ok"}``;
- the cache is down, hung or full: 200 ``{"status": "degraded", …, "cache": "degraded: …"}`` — every
  page still answers (computed instead of cached), so the server stays in rotation;
- the database is down or hung: 503 ``{"status": "error", "database": "error: …" | "timeout", …}`` —
  the calculator, the API and share pages still answer, but issued links are not registered.

The database probe keeps its connection between checks (a probe thread's own; one that fails is dropped
and the probe tried again once on a new one), so a check is one ``SELECT 1`` on an open connection, not a
new connection each time — which, on a busy
machine, could take longer than the deadline while the database was fine. And a probe that has not
answered by the deadline is ``timeout`` only once the database has not answered any probe for
:data:`HEALTH_GRACE` seconds: a single slow answer from a busy process is not an outage (a hung database
is reported within that time).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from django.core.cache import caches
from django.db import connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_http_methods

from .resilience import cache_state

HEALTH_DEADLINE = 0.4
"""Seconds /healthz waits for its probes in all: well inside the one second a balancer gives it."""

HEALTH_GRACE = 1.5
"""Seconds the database may take to answer a probe, after its last answer, before /healthz says ``timeout``."""

_answered: dict[str, float] = {}
"""When each probe last answered ``ok`` (this process)."""

_pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="healthz")
_in_flight: dict[str, Future[str]] = {}
_lock = threading.Lock()


@require_http_methods(["GET", "HEAD"])
def livez(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


def database_state() -> str:
    """``ok`` or ``error: <kind>``; runs in a probe thread, on that thread's own connection, kept open between
    probes (the request deadline of serving/dbguard.py bounds a hung one). A kept connection that fails
    is dropped and the probe tried once more on a new one: a connection the network dropped since the last
    probe is no outage."""
    from .dbguard import WATCHDOG, gate

    connection = connections["default"]
    kept = connection.connection is not None
    timer = WATCHDOG.arm("default", gate().deadline)
    try:
        for attempt in (1, 2):
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT 1")
                return "ok"
            except Exception as exc:  # noqa: BLE001 - a health check reports every failure
                connection.close()
                if not (kept and attempt == 1 and not timer.fired):
                    return f"error: {type(exc).__name__}"
        raise AssertionError("unreachable")
    finally:
        WATCHDOG.disarm(timer)


def _start(name: str, probe: Callable[[], str]) -> Future[str]:
    """A new probe of ``name``, or the one still running (checks at the same time share one probe)."""
    with _lock:
        running = _in_flight.get(name)
        if running is not None and not running.done():
            return running
        future = _pool.submit(probe)
        _in_flight[name] = future
        return future


def run_probes(probes: dict[str, Callable[[], str]], deadline: float = HEALTH_DEADLINE) -> dict[str, str]:
    """Each probe's answer, or ``timeout`` for those not done within ``deadline`` seconds in all."""
    import time

    started = {name: _start(name, probe) for name, probe in probes.items()}
    end = time.monotonic() + deadline
    out: dict[str, str] = {}
    for name, future in started.items():
        try:
            out[name] = future.result(timeout=max(0.0, end - time.monotonic()))
        except FutureTimeout:
            slow = time.monotonic() - _answered.get(name, -1e9) < HEALTH_GRACE
            out[name] = "ok" if slow else "timeout"  # slow after a recent answer: busy, not hung
        except Exception as exc:  # noqa: BLE001
            out[name] = f"error: {type(exc).__name__}"
        if out[name] == "ok" and future.done():
            _answered[name] = time.monotonic()
    return out


def healthz(request: HttpRequest) -> JsonResponse:
    checks = run_probes({"database": database_state, "cache": lambda: cache_state(caches["default"])})
    if checks["cache"] == "timeout":
        checks["cache"] = "degraded: timeout"
    if checks["database"] != "ok":
        status, code = "error", 503
    elif checks["cache"] != "ok":
        status, code = "degraded", 200
    else:
        status, code = "ok", 200
    return JsonResponse({"status": status, **checks}, status=code)
