"""Load benchmark, run on demand (``make bench-load``); never part of the tests.

Starts the production server — gunicorn with gunicorn.conf.py and the production settings (DEBUG off,
hashed static files) — on 127.0.0.1 at a free port, drives it with wrk at a fixed concurrency for a
bounded time, and reports for each page: requests/s, p50 and p99 latency, errors (non-2xx/3xx answers
plus socket errors), and the ratio of its throughput and latency to a trivial view (``/livez``)
measured in the same run.

The database is a fresh SQLite file unless ``DATABASE_URL`` is set; the cache is local memory unless
``CACHE_URL`` is set (e.g. ``CACHE_URL=redis://127.0.0.1:6379/0``).

    .venv/bin/python bench/bench_load.py                    # 10 s per page, 16 connections
    .venv/bin/python bench/bench_load.py --duration 30 --markdown

The load generator is wrk (Debian's ``wrk`` package): when it is missing the benchmark installs it
with ``apt-get install -y wrk`` (as root), and failing that drives the load with its own Python
generator (``--generator python``: keep-alive connections in two processes; it takes more of the CPU
than wrk, so compare ratios, not absolute figures, between the two). The ratios against the baseline
are what the run reports: an htmx score update ≥ ¼ of ``/livez``'s throughput with p99 < 50 ms, and
``POST /api/v1/score`` ≥ ½. Besides the load it prints the first load of ``/`` on the wire (the page
and everything it asks for, compressed as Chromium asks over HTTPS, and for a gzip-only browser) and
the profile of one htmx score request.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import html.parser
import http.cookiejar
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_HAND = "[123m1]456m789m345p55p"  # a plain discard win that every system can read
MAX_DURATION = 120

WRK_SCRIPT = """
local body_file = os.getenv("BENCH_BODY_FILE")
if body_file and body_file ~= "" then
  local f = assert(io.open(body_file, "rb"))
  wrk.body = f:read("*a")
  f:close()
end
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local headers = os.getenv("BENCH_HEADERS") or ""
for name, value in string.gmatch(headers, "([^\\n:]+): ([^\\n]*)") do
  wrk.headers[name] = value
end

-- BENCH_VARY=1: every request another address (a counter in the query), so no answer is kept for it
local vary = os.getenv("BENCH_VARY") == "1"
local made = 0
setup = function(thread)
  made = made + 1
  thread:set("tid", made)
end
local n = 0
request = function()
  if not vary then
    return wrk.format()
  end
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "_=" .. tostring(tid) .. "-" .. n)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH {\\"requests\\": %d, \\"duration_us\\": %d, \\"socket_errors\\": %d, \\"status_errors\\": %d, " ..
    "\\"p50_us\\": %d, \\"p99_us\\": %d}\\n",
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
"""


@dataclass
class Target:
    """One URL to load: its method, body and headers."""

    name: str
    path: str
    method: str = "GET"
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    vary: bool = False  # every request another address (``_=<n>`` in the query): none answered from a memo


@dataclass
class Measurement:
    target: Target
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    check: str  # the status of one request made before the run, e.g. "200"


# ---------------------------------------------------------------- the server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(static_root: Path, database: Path, port: int, workers: int | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "PLAIN_STATIC", "SSL_REDIRECT", "BIND")}
    env.update(
        DJANGO_SETTINGS_MODULE="calculator.settings",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_COOKIES="0",  # plain HTTP on loopback: the CSRF cookie must come back
        STATIC_ROOT=str(static_root),
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{database}",
        CACHE_URL=os.environ.get("CACHE_URL") or "locmem://",
        BIND=f"127.0.0.1:{port}",
        ACCESS_LOG="",
        LOG_LEVEL="warning",
    )
    # wrk sends everything from one address: the per-client rate limits (calculator/ratelimit.py) would
    # answer most of it with 429. This benchmark measures throughput, so they are off unless set;
    # bench/bench_abuse.py measures them.
    for name in ("RATE_LIMIT_PREVIEW", "RATE_LIMIT_LINK", "RATE_LIMIT_API"):
        env[name] = os.environ.get(name, "0")
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr}")


@contextlib.contextmanager
def production_server(workers: int | None) -> Iterator[tuple[str, str]]:
    """Yield (base URL, what was started) for gunicorn serving the production settings on loopback."""
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        port = _free_port()
        env = _server_env(Path(tmp) / "static", Path(tmp) / "db.sqlite3", port, workers)
        _manage(env, "collectstatic", "--noinput")
        _manage(env, "migrate", "--noinput")
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_until_up(base, server)
            what = (
                f"gunicorn, {env.get('WEB_CONCURRENCY') or f'2×{os.cpu_count()}+1'} workers; "
                f"database {env['DATABASE_URL'].split(':', 1)[0]}; cache {env['CACHE_URL'].split(':', 1)[0]}"
            )
            yield base, what
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()


def _wait_until_up(base: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited:\n{server.stderr.read() if server.stderr else ''}")
        try:
            with urllib.request.urlopen(f"{base}/livez", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer /livez within 60 s")


# ---------------------------------------------------------------- what to load


class _FormFinder(html.parser.HTMLParser):
    """The calculator form on ``/`` (the first form that htmx drives): its action, method and fields."""

    def __init__(self) -> None:
        super().__init__()
        self.form: dict[str, str] | None = None
        self.fields: dict[str, str] = {}
        self._in_form = False
        self._done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and not self._done and self.form is None and ("hx-get" in a or "hx-post" in a):
            self.form, self._in_form = a, True
        elif self._in_form and tag in ("input", "textarea", "select") and a.get("name"):
            if a.get("data-hr"):  # a house rule: calculator.js sends the changed ones as one hr-<system> field
                self.fields.setdefault(f"hr-{a['data-hr']}", "")
                return
            if a.get("data-default") is not None and a["name"].startswith("ctx-") and a.get("type") != "checkbox":
                return  # a table-context control at its default is not sent (calculator.js)
            if tag == "input" and a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.setdefault(a["name"], a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._in_form:
            self._in_form, self._done = False, True


def _opener() -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def _fetch(opener: urllib.request.OpenerDirector, url: str, target: Target | None = None) -> tuple[int, bytes]:
    target = target or Target("", "")
    request = urllib.request.Request(url, data=target.body or None, headers=target.headers, method=target.method)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _share_code(base: str) -> str:
    opener, _ = _opener()
    status, body = _fetch(opener, f"{base}/api/v1/score?{urllib.parse.urlencode({'hand': SAMPLE_HAND})}")
    if status != 200:
        raise SystemExit(f"/api/v1/score could not score {SAMPLE_HAND!r}: {status} {body[:300]!r}")
    return json.loads(body)["hand"]


def _htmx_score_target(base: str) -> Target | None:
    """The calculator's own form, filled with the sample hand and sent as htmx sends it."""
    opener, jar = _opener()
    status, page = _fetch(opener, f"{base}/")
    finder = _FormFinder()
    finder.feed(page.decode("utf-8", errors="replace"))
    if status != 200 or finder.form is None:
        print(f"note: / gave {status} and no form, so the htmx score request is left out", file=sys.stderr)
        return None
    form = finder.form
    method = "POST" if form.get("hx-post") or form.get("method", "get").lower() == "post" else "GET"
    action = form.get("hx-post") or form.get("hx-get") or form.get("action") or "/"
    hand_field = next((name for name in finder.fields if "hand" in name), "hand")
    fields = {**finder.fields, hand_field: SAMPLE_HAND}
    headers = {"HX-Request": "true", "HX-Current-URL": f"{base}/"}
    csrf = next((c.value for c in jar if c.name == "csrftoken"), None)
    if csrf:
        headers.update({"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf})
    encoded = urllib.parse.urlencode(fields)
    if method == "GET":
        return Target(f"score, htmx partial (GET {action})", f"{action}?{encoded}", headers=headers)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    return Target(f"score, htmx partial (POST {action})", action, "POST", encoded.encode(), headers)


def targets(base: str) -> list[Target]:
    code = urllib.parse.quote(_share_code(base), safe="")
    api_body = json.dumps({"hand": SAMPLE_HAND}).encode()
    htmx = _htmx_score_target(base)
    api = Target("POST /api/v1/score", "/api/v1/score", "POST", api_body, {"Content-Type": "application/json"})
    found = [
        Target("baseline: /livez", "/livez"),
        Target("calculator page /", "/"),
        htmx,
        dataclasses.replace(htmx, name=f"{htmx.name}, a new address each (memo misses)", vary=True) if htmx else None,
        api,
        dataclasses.replace(api, name="POST /api/v1/score, a new address each (memo misses)", vary=True),
        Target("share page /h/<code>", f"/h/{code}"),
        Target("preview /h/<code>/og.png", f"/h/{code}/og.png"),
    ]
    return [t for t in found if t is not None]


# ---------------------------------------------------------------- the first load, the profile


class _Assets(html.parser.HTMLParser):
    """What a page asks for as it loads: stylesheets, scripts, images (a sprite's views count once)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        url = (a.get("href") if tag == "link" and "stylesheet" in a.get("rel", "") else
               a.get("src") if tag in ("script", "img") and a.get("loading") != "lazy" else None)
        if url:
            url = url.split("#")[0]
            if url not in self.urls:
                self.urls.append(url)


CHROMIUM_HTTPS = "gzip, deflate, br, zstd"
"""What Chromium sends as ``Accept-Encoding`` over HTTPS (a production site); over plain HTTP it leaves out br."""


def first_load(base: str, accept: str = CHROMIUM_HTTPS) -> tuple[int, int, int]:
    """``/`` and what it asks for, as a browser asks (``accept``: its Accept-Encoding): bytes on the wire
    (bodies as sent plus headers), bytes uncompressed, requests."""
    import gzip
    import http.client

    import brotli

    host = urllib.parse.urlsplit(base)
    wire = raw = 0
    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)

    def get(path: str) -> bytes:
        nonlocal wire, raw
        conn.request("GET", path, headers={"Accept-Encoding": accept, "Accept": "*/*"})
        response = conn.getresponse()
        body = response.read()
        wire += len(body) + sum(len(k) + len(v) + 4 for k, v in response.getheaders()) + 17
        coding = response.getheader("Content-Encoding")
        plain = gzip.decompress(body) if coding == "gzip" else brotli.decompress(body) if coding == "br" else body
        raw += len(plain)
        return plain

    finder = _Assets()
    finder.feed(get("/").decode("utf-8", errors="replace"))
    for url in finder.urls:
        get(url)
    conn.close()
    return wire, raw, 1 + len(finder.urls)


def profile_one_request(target: Target, top: int = 14) -> str:
    """cProfile of the htmx score request, in this process with the production settings (plain static files),
    after warm-up calls, with no answer kept (``RESPONSE_MEMO_BYTES=0``: the cost of drawing one): the
    functions by their own time, and the share of the view's phases."""
    import cProfile
    import io
    import pstats

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.test_settings")
    os.environ["RESPONSE_MEMO_BYTES"] = "0"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.test import Client

    client = Client()
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in target.headers.items() if k.lower() != "cookie"}
    for _ in range(20):
        client.get(target.path, **headers)
    runs = 50
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    for _ in range(runs):
        client.get(target.path, **headers)
    profiler.disable()
    per_call = (time.perf_counter() - started) / runs * 1000
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(r"calculator/|rulesets/|django/(template|forms)/", top)
    stats.sort_stats("tottime").print_stats(top)
    body = "\n".join(line.replace(str(ROOT) + "/", "").replace(sys.prefix + "/lib/python3.12/site-packages/", "")
                     for line in out.getvalue().splitlines() if line.strip() and "function calls" not in line)
    return f"{target.name}: {per_call:.2f} ms a request under the profiler ({runs} calls)\n{body}"


# ---------------------------------------------------------------- the load generators


def run_wrk(base: str, target: Target, script: Path, seconds: int, connections: int) -> dict[str, int]:
    with tempfile.NamedTemporaryFile(prefix="bench-body-") as body:
        body.write(target.body)
        body.flush()
        env = {
            **os.environ,
            "BENCH_METHOD": target.method,
            "BENCH_BODY_FILE": body.name if target.body else "",
            "BENCH_HEADERS": "\n".join(f"{k}: {v}" for k, v in target.headers.items()),
            "BENCH_VARY": "1" if target.vary else "",
        }
        command = [
            "wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "--timeout", "5s",
            "-s", str(script), base + target.path,
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds + 60, check=False)
    line = next((ln for ln in done.stdout.splitlines() if ln.startswith("BENCH ")), None)
    if line is None:
        raise SystemExit(f"wrk gave no summary for {target.name}:\n{done.stdout}\n{done.stderr}")
    return json.loads(line[len("BENCH "):])


def _python_worker(args: tuple[str, Target, float, int]) -> list[float | int]:
    """One process of the Python generator: ``connections`` keep-alive connections on threads."""
    import http.client
    import threading

    base, target, until, connections = args
    host = urllib.parse.urlsplit(base)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def loop() -> None:
        conn = http.client.HTTPConnection(host.hostname, host.port, timeout=5)
        mine: list[float] = []
        sep = "&" if "?" in target.path else "?"
        while time.perf_counter() < until:
            t0 = time.perf_counter()
            path = f"{target.path}{sep}_={threading.get_ident()}-{len(mine)}" if target.vary else target.path
            try:
                conn.request(target.method, path, body=target.body or None, headers=target.headers)
                response = conn.getresponse()
                response.read()
                if response.status >= 400:
                    errors[0] += 1
            except (OSError, http.client.HTTPException):
                errors[0] += 1
                conn.close()
                conn = http.client.HTTPConnection(host.hostname, host.port, timeout=5)
                continue
            mine.append(time.perf_counter() - t0)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=loop) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [errors[0], *latencies]


def run_python(base: str, target: Target, seconds: int, connections: int) -> dict[str, int]:
    """The same summary as wrk's, from two processes of threads (the GIL: one process would be the bottleneck)."""
    import multiprocessing

    procs = 2
    started = time.perf_counter()
    until = started + seconds
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        parts = pool.map(_python_worker, [(base, target, until, connections // procs)] * procs)
    duration = time.perf_counter() - started
    latencies = sorted(x for p in parts for x in p[1:])
    errors = sum(int(p[0]) for p in parts)

    def pct(q: float) -> int:
        return int(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1e6) if latencies else 0

    return {"requests": len(latencies), "duration_us": int(duration * 1e6), "socket_errors": 0,
            "status_errors": errors, "p50_us": pct(0.50), "p99_us": pct(0.99)}


GENERATOR = "wrk"


def ensure_wrk() -> str:
    """wrk, installed with apt-get when missing and this runs as root; else the Python generator."""
    if shutil.which("wrk"):
        return "wrk"
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print("wrk is missing: apt-get install -y wrk", file=sys.stderr)
        subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], check=False, capture_output=True, timeout=300)
        if shutil.which("wrk"):
            return "wrk"
    print("note: wrk is not installed and could not be; the Python generator drives the load", file=sys.stderr)
    return "python"


def measure(base: str, target: Target, script: Path, seconds: int, connections: int) -> Measurement:
    opener, _ = _opener()
    status, _ = _fetch(opener, base + target.path, target)
    if GENERATOR == "python":
        run_python(base, target, min(2, seconds), connections)
        raw = run_python(base, target, seconds, connections)
    else:
        run_wrk(base, target, script, min(2, seconds), connections)  # warm every worker up
        raw = run_wrk(base, target, script, seconds, connections)
    return Measurement(
        target,
        requests_per_second=raw["requests"] / (raw["duration_us"] / 1e6),
        p50_ms=raw["p50_us"] / 1000,
        p99_ms=raw["p99_us"] / 1000,
        errors=raw["socket_errors"] + raw["status_errors"],
        check=str(status),
    )


# ---------------------------------------------------------------- report


def table(results: list[Measurement], markdown: bool) -> str:
    base = results[0]
    header = ("what", "check", "req/s", "p50 ms", "p99 ms", "errors", "req/s ÷ baseline", "p99 ÷ baseline")
    rows = [
        (
            m.target.name, m.check, f"{m.requests_per_second:.0f}", f"{m.p50_ms:.2f}", f"{m.p99_ms:.2f}", str(m.errors),
            f"{m.requests_per_second / base.requests_per_second:.2f}", f"{m.p99_ms / base.p99_ms:.1f}",
        )
        for m in results
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(_aligned(row, widths)) for row in [header, *rows])


def _aligned(row: tuple[str, ...], widths: list[int]) -> list[str]:
    return [cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))]


def aims(results: list[Measurement]) -> str:
    """The phone aims (htmx update, API score) against the baseline of the same run: met or not, with the figures."""
    base = results[0].requests_per_second or 1
    lines = []
    for m in results[1:]:
        if m.target.vary:
            lines.append(f"{m.target.name}: {m.requests_per_second / base:.2f} of the baseline, p99 {m.p99_ms:.1f} ms "
                         "(every request drawn: what a hand no one asked for yet costs)")
        elif "htmx" in m.target.name:
            ok = m.requests_per_second / base >= 0.25 and m.p99_ms < 50
            lines.append(f"htmx score update: {m.requests_per_second / base:.2f} of the baseline (aim ≥ 0.25), "
                         f"p99 {m.p99_ms:.1f} ms (aim < 50): {'met' if ok else 'not met'}")
        elif "api/v1/score" in m.target.name:
            ok = m.requests_per_second / base >= 0.5
            lines.append(f"POST /api/v1/score: {m.requests_per_second / base:.2f} of the baseline (aim ≥ 0.5): "
                         f"{'met' if ok else 'not met'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=10, help=f"seconds per page (at most {MAX_DURATION})")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--only", default="", help="load only the pages whose name contains this (and the baseline)")
    parser.add_argument("--generator", choices=("auto", "wrk", "python"), default="auto",
                        help="the load generator (auto: wrk, installed if missing, else the Python one)")
    parser.add_argument("--no-profile", action="store_true", help="leave out the profile of one request")
    args = parser.parse_args(argv)
    global GENERATOR
    GENERATOR = ensure_wrk() if args.generator == "auto" else args.generator
    seconds = max(1, min(args.duration, MAX_DURATION))
    busy = os.getloadavg()[0]
    if busy > 0.5:
        print(f"note: load average {busy:.1f} before starting: other work on this machine skews the figures",
              file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as tmp, production_server(args.workers) as (base, what):
        script = Path(tmp) / "bench.lua"
        script.write_text(WRK_SCRIPT)
        chosen = [t for i, t in enumerate(targets(base)) if i == 0 or args.only in t.name]
        wire, raw, requests = first_load(base)
        wire_gzip, _, _ = first_load(base, "gzip, deflate")
        results = [measure(base, t, script, seconds, args.connections) for t in chosen]
    gen = f"wrk -t2 -c{args.connections} -d{seconds}s" if GENERATOR == "wrk" else (
        f"the Python generator, {args.connections} connections, {seconds} s")
    print(f"{what}; {gen} on the same machine ({os.cpu_count()} cores, "
          f"load average {busy:.1f} before the run); sample hand {SAMPLE_HAND}")
    print(table(results, args.markdown))
    print()
    print(f"first load of /: {wire / 1024:.1f} KB on the wire ({raw / 1024:.1f} KB uncompressed) in {requests} requests"
          f", asked as Chromium asks over HTTPS ({CHROMIUM_HTTPS}) — aim: under 60 KB; "
          f"{wire_gzip / 1024:.1f} KB for a browser that takes gzip only")
    print(aims(results))
    htmx = next((t for t in chosen if "htmx" in t.name), None)
    if htmx is not None and not args.no_profile:
        print()
        print(profile_one_request(htmx))
    return 1 if any(m.errors or not m.check.startswith(("2", "3")) for m in results) else 0


if __name__ == "__main__":
    sys.exit(main())
