"""A cache that fails is a miss (serving/resilience.py); the link register writes outside requests
(calculator/models.py Writer). The same against a real Redis that is killed, frozen and filled:
tests/calculator/test_faults.py."""

import logging
import socket
import threading
import time

import pytest
from django.db import DatabaseError

from calculator.models import Writer
from serving.env import cache_from_url
from serving.resilience import Breaker, ResilientRedisCache, cache_state


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens on it once the socket is closed


def _dead_redis(retry_seconds: float = 5.0) -> ResilientRedisCache:
    config = cache_from_url(f"redis://127.0.0.1:{_closed_port()}/0", "t", timeout=0.2, retry_seconds=retry_seconds)
    return ResilientRedisCache(str(config["LOCATION"]), {k: v for k, v in config.items() if k != "LOCATION"})


def test_a_dead_redis_is_a_miss_not_an_error():
    cache = _dead_redis()
    assert cache.get("k", "fallback") == "fallback"
    cache.set("k", b"value")
    assert cache.add("k", 1) is False  # a guarded action is skipped, never repeated
    assert cache.get_many(["a", "b"]) == {}
    assert cache.breaker.is_open and "ConnectionError" in cache.breaker.last_error


def test_an_open_breaker_skips_redis_without_a_network_call(monkeypatch):
    cache = _dead_redis()
    cache.get("k")
    calls = []
    monkeypatch.setattr(cache._cache, "get", lambda *a, **k: calls.append(a))
    assert cache.get("k", 7) == 7
    assert calls == []


def test_after_the_retry_time_one_call_tries_redis_again():
    cache = _dead_redis(retry_seconds=0.05)
    cache.get("k")
    assert cache.breaker.is_open
    time.sleep(0.06)
    assert cache.breaker.allow()


def test_a_failing_cache_logs_one_line_per_retry_period(caplog):
    cache = _dead_redis(retry_seconds=60)
    with caplog.at_level(logging.WARNING, logger="serving.resilience"):
        for _ in range(5):
            cache.breaker.reset()  # force a network call each time
            cache.get("k")
    lines = [r for r in caplog.records if r.name == "serving.resilience"]
    assert len(lines) == 1 and lines[0].exc_info is None


def test_the_health_state_of_a_dead_redis_is_degraded():
    assert cache_state(_dead_redis()).startswith("degraded: ConnectionError")


def test_the_breaker_opens_for_its_retry_time():
    now = [0.0]
    breaker = Breaker(5, clock=lambda: now[0])
    assert breaker.allow()
    breaker.trip("boom")
    now[0] = 4.9
    assert not breaker.allow()
    now[0] = 5.1
    assert breaker.allow()


class TestWriter:
    def test_views_are_written_by_a_thread_of_their_own_and_coalesced(self):
        written = []
        done = threading.Event()

        def write(code, count):
            written.append((code, count))
            done.set()

        writer = Writer(write, limit=10)
        with writer._lock:  # hold the queue so both submissions land in one batch
            writer.pending["v1.a"] += 2
        assert writer.submit("v1.a", 1)
        assert done.wait(5)
        assert written == [("v1.a", 3)] and threading.current_thread().name != "link-register"

    def test_a_full_queue_drops_new_codes_with_one_log_line(self, caplog):
        gate = threading.Event()
        writer = Writer(lambda code, count: gate.wait(5), limit=1)
        with caplog.at_level(logging.WARNING, logger="calculator.models"):
            with writer._lock:
                writer.pending["v1.held"] = 1
                writer._pid = -1  # no thread yet: nothing drains the queue while this test fills it
            writer._ensure_thread = lambda: None  # type: ignore[method-assign]
            assert writer.submit("v1.held", 1)  # a code already queued is still counted
            assert not writer.submit("v1.new", 1)
            assert not writer.submit("v1.newer", 1)
        gate.set()
        assert writer.dropped == 2 and dict(writer.pending) == {"v1.held": 2}
        assert len([r for r in caplog.records if "write queue full" in r.getMessage()]) == 1

    def test_a_failed_write_puts_the_batch_back_for_the_next_flush(self):
        attempts = []

        def write(code, count):
            attempts.append(code)
            if len(attempts) == 1:
                raise DatabaseError("database is hung")

        writer = Writer(write, limit=10)
        writer.pending.update({"v1.a": 1, "v1.b": 2})
        assert writer.flush() is False
        assert dict(writer.pending) == {"v1.a": 1, "v1.b": 2}
        assert writer.flush() is True and dict(writer.pending) == {}

    @pytest.mark.django_db
    def test_inline_mode_writes_in_the_callers_thread(self):
        from calculator.models import IssuedLink

        Writer(lambda code, count: IssuedLink.record(code, count=count), limit=1, background=False).submit("v1.x", 2)
        assert IssuedLink.objects.get(code="v1.x").views == 2


def test_every_thread_of_a_process_shares_one_breaker_per_redis():
    # Django makes one cache object per thread; a Redis found dead by one thread is skipped by all
    config = cache_from_url(f"redis://127.0.0.1:{_closed_port()}/0", "t", timeout=0.2)
    location, params = str(config["LOCATION"]), {k: v for k, v in config.items() if k != "LOCATION"}
    first, second = ResilientRedisCache(location, params), ResilientRedisCache(location, params)
    first.get("k")
    assert second.breaker is first.breaker and not second.breaker.allow()
