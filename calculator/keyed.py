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


class Drawn:
    """Safe markup with what it was drawn from (``inputs``: strings, numbers, bytes, None and tuples of them): two
    drawings from equal inputs are the same text, so a part's signature encodes the inputs (a few dozen bytes)
    rather than the markup (some kB). The function that draws it makes its inputs say everything the text
    depends on (the language and the static files' settings too).

    Kept as the pieces it was drawn in (``pieces``: safe text each), joined only when read as text (``str``,
    ``__html__``): the part that writes it joins the pieces with its own, so its markup is copied once, into
    the part, instead of into a text of its own first."""

    __slots__ = ("inputs", "pieces")

    def __init__(self, text: str | list[str], inputs: tuple[Any, ...]) -> None:
        self.pieces = [text] if isinstance(text, str) else text
        self.inputs = inputs

    def __str__(self) -> str:
        return "".join(self.pieces)

    def __html__(self) -> SafeString:
        return SafeString("".join(self.pieces))

    def __contains__(self, text: str) -> bool:
        return text in str(self)
