"""Faults at the server's doors, on the production server (tests/calculator/faultkit.py): request bodies sent
a byte at a time, odd requests, /healthz under load, and rate limits across several servers.

- **Slow bodies.** Five connections send ``POST /api/v1/score`` with ``Content-Length: 5000`` (one of them
  chunked) and then a byte every 1.5 s, to a server of one worker with four threads (so that they would
  hold all of them). The worker gathers a body while the connection waits in its poller
  (serving/gunicorn_worker.py), so they hold no thread: ``/livez`` and the load answer as before, and
  each slow client is answered 408 (the JSON error object) once ``GUNICORN_BODY_TIMEOUT`` (3 s here) has
  passed since its head — a deadline over the whole body, not per read.
- **Odd requests.** A 4,301-digit JSON integer on every ledger write, a player named like a spreadsheet
  formula in the CSV export, a GET hand longer than gunicorn's request line, 4,000 query fields, an unknown
  method, ``"options": null``, an unknown API path: each is the JSON error object with its status.
- **/healthz under load** with a healthy database never says 503.
- **Several servers behind one balancer** count a client's rate limit once in the shared Redis, and each
  its own when Redis is down.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import socket
import threading
import time

from tests.calculator.faultkit import (
    HEALTH_BOUND,
    RedisServer,
    Site,
    api,
    assert_served,
    fetch,
    health_states,
    load,
    needs_redis,
    new_table,
    serve,
    stop,
)

pytestmark = needs_redis

BIG = "9" * 4301  # one digit more than Python's int conversion limit


def _trickle(port: int, chunked: bool, interval: float, answers: list[tuple[float, bytes]], lock: threading.Lock
             ) -> None:
    """POST /api/v1/score announcing 5,000 bytes, then one byte every ``interval`` until answered (for 12 s at
    most: a server that never answers fails the test rather than hanging it)."""
    framing = b"Transfer-Encoding: chunked\r\n" if chunked else b"Content-Length: 5000\r\n"
    head = (b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + framing
            + b"\r\n" + (b"1388\r\n" if chunked else b""))  # a chunk of 0x1388 = 5,000 bytes
    started = time.monotonic()
    got = b""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(head)
        s.settimeout(interval)
        while time.monotonic() - started < 12:
            try:
                got = s.recv(65536)
                break  # answered (or closed)
            except TimeoutError:
                s.sendall(b"{")
    with lock:
        answers.append((time.monotonic() - started, got))


def test_five_slow_request_bodies_hold_no_thread(site: Site) -> None:
    # one worker of four threads: five slow bodies would hold every thread of it (as they did before)
    port, server = serve(site.workdir, site.served_url, site.redis.port, site.workdir / "slow-bodies.log",
                         WEB_CONCURRENCY="1")
    alone = dataclasses.replace(site, base=f"http://127.0.0.1:{port}", port=port, log=site.workdir / "slow-bodies.log")
    answers: list[tuple[float, bytes]] = []
    lock, livez = threading.Lock(), []
    slow = [threading.Thread(target=_trickle, args=(port, n == 0, 1.5, answers, lock)) for n in range(5)]
    done = threading.Event()

    def ping() -> None:
        while not done.is_set():
            livez.append(fetch(alone.base, "/livez", name="livez", timeout=5))
            time.sleep(0.1)

    pinger = threading.Thread(target=ping)
    try:
        for t in slow:
            t.start()
        time.sleep(0.5)
        pinger.start()
        result = load(alone, 4)
    finally:
        done.set()
        for t in [*slow, pinger]:
            if t.ident is not None:
                t.join()
        stop(server)
    assert_served(result)
    late = [round(a.seconds, 2) for a in livez if a.status != 200 or a.seconds >= HEALTH_BOUND]
    assert livez and not late, f"/livez stalled while bodies trickled in: {late}"
    assert len(answers) == 5
    for seconds, got in answers:
        assert got.startswith(b"HTTP/1.1 408 "), got[:200]
        body = json.loads(got.split(b"\r\n\r\n", 1)[1])
        assert body["error"]["code"] == "timeout" and "request body incomplete after 3 s" in body["error"]["message"]
        assert seconds < 3 + 1.5 + 3, f"cut after {seconds:.1f} s: the deadline is over the whole body"
    assert "request body incomplete after 3 s" in alone.log.read_text()


def _error(answer: object, status: int) -> dict[str, object]:
    assert answer.status == status, (answer.status, answer.body[:300])  # type: ignore[attr-defined]
    assert answer.headers["content-type"].startswith("application/json"), answer.headers  # type: ignore[attr-defined]
    error = json.loads(answer.body)["error"]  # type: ignore[attr-defined]
    assert error["code"] and error["message"], error
    return error


def test_odd_requests_are_answered_with_the_error_object(site: Site) -> None:
    edit, read = new_table(site, entries=1)
    raw = f'{{"players": ["a", "b", "c", "d"], "version": {BIG}}}'.encode()
    writes = [("POST", "/api/v1/tables"), ("POST", f"/api/v1/tables/{edit}/entries"),
              ("PUT", f"/api/v1/tables/{edit}/entries/1"), ("DELETE", f"/api/v1/tables/{edit}/entries/1"),
              ("POST", f"/api/v1/tables/{edit}/undo")]
    for method, path in writes:
        _error(fetch(site.base, path, method, raw), 400)
    assert len(api(site, "GET", f"/api/v1/tables/{edit}").json()["entries"]) == 1  # nothing changed

    formula = api(site, "POST", "/api/v1/tables", {"players": ["=1+1", "+cmd", "@SUM(A1)", "-2"]})
    exported = fetch(site.base, f"/api/v1/tables/{formula.json()['links']['edit_token']}/export.csv").body.decode()
    header = next(csv.reader(io.StringIO(exported)))
    assert header[4:8] == ["'=1+1 ±", "'+cmd ±", "'@SUM(A1) ±", "'-2 ±"], header

    long_hand = "1m" * 4500  # a request line over gunicorn's 8190 bytes
    error = _error(fetch(site.base, f"/api/v1/score?hand={long_hand}"), 414)
    assert "POST" in str(error["message"]) and error["message_zh"]
    _error(fetch(site.base, f"/api/v1/score?hand={'1m' * 1000}"), 400)  # within the line: the hand's own limit
    _error(fetch(site.base, "/api/v1/score?" + "&".join(["a"] * 4000)), 400)  # Django's DATA_UPLOAD_MAX_NUMBER_FIELDS
    query = fetch(site.base, "/api/v1/rules", "QUERY")
    assert _error(query, 405)["code"] == "method_not_allowed" and query.headers["allow"] == "GET, HEAD"
    body = json.dumps({"hand": "123m456m789m123p55p", "options": None}).encode()
    assert _error(fetch(site.base, "/api/v1/score", "POST", body), 400)["code"] == "options"
    _error(fetch(site.base, "/api/v1/nowhere"), 404)
    assert fetch(site.base, f"/t/r/{read}/export.csv").status == 200


def test_healthz_says_no_false_503_under_load(site: Site) -> None:
    result = load(site, 4, clients=10)
    assert_served(result)
    assert {(s, d) for s, d, _c in health_states(result.health)} == {(200, "ok")}, health_states(result.health)


def test_several_servers_count_a_client_once_in_the_shared_cache_and_each_its_own_without_it(site: Site) -> None:
    redis = RedisServer(site.workdir)
    redis.start()
    servers = []
    try:
        for n in range(2):  # two app servers behind one balancer: the same environment, the same Redis
            servers.append(serve(site.workdir, site.served_url, redis.port, site.workdir / f"balanced{n}.log",
                                 RATE_LIMIT_API="0.01,6", WEB_CONCURRENCY="1", GUNICORN_THREADS="2"))
        bases = [f"http://127.0.0.1:{port}" for port, _server in servers]

        def statuses(count: int) -> list[int]:  # alternately to each server, as a balancer would
            return [fetch(bases[i % 2], "/api/v1/score?hand=123m456m789m123p55p").status for i in range(count)]

        shared = statuses(12)
        assert shared.count(200) == 6 and shared.count(429) == 6, shared  # the burst of 6 once, not once per server
        redis.kill()
        alone = statuses(16)
        assert alone.count(200) == 12 and alone[-2:] == [429, 429], alone  # each server's own burst of 6
    finally:
        for _port, server in servers:
            stop(server)
        redis.stop()
