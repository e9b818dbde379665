"""A value carried under a key, for the bounded caches (``functools.lru_cache``) that keep what is drawn or found
once per distinct input: the cache hashes and compares the key alone, and the function reads the value, which
need not be hashable (a frozen view, a page's dict, a request)."""

from __future__ import annotations

from typing import Any

from django.utils.safestring import SafeString


class Keyed:
    """``value`` under ``key``: equal when the keys are (the caller makes equal keys mean equal values)."""

    __slots__ = ("key", "value")

    def __init__(self, key: Any, value: Any) -> None:
        self.key, self.value = key, value

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and other.key == self.key


class Drawn(SafeString):
    """Safe markup with what it was drawn from (``inputs``: strings, numbers, bytes, None and tuples of them): two
    drawings from equal inputs are the same text, so a part's signature encodes the inputs (a few dozen bytes)
    rather than the markup (some kB). The function that draws it makes its inputs say everything the text
    depends on (the language and the static files' settings too)."""

    inputs: tuple[Any, ...]

    def __new__(cls, text: str, inputs: tuple[Any, ...]) -> Drawn:
        drawn = super().__new__(cls, text)
        drawn.inputs = inputs
        return drawn
