"""What the site keeps: the share links it has issued, so a release can re-check that every one still opens.

Share codes carry the whole hand, so no link depends on this table; it is a register for the
``check_links`` command and for knowing which hands people share. A link whose row could not be
written (database down or hung, the write queue full) still opens: only the statistic is lost.

Writes never happen inside a request: a share page hands its count to :data:`writer`, a thread of the
worker that writes them (and retries a failed batch once it can). Retention: rows not seen for
``LINK_RETENTION_DAYS`` are deleted, and at most ``LINK_MAX_ROWS`` rows are kept (the least recently
seen go first), by ``manage.py check_links --prune`` (:meth:`IssuedLink.prune`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connections, models
from django.db.models import F
from django.utils import timezone

log = logging.getLogger(__name__)

VIEW_WINDOW_SECONDS = 300
"""A share page writes its link's row at most once per this many seconds (see IssuedLink.record_view)."""

PENDING_CODES = 10_000
"""At most this many codes with views not yet written are remembered per process."""

pending_views: Counter[str] = Counter()
"""Views of each code counted by this process and not yet written (see IssuedLink.record_view)."""
_pending_lock = threading.Lock()


class IssuedLink(models.Model):
    """One issued share link: first and last seen, and how often it was viewed.

    ``views`` is approximate: a page view goes through :meth:`record_view`, which writes the row at
    most once per code per ``VIEW_WINDOW_SECONDS`` (a gate in the cache, shared by every worker when
    the cache is Redis) and counts the views in between in the worker's memory, added by that worker's
    next write of the code. Views a worker counted and never wrote (it exited, or no later window
    fell to it) are lost, and ``last_seen`` lags by up to the window. The first sight of a code always
    writes its row at once.
    """

    code = models.CharField(max_length=512, unique=True)
    first_seen = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)
    views = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-last_seen"]
        indexes = [models.Index(fields=["last_seen"], name="issuedlink_last_seen")]

    def __str__(self) -> str:
        return self.code

    @classmethod
    def record(cls, code: str, using: str = "default", count: int = 1) -> None:
        """Count ``count`` views of ``code`` (creating the row on first sight). Safe under concurrency."""
        now = timezone.now()
        link, created = cls.objects.using(using).get_or_create(code=code, defaults={"views": count})
        if not created:
            cls.objects.using(using).filter(pk=link.pk).update(views=F("views") + count, last_seen=now)

    @classmethod
    def prune(cls, days: int, max_rows: int, using: str = "default") -> int:
        """Delete rows last seen more than ``days`` ago, then the least recently seen beyond ``max_rows``.
        Returns how many rows were deleted."""
        rows = cls.objects.using(using)
        deleted, _ = rows.filter(last_seen__lt=timezone.now() - timedelta(days=days)).delete()
        extra = list(rows.order_by("-last_seen", "-pk").values_list("pk", flat=True)[max_rows:])
        for start in range(0, len(extra), 10_000):
            done, _ = rows.filter(pk__in=extra[start:start + 10_000]).delete()
            deleted += done
        return deleted

    @classmethod
    def record_view(cls, code: str) -> None:
        """Count one view of a share page without a database write per view: one cache request.

        The first view of a code in a window (``cache.add`` of its gate succeeds) hands the row's write
        to :data:`writer`, with the views this worker counted since its last write; the other views of
        the window are only counted in memory. A cache that fails answers ``add`` with False: views are
        then only counted in memory until it is back."""
        if cache.add(view_gate(code), True, VIEW_WINDOW_SECONDS):
            with _pending_lock:
                pending = pending_views.pop(code, 0)
            writer.submit(code, 1 + pending)
            return
        with _pending_lock:
            if code in pending_views or len(pending_views) < PENDING_CODES:
                pending_views[code] += 1


def view_gate(code: str) -> str:
    """The cache key of ``code``'s write gate."""
    return "issued-link:" + hashlib.sha256(code.encode()).hexdigest()


class Writer:
    """Writes counted views (``write(code, count)``) outside the requests that counted them.

    ``submit`` only adds to a bounded table of pending counts (at most ``limit`` codes; a new code
    beyond that is dropped, with one log line per ``LOG_EVERY`` seconds saying how many were) and wakes
    the worker's writer thread, started on first use in each process. The thread writes every pending
    count; a failed write puts the batch back (within the bound) and waits ``RETRY_SECONDS``. With
    ``background=False`` (the test settings) ``submit`` writes at once, in the caller's thread.
    """

    LOG_EVERY = 10.0
    RETRY_SECONDS = 2.0

    def __init__(self, write: Callable[[str, int], None], limit: int, background: bool = True) -> None:
        self._write = write
        self.limit = limit
        self.background = background
        self.pending: Counter[str] = Counter()
        self.dropped = 0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._pid = 0
        self._last_log = 0.0

    def submit(self, code: str, count: int) -> bool:
        """Queue ``count`` views of ``code``; False when the queue was full and they were dropped."""
        if not self.background:
            self._write(code, count)
            return True
        with self._lock:
            if code not in self.pending and len(self.pending) >= self.limit:
                self.dropped += count
                self._log_drops()
                return False
            self.pending[code] += count
        self._ensure_thread()
        self._wake.set()
        return True

    def _log_drops(self) -> None:
        now = time.monotonic()
        if now - self._last_log >= self.LOG_EVERY:
            self._last_log = now
            log.warning("link register: write queue full (%d codes); %d views dropped so far", self.limit, self.dropped)

    def _ensure_thread(self) -> None:
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid != os.getpid():  # first use in this process (gunicorn forks workers)
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="link-register", daemon=True).start()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self.flush():
                connections["default"].close_if_unusable_or_obsolete()
            else:
                connections["default"].close()  # a broken or hung connection is not reused
                time.sleep(self.RETRY_SECONDS)
                self._wake.set()

    def flush(self) -> bool:
        """Write every pending count now; False (the rest put back) when the database failed."""
        with self._lock:
            batch, self.pending = self.pending, Counter()
        items = list(batch.items())
        for i, (code, count) in enumerate(items):
            try:
                self._write(code, count)
            except DatabaseError as exc:
                log.warning("link register: write failed, will retry: %s: %s", type(exc).__name__, exc)
                self._put_back(items[i:])
                return False
        return True

    def _put_back(self, items: list[tuple[str, int]]) -> None:
        with self._lock:
            for code, count in items:
                if code in self.pending or len(self.pending) < self.limit:
                    self.pending[code] += count
                else:
                    self.dropped += count


def _write_link(code: str, count: int) -> None:
    IssuedLink.record(code, count=count)


writer = Writer(_write_link, limit=PENDING_CODES, background=getattr(settings, "LINK_REGISTER_BACKGROUND", True))
"""The process's writer of the link register (see :class:`Writer`)."""
