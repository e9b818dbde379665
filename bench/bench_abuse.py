"""Abuse benchmark, run on demand (``make bench-abuse``); never part of the tests.

Can one client raise the other clients' latency? The production server (gunicorn with
gunicorn.conf.py, production settings; bench/bench_load.py starts it) serves:

- **other clients**: ``--clients`` of them (default 8), each from its own loopback address
  (127.0.0.10, .11, …), each sending one request every ``--interval`` seconds (default 0.1) — the
  calculator page, the API (GET and POST), a share page and its preview, in turn — and timing each;
- **one abuser**, from 127.0.0.2, in a process of its own with ``--flood`` connections (default 8)
  sending without pause: previews and share pages of codes never seen before (each a new preview to
  draw and a new row in the link register). It runs at ``nice 19``: on one machine the abuser's own
  client would otherwise take the CPU the server needs, which a remote abuser does not.

Three phases, each ``--duration`` seconds, in one run: the other clients alone; with the abuser under
the shipped rate limits; with the abuser and the limits turned off (``RATE_LIMIT_*=0``, a second
server). For each: the other clients' requests, p50/p99/max latency and errors, and what the abuser
got (answers per second, how many were 429), and the CPU seconds the server's processes used per
second (read from /proc: unlike latency, not inflated by other work on the machine).

    .venv/bin/python bench/bench_abuse.py                    # 10 s per phase
    .venv/bin/python bench/bench_abuse.py --duration 20 --markdown

The database is a fresh SQLite file and the cache local memory unless ``DATABASE_URL`` / ``CACHE_URL``
are set (e.g. ``CACHE_URL=redis://127.0.0.1:6379/0``), as in bench/bench_load.py.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import multiprocessing.synchronize
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_load import production_server  # noqa: E402

from rulesets.notation import parse_hand  # noqa: E402
from rulesets.sharecode import share_code  # noqa: E402

HANDS = ["[123m1]456m789m345p55p", "[123m1][345m1]56s678p33z7s", "123m456m789m123p55p", "234m345m456m678p99p"]
ABUSER = "127.0.0.2"


@dataclass
class Timings:
    seconds: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0

    def add(self, status: int, elapsed: float) -> None:
        if status == 0:
            self.errors += 1
            return
        self.seconds.append(elapsed)
        self.statuses[status] = self.statuses.get(status, 0) + 1

    def merge(self, other: Timings) -> None:
        self.seconds += other.seconds
        self.errors += other.errors
        for status, n in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + n

    def percentile(self, q: float) -> float:
        ordered = sorted(self.seconds)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


def _request(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None) -> int:
    headers = {"Content-Type": "application/json"} if body else {}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status


def _connection(base: str, source: str) -> http.client.HTTPConnection:
    url = urlparse(base)
    return http.client.HTTPConnection(url.hostname, url.port, timeout=30, source_address=(source, 0))


def _one(base: str, source: str, conn: list[http.client.HTTPConnection], method: str, path: str,
         body: bytes | None) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        status = _request(conn[0], method, path, body)
    except (OSError, http.client.HTTPException):
        conn[0].close()
        conn[0] = _connection(base, source)
        return 0, time.perf_counter() - started
    return status, time.perf_counter() - started


def other_client(base: str, source: str, code: str, seconds: float, interval: float) -> Timings:
    """One well-behaved client: one request per ``interval``, each door in turn."""
    api_body = json.dumps({"hand": HANDS[0], "rules": ["gb", "sichuan"]}).encode()
    doors = [
        ("GET", f"/?hand={quote(HANDS[0])}", None),
        ("GET", f"/api/v1/score?hand={quote(HANDS[1])}", None),
        ("POST", "/api/v1/score", api_body),
        ("GET", f"/h/{code}", None),
        ("GET", f"/h/{code}/og.png", None),
    ]
    conn = [_connection(base, source)]
    timings = Timings()
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        tick = time.monotonic()
        method, path, body = doors[i % len(doors)]
        timings.add(*_one(base, source, conn, method, path, body))
        i += 1
        time.sleep(max(0.0, interval - (time.monotonic() - tick)))
    return timings


def _abuse(base: str, seconds: float, connections: int, first: int, queue: multiprocessing.Queue,
           ready: multiprocessing.synchronize.Event) -> None:
    """The abuser's process: ``connections`` threads, no pause, a new code for every request. It runs
    at the lowest CPU priority: a real abuser's client runs on its own machine, so the CPU it takes
    here to send would otherwise be counted against the server."""
    os.nice(19)
    results: list[Timings] = []
    hands = [parse_hand(h) for h in HANDS]
    paths = [  # made before the flood starts, so that the abuser spends its time sending
        (lambda code: f"/h/{code}/og.png" if i % 2 else f"/h/{code}")(
            share_code(hands[i % len(hands)], ["guobiao"], {"guobiao": {"base_points": first * 100_000 + i}}))
        for i in range(connections * 2_500)
    ]

    def flood(n: int) -> None:
        conn = [_connection(base, ABUSER)]
        timings = Timings()
        end = time.monotonic() + seconds
        i = n
        while time.monotonic() < end and i < len(paths):
            timings.add(*_one(base, ABUSER, conn, "GET", paths[i], None))
            i += connections
        results.append(timings)

    threads = [threading.Thread(target=flood, args=(n,)) for n in range(connections)]
    ready.set()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total = Timings()
    for t in results:
        total.merge(t)
    queue.put((total.statuses, total.errors, len(total.seconds)))


@dataclass
class Phase:
    name: str
    others: Timings
    abuser: tuple[dict[int, int], int, int] | None
    seconds: float
    server_cpu: float = float("nan")  # CPU seconds the server's processes used per second of the phase


def server_cpu_seconds(base: str) -> float:
    """CPU seconds used so far by the gunicorn processes serving ``base`` (found by their BIND)."""
    bind = f"BIND=127.0.0.1:{urlparse(base).port}".encode()
    total = 0.0
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if b"gunicorn" not in (proc / "cmdline").read_bytes() or bind not in (proc / "environ").read_bytes():
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run_phase(name: str, base: str, code: str, args: argparse.Namespace, abuse: bool, first: int) -> Phase:
    queue: multiprocessing.Queue = multiprocessing.Queue()
    abuser = None
    if abuse:
        ready = multiprocessing.Event()
        abuser = multiprocessing.Process(target=_abuse, args=(base, args.duration + 1, args.flood, first, queue, ready))
        abuser.start()
        ready.wait(120)  # the abuser has made its codes
        time.sleep(0.5)  # and its flood is under way before the others are timed
    results: list[Timings] = []
    cpu_before, started = server_cpu_seconds(base), time.monotonic()
    threads = [
        threading.Thread(target=lambda n=n: results.append(
            other_client(base, f"127.0.0.{10 + n}", code, args.duration, args.interval)))
        for n in range(args.clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    others = Timings()
    for t in results:
        others.merge(t)
    cpu = (server_cpu_seconds(base) - cpu_before) / (time.monotonic() - started)
    got = None
    if abuser is not None:
        got = queue.get(timeout=60)
        abuser.join(timeout=30)
    return Phase(name, others, got, args.duration, cpu)


def report(phases: list[Phase], markdown: bool) -> str:
    header = ("phase", "others' requests", "p50 ms", "p99 ms", "max ms", "errors / 5xx", "abuser answers/s",
              "abuser 429", "server CPU s/s")
    rows = []
    for p in phases:
        server_errors = sum(n for s, n in p.others.statuses.items() if s >= 500)
        if p.abuser:
            statuses, errors, answered = p.abuser
            flood = f"{answered / (p.seconds + 1):.0f}"  # it floods for about one second more than timed
            limited = f"{statuses.get(429, 0) / max(1, answered):.0%}"
        else:
            flood = limited = "—"
        rows.append((p.name, str(len(p.others.seconds)), f"{p.others.percentile(50):.1f}",
                     f"{p.others.percentile(99):.1f}", f"{max(p.others.seconds, default=0) * 1000:.0f}",
                     f"{p.others.errors} / {server_errors}", flood, limited, f"{p.server_cpu:.2f}"))
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths,
                     strict=True))) for r in [header, *rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10, help="seconds per phase")
    parser.add_argument("--clients", type=int, default=8, help="well-behaved clients")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between a client's requests")
    parser.add_argument("--flood", type=int, default=8, help="the abuser's connections")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    busy = os.getloadavg()[0]
    code = share_code(parse_hand(HANDS[0]), None)
    phases = []
    for name in ("RATE_LIMIT_PREVIEW", "RATE_LIMIT_LINK", "RATE_LIMIT_API"):
        os.environ[name] = ""  # empty: the shipped limits (bench_load turns unset ones off)
    with production_server(args.workers) as (base, what):
        for _ in range(3):  # warm every worker: the page, the share page and its preview
            other_client(base, "127.0.0.9", code, 1, 0.01)
        phases.append(run_phase("others alone", base, code, args, abuse=False, first=0))
        phases.append(run_phase("abuser flooding, rate limits on", base, code, args, abuse=True, first=1))
    for name in ("RATE_LIMIT_PREVIEW", "RATE_LIMIT_LINK", "RATE_LIMIT_API"):
        os.environ[name] = "0"
    with production_server(args.workers) as (base, _what):
        for _ in range(3):
            other_client(base, "127.0.0.9", code, 1, 0.01)
        phases.append(run_phase("abuser flooding, rate limits off", base, code, args, abuse=True, first=2))
    print(f"{what}; {args.clients} clients × 1 request / {args.interval:g} s, abuser {args.flood} connections; "
          f"{args.duration:g} s per phase; {os.cpu_count()} cores, load average {busy:.1f} before the run")
    print(report(phases, args.markdown))
    return 1 if phases[1].others.percentile(99) >= 50 or phases[1].others.errors else 0


if __name__ == "__main__":
    sys.exit(main())
