"""Per-request cost in-process, run on demand; never part of the tests.

Sends requests through the production WSGI application (``serving.wsgi``: production settings, DEBUG off,
hashed static files, the response memo off) in this process, with no server and no socket, for these rows:

- ``livez``: the trivial view the load bench compares everything with;
- ``tap``: a tap at a 国标 table: the form of that table's page with a new hand each, and ``X-Parts`` with the
  signatures of the parts its page holds, as the browser sends them (bench/bench_load.py's tap row);
- ``htmx``: the calculator's form with no table chosen and a new hand each, every part drawn;
- ``api``: ``POST /api/v1/score`` with a new hand each.

It prints the thread CPU time per request of each row (other jobs on the machine move it), or with
``--instructions`` the instructions per request counted by callgrind: the difference between a run of
N + 1 requests and a run of 1, so that start-up is left out (a count other jobs do not move; minutes a row).

    .venv/bin/python bench/bench_request.py                        # thread CPU, 400 requests a row
    .venv/bin/python bench/bench_request.py --instructions tap api # callgrind (valgrind), 100 requests a row
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]  # the site's packages, and bench_load's form reader and hands
ROWS = ("livez", "tap", "htmx", "api")
WARM = 30
"""Requests of each row sent before it is measured (templates, the registry, the tables built once)."""


def _environment(tmp: Path) -> dict[str, str]:
    """The production settings on a fresh SQLite file and collected static files, the memo and rate limits off."""
    return {
        "DJANGO_SETTINGS_MODULE": "calculator.settings", "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1", "SECURE_COOKIES": "0", "STATIC_ROOT": str(tmp / "static"),
        "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}", "CACHE_URL": "locmem://", "RESPONSE_MEMO_BYTES": "0",
        "RATE_LIMIT_PREVIEW": "0", "RATE_LIMIT_LINK": "0", "RATE_LIMIT_API": "0", "LOG_LEVEL": "warning",
    }


def _rows(hands: list[str]) -> dict[str, Callable[[int], tuple[str, bytes]]]:
    """Each row as a function of the request's number (its hand), through the WSGI application."""
    from bench_load import SAMPLE_HAND, _FormFinder, part_signatures

    from serving.wsgi import application

    def call(method: str, target: str, body: bytes = b"", headers: dict[str, str] | None = None) -> tuple[str, bytes]:
        path, _, query = target.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1", "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body)),
            "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
        }
        for name, value in (headers or {}).items():
            key = "CONTENT_TYPE" if name.lower() == "content-type" else "HTTP_" + name.upper().replace("-", "_")
            environ[key] = value
        status: list[str] = []
        answer = application(environ, lambda s, h, e=None: status.append(s))
        data = b"".join(answer)
        getattr(answer, "close", lambda: None)()
        return status[0], data

    def form_of(query: str) -> tuple[dict[str, str], str]:
        _, page = call("GET", "/?" + query if query else "/")
        text = page.decode()
        finder = _FormFinder()
        finder.feed(text)
        return finder.fields, part_signatures(text)

    table = urllib.parse.urlencode({"rules": "guobiao", "hand": SAMPLE_HAND[:-2] + SAMPLE_HAND[-1]})
    tap_fields, sigs = form_of(table)
    tap_headers = {"HX-Request": "true", "HX-Current-URL": f"http://127.0.0.1/?{table}", "X-Parts": sigs}
    plain_fields, _ = form_of("")
    plain_headers = {"HX-Request": "true", "HX-Current-URL": "http://127.0.0.1/"}

    def query(fields: dict[str, str], i: int) -> str:
        return "/?" + urllib.parse.urlencode({**fields, "hand": hands[i % len(hands)]})

    return {
        "livez": lambda i: call("GET", "/livez"),
        "tap": lambda i: call("GET", query(tap_fields, i), headers=tap_headers),
        "htmx": lambda i: call("GET", query(plain_fields, i), headers=plain_headers),
        "api": lambda i: call("POST", "/api/v1/score", json.dumps({"hand": hands[i % len(hands)]}).encode(),
                              {"Content-Type": "application/json"}),
    }


def child(row: str, count: int, hands_file: str) -> None:
    """Set up, then send ``count`` requests of ``row`` after the warm-up (what callgrind counts a run of)."""
    import django

    django.setup()
    send = _rows(json.loads(Path(hands_file).read_text()))[row]
    for i in range(WARM + count):
        status, _ = send(i)
        if not status.startswith("200"):
            raise SystemExit(f"{row}: {status}")


def thread_cpu(rows: list[str], count: int, hands: list[str]) -> None:
    import django

    django.setup()
    sends = _rows(hands)
    for row in rows:
        send = sends[row]
        for i in range(WARM):
            status, body = send(i)
        started = time.thread_time()
        for i in range(WARM, WARM + count):
            send(i)
        per = (time.thread_time() - started) / count * 1000
        print(f"{row}: {per:.3f} ms a request (thread CPU, {count} requests; {status}, {len(body)} bytes)", flush=True)


def instructions(rows: list[str], count: int, hands_file: str, env: dict[str, str]) -> None:
    if not shutil.which("valgrind"):
        raise SystemExit("--instructions needs valgrind (apt-get install -y valgrind)")

    def counted(row: str, n: int) -> int:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
             "--child", row, str(n), hands_file], env=env, cwd=ROOT, capture_output=True, text=True, check=False)
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode or not found:
            raise SystemExit(f"callgrind of {row} failed:\n{done.stderr[-2000:]}")
        return int(found[1])

    for row in rows:
        per = (counted(row, count + 1) - counted(row, 1)) / count
        print(f"{row}: {per / 1e6:.2f} M instructions a request (callgrind, {count} requests)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="*", help=f"the rows, of {' '.join(ROWS)} (default: all)")
    parser.add_argument("--requests", type=int, help="requests a row (400; with --instructions 100)")
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return 0
    rows = args.rows or list(ROWS)
    unknown = [r for r in rows if r not in ROWS]
    if unknown:
        parser.error(f"no row {' '.join(unknown)}: the rows are {' '.join(ROWS)}")
    count = args.requests or (100 if args.instructions else 400)
    from bench_load import new_hands

    with tempfile.TemporaryDirectory(prefix="bench-request-") as tmp:
        env = {**os.environ, **_environment(Path(tmp))}
        for command in (["collectstatic", "--noinput"], ["migrate", "--noinput"]):
            subprocess.run([sys.executable, "manage.py", *command], env=env, cwd=ROOT, check=True,
                           capture_output=True)
        hands = new_hands(WARM + count + 100)
        hands_file = Path(tmp) / "hands.json"
        hands_file.write_text(json.dumps(hands))
        if args.instructions:
            instructions(rows, count, str(hands_file), env)
        else:
            os.environ.update(env)
            thread_cpu(rows, count, hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
