"""The database as a dependency that fails: a hung or dead database costs a few threads for a bounded time,
never the pages that do not need it.

A view that reads or writes the database is wrapped in :func:`uses_database`. In each worker process:

- **A bounded number of threads use the database at once** (``DB_THREADS``, by default half of the
  worker's threads). A request that finds every slot taken waits while the holders make progress — a
  slot comes free, or a holder is computing (its thread's CPU clock moves, or the kernel has it ready to
  run) — as they do on a healthy database under load; when for :data:`STUCK_SECONDS` no slot came free
  and every holder sat waiting, the database is hung and the request is refused at once with
  :class:`Unavailable` (503, ``Retry-After``): the other threads stay free for the calculator, the API,
  the fan pages and ``/livez``.
- **Every request's database work has a deadline** (``DB_DEADLINE_MS``, connecting, queries and commit
  together). PostgreSQL's own ``statement_timeout`` is enforced by the server, and a TCP timeout only
  trips when the kernel stops acknowledging; a server that is hung while its kernel still acknowledges
  trips neither. :class:`Watchdog` does: past the deadline, once the request's thread sits waiting (not
  computing, nor waiting for a CPU on a busy machine), it shuts the connection's socket down (or
  interrupts SQLite), so the waiting call fails at once with an ``OperationalError``.
- **A breaker**: after a connection is lost (cut by the deadline, refused, reset), the database is not
  tried for ``DB_RETRY_SECONDS``: requests that need it are answered 503 at once, with ``Retry-After``
  saying when to come back; then one request at a time tries it, until one succeeds.

A request refused here wrote nothing. A write whose commit was sent but not confirmed is
:class:`Unconfirmed`: it may or may not have been saved, and a retry with the same idempotency key
(ledger/receipts.py) finds out without writing twice. serving/errors.py turns both, and any other
database error, into a 503: the JSON error object on the API, a page in the reader's language otherwise.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import math
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import DatabaseError, OperationalError, connections

log = logging.getLogger(__name__)

STUCK_SECONDS = 0.3
"""A request that finds every database slot taken gives up after this long without the holders making progress."""

PROGRESS_CPU_SECONDS = 0.002
"""CPU time the holders must use in a wait of :data:`STUCK_SECONDS` to count as working (a thread blocked on a
socket uses microseconds)."""


class Unavailable(OperationalError):
    """The database is not answering (or every slot is stuck on it): nothing was done; come back later."""

    def __init__(self, why: str, retry_after: float) -> None:
        super().__init__(why)
        self.retry_after = retry_after


class Unconfirmed(OperationalError):
    """A write was sent to be committed and the database did not confirm it: it may or may not be saved."""


# --- the deadline -----------------------------------------------------------------------------------------


WORKING_CPU_SECONDS = 0.01
"""CPU time a thread must have used since the last look to count as working rather than waiting."""
RECHECK_SECONDS = 0.5


@dataclass(order=True)
class _Timer:
    when: float
    seq: int
    alias: str = field(compare=False)
    wrapper: Any = field(compare=False)
    fired: bool = field(default=False, compare=False)
    done: bool = field(default=False, compare=False)
    clock: int | None = field(default=None, compare=False)  # the armed thread's CPU clock
    tid: int = field(default=0, compare=False)  # and its id in the kernel
    used: float = field(default=0.0, compare=False)  # its CPU time at the last look

    def working(self) -> bool:
        """Whether the armed thread is computing (or ready to and waiting for a CPU) rather than waiting on
        something: its CPU clock moved since the last look, or the kernel has it runnable. A thread blocked
        on a hung database's socket does neither."""
        if self.clock is None:
            return False
        try:
            used = time.clock_gettime(self.clock)
        except OSError:
            return False
        moved, self.used = used - self.used >= WORKING_CPU_SECONDS, used
        return moved or _runnable(self.tid)


def _runnable(tid: int) -> bool:
    try:
        with open(f"/proc/self/task/{tid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"R"
    except (OSError, IndexError):
        return False


class Watchdog:
    """Cuts a connection whose deadline has passed: one thread per process, started on first use.

    :meth:`arm` returns a timer for the calling thread's connection; :meth:`disarm` stops it, and once it
    returns the watchdog will not touch that connection (cuts happen under the same lock). The deadline
    bounds waiting on the database: when it passes while the thread is computing (or ready to, on a busy
    machine: :meth:`_Timer.working`) it is looked at again every :data:`RECHECK_SECONDS`, and the connection
    cut once the thread sits waiting. A deadline that passes while the connection is still being opened is
    checked again every 0.1 s: the socket is cut as soon as there is one (opening has its own limit,
    ``DB_CONNECT_TIMEOUT``)."""

    def __init__(self) -> None:
        self._heap: list[_Timer] = []
        self._wake = threading.Condition()
        self._seq = itertools.count()
        self._pid = 0

    def arm(self, alias: str, seconds: float) -> _Timer:
        """A timer for the calling thread's connection to ``alias``, due in ``seconds``."""
        timer = _Timer(time.monotonic() + seconds, next(self._seq), alias, connections[alias])
        with contextlib.suppress(OSError, AttributeError):  # no per-thread CPU clock: the deadline alone counts
            timer.clock = time.pthread_getcpuclockid(threading.get_ident())
            timer.tid, timer.used = threading.get_native_id(), time.clock_gettime(timer.clock)
        with self._wake:
            if self._pid != os.getpid():  # first use in this process (gunicorn forks its workers)
                self._pid = os.getpid()
                self._heap = []
                threading.Thread(target=self._run, name="db-watchdog", daemon=True).start()
            heapq.heappush(self._heap, timer)
            self._wake.notify()
        return timer

    def disarm(self, timer: _Timer) -> None:
        with self._wake:
            timer.done = True

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._heap and self._heap[0].done:
                    heapq.heappop(self._heap)
                wait = self._heap[0].when - time.monotonic() if self._heap else None
                if wait is None or wait > 0:
                    self._wake.wait(wait)
                    continue
                timer = heapq.heappop(self._heap)
                if timer.working():
                    timer.when = time.monotonic() + RECHECK_SECONDS
                elif cut(timer.wrapper):
                    timer.fired = True
                    log.warning("database: a request waited on it past its deadline; its connection was cut")
                    continue
                else:  # not connected yet: look again shortly
                    timer.when = time.monotonic() + 0.1
                heapq.heappush(self._heap, timer)


def cut(wrapper: Any) -> bool:
    """Make every call waiting on ``wrapper``'s connection fail now; False when it has no connection yet.

    PostgreSQL: the socket is shut down (not closed: libpq still owns the descriptor), which wakes a
    thread blocked on it with an error. SQLite: the running statement is interrupted."""
    raw = getattr(wrapper, "connection", None)
    if raw is None:
        return False
    with contextlib.suppress(Exception):
        if hasattr(raw, "interrupt"):  # sqlite3
            raw.interrupt()
            return True
        fd = raw.fileno()
        with socket.socket(fileno=os.dup(fd)) as s:
            s.shutdown(socket.SHUT_RDWR)
    return True


WATCHDOG = Watchdog()


# --- the gate ---------------------------------------------------------------------------------------------


class Gate:
    """How many threads of this process may use the database at once, and the breaker (see the module)."""

    def __init__(self, slots: int, deadline: float, retry_seconds: float) -> None:
        self.slots = max(1, slots)
        self.deadline = deadline
        self.retry_seconds = retry_seconds
        self.last_error = ""
        self._free = threading.Semaphore(self.slots)
        self._lock = threading.Lock()
        self._turned = time.monotonic()  # when a slot last came free
        self._holders: dict[int, tuple[int, int]] = {}  # thread → its CPU clock and kernel id, for each slot taken
        self._stuck = False  # a waiter found the holders stuck; no slot has come free since
        self._open_until = 0.0  # the breaker: open (tripped) until then, then one trial at a time
        self._tripped = False
        self._trial: int | None = None

    def retry_after(self) -> int:
        """Seconds until the database is tried again (at least 1)."""
        left = self._open_until - time.monotonic() if self._tripped else self.retry_seconds
        return max(1, math.ceil(left))

    @property
    def is_open(self) -> bool:
        return self._tripped

    @contextlib.contextmanager
    def held(self, alias: str = "default") -> Iterator[None]:
        self._admit()
        try:
            self._take()
        except BaseException:
            self._settle(None)
            raise
        timer = WATCHDOG.arm(alias, self.deadline)
        failed: BaseException | None = None
        try:
            yield
        except DatabaseError as exc:
            failed = exc
            raise
        finally:
            WATCHDOG.disarm(timer)
            wrapper = timer.wrapper
            lost = "deadline passed" if timer.fired else (
                f"{type(failed).__name__}: {failed}" if failed is not None and _lost(wrapper) else None)
            if (timer.fired or failed is not None) and not wrapper.in_atomic_block:
                with contextlib.suppress(Exception):
                    wrapper.close()  # a failed connection is never used again
            with self._lock:
                self._holders.pop(threading.get_ident(), None)
                self._turned, self._stuck = time.monotonic(), False
            self._free.release()
            self._settle(lost)

    def _admit(self) -> None:
        """The breaker: closed, anyone passes; open, nobody; after ``retry_seconds``, one request at a time
        tries the database again (the others are still refused) until one succeeds."""
        with self._lock:
            if not self._tripped:
                return
            if time.monotonic() < self._open_until or self._trial is not None:
                raise Unavailable(f"the database is not answering ({self.last_error})", self.retry_after())
            self._trial = threading.get_ident()

    def _settle(self, lost: str | None) -> None:
        """After a request: a lost connection opens the breaker; the trial's success closes it."""
        me = threading.get_ident()
        with self._lock:
            if lost is not None:
                if not self._tripped:
                    log.warning("database: connection lost (%s); not tried for %g s", lost, self.retry_seconds)
                self._tripped, self._open_until, self.last_error = True, time.monotonic() + self.retry_seconds, lost
            elif self._trial == me:
                self._tripped = False
            if self._trial == me:
                self._trial = None

    def _take(self) -> None:
        """A slot, waiting while the holders make progress; :class:`Unavailable` when they make none for
        :data:`STUCK_SECONDS`, and at once while they are known stuck (or the breaker opens meanwhile)."""
        progress = time.monotonic()
        used = self._holders_cpu()
        while not self._free.acquire(timeout=0.02):
            now, cpu = time.monotonic(), self._holders_cpu()
            if cpu - used >= PROGRESS_CPU_SECONDS or any(_runnable(t) for _c, t in list(self._holders.values())):
                progress, used, self._stuck = now, cpu, False
            if self._stuck or now - max(self._turned, progress) > STUCK_SECONDS or self._tripped:
                self._stuck = not self._tripped
                raise Unavailable("every database slot of this worker is waiting on the database",
                                  self.retry_after())
        me = threading.get_ident()
        with self._lock, contextlib.suppress(OSError, AttributeError):  # no CPU clock: slot turnover alone counts
            self._holders[me] = (time.pthread_getcpuclockid(me), threading.get_native_id())

    def _holders_cpu(self) -> float:
        total = 0.0
        for clock, _tid in list(self._holders.values()):
            with contextlib.suppress(OSError):
                total += time.clock_gettime(clock)
        return total


def _lost(wrapper: Any) -> bool:
    """Whether a database error cost the connection itself (refused, reset, cut), not just one statement."""
    raw = getattr(wrapper, "connection", None)
    return raw is None or bool(getattr(raw, "closed", False)) or bool(getattr(raw, "broken", False))


_gates: dict[tuple[int, float, float], Gate] = {}
_gates_lock = threading.Lock()


def gate() -> Gate:
    """This process's gate, for the current settings (``DB_THREADS``, ``DB_DEADLINE_MS``, ``DB_RETRY_SECONDS``)."""
    config = (int(settings.DB_THREADS), float(settings.DB_DEADLINE_MS) / 1000, float(settings.DB_RETRY_SECONDS))
    found = _gates.get(config)
    if found is None:
        with _gates_lock:
            found = _gates.setdefault(config, Gate(*config))
    return found


def uses_database[V: Callable[..., Any]](view: V) -> V:
    """Run ``view`` holding one of the worker's database slots, within the request deadline (see the module)."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        with gate().held():
            return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]
