"""What the site keeps: the share links it has issued, so a release can re-check that every one still opens.

Share codes carry the whole hand, so no link depends on this table; it is a register for the
``check_links`` command and for knowing which hands people share.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.db import models
from django.db.models import F
from django.utils import timezone

VIEW_WINDOW_SECONDS = 300
"""A share page writes its link's row at most once per this many seconds (see IssuedLink.record_view)."""


class IssuedLink(models.Model):
    """One issued share link: first and last seen, and how often it was viewed.

    ``views`` is approximate: a page view goes through :meth:`record_view`, which writes the row at
    most once per code per ``VIEW_WINDOW_SECONDS`` and counts the views in between in the cache, added
    at the next write. Views still pending when the cache forgets them (eviction, a restart of the
    local-memory cache) or when no later view comes are not counted, and ``last_seen`` lags by up to
    the window. The first sight of a code always writes its row at once.
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
        """Count one view of a share page without a database write per view.

        The first view of a code in a window (``cache.add`` of its gate succeeds) writes the row, with
        the views counted in the cache since the last write; the other views of the window only
        increment that cache counter. Several app servers sharing one cache (Redis) share the gate.
        """
        gate, counter = view_keys(code)
        if cache.add(gate, True, VIEW_WINDOW_SECONDS):
            pending = cache.get(counter) or 0
            if pending:
                try:
                    cache.decr(counter, pending)  # views counted meanwhile stay for the next write
                except ValueError:  # forgotten meanwhile: count what was read
                    pass
            cls.record(code, count=1 + pending)
        elif not cache.add(counter, 1, None):
            try:
                cache.incr(counter)
            except ValueError:  # forgotten between add and incr: this view is not counted
                pass


def view_keys(code: str) -> tuple[str, str]:
    """The cache keys of ``code``'s write gate and of its views not yet written."""
    key = "issued-link:" + hashlib.sha256(code.encode()).hexdigest()
    return f"{key}:gate", f"{key}:pending"
