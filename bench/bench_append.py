"""Append benchmark, run on demand (``make bench-append``); never part of the tests.

What does adding an entry cost on a table of 400 entries against an empty one? The bar: within 1.5× (the
write is O(1) in the table's size: ledger/service.py). Both tables are measured in the same run, in turn,
round after round, so a busy machine slows both alike; each round adds a 国标 hand to each table and
then, outside the timing, undoes it (so the large table stays at its size and the small one near empty).
Three ways in:

- ``service``: ``ledger.service.change(…, "add", …)`` — the write itself: the lock, the checks, settling
  the hand, inserting it, the undo record, the commit;
- ``api minimal``: ``POST /api/v1/tables/<token>/entries`` with ``Prefer: return=minimal`` and an
  idempotency key, through Django's request handling (the write's answer is what it did);
- ``api table``: the same without ``Prefer``: the answer lists every entry of the table, so it grows
  with the table by design (reported, no bar).

    .venv/bin/python bench/bench_append.py                       # SQLite, a file in a temporary folder
    .venv/bin/python bench/bench_append.py --postgres            # a throwaway database on 127.0.0.1:5432
    .venv/bin/python bench/bench_append.py --entries 400 --rounds 30 --markdown

The figures in docs/performance.md come from this script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BAR = 1.5
WIN = {"hand": "[555z2]123m456p789s22z", "win": "discard"}  # a 国标 hand of 8+ fans


def _hand(i: int) -> dict[str, object]:
    winner = i % 4
    return {"kind": "hand", "data": {**WIN, "player": winner, "from": (winner + 1) % 4}}


def _setup(database: str) -> Callable[[], None]:
    """Configure Django on a fresh database; returns what drops it at the end."""
    os.environ.update(DJANGO_SETTINGS_MODULE="calculator.settings", SECRET_KEY="bench-" + "x" * 40,
                      ALLOWED_HOSTS="testserver", PLAIN_STATIC="1", RATE_LIMIT_API="0")
    drop: Callable[[], None] = lambda: None  # noqa: E731
    if database == "postgres":
        import psycopg

        name = f"bench_append_{os.getpid()}"
        admin = "postgres://postgres@127.0.0.1:5432/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            from django.db import connections

            connections.close_all()
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{name}"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='bench-append-')}/db.sqlite3"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.LEDGER_CREATE_LIMIT = 10**9
    call_command("migrate", verbosity=0)
    return drop


def _table(entries: int) -> str:
    from ledger import service

    table = service.create_table({"system": "guobiao", "players": ["A", "B", "C", "D"]})
    for i in range(entries):
        service.change(table.edit_token, "add", entry=_hand(i))
    return table.edit_token


def _ways(client: object) -> dict[str, Callable[[str, int], None]]:
    from ledger import service

    def api(token: str, i: int, minimal: bool) -> None:
        headers = {"HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4())}
        if minimal:
            headers["HTTP_PREFER"] = "return=minimal"
        response = client.post(f"/api/v1/tables/{token}/entries",  # type: ignore[attr-defined]
                               data=json.dumps(_hand(i)), content_type="application/json", **headers)
        assert response.status_code == 201, response.content[:300]

    def write(token: str, i: int) -> None:
        service.change(token, "add", entry=_hand(i))

    return {
        "service": write,
        "api minimal": lambda token, i: api(token, i, True),
        "api table": lambda token, i: api(token, i, False),
    }


def run(entries: int, rounds: int) -> dict[str, tuple[float, float]]:
    """Median seconds of one append, on the empty table and on the large one, for each way in."""
    from django.test import Client

    from ledger import service

    tokens = {"empty": _table(0), "large": _table(entries)}
    out = {}
    for name, append in _ways(Client()).items():
        times: dict[str, list[float]] = {"empty": [], "large": []}
        for r in range(rounds + 2):  # the first two rounds warm up
            for which in ("empty", "large") if r % 2 else ("large", "empty"):
                started = time.perf_counter()
                append(tokens[which], r)
                elapsed = time.perf_counter() - started
                service.change(tokens[which], "undo")
                if r >= 2:
                    times[which].append(elapsed)
        out[name] = (statistics.median(times["empty"]), statistics.median(times["large"]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--postgres", action="store_true", help="a throwaway database on 127.0.0.1:5432")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    database = "postgres" if args.postgres else "sqlite"
    drop = _setup(database)
    try:
        results = run(args.entries, args.rounds)
    finally:
        drop()
    load = os.getloadavg()[0]
    print(f"# append: {database}, {args.rounds} rounds, {time.strftime('%Y-%m-%d')}, load average {load:.2f}")
    if args.markdown:
        print(f"| way in | empty table | {args.entries} entries | ratio | bar |")
        print("|---|---:|---:|---:|---|")
    for name, (empty, large) in results.items():
        ratio = large / empty
        bar = "—" if name == "api table" else (f"≤ {BAR} ✓" if ratio <= BAR else f"≤ {BAR} ✗")
        if args.markdown:
            print(f"| {name} | {empty * 1000:.1f} ms | {large * 1000:.1f} ms | {ratio:.2f} | {bar} |")
        else:
            print(f"{name:12s} empty {empty * 1000:7.1f} ms   {args.entries} entries {large * 1000:7.1f} ms   "
                  f"ratio {ratio:5.2f}   {bar}")


if __name__ == "__main__":
    main()
