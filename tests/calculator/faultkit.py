"""The fault suite's machinery: the production server under test, its own Redis, a TCP proxy in front of
PostgreSQL that a test can pause or take down, and a load of real requests (tests/calculator/test_faults*.py).

:func:`start_site` starts one gunicorn exactly as ``make serve-prod`` does (``gunicorn -c gunicorn.conf.py``:
gthread workers, production settings) with 2 workers × 4 threads, on a Redis of its own and, when the
machine's PostgreSQL answers on 127.0.0.1:5432, on a database of its own there, reached through
:class:`Proxy`; tests/calculator/conftest.py makes it the session's ``site`` fixture:

- **Redis** is a ``redis-server`` started here on a free port: *killed* with SIGKILL (and started
  again), *frozen* with SIGSTOP (SIGCONT after), *filled* (``maxmemory`` 2 MB under ``noeviction``,
  then written to until it refuses writes). It is this suite's own process, so nobody else is affected.
- **PostgreSQL** is shared with everyone on the machine, so it is never signalled. The server reaches
  it through :class:`Proxy`, which a test can *pause* (connections stay open, no byte moves in either
  direction: to the server this is exactly a hung database whose kernel still acknowledges) or take
  *down* (every connection reset, new ones refused).

:func:`load` drives the site from a few threads for a bounded time: the calculator, the API (GET and POST),
share pages, previews, the fan reference, and ``/healthz`` every 0.2 s. :func:`assert_served` asserts that
no answer was a 5xx or a failed connection, and that ``/healthz`` answered every time within one second.
The one-second bound is the fault-tolerance contract of a health probe (a balancer gives up after about
that), not a speed measurement: the handler's own deadline is 0.4 s (serving/health.py), so the bound
has room for a loaded machine.

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

needs_redis = pytest.mark.skipif(
    REDIS_SERVER is None, reason="redis-server is not installed (apt-get install redis-server); these machines have it"
)
needs_postgres = pytest.mark.skipif(
    not getattr(settings, "POSTGRES_REACHABLE", False),
    reason="PostgreSQL does not answer on 127.0.0.1:5432: the database faults need it (.ci/run starts it)",
)

HANDS = ["[123m1][345m1]56s678p33z7s", "123m456m789m123p55p", "[123m1]456m789m345p55p", "111m234p345p456s77s",
         "123456789m234p11m", "1133557799m2244p", "[555p3]123m456m789s11s", "234m345m456m678p99p"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check: object, what: str, seconds: float = 30) -> None:
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
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [str(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        wait_for(lambda: self.client().ping(), "redis-server answering")

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
    served_url: str  # the database as the server reaches it (through the proxy)
    workdir: Path
    issued: int = 1000

    def fresh_codes(self, n: int) -> list[str]:
        """``n`` share codes never shown before (the house rule base_points makes each one new)."""
        from rulesets.notation import parse_hand
        from rulesets.sharecode import share_code

        self.issued += n
        return [share_code(parse_hand(HANDS[0]), ["guobiao"], {"guobiao": {"base_points": self.issued - i}})
                for i in range(n)]

    def rows(self) -> int:
        """Rows of the link register, read directly (not through the proxy)."""
        return int(self.query("SELECT count(*) FROM calculator_issuedlink")[0][0])

    def query(self, sql: str, *params: object) -> list[tuple[object, ...]]:
        """Rows of ``sql`` read directly from the server's database (not through the proxy); ``%s`` parameters."""
        if self.database_url.startswith("postgres"):
            import psycopg

            with psycopg.connect(self.database_url, connect_timeout=5) as conn:
                return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]
        import sqlite3

        with contextlib.closing(sqlite3.connect(self.database_url.removeprefix("sqlite:///"))) as conn:
            return list(conn.execute(sql.replace("%s", "?"), params).fetchall())


def _server_env(port: int, database_url: str, redis_port: int, static_root: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GUNICORN_", "RATE_LIMIT_"))}
    for name in ("DEBUG", "SSL_REDIRECT", "HSTS_SECONDS", "BIND", "PORT", "WEB_CONCURRENCY", "CACHE_URL", "REDIS_URL"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="calculator.settings", SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1", SECURE_COOKIES="0", PLAIN_STATIC="1", STATIC_ROOT=str(static_root),
        DATABASE_URL=database_url, CACHE_URL=f"redis://127.0.0.1:{redis_port}/0",
        CACHE_TIMEOUT="0.25", CACHE_RETRY_SECONDS="1", DB_CONNECT_TIMEOUT="2", DB_STATEMENT_TIMEOUT_MS="1000",
        DB_DEADLINE_MS="1500", DB_RETRY_SECONDS="1",
        RATE_LIMIT_PREVIEW="0", RATE_LIMIT_LINK="0", RATE_LIMIT_API="0",  # one address sends all the load here
        BIND=f"127.0.0.1:{port}", WEB_CONCURRENCY="2", GUNICORN_THREADS="4", GUNICORN_HEADER_TIMEOUT="2",
        GUNICORN_BODY_TIMEOUT="3", ACCESS_LOG="", LOG_LEVEL="warning",
    )
    env.update(extra)
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


@contextlib.contextmanager
def start_site(workdir: Path) -> Iterator[Site]:
    """The server under test (see the module), stopped at the end."""
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
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, capture_output=True, text=True,
            env=_server_env(0, direct, redis.port, workdir / "static"), timeout=120, check=False,
        )
        assert migrate.returncode == 0, migrate.stderr
        log = workdir / "gunicorn.log"
        port, server = serve(workdir, served, redis.port, log)
        stack.callback(stop, server)
        yield Site(f"http://127.0.0.1:{port}", port, server, redis, proxy, direct, _codes(), log, served, workdir)


def serve(workdir: Path, database_url: str, redis_port: int, log: Path, **extra: str
          ) -> tuple[int, subprocess.Popen[str]]:
    """``gunicorn -c gunicorn.conf.py`` on a free port under the suite's environment (and ``extra``), answering."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, text=True,
        env=_server_env(port, database_url, redis_port, workdir / "static", **extra),
        stdout=subprocess.DEVNULL, stderr=log.open("w"),
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: server.poll() is None and fetch(base, "/livez").status == 200, "gunicorn answering", 60)
    except AssertionError:
        stop(server)
        raise
    return port, server


def stop(server: subprocess.Popen[str]) -> None:
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
    at: float = 0.0  # when it was asked (time.monotonic())
    headers: dict[str, str] = field(default_factory=dict)  # names in lower case

    def json(self) -> dict[str, object]:
        return json.loads(self.body) if self.body else {}


_local = threading.local()


def fetch(base: str, path: str, method: str = "GET", body: bytes | None = None, name: str = "",
          timeout: float = 10, headers: dict[str, str] | None = None) -> Answer:
    """One request on this thread's kept-alive connection (a new one when needed), retried once when a
    reused connection was closed before any answer (see the module docstring)."""
    host = urlparse(base)
    started = time.monotonic()
    sent = {**({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})}

    def failed(exc: BaseException) -> Answer:
        return Answer(name or path, 0, time.monotonic() - started, error=f"{type(exc).__name__}: {exc}", at=started)

    for attempt in (1, 2):
        conn = getattr(_local, "conns", {}).get(base)
        reused = conn is not None
        if conn is None:
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=timeout)
            _local.conns = {**getattr(_local, "conns", {}), base: conn}
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            data = response.read()
            if response.getheader("Connection", "").lower() == "close":
                _drop(base)
            return Answer(name or path, response.status, time.monotonic() - started, data, retried=attempt == 2,
                          at=started, headers={k.lower(): v for k, v in response.getheaders()})
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
            _drop(base)
            if reused and attempt == 1:
                continue
            return failed(exc)
        except (OSError, http.client.HTTPException) as exc:
            _drop(base)
            return failed(exc)
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


# --- the ledger, as a phone uses it -----------------------------------------------------------------------


PLAYERS = ["Ann", "Bo", "Cy", "Di"]
WIN = {"hand": "[555z2]123m456p789s22z", "player": 1, "win": "discard", "from": 2}  # 国标, 8+ fans


def api(site: Site, method: str, path: str, body: object = None, key: str | None = None, minimal: bool = False,
        name: str = "") -> Answer:
    """One JSON request, with an idempotency key and ``Prefer: return=minimal`` when asked."""
    headers = {"Idempotency-Key": key} if key else {}
    if minimal:
        headers["Prefer"] = "return=minimal"
    data = json.dumps(body).encode() if body is not None else None
    return fetch(site.base, path, method, data, name=name or path, headers=headers, timeout=15)


def new_table(site: Site, entries: int = 0) -> tuple[str, str]:
    """A 国标 table (its edit and read tokens) with ``entries`` hands."""
    made = api(site, "POST", "/api/v1/tables", {"system": "guobiao", "players": PLAYERS}, key=new_key())
    assert made.status == 201, made.body[:300]
    links = made.json()["links"]
    for i in range(entries):
        path = f"/api/v1/tables/{links['edit_token']}/entries"
        added = api(site, "POST", path, hand_entry(i), key=new_key(), minimal=True)
        assert added.status == 201, added.body[:300]
    return links["edit_token"], links["read_token"]


def new_key() -> str:
    """A fresh idempotency key."""
    return secrets.token_hex(16)


def hand_entry(i: int) -> dict[str, object]:
    """The ``i``-th hand of an evening: a 国标 discard win, each player in turn."""
    winner = i % 4
    return {"kind": "hand", "data": {**WIN, "player": winner, "from": (winner + 1 + i // 4 % 3) % 4}}
