"""Faults: the production server keeps answering while Redis and PostgreSQL are killed, frozen or full,
while slow clients hold connections open, and across a graceful reload (issue 11).

One gunicorn (gunicorn.conf.py: gthread workers, production settings) is started for the module, with
a Redis of its own and, when the machine's PostgreSQL answers on 127.0.0.1:5432, a database of its
own on it, reached through a TCP proxy run by this test:

- **Redis** is a ``redis-server`` started here on a free port: *killed* with SIGKILL (and started
  again), *frozen* with SIGSTOP (SIGCONT after), *filled* (``maxmemory`` 2 MB under ``noeviction``,
  then written to until it refuses writes). It is this test's own process, so nobody else is affected.
- **PostgreSQL** is shared with everyone on the machine, so it is never signalled. The server reaches
  it through :class:`Proxy`, which this test can *pause* (connections stay open, no byte moves in
  either direction: to the server this is exactly a hung database) or take *down* (every connection
  reset, new ones refused).

During each fault, :func:`load` drives the site from a few threads for a bounded time: the calculator,
the API (GET and POST), share pages, previews, the fan reference, and ``/healthz`` every 0.2 s. Each
test asserts that no answer was a 5xx or a failed connection, and that ``/healthz`` answered every time
within one second saying what is wrong. The one-second bound is the fault-tolerance contract of a
health probe (a balancer gives up after about that), not a speed measurement: the handler's own
deadline is 0.4 s (calculator/health.py), so the bound has room for a loaded machine.

HTTP clients retry an idempotent request once when a kept-alive connection was closed before any
answer came (RFC 9112 §9.3.1; browsers and urllib3 do): :func:`fetch` does the same, counts it, and
the reload test asserts that such retries are all that a reload costs.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server")
HEALTH_BOUND = 1.0  # seconds: see the module docstring

pytestmark = pytest.mark.skipif(
    REDIS_SERVER is None, reason="redis-server is not installed (apt-get install redis-server); these machines have it"
)

HANDS = ["[123m1][345m1]56s678p33z7s", "123m456m789m123p55p", "[123m1]456m789m345p55p", "111m234p345p456s77s",
         "123456789m234p11m", "1133557799m2244p", "[555p3]123m456m789s11s", "234m345m456m678p99p"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(check: object, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {seconds} s")


# --- the dependencies -----------------------------------------------------------------------------------


class RedisServer:
    """A redis-server of this test's own, on a free port."""

    def __init__(self, workdir: Path) -> None:
        self.port = _free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        _wait_for(lambda: self.client().ping(), "redis-server answering")

    def client(self):  # noqa: ANN201 - redis.Redis
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def freeze(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def fill(self) -> None:
        """Leave Redis full: 2 MB under ``noeviction``, written to until it refuses writes."""
        import redis

        client = self.client()
        client.config_set("maxmemory-policy", "noeviction")
        client.config_set("maxmemory", "2mb")
        for size in (50_000, 1_000, 10):  # down to small values: even a tiny write is refused then
            with contextlib.suppress(redis.exceptions.ResponseError):
                for i in range(100_000):
                    client.set(f"filler:{size}:{i}", b"x" * size)
        with pytest.raises(redis.exceptions.ResponseError, match="maxmemory"):
            client.set("one-more", b"1")

    def empty(self) -> None:
        client = self.client()
        client.flushall()
        client.config_set("maxmemory", "0")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.thaw()
            self.process.kill()
            self.process.wait()


class Proxy:
    """A TCP proxy in front of ``target`` that can be paused (hung) or taken down (refusing)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.running = threading.Event()
        self.running.set()  # cleared: paused
        self.is_down = False
        self.closed = False
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True, name="proxy-accept").start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.is_down:
                _reset(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                _reset(client)
                continue
            with self._lock:
                self._pairs.append((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while not self.closed:
                self.running.wait()
                readable, _, _ = select.select([a, b], [], [], 0.05)
                for source in readable:
                    if not self.running.is_set():
                        break  # paused between select and recv: move nothing
                    data = source.recv(65536)
                    if not data:
                        return
                    (b if source is a else a).sendall(data)
        except (OSError, ValueError):  # reset by down(), or closed under select
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.close()

    def pause(self) -> None:
        self.running.clear()

    def resume(self) -> None:
        self.running.set()

    def down(self) -> None:
        """Reset every connection and refuse new ones (a database that crashed)."""
        self.is_down = True
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for s in pair:
                _reset(s)

    def up(self) -> None:
        self.is_down = False

    def close(self) -> None:
        self.closed = True
        self.running.set()
        self.listener.close()
        self.down()


def _reset(s: socket.socket) -> None:
    with contextlib.suppress(OSError):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()


def _postgres_url() -> str | None:
    if not getattr(settings, "POSTGRES_REACHABLE", False):
        return None
    return settings.TEST_POSTGRES_URL


@contextlib.contextmanager
def postgres_database() -> Iterator[tuple[str, int] | None]:
    """A database of this module's own on the machine's PostgreSQL (dropped after), or None."""
    url = _postgres_url()
    if url is None:
        yield None
        return
    import psycopg

    parsed = urlparse(url)
    name = f"test_faults_{os.getpid()}"
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield (name, parsed.port or 5432)
    finally:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- the server -----------------------------------------------------------------------------------------


@dataclass
class Site:
    base: str
    port: int
    server: subprocess.Popen[str]
    redis: RedisServer
    proxy: Proxy | None
    database_url: str  # direct, not through the proxy
    codes: list[str]
    log: Path
    issued: int = 1000

    def fresh_codes(self, n: int) -> list[str]:
        """``n`` share codes never shown before (the house rule base_points makes each one new)."""
        from rulesets.notation import parse_hand, share_code

        self.issued += n
        return [share_code(parse_hand(HANDS[0]), ["guobiao"], {"guobiao": {"base_points": self.issued - i}})
                for i in range(n)]

    def rows(self) -> int:
        """Rows of the link register, read directly (not through the proxy)."""
        if self.database_url.startswith("postgres"):
            import psycopg

            with psycopg.connect(self.database_url, connect_timeout=5) as conn:
                return conn.execute("SELECT count(*) FROM calculator_issuedlink").fetchone()[0]  # type: ignore[index]
        import sqlite3

        with contextlib.closing(sqlite3.connect(self.database_url.removeprefix("sqlite:///"))) as conn:
            return conn.execute("SELECT count(*) FROM calculator_issuedlink").fetchone()[0]


def _server_env(port: int, database_url: str, redis_port: int, static_root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_", "RATE_LIMIT_"))}
    for name in ("DEBUG", "SSL_REDIRECT", "HSTS_SECONDS", "BIND", "PORT", "WEB_CONCURRENCY", "CACHE_URL", "REDIS_URL"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="calculator.settings", SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1", SECURE_COOKIES="0", PLAIN_STATIC="1", STATIC_ROOT=str(static_root),
        DATABASE_URL=database_url, CACHE_URL=f"redis://127.0.0.1:{redis_port}/0",
        CACHE_TIMEOUT="0.25", CACHE_RETRY_SECONDS="1", DB_CONNECT_TIMEOUT="2", DB_STATEMENT_TIMEOUT_MS="1000",
        RATE_LIMIT_PREVIEW="0", RATE_LIMIT_LINK="0", RATE_LIMIT_API="0",  # one address sends all the load here
        BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="2", GUNICORN_THREADS="4", GUNICORN_HEADER_TIMEOUT="2",
        ACCESS_LOG="", LOG_LEVEL="warning",
    )
    return env


def _codes() -> list[str]:
    from calculator.share_views import canonical_code

    return [canonical_code(hand, rules) for hand in HANDS for rules in ("gb", "sichuan", None)
            if _reads(hand, rules)]


def _reads(hand: str, rules: str | None) -> bool:
    from calculator.share_views import BadCode, canonical_code

    try:
        canonical_code(hand, rules)
    except BadCode:
        return False
    return True


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    workdir = tmp_path_factory.mktemp("faults")
    redis = RedisServer(workdir)
    redis.start()
    with postgres_database() as database, contextlib.ExitStack() as stack:
        stack.callback(redis.stop)
        proxy = None
        if database is None:
            direct = served = f"sqlite:///{workdir / 'db.sqlite3'}"
        else:
            name, pg_port = database
            proxy = Proxy(("127.0.0.1", pg_port))
            stack.callback(proxy.close)
            user = urlparse(settings.TEST_POSTGRES_URL).username or "postgres"
            direct = f"postgres://{user}@127.0.0.1:{pg_port}/{name}"
            served = f"postgres://{user}@127.0.0.1:{proxy.port}/{name}"
        port = _free_port()
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, capture_output=True, text=True,
            env=_server_env(port, direct, redis.port, workdir / "static"), timeout=120, check=False,
        )
        assert migrate.returncode == 0, migrate.stderr
        log = workdir / "gunicorn.log"
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, text=True,
            env=_server_env(port, served, redis.port, workdir / "static"),
            stdout=subprocess.DEVNULL, stderr=log.open("w"),
        )
        stack.callback(_stop, server)
        base = f"http://127.0.0.1:{port}"
        _wait_for(lambda: server.poll() is None and fetch(base, "/livez").status == 200, "gunicorn answering", 60)
        yield Site(base, port, server, redis, proxy, direct, _codes(), log)


def _stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()


# --- the load -------------------------------------------------------------------------------------------


@dataclass
class Answer:
    name: str
    status: int  # 0: no answer (connection failed or timed out)
    seconds: float
    body: bytes = b""
    error: str = ""
    retried: bool = False


_local = threading.local()


def fetch(base: str, path: str, method: str = "GET", body: bytes | None = None, name: str = "",
          timeout: float = 10) -> Answer:
    """One request on this thread's kept-alive connection (a new one when needed), retried once when a
    reused connection was closed before any answer (see the module docstring)."""
    host = urlparse(base)
    started = time.monotonic()
    for attempt in (1, 2):
        conn = getattr(_local, "conns", {}).get(base)
        reused = conn is not None
        if conn is None:
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=timeout)
            _local.conns = {**getattr(_local, "conns", {}), base: conn}
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
            if response.getheader("Connection", "").lower() == "close":
                _drop(base)
            return Answer(name or path, response.status, time.monotonic() - started, data, retried=attempt == 2)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
            _drop(base)
            if reused and attempt == 1:
                continue
            return Answer(name or path, 0, time.monotonic() - started, error=f"{type(exc).__name__}: {exc}")
        except (OSError, http.client.HTTPException) as exc:
            _drop(base)
            return Answer(name or path, 0, time.monotonic() - started, error=f"{type(exc).__name__}: {exc}")
    raise AssertionError("unreachable")


def _drop(base: str) -> None:
    conn = getattr(_local, "conns", {}).pop(base, None)
    if conn is not None:
        conn.close()


def _targets(codes: list[str], i: int) -> tuple[str, str, str, bytes | None]:
    code = codes[i % len(codes)]
    hand = HANDS[i % len(HANDS)]
    lang = ("en", "zh-hans")[i // len(codes) % 2]
    api_body = json.dumps({"hand": hand, "rules": ["gb", "sichuan"]}).encode()
    choices = [
        ("calculator", f"/?hand={hand}", "GET", None),
        ("api GET", f"/api/v1/score?hand={hand}", "GET", None),
        ("api POST", "/api/v1/score", "POST", api_body),
        ("share page", f"/h/{code}", "GET", None),
        ("preview", f"/h/{code}/og.png?lang={lang}", "GET", None),
        ("fan pages", ("/fans/guobiao/", "/fans/sichuan/", "/fans/guobiao/mixed_straight/")[i % 3], "GET", None),
    ]
    return choices[i % len(choices)]


@dataclass
class Load:
    answers: list[Answer] = field(default_factory=list)
    health: list[Answer] = field(default_factory=list)

    def failures(self) -> list[Answer]:
        return [a for a in self.answers if a.status == 0 or a.status >= 500]

    def names(self) -> set[str]:
        return {a.name for a in self.answers}

    def describe(self) -> str:
        bad = self.failures()
        return f"{len(bad)} of {len(self.answers)} failed, e.g. {[(a.name, a.status, a.error) for a in bad[:5]]}"


THINK_SECONDS = 0.01
"""Each client's pause between two requests: the load is bounded (about two thirds of the two cores
here), as real traffic is, rather than a flood that would measure the CPU instead of the faults."""


def load(site: Site, seconds: float, clients: int = 4, codes: list[str] | None = None) -> Load:
    """Drive the site from ``clients`` threads for ``seconds``, and /healthz every 0.2 s (share pages and
    previews of ``codes``, by default the site's own list)."""
    result = Load()
    codes = codes or site.codes
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client(offset: int) -> None:
        i = offset
        while time.monotonic() < end:
            name, path, method, body = _targets(codes, i)
            answer = fetch(site.base, path, method, body, name=name)
            with lock:
                result.answers.append(answer)
            i += clients
            time.sleep(THINK_SECONDS)

    def health() -> None:
        while time.monotonic() < end:
            answer = fetch(site.base, "/healthz", name="healthz", timeout=5)
            with lock:
                result.health.append(answer)
            time.sleep(0.2)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    threads.append(threading.Thread(target=health))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return result


def health_states(answers: list[Answer]) -> list[tuple[int, str, str]]:
    out = []
    for a in answers:
        body = json.loads(a.body) if a.body else {}
        out.append((a.status, body.get("database", "?"), body.get("cache", "?")))
    return out


def _report(result: Load) -> None:
    """With FAULT_REPORT=path, append what this test measured (the figures in docs/deploy.md)."""
    path = os.environ.get("FAULT_REPORT")
    if not path:
        return
    seconds = sorted(a.seconds for a in result.answers)
    figures = {
        "test": os.environ.get("PYTEST_CURRENT_TEST", "?").split("::")[-1].split(" ")[0],
        "requests": len(result.answers), "failed": len(result.failures()),
        "retried": sum(a.retried for a in result.answers),
        "p50_ms": round(seconds[len(seconds) // 2] * 1000, 1) if seconds else None,
        "p99_ms": round(seconds[int(len(seconds) * 0.99)] * 1000, 1) if seconds else None,
        "healthz": len(result.health), "healthz_max_ms": round(max(a.seconds for a in result.health) * 1000),
        "healthz_states": sorted({f"{s} {d} / {c}" for s, d, c in health_states(result.health)}),
    }
    with open(path, "a") as out:
        out.write(json.dumps(figures) + "\n")


def assert_served(result: Load) -> None:
    _report(result)
    assert result.answers and result.health, "the load sent nothing"
    assert not result.failures(), result.describe()
    assert result.names() >= {"calculator", "api GET", "api POST", "share page", "preview", "fan pages"}
    slow = [round(a.seconds, 2) for a in result.health if a.status == 0 or a.seconds >= HEALTH_BOUND]
    assert not slow, f"/healthz took {slow} s (bound {HEALTH_BOUND} s): {health_states(result.health)}"


# --- the tests ------------------------------------------------------------------------------------------


def test_with_every_dependency_up_everything_answers_and_healthz_is_ok(site: Site) -> None:
    result = load(site, 2)
    assert_served(result)
    assert {(s, d, c) for s, d, c in health_states(result.health)} == {(200, "ok", "ok")}, "nothing is wrong yet"
    assert all(a.status == 200 for a in result.answers), {(a.name, a.status) for a in result.answers}


def test_redis_killed_costs_no_request_and_healthz_says_degraded(site: Site) -> None:
    site.redis.kill()
    try:
        result = load(site, 3)
    finally:
        site.redis.start()
    assert_served(result)
    states = health_states(result.health)
    assert all(status == 200 and cache.startswith("degraded") for status, _db, cache in states), states
    _wait_for(lambda: health_states([fetch(site.base, "/healthz")])[0] == (200, "ok", "ok"), "Redis back in use", 10)


def test_redis_frozen_costs_no_request_and_healthz_answers_within_a_second(site: Site) -> None:
    site.redis.freeze()
    try:
        result = load(site, 3)
    finally:
        site.redis.thaw()
    assert_served(result)
    states = health_states(result.health)
    assert all(status == 200 and cache.startswith("degraded") for status, _db, cache in states), states
    # the breaker: a frozen Redis costs a worker one short timeout per retry period, not one per request
    waited = [a for a in result.answers if a.seconds > 0.2]
    assert len(waited) < len(result.answers) / 4, f"{len(waited)} of {len(result.answers)} requests waited"


def test_redis_full_costs_no_request_and_healthz_says_degraded(site: Site) -> None:
    site.redis.fill()
    try:
        result = load(site, 3)
    finally:
        site.redis.empty()
    assert_served(result)
    states = health_states(result.health)
    assert all(status == 200 and cache.startswith("degraded") for status, _db, cache in states), states


needs_postgres = pytest.mark.skipif(
    not getattr(settings, "POSTGRES_REACHABLE", False),
    reason="PostgreSQL does not answer on 127.0.0.1:5432: the database faults need it (.ci/run starts it)",
)


@needs_postgres
def test_postgres_hung_stalls_no_page_and_healthz_is_503_within_a_second(site: Site) -> None:
    assert site.proxy is not None
    before = site.rows()
    fresh = site.fresh_codes(40)  # each one's first view registers a row: the writes that must wait
    site.proxy.pause()
    try:
        result = load(site, 4, codes=fresh)
    finally:
        site.proxy.resume()
    assert_served(result)
    states = health_states(result.health)
    assert all(status == 503 and db in ("timeout", "error: OperationalError") for status, db, _c in states), states
    # the register was written outside the requests: what was counted during the freeze lands afterwards
    _wait_for(lambda: site.rows() > before, "the link register catching up after the freeze", 15)
    _wait_for(lambda: fetch(site.base, "/healthz").status == 200, "/healthz ok again", 10)


@needs_postgres
def test_postgres_down_breaks_no_page_and_healthz_is_503(site: Site) -> None:
    assert site.proxy is not None
    site.proxy.down()
    try:
        result = load(site, 3)
    finally:
        site.proxy.up()
    assert_served(result)
    states = health_states(result.health)
    assert all(status == 503 and db.startswith(("error", "timeout")) for status, db, _c in states), states
    _wait_for(lambda: fetch(site.base, "/healthz").status == 200, "/healthz ok again", 15)


def test_slow_clients_do_not_hold_the_workers(site: Site) -> None:
    # 2 workers × 4 threads; 60 connections: 30 send their request a byte every 0.3 s, 30 send nothing
    stop = threading.Event()

    def drip() -> None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", site.port)) as s:
            for byte in b"GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 200:
                if stop.is_set():
                    return
                s.send(bytes([byte]))
                time.sleep(0.3)

    silent = [socket.create_connection(("127.0.0.1", site.port)) for _ in range(30)]
    drips = [threading.Thread(target=drip) for _ in range(30)]
    for t in drips:
        t.start()
    try:
        time.sleep(0.5)
        result = load(site, 3)
    finally:
        stop.set()
        for t in drips:
            t.join()
        for s in silent:
            s.close()
    assert_served(result)
    assert "request headers incomplete after 2 s" in site.log.read_text()


def _workers(master: int) -> set[int]:
    """The process ids of ``master``'s children (gunicorn's workers)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == master:
                out.add(int(stat.parent.name))
    return out


def test_a_graceful_reload_loses_no_request(site: Site) -> None:
    before = _workers(site.server.pid)
    holder: dict[str, Load] = {}
    runner = threading.Thread(target=lambda: holder.update(result=load(site, 5)))
    runner.start()
    time.sleep(1)
    site.server.send_signal(signal.SIGHUP)  # new workers from the master, the old ones finish what they hold
    runner.join()
    result = holder["result"]
    assert_served(result)
    assert all(a.status < 400 for a in result.answers), {(a.name, a.status) for a in result.answers}
    after = _workers(site.server.pid)
    assert len(before) == 2 and len(after) == 2 and not before & after, (before, after)
