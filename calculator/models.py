"""What the site keeps: the share links it has issued, so a release can re-check that every one still opens.

Share codes carry the whole hand, so no link depends on this table; it is a register for the
``check_links`` command and for knowing which hands people share.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter

from django.core.cache import cache
from django.db import models
from django.db.models import F
from django.utils import timezone

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
    def record_view(cls, code: str) -> None:
        """Count one view of a share page without a database write per view: one cache request.

        The first view of a code in a window (``cache.add`` of its gate succeeds) writes the row, with
        the views this worker counted since its last write; the other views of the window are only
        counted in memory."""
        if cache.add(view_gate(code), True, VIEW_WINDOW_SECONDS):
            with _pending_lock:
                pending = pending_views.pop(code, 0)
            cls.record(code, count=1 + pending)
            return
        with _pending_lock:
            if code in pending_views or len(pending_views) < PENDING_CODES:
                pending_views[code] += 1


def view_gate(code: str) -> str:
    """The cache key of ``code``'s write gate."""
    return "issued-link:" + hashlib.sha256(code.encode()).hexdigest()
