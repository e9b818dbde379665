"""Faults: the production server keeps answering while Redis and PostgreSQL are killed, frozen or full,
while slow clients hold connections open, and across a graceful reload.

The server, its Redis, the proxy in front of PostgreSQL and the load are tests/calculator/faultkit.py's
(the session's ``site``, tests/calculator/conftest.py). The ledger's writes under database faults are in
test_faults_ledger.py, the doors (slow bodies, odd requests, shared rate limits, /healthz under load) in
test_faults_doors.py.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
import time
from pathlib import Path

from serving.health import HEALTH_DEADLINE, HEALTH_GRACE
from tests.calculator.faultkit import (
    Load,
    Site,
    assert_served,
    fetch,
    health_states,
    load,
    needs_postgres,
    needs_redis,
    wait_for,
)

pytestmark = needs_redis

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
    wait_for(lambda: health_states([fetch(site.base, "/healthz")])[0] == (200, "ok", "ok"), "Redis back in use", 10)


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


@needs_postgres
def test_postgres_hung_stalls_no_page_and_healthz_is_503_within_a_second(site: Site) -> None:
    assert site.proxy is not None
    before = site.rows()
    fresh = site.fresh_codes(40)  # each one's first view registers a row: the writes that must wait
    site.proxy.pause()
    paused = time.monotonic()
    try:
        result = load(site, 5, codes=fresh)
    finally:
        site.proxy.resume()
    assert_served(result)
    # a probe slower than the deadline is "timeout" once the database has not answered for HEALTH_GRACE (1.5 s):
    # a single slow answer on a busy machine is no outage. From then on every answer says the database is hung.
    after = [a for a in result.health if a.at > paused + HEALTH_GRACE + HEALTH_DEADLINE]
    states = health_states(after)
    assert len(after) >= 3, "the load ran too briefly"
    assert all(status == 503 and db in ("timeout", "error: OperationalError") for status, db, _c in states), states
    # the register was written outside the requests: what was counted during the freeze lands afterwards
    wait_for(lambda: site.rows() > before, "the link register catching up after the freeze", 15)
    wait_for(lambda: fetch(site.base, "/healthz").status == 200, "/healthz ok again", 10)


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
    wait_for(lambda: fetch(site.base, "/healthz").status == 200, "/healthz ok again", 15)


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
