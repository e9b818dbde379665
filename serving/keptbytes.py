"""Bytes drawn once and kept twice: in this worker's memory and in the site's shared cache.

A drawing that is costly and the same for everyone who asks (a share link's preview image) is kept in each
worker (:class:`~serving.bytecache.BoundedBytes`: a popular one costs no cache round trip, and none costs a
redraw while Redis is down) and in Django's default cache (Redis when ``CACHE_URL`` names one: the other
workers and servers draw it no more), which is only a cache (serving/resilience.py: a cache that fails is a
miss). A view asks :meth:`KeptBytes.fetch` with the drawing to make when neither has it; the view names no
cache call of its own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.cache import cache

from .bytecache import BoundedBytes


class KeptBytes:
    """Bytes under keys ``<prefix>:<sha256 of the parts>``, at most ``worker_bytes`` in each worker; a drawing
    larger than ``shared_max_bytes`` is not written to the shared cache."""

    def __init__(self, prefix: str, *, worker_bytes: int, shared_max_bytes: int) -> None:
        self.prefix = prefix
        self.shared_max_bytes = shared_max_bytes
        self.worker = BoundedBytes(max_bytes=worker_bytes)

    def key(self, *parts: str) -> str:
        """The key of the drawing made from ``parts`` (in the shared cache as in the worker).

        >>> KeptBytes("og-png", worker_bytes=1, shared_max_bytes=1).key("v1.1m", "en")[:15]
        'og-png:10e92d2a'
        """
        return f"{self.prefix}:" + hashlib.sha256("|".join(parts).encode()).hexdigest()

    def fetch(self, key: str, draw: Callable[[], bytes], seconds: int) -> bytes:
        """The bytes under ``key``: from this worker, else from the shared cache, else ``draw()`` (kept in the
        shared cache for ``seconds``); kept in this worker in every case. What ``draw`` raises is not kept."""
        found = self.worker.get(key)
        if found is None:
            found = cache.get(key)
        if found is None:
            found = draw()
            if len(found) <= self.shared_max_bytes:
                cache.set(key, found, seconds)
        self.worker.put(key, found)
        return found

    def clear(self) -> None:
        """Forget what this worker keeps (the shared cache is cleared by its own ``clear``)."""
        self.worker.clear()
