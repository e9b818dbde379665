"""The database as a dependency that fails (serving/dbguard.py): a deadline that holds when the server hangs,
a bounded number of threads waiting on it, and a breaker that tries it one request at a time. The same
against a real hung PostgreSQL, through the production server: tests/calculator/test_faults_ledger.py."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from django.conf import settings

from serving import dbguard


class Wrapper:
    """A stand-in for Django's connection wrapper: what the watchdog reads."""

    def __init__(self, raw):
        self.connection = raw
        self.in_atomic_block = False

    def close(self):
        pass


def _watch(timer):
    """Put ``timer`` under the process's watchdog (started if it is not yet)."""
    import heapq
    import os

    with dbguard.WATCHDOG._wake:
        if dbguard.WATCHDOG._pid != os.getpid():
            dbguard.WATCHDOG.arm("default", 60).done = True  # starts the thread in this process
        heapq.heappush(dbguard.WATCHDOG._heap, timer)
        dbguard.WATCHDOG._wake.notify()


def test_the_watchdog_interrupts_a_sqlite_statement_past_its_deadline():
    raw = sqlite3.connect(":memory:", check_same_thread=False)
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    timer = dbguard._Timer(time.monotonic() + 0.2, 0, "default", Wrapper(raw))  # no CPU clock: the deadline alone
    _watch(timer)
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="interrupted"):
        raw.execute(endless).fetchall()
    assert time.monotonic() - started < 5 and timer.fired


class Interruptible:
    def __init__(self):
        self.interrupted = False

    def interrupt(self):
        self.interrupted = True


def test_the_deadline_bounds_waiting_on_the_database_not_computing():
    raw = Interruptible()
    timer = dbguard._Timer(time.monotonic() + 0.1, 0, "default", Wrapper(raw))
    timer.clock = time.pthread_getcpuclockid(threading.get_ident())
    timer.tid, timer.used = threading.get_native_id(), time.clock_gettime(timer.clock)
    _watch(timer)
    busy_until = time.monotonic() + 3 * dbguard.RECHECK_SECONDS
    while time.monotonic() < busy_until:  # computing past the deadline: not waiting, not cut
        sum(range(1000))
    assert not raw.interrupted
    time.sleep(3 * dbguard.RECHECK_SECONDS)  # now it sits waiting
    assert raw.interrupted and timer.fired


@pytest.mark.skipif(not getattr(settings, "POSTGRES_REACHABLE", False), reason="needs PostgreSQL on 127.0.0.1:5432")
def test_cutting_a_connection_to_a_hung_postgresql_fails_the_waiting_query_at_once():
    import psycopg

    from tests.calculator.faultkit import Proxy

    proxy = Proxy(("127.0.0.1", 5432))
    try:
        raw = psycopg.connect(f"postgresql://postgres@127.0.0.1:{proxy.port}/postgres", connect_timeout=5)
        proxy.pause()  # the server hangs; its kernel (the proxy) still acknowledges
        threading.Timer(0.3, dbguard.cut, args=(Wrapper(raw),)).start()
        started = time.monotonic()
        with pytest.raises(psycopg.OperationalError):
            raw.execute("SELECT 1")
        assert time.monotonic() - started < 5
    finally:
        proxy.close()


def test_a_request_is_refused_at_once_while_the_breaker_is_open_and_then_one_tries_at_a_time():
    gate = dbguard.Gate(slots=2, deadline=5, retry_seconds=0.2)
    gate._settle("OperationalError: connection refused")  # a lost connection
    with pytest.raises(dbguard.Unavailable) as refused, gate.held():
        pass
    assert refused.value.retry_after == 1
    time.sleep(0.25)
    entered, release = threading.Event(), threading.Event()

    def trial():
        with gate.held():
            entered.set()
            release.wait(5)

    runner = threading.Thread(target=trial)
    runner.start()
    assert entered.wait(5)
    with pytest.raises(dbguard.Unavailable), gate.held():  # the trial is running: the others still wait outside
        pass
    release.set()
    runner.join()
    with gate.held():  # the trial succeeded: closed again
        pass
    assert not gate.is_open


def test_waiters_leave_at_once_when_the_holders_are_stuck_and_wait_while_they_work():
    gate = dbguard.Gate(slots=1, deadline=5, retry_seconds=1)
    stuck, done = threading.Event(), threading.Event()

    def hold(work):
        with gate.held():
            stuck.set()
            work()

    holder = threading.Thread(target=hold, args=(lambda: done.wait(5),))  # waits on "the database"
    holder.start()
    assert stuck.wait(5)
    started = time.monotonic()
    with pytest.raises(dbguard.Unavailable), gate.held():
        pass
    assert time.monotonic() - started < dbguard.STUCK_SECONDS + 1
    started = time.monotonic()
    with pytest.raises(dbguard.Unavailable), gate.held():  # known stuck: refused without waiting again
        pass
    assert time.monotonic() - started < 0.1
    done.set()
    holder.join()

    stuck.clear()
    busy_until = time.monotonic() + 3 * dbguard.STUCK_SECONDS

    def compute():
        while time.monotonic() < busy_until:
            sum(range(1000))

    worker = threading.Thread(target=hold, args=(compute,))  # a holder that computes: not stuck
    worker.start()
    assert stuck.wait(5)
    with gate.held():  # waited for the slot longer than STUCK_SECONDS, and got it
        assert time.monotonic() >= busy_until - 0.05
    worker.join()
