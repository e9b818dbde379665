"""A value carried under a key, for the bounded caches (``functools.lru_cache``) that keep what is drawn or found
once per distinct input: the cache hashes and compares the key alone, and the function reads the value, which
need not be hashable (a frozen view, a page's dict, a request)."""

from __future__ import annotations

from typing import Any


class Keyed:
    """``value`` under ``key``: equal when the keys are (the caller makes equal keys mean equal values)."""

    __slots__ = ("key", "value")

    def __init__(self, key: Any, value: Any) -> None:
        self.key, self.value = key, value

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and other.key == self.key
