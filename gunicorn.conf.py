"""gunicorn settings for production: ``gunicorn -c gunicorn.conf.py serving.wsgi``.

Everything is read from the environment (docs/deploy.md lists it):

- ``BIND`` (e.g. ``0.0.0.0:8000`` or ``unix:/run/mahjong.sock``), else ``127.0.0.1:$PORT`` (PORT defaults
  to 8000): loopback unless told otherwise, for a proxy on the same machine;
- ``WEB_CONCURRENCY``: worker processes, default one per CPU core this process may run on (at least 2):
  the work is CPU-bound Python and each worker's threads take turns under its GIL, so a worker per core
  keeps every core busy without the kernel also time-slicing workers against each other (measured in
  docs/performance.md: more workers than cores tripled a tap's p99 in some runs, never lowered it);
- ``GUNICORN_THREADS``: threads per worker (default 4). Workers are gthread workers that give a thread
  only to a request that has fully arrived, head and body (serving/gunicorn_worker.py): a request
  whose line and headers are not in within ``GUNICORN_HEADER_TIMEOUT`` seconds (default 10) of its first
  byte, or whose body is not in within ``GUNICORN_BODY_TIMEOUT`` seconds (default 10) of its head, is
  answered 408 and closed, so slow clients cannot hold the threads;
- ``GUNICORN_TIMEOUT``: seconds before a stuck worker is killed and replaced (default 30);
- ``FORWARDED_ALLOW_IPS``: the proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1);
- ``ACCESS_LOG``: ``-`` (stdout, the default), a file path, or empty for none;
- ``GUNICORN_PIDFILE``: where the master writes its pid (for ``kill -USR2``), default none.

Workers keep no state that matters between requests (the database and the cache are shared), so
any number of these servers can run behind one load balancer.
"""

from __future__ import annotations

import multiprocessing
import os


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name}={raw!r} is not a whole number") from None


def _cores() -> int:
    """The CPU cores this process may run on (a container's or ``taskset``'s share, not the host's)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return multiprocessing.cpu_count()


bind = [os.environ.get("BIND") or f"127.0.0.1:{_int('PORT', 8000)}"]
workers = _int("WEB_CONCURRENCY", max(2, _cores()))
# GUNICORN_WORKER_CLASS=sync (with GUNICORN_THREADS=1) gives the old sync workers, for comparisons only.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS") or "serving.gunicorn_worker.HeaderTimeoutWorker"
threads = _int("GUNICORN_THREADS", 4)
worker_connections = 1000
backlog = 2048
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 20
keepalive = 5

# Load Django and the rulesets once in the master, then fork: faster starts, shared memory pages.
preload_app = True

# Off by default: every cache in a worker is bounded (LRU sizes, the local-memory cache's 300 entries), and
# a recycled worker starts with cold caches, which showed as p99 spikes of ~1 s in bench/bench_load.py.
# Set GUNICORN_MAX_REQUESTS (e.g. 20000) to replace each worker after that many requests (staggered ±10 %).
max_requests = _int("GUNICORN_MAX_REQUESTS", 0)
max_requests_jitter = max_requests // 10

# Refuse oversized request lines and headers at the door (Django limits bodies: MAX_BODY_BYTES). The
# calculator's htmx form is a GET: with every system's house rules shown its URL is ~6.8 KB (303
# fields), so the request line may be gunicorn's largest, 8190 bytes (4094 answered those with 414).
# Past it: 414, with the API's JSON error object under /api/ (a long hand goes in a POST body).
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# The master's pid file, for ``kill -USR2 $(cat …)`` (new code on the same socket; docs/deploy.md, Reloads).
pidfile = os.environ.get("GUNICORN_PIDFILE") or None

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("ACCESS_LOG", "-") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()

# gunicorn's control socket is off unless a path is given (several servers on one host would share
# the default path).
control_socket_disable = not os.environ.get("GUNICORN_CONTROL_SOCKET")
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]

wsgi_app = "serving.wsgi:application"


def when_ready(server) -> None:  # noqa: ANN001 - gunicorn's Arbiter
    """Warm the master before any worker is forked, so that every worker (the first ones and any
    replacement) answers its first request as fast as its hundredth: compiled templates, both
    languages' catalogs, the URL resolver, the static-file manifest and the rulesets. Measured: the
    first calculator request of a cold worker took 280–350 ms, of a warmed one 25 ms."""
    if not preload_app:
        return
    try:
        _warm_up()
    except Exception as exc:  # noqa: BLE001 - a failed warm-up costs speed, not correctness
        server.log.warning("warm-up incomplete: %s", exc)


def _warm_up() -> None:
    from pathlib import Path

    from django.conf import settings
    from django.contrib.staticfiles.storage import staticfiles_storage
    from django.db import connections
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    from rulesets.registry import all_rulesets

    all_rulesets()
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in sorted(Path(folder).rglob("*.html")):
            get_template(path.relative_to(folder).as_posix())
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Calculator")
    get_resolver().reverse_dict  # noqa: B018 - builds the resolver's tables
    getattr(staticfiles_storage, "hashed_files", None)  # reads staticfiles.json
    connections.close_all()  # no database connection may be shared with the forked workers
    import gc

    gc.collect()
    gc.freeze()  # what the master built is permanent: the workers' collector need not scan it again


def worker_exit(server, worker) -> None:  # noqa: ANN001 - gunicorn's Arbiter and Worker
    """Write the link register's queued counts before a worker exits (reload, restart), waiting at most
    2 s: with the database hung they are dropped rather than holding the exit."""
    import threading

    try:
        from calculator.models import writer
    except Exception:  # noqa: BLE001 - the app never loaded: nothing queued
        return
    flushing = threading.Thread(target=writer.flush, name="link-register-exit", daemon=True)
    flushing.start()
    flushing.join(2)
