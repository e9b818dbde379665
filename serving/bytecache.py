"""A per-process cache of byte strings bounded by their total size (least recently used dropped first)."""

from __future__ import annotations

import threading
from collections import OrderedDict


class BoundedBytes:
    """``get``/``put`` of bytes by key, at most ``max_bytes`` in all; a value larger than that is not kept.

    >>> kept = BoundedBytes(max_bytes=10)
    >>> kept.put("a", b"12345"); kept.put("b", b"67890"); kept.put("c", b"x")
    >>> kept.get("a") is None, kept.get("b"), kept.size
    (True, b'67890', 6)
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: str, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self._items[key] = value
            self.size += len(value)
            while self.size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0
