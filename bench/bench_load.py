"""Load benchmark, run on demand (``make bench-load``); never part of the tests.

Starts the production server — gunicorn with gunicorn.conf.py and the production settings (DEBUG off,
hashed static files) — on 127.0.0.1 at a free port, drives it with wrk at a fixed concurrency for a
bounded time, and reports for each page: requests/s, p50 and p99 latency, errors (non-2xx/3xx answers
plus socket errors), and the ratio of its throughput and latency to a trivial view (``/livez``)
measured in the same run, just before and after the row (the mean of the two).

The database is a fresh SQLite file unless ``DATABASE_URL`` is set; the cache is local memory unless
``CACHE_URL`` is set (e.g. ``CACHE_URL=redis://127.0.0.1:6379/0``).

    .venv/bin/python bench/bench_load.py                    # 10 s per page, 16 connections
    .venv/bin/python bench/bench_load.py --duration 30 --markdown
    .venv/bin/python bench/bench_load.py --rounds 5 --memo off  # each row's medians over 5 rounds

The load generator is wrk (Debian's ``wrk`` package): when it is missing the benchmark installs it
with ``apt-get install -y wrk`` (as root), and failing that drives the load with its own Python
generator (``--generator python``: keep-alive connections in two processes; it takes more of the CPU
than wrk, so compare ratios, not absolute figures, between the two).

Two servers are loaded in turn: the headline with the response memo off (``RESPONSE_MEMO_BYTES=0``,
serving/memo.py: every answer drawn), then the shipped one with it on, whose figures are printed
beside (``--memo off`` leaves it out). Besides the sample hand asked again, the htmx update and the API
are loaded with a new hand each (20,000 seeded random winning hands, each request the next one: what a
tap at a real table costs, no memo of answers, drawings or the engine serving it) and with the sample
hand at a new address each. One more htmx row is a tap as the browser sends it: at a 国标 table, a new
hand each, with the signatures of the parts that table's page holds (``X-Parts``), so the answer brings
only the parts the new hand changes (the other rows ask with no table chosen and no signatures: every
part drawn). The aims are checked against ``/livez`` of the memo-off server: an htmx
score update ≥ ¼ of its throughput with p99 < 50 ms, ``POST /api/v1/score`` ≥ ½ (with ``--rounds N``, each
row's medians over N rounds of every row in turn, and its ratio's range: one round's ratio moves by ±15 % on a
machine whose speed swings from one minute to the next). Besides the load it
prints the first load of ``/`` on the wire (the page and everything it asks for, compressed as Chromium
asks over HTTPS, and for a gzip-only browser) and the profile of a fresh htmx request and a fresh API
score (in-process, many hands it has not seen).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import html.parser
import http.cookiejar
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
-- BENCH_VARIANTS=<file>: every request the next line of the file (a path, or a body for a POST): a new hand each
local variants = {}
local variants_file = os.getenv("BENCH_VARIANTS")
if variants_file and variants_file ~= "" then
  for line in io.lines(variants_file) do
    variants[#variants + 1] = line
  end
end
local made = 0
setup = function(thread)
  made = made + 1
  thread:set("tid", made)
end
local n = 0
request = function()
  n = n + 1
  if #variants > 0 then
    -- the threads start half the list apart, so no two ask for the same hand at the same time
    local line = variants[((tid or 1) * math.floor(#variants / 2) + n) % #variants + 1]
    if wrk.method == "POST" then
      return wrk.format(nil, nil, nil, line)
    end
    return wrk.format(nil, line)
  end
  if not vary then
    return wrk.format()
  end
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
    variants: list[str] = field(default_factory=list)  # a new hand each: paths (GET) or bodies (POST), in turn


@dataclass
class Measurement:
    target: Target
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    check: str  # the status of one request made before the run, e.g. "200"
    baseline_rps: float = 0.0  # /livez's requests a second measured just before and after this row (their mean)
    baseline_p99_ms: float = 0.0
    rounds: tuple[Measurement, ...] = ()  # with --rounds: each round's own; this row then holds their medians

    def ratio(self) -> float:
        """This row's throughput against the baseline's measured next to it (over rounds: their ratios' median)."""
        if self.rounds:
            return statistics.median(m.ratio() for m in self.rounds)
        return self.requests_per_second / (self.baseline_rps or self.requests_per_second or 1)

    def spread(self) -> str:
        """The lowest and highest ratio of the rounds (empty for one round)."""
        if len(self.rounds) < 2:
            return ""
        ratios = [m.ratio() for m in self.rounds]
        return f"{min(ratios):.2f}–{max(ratios):.2f}"


# ---------------------------------------------------------------- the server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(static_root: Path, database: Path, port: int, workers: int | None, memo: bool = True) -> dict[str, str]:
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
    # wrk sends everything from one address: the per-client rate limits (serving/ratelimit.py) would
    # answer most of it with 429. This benchmark measures throughput, so they are off unless set;
    # bench/bench_abuse.py measures them.
    for name in ("RATE_LIMIT_PREVIEW", "RATE_LIMIT_LINK", "RATE_LIMIT_API"):
        env[name] = os.environ.get(name, "0")
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    if not memo:  # no answer kept: each one drawn (serving/memo.py)
        env["RESPONSE_MEMO_BYTES"] = "0"
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr}")


@contextlib.contextmanager
def production_server(workers: int | None, memo: bool = True) -> Iterator[tuple[str, str]]:
    """Yield (base URL, what was started) for gunicorn serving the production settings on loopback (``memo``:
    the response memo as configured, else off)."""
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        port = _free_port()
        env = _server_env(Path(tmp) / "static", Path(tmp) / "db.sqlite3", port, workers, memo)
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
                f"gunicorn, {env.get('WEB_CONCURRENCY') or 'one per core'} workers; "
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


def _htmx_score_target(base: str, hands: list[str]) -> tuple[Target, Target] | None:
    """The calculator's own form, filled with the sample hand and sent as htmx sends it; and the same form with
    a new hand of ``hands`` each time."""
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
    headers = {"HX-Request": "true", "HX-Current-URL": f"{base}/"}
    csrf = next((c.value for c in jar if c.name == "csrftoken"), None)
    if csrf:
        headers.update({"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf})

    def encoded(hand: str) -> str:
        return urllib.parse.urlencode({**finder.fields, hand_field: hand})

    if method == "GET":
        name = f"score, htmx partial (GET {action})"
        one = Target(name, f"{action}?{encoded(SAMPLE_HAND)}", headers=headers)
        paths = [f"{action}?{encoded(h)}" for h in hands]
        return one, dataclasses.replace(one, name=f"{name}, {NEW_HAND}", variants=paths)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    name = f"score, htmx partial (POST {action})"
    one = Target(name, action, "POST", encoded(SAMPLE_HAND).encode(), headers)
    return one, dataclasses.replace(one, name=f"{name}, {NEW_HAND}", variants=[encoded(h) for h in hands])


TAP_TABLE = "guobiao"
TAP = f"a tap at a {TAP_TABLE} table, a new hand each"
"""The row of a tap as the browser sends it: the table chosen, and the signatures of the parts its page
holds (``X-Parts``), so the answer brings only the parts the new hand changes, as a tap at a real table does."""


def _htmx_tap_target(base: str, hands: list[str]) -> Target | None:
    """The calculator's form at a :data:`TAP_TABLE` table, sent as htmx sends it after a tap: the form's fields
    with a new hand each, and ``X-Parts`` with the signatures of the parts of that table's page showing the
    sample hand's first 13 tiles (the parts a new hand changes differ from them and are drawn, as after a
    real tap; the parts it does not change are left out)."""
    opener, jar = _opener()
    query = urllib.parse.urlencode({"rules": TAP_TABLE, "hand": SAMPLE_HAND[:-2] + SAMPLE_HAND[-1]})
    status, page = _fetch(opener, f"{base}/?{query}")
    text = page.decode("utf-8", errors="replace")
    finder = _FormFinder()
    finder.feed(text)
    if status != 200 or finder.form is None or (finder.form.get("hx-get") or "").strip() == "":
        print(f"note: /?{query} gave {status} and no htmx GET form, so the tap row is left out", file=sys.stderr)
        return None
    action = finder.form.get("hx-get") or "/"
    headers = {"HX-Request": "true", "HX-Current-URL": f"{base}/?{query}", "X-Parts": part_signatures(text)}
    csrf = next((c.value for c in jar if c.name == "csrftoken"), None)
    if csrf:
        headers["Cookie"] = f"csrftoken={csrf}"
    paths = [f"{action}?{urllib.parse.urlencode({**finder.fields, 'hand': h})}" for h in hands]
    return Target(f"score, htmx partial (GET {action}), {TAP}", paths[0], headers=headers, variants=paths)


def part_signatures(page: str) -> str:
    """What the browser sends as ``X-Parts`` from a page: each part's id and signature (``data-sig``)."""
    return ",".join(f"{m[1]}:{m[2]}" for m in re.finditer(r'id="([^"]+)"[^>]*?data-sig="([^"]+)"', page))


NEW_HAND = "a new hand each"
"""The rows whose every request is another hand (seeded random winning hands, bench/bench_engine.py): no answer,
drawing or engine memo serves it, as for a tap at a real table."""

NEW_ADDRESS = "the sample hand at a new address each"
"""The rows whose every request is the sample hand with ``_=<n>`` added to its query: the answer memo misses
every time, the engine's and the drawings' memos do not."""

NEW_HANDS = 20_000


def new_hands(count: int = NEW_HANDS, seed: int = 2027) -> list[str]:
    """``count`` different winning hands of 14 tiles, some sets written as claimed packs (seeded, so each run
    sends the same ones)."""
    from bench_engine import random_winning_hands

    return list(dict.fromkeys(random_winning_hands(count, seed).values()))


def targets(base: str, hands: list[str]) -> list[Target]:
    code = urllib.parse.quote(_share_code(base), safe="")
    api_body = json.dumps({"hand": SAMPLE_HAND}).encode()
    htmx = _htmx_score_target(base, hands)
    bodies = [json.dumps({"hand": h}) for h in hands]
    api = Target("POST /api/v1/score", "/api/v1/score", "POST", api_body, {"Content-Type": "application/json"})
    found = [
        Target("baseline: /livez", "/livez"),
        Target("calculator page /", "/"),
        *(htmx or ()),
        dataclasses.replace(htmx[0], name=f"{htmx[0].name}, {NEW_ADDRESS}", vary=True) if htmx else None,
        _htmx_tap_target(base, hands),
        api,
        dataclasses.replace(api, name=f"POST /api/v1/score, {NEW_HAND}", variants=bodies),
        dataclasses.replace(api, name=f"POST /api/v1/score, {NEW_ADDRESS}", vary=True),
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


def _in_process_client() -> Any:
    """Django's test client over the production settings with plain static files, in this process, with no
    answer kept (``RESPONSE_MEMO_BYTES=0``: the cost of drawing one)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.test_settings")
    os.environ["RESPONSE_MEMO_BYTES"] = "0"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.test import Client

    return Client()


def _caller(client: Any, target: Target) -> Callable[[str | None], Any]:
    """A function that sends ``target`` through ``client`` (a variant, a path or a body, in place of its own)."""
    headers = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in target.headers.items()
               if k.lower() not in ("cookie", "content-type")}
    kind = target.headers.get("Content-Type", "")

    def call(variant: str | None) -> Any:
        if target.method == "GET":
            return client.get(variant or target.path, **headers)
        body = variant if variant is not None else target.body.decode()
        return client.generic(target.method, target.path, body, content_type=kind, **headers)

    return call


def profile_fresh(chosen: list[Target], top: int = 16, runs: int = 200) -> str:
    """In this process (:func:`_in_process_client`): what a request of each target that has a new hand each
    costs, in thread CPU time per request over ``runs`` hands it has not seen, against ``/livez`` the same
    way; then cProfile over ``runs`` more hands: the functions by cumulative time (the site's and the
    engine's, Django's templates and forms) and by their own time."""
    import cProfile
    import io
    import pstats

    client = _in_process_client()
    out: list[str] = []
    livez = _caller(client, Target("", "/livez"))
    for _ in range(50):
        livez(None)
    started = time.thread_time()
    for _ in range(runs):
        livez(None)
    base_ms = (time.thread_time() - started) / runs * 1000
    out.append(f"/livez: {base_ms:.2f} ms a request (thread CPU time, {runs} calls)")
    for target in (t for t in chosen if t.variants):
        call = _caller(client, target)
        variants = target.variants
        for v in variants[:20]:  # warm-up: the templates, the registry, the tables the engine builds once
            call(v)
        fresh = iter(variants[20:])
        started = time.thread_time()
        for _ in range(runs):
            call(next(fresh))
        per_call = (time.thread_time() - started) / runs * 1000
        profiler = cProfile.Profile(time.thread_time)  # CPU time: other jobs on the machine do not count
        profiler.enable()
        for _ in range(runs):
            call(next(fresh))
        profiler.disable()
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.sort_stats("cumulative").print_stats(r"calculator/|rulesets/|django/(template|forms)/", top)
        stats.sort_stats("tottime").print_stats(top)
        body = "\n".join(line.replace(str(ROOT) + "/", "").replace(sys.prefix + "/lib/python3.12/site-packages/", "")
                         for line in text.getvalue().splitlines() if line.strip() and "function calls" not in line)
        out.append(f"\n{target.name}: {per_call:.2f} ms a request ({base_ms and per_call / base_ms:.1f}× /livez; "
                   f"thread CPU time, {runs} hands it had not seen); then under the profiler, {runs} more:\n{body}")
    return "\n".join(out)


# ---------------------------------------------------------------- the load generators


def run_wrk(base: str, target: Target, script: Path, seconds: int, connections: int) -> dict[str, int]:
    with tempfile.NamedTemporaryFile(prefix="bench-body-") as body, \
            tempfile.NamedTemporaryFile("w", prefix="bench-variants-") as variants:
        body.write(target.body)
        body.flush()
        variants.write("".join(v + "\n" for v in target.variants))
        variants.flush()
        env = {
            **os.environ,
            "BENCH_METHOD": target.method,
            "BENCH_BODY_FILE": body.name if target.body else "",
            "BENCH_HEADERS": "\n".join(f"{k}: {v}" for k, v in target.headers.items()),
            "BENCH_VARY": "1" if target.vary else "",
            "BENCH_VARIANTS": variants.name if target.variants else "",
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
            path, body = target.path, target.body
            if target.variants:  # a new hand each: the next path (GET) or body (POST), each connection elsewhere
                variant = target.variants[(threading.get_ident() + len(mine) * 7919) % len(target.variants)]
                path, body = (path, variant.encode()) if target.method == "POST" else (variant, body)
            elif target.vary:
                path = f"{target.path}{sep}_={threading.get_ident()}-{len(mine)}"
            try:
                conn.request(target.method, path, body=body or None, headers=target.headers)
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
    # every worker warmed up first; with a new hand each, on hands the measured run does not send
    cut = len(target.variants) * 3 // 4
    warm = dataclasses.replace(target, variants=target.variants[cut:])
    target_run = dataclasses.replace(target, variants=target.variants[:cut])
    if GENERATOR == "python":
        run_python(base, warm, min(2, seconds), connections)
        raw = run_python(base, target_run, seconds, connections)
    else:
        run_wrk(base, warm, script, min(2, seconds), connections)
        raw = run_wrk(base, target_run, script, seconds, connections)
    return Measurement(
        target,
        requests_per_second=raw["requests"] / (raw["duration_us"] / 1e6),
        p50_ms=raw["p50_us"] / 1000,
        p99_ms=raw["p99_us"] / 1000,
        errors=raw["socket_errors"] + raw["status_errors"],
        check=str(status),
    )


# ---------------------------------------------------------------- report


def table(off: list[Measurement], on: list[Measurement], markdown: bool) -> str:
    """The rows measured with the response memo off (the headline: what drawing an answer costs) and, beside
    them, the same rows with it on (``on`` may be empty). Ratios against ``/livez`` of the same server."""
    header = ("what", "check", "req/s", "p50 ms", "p99 ms", "errors", "req/s ÷ baseline", "p99 ÷ baseline")
    spread = any(m.spread() for m in off)
    if spread:
        header += (f"req/s ÷ baseline: range of {len(off[0].rounds)} rounds",)
    if on:
        header += ("memo on: req/s", "p99 ms", "req/s ÷ baseline")
    rows = []
    for i, m in enumerate(off):
        row: tuple[str, ...] = (
            m.target.name, m.check, f"{m.requests_per_second:.0f}", f"{m.p50_ms:.2f}", f"{m.p99_ms:.2f}", str(m.errors),
            f"{m.ratio():.2f}", f"{m.p99_ms / (m.baseline_p99_ms or m.p99_ms):.1f}",
        )
        if spread:
            row += (m.spread() if i else "",)  # the baseline's own ratio is 1 in every round
        if on:
            k = on[i]
            errors = f" ({k.errors} errors)" if k.errors else ""
            row += (f"{k.requests_per_second:.0f}", f"{k.p99_ms:.2f}", f"{k.ratio():.2f}{errors}")
        rows.append(row)
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(_aligned(row, widths)) for row in [header, *rows])


def _aligned(row: tuple[str, ...], widths: list[int]) -> list[str]:
    return [cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))]


def aims(results: list[Measurement]) -> str:
    """The aims against the baseline measured next to each row (the response memo off): met or not, with the
    figures. An htmx score update ≥ ¼ of ``/livez``'s throughput with p99 < 50 ms, ``POST /api/v1/score`` ≥ ½,
    for the sample hand asked again and for a new hand each (over rounds: the medians, with the ratios' range)."""
    lines = []
    for m in results[1:]:
        ratio = m.ratio()
        of = f"{ratio:.2f} of the baseline" + (f", the median of {len(m.rounds)} rounds ranging {m.spread()}"
                                                 if m.spread() else "")
        if m.target.vary:
            lines.append(f"{m.target.name}: {of}, p99 {m.p99_ms:.1f} ms")
        elif "htmx" in m.target.name:
            ok = ratio >= 0.25 and m.p99_ms < 50
            lines.append(f"{m.target.name}: {of} (aim ≥ 0.25), "
                         f"p99 {m.p99_ms:.1f} ms (aim < 50): {'met' if ok else 'not met'}")
        elif "api/v1/score" in m.target.name:
            ok = ratio >= 0.5
            lines.append(f"{m.target.name}: {of} (aim ≥ 0.5): {'met' if ok else 'not met'}")
    return "\n".join(lines)


Run = tuple[str, list[Measurement], list[Target], tuple[int, int, int, int]]


def run(args: argparse.Namespace, memo: bool, hands: list[str], seconds: int, rounds: int = 1) -> Run:
    """One server (the response memo on or off) and every chosen page loaded in turn, ``rounds`` times."""
    with tempfile.TemporaryDirectory(prefix="bench-wrk-") as tmp, \
            production_server(args.workers, memo) as (base, what):
        script = Path(tmp) / "bench.lua"
        script.write_text(WRK_SCRIPT)
        chosen = [t for i, t in enumerate(targets(base, hands)) if i == 0 or args.only in t.name]
        wire, raw, requests = first_load(base)
        wire_gzip, _, _ = first_load(base, "gzip, deflate")
        measured = [measured_in_turn(base, chosen, script, seconds, args.connections) for _ in range(rounds)]
        return what, medians(measured), chosen, (wire, raw, requests, wire_gzip)


def medians(rounds: list[list[Measurement]]) -> list[Measurement]:
    """Each row over ``rounds`` (each a run of every row in turn, :func:`measured_in_turn`): the medians of its
    throughput, latencies and baseline, its errors summed, and its rounds kept (its ratio is their ratios'
    median, :meth:`Measurement.ratio`). On a machine whose speed swings from one minute to the next, one
    round's ratio moves by ±15 %; the median of several is the figure to compare with an aim."""
    if len(rounds) == 1:
        return rounds[0]
    med = statistics.median
    return [dataclasses.replace(
        ms[0], requests_per_second=med(m.requests_per_second for m in ms), p50_ms=med(m.p50_ms for m in ms),
        p99_ms=med(m.p99_ms for m in ms), errors=sum(m.errors for m in ms),
        baseline_rps=med(m.baseline_rps for m in ms), baseline_p99_ms=med(m.baseline_p99_ms for m in ms),
        rounds=tuple(ms)) for ms in zip(*rounds, strict=True)]


def measured_in_turn(base: str, chosen: list[Target], script: Path, seconds: int,
                     connections: int) -> list[Measurement]:
    """The baseline (``chosen[0]``), then each row followed by the baseline again: each row's ratio is against
    the mean of the baseline runs just before and after it, so that a machine whose speed drifts over the
    minutes of a run (other work, a host's neighbours) skews a ratio less than against one baseline at the start.
    The baseline's own row shows its first run."""
    baseline = [measure(base, chosen[0], script, seconds, connections)]
    first = dataclasses.replace(baseline[0], baseline_rps=baseline[0].requests_per_second,
                                baseline_p99_ms=baseline[0].p99_ms)
    rows = [first]
    for target in chosen[1:]:
        row = measure(base, target, script, seconds, connections)
        baseline.append(measure(base, chosen[0], script, seconds, connections))
        before, after = baseline[-2], baseline[-1]
        rows.append(dataclasses.replace(
            row, baseline_rps=(before.requests_per_second + after.requests_per_second) / 2,
            baseline_p99_ms=(before.p99_ms + after.p99_ms) / 2))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=10, help=f"seconds per page (at most {MAX_DURATION})")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--only", default="", help="load only the pages whose name contains this (and the baseline)")
    parser.add_argument("--memo", choices=("both", "off"), default="both",
                        help="both: the rows with the response memo off, then with it on beside them; off: only off")
    parser.add_argument("--generator", choices=("auto", "wrk", "python"), default="auto",
                        help="the load generator (auto: wrk, installed if missing, else the Python one)")
    parser.add_argument("--no-profile", action="store_true", help="leave out the profile of a fresh request")
    parser.add_argument("--rounds", type=int, default=1,
                        help="load the memo-off server's rows this many times in turn and print each row's medians "
                             "with its ratio's range (the memo-on server once)")
    args = parser.parse_args(argv)
    global GENERATOR
    GENERATOR = ensure_wrk() if args.generator == "auto" else args.generator
    seconds = max(1, min(args.duration, MAX_DURATION))
    busy = os.getloadavg()[0]
    if busy > 0.5:
        print(f"note: load average {busy:.1f} before starting: other work on this machine skews the figures",
              file=sys.stderr)
    hands = new_hands()
    rounds = max(1, args.rounds)
    what, off, chosen, (wire, raw, requests, wire_gzip) = run(args, False, hands, seconds, rounds)
    between = os.getloadavg()[0]
    on = run(args, True, hands, seconds)[1] if args.memo == "both" else []
    after = os.getloadavg()[0]
    gen = f"wrk -t2 -c{args.connections} -d{seconds}s" if GENERATOR == "wrk" else (
        f"the Python generator, {args.connections} connections, {seconds} s")
    print(f"{what}; {gen} on the same machine ({os.cpu_count()} cores; load average {busy:.1f} before the run, "
          f"{between:.1f} between the memo-off and memo-on servers, {after:.1f} after); sample hand {SAMPLE_HAND}; "
          f"a new hand each: {len(hands)} seeded random winning hands")
    beside = "; on (the default) beside it" if on else ""
    over = f"; the medians of {rounds} rounds" if rounds > 1 else ""
    print(f"The response memo off (RESPONSE_MEMO_BYTES=0): every answer drawn{over}{beside}")
    print(table(off, on, args.markdown))
    print()
    print(f"first load of /: {wire / 1024:.1f} KB on the wire ({raw / 1024:.1f} KB uncompressed) in {requests} requests"
          f", asked as Chromium asks over HTTPS ({CHROMIUM_HTTPS}) — aim: under 60 KB; "
          f"{wire_gzip / 1024:.1f} KB for a browser that takes gzip only")
    print(aims(off))
    if not args.no_profile and any(t.variants for t in chosen):
        print()
        print(profile_fresh(chosen))
    return 1 if any(m.errors or not m.check.startswith(("2", "3")) for m in off + on) else 0


if __name__ == "__main__":
    sys.exit(main())
