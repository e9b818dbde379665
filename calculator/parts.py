"""The parts of the calculator page drawn from its state, each from its own context and kept under its digest.

A part is a partial of calculator.html (``chooser``, ``setup``, ``placed``, ``flowers``, ``context``,
``systems`` and, on a whole page only, ``palette_tiles``) and one function here that picks, from the page's view model,
everything that partial reads. The partial is rendered from that dict alone (no request, no context
processors, no other key of the page), so its markup is a function of the dict, the language and
whether it is swapped out of band. Its signature (``data-sig``) is a SHA-256 over exactly those,
encoded whole (:func:`encode`: a value the encoding does not know is an error, never a guess), so two
states with the same signature draw the same markup: a template that reads a key its part does not
give gets nothing, every time, instead of the markup of some other state.

The drawings are kept per worker under (part, signature, out of band) by :func:`functools.lru_cache`
(bounded, thread-safe): a part is drawn once per distinct state, and the browser reports the
signatures it shows (``X-Parts``) so an htmx response leaves out the parts that did not change.

>>> encode({"a": [1, "x"], "b": None})
"{'a':[1,'x'],'b':None}"
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.safestring import SafeData, SafeString
from django.utils.translation import get_language

from rulesets.tiles import Tile


def _pick(*keys: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    def part(page: Mapping[str, Any]) -> dict[str, Any]:
        return {key: page[key] for key in keys}

    return part


PARTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "chooser": _pick("chooser", "table", "remember"),
    "setup": _pick("setup", "table"),
    "placed": _pick("placed", "hand_error", "notice", "left_csv"),
    "flowers": _pick("flower_row", "flowers_unused", "flowers_shown"),
    "context": _pick("controls", "table_context", "kept_ctx"),
    "systems": _pick("table_id", "compare", "compared", "house_rules"),
}
"""The parts an htmx response swaps out of band, each with the function that builds its context."""

PALETTE = _pick("palette_rows", "hand_full")
"""The palette's tiles: drawn on a whole page only (a tap changes them in the browser)."""


class Part:
    """A part's context with its signature; equal signatures mean equal contexts (the cache's key)."""

    __slots__ = ("context", "sig")

    def __init__(self, context: dict[str, Any], sig: str) -> None:
        self.context, self.sig = context, sig

    def __hash__(self) -> int:
        return hash(self.sig)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and other.sig == self.sig


def part(name: str, build: Callable[[Mapping[str, Any]], dict[str, Any]], page: Mapping[str, Any]) -> Part:
    """Part ``name`` of ``page``: its context and the digest of it, the part's name and the language."""
    context = build(page)
    text = encode([name, get_language() or "", context])
    return Part(context, hashlib.sha256(text.encode()).hexdigest())


def parts(page: Mapping[str, Any]) -> dict[str, Part]:
    """Every out-of-band part of ``page``."""
    return {name: part(name, build, page) for name, build in PARTS.items()}


def to_send(shown: dict[str, Part], reported: str) -> set[str]:
    """The parts whose signature differs from the one the browser reports (``placed:ab12…,context:…``)."""
    seen = dict(item.partition(":")[::2] for item in reported.split(",") if ":" in item)
    return {name for name, p in shown.items() if seen.get(name) != p.sig}


@lru_cache(maxsize=256)
def draw(name: str, p: Part, oob: bool) -> SafeString:
    """Partial ``name`` drawn from ``p`` alone (plus its own ``sigs.<name>`` and the out-of-band flag), or
    the drawing kept from before for the same signature: at most 256 per worker (most a few kB; every
    system's house rules ~50 kB)."""
    return SafeString(get_template(f"calculator.html#{name}").render({**p.context, "oob": oob, "sigs": {name: p.sig}}))


def clear() -> None:
    """Forget every drawing (tests; a change of the static files' settings)."""
    draw.cache_clear()


def _settings_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT", "TEMPLATES"):
        clear()


setting_changed.connect(_settings_changed)


# --- the encoding a signature digests -----------------------------------------------------------------


class Frozen(dict[str, Any]):
    """A read-only view model with its encoding computed once: for the views the presenters build once and
    share (a system's house rules, the wildcard select…), which every page's signature would encode again.

    Built by :func:`frozen`, which freezes what it holds too (dicts inside become Frozen, lists tuples),
    so the encoding kept is always the value's."""

    __slots__ = ("encoded",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        super().__init__(items)
        self.encoded = _encoded_mapping(self)

    def _read_only(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a Frozen view is read only")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = _read_only  # type: ignore[assignment]


class FrozenRow(tuple[Any, ...]):
    """A read-only list of views with its encoding computed once (see :class:`Frozen`)."""

    encoded: str

    def __new__(cls, items: Iterable[Any]) -> FrozenRow:
        row = super().__new__(cls, items)
        row.encoded = encode(tuple(row))
        return row


def frozen(value: Any) -> Any:
    """``value`` with every dict a :class:`Frozen` and every list or tuple a :class:`FrozenRow`, all the way down."""
    if isinstance(value, (Frozen, FrozenRow)):
        return value
    if isinstance(value, Mapping):
        return Frozen({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenRow(frozen(item) for item in value)
    return value


def _encoded_mapping(value: Mapping[str, Any]) -> str:
    out: list[str] = []
    _encode_mapping(value, out)
    return "".join(out)


def encode(value: object) -> str:
    """``value`` as text that tells apart every two values a template could draw differently."""
    out: list[str] = []
    _encode(value, out)
    return "".join(out)


def _encode(value: object, out: list[str]) -> None:
    handler = _HANDLERS.get(type(value))
    if handler is None:
        handler = _HANDLERS[type(value)] = _handler(type(value))
    handler(value, out)


def _handler(kind: type) -> Callable[[Any, list[str]], None]:
    """How a value of type ``kind`` is encoded: every decision of the encoding reads the type alone, so it is
    made once per type (the signatures encode ~1,000 values a request)."""
    if kind is type(None) or issubclass(kind, (bool, int, float, Fraction)):
        return lambda value, out: out.append(repr(value))
    if issubclass(kind, str):
        if issubclass(kind, SafeData):  # safe markup is not escaped
            return lambda value, out: out.append("S" + repr(str(value)))
        return lambda value, out: out.append(repr(str(value)))
    if issubclass(kind, Promise):  # a lazy translation: its text in the active language
        return lambda value, out: out.append(repr(str(value)))
    return _composite_handler(kind)


def _composite_handler(kind: type) -> Callable[[Any, list[str]], None]:
    if issubclass(kind, (Frozen, FrozenRow)):
        return lambda value, out: out.append(value.encoded)
    if issubclass(kind, Mapping):
        return _encode_mapping
    if issubclass(kind, (list, tuple)):
        return _encode_list if issubclass(kind, list) else _encode_tuple
    if issubclass(kind, (set, frozenset)):
        return lambda value, out: out.append("set" + repr(sorted(encode(item) for item in value)))
    if issubclass(kind, Tile):
        return lambda value, out: out.append(f"{kind.__qualname__}({value!s})")
    if issubclass(kind, enum.Enum):
        return lambda value, out: out.append(repr(value))
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))

        def encode_dataclass(value: Any, out: list[str]) -> None:
            out.append(kind.__qualname__ + "(")
            for name in names:
                out.append(name + "=")
                _encode(getattr(value, name), out)
                out.append(",")
            out.append(")")

        return encode_dataclass

    def refuse(value: Any, out: list[str]) -> None:
        raise TypeError(f"a part's context holds a {kind.__qualname__}, which its signature cannot cover")

    return refuse


_HANDLERS: dict[type, Callable[[Any, list[str]], None]] = {}


def _encode_list(value: list[Any], out: list[str]) -> None:
    out.append("[")
    for i, item in enumerate(value):
        if i:
            out.append(",")
        _encode(item, out)
    out.append("]")


def _encode_tuple(value: tuple[Any, ...], out: list[str]) -> None:
    out.append("(")
    for i, item in enumerate(value):
        if i:
            out.append(",")
        _encode(item, out)
    out.append(")")


def _encode_mapping(value: Mapping[Any, Any], out: list[str]) -> None:
    out.append("{")
    for i, (key, item) in enumerate(value.items()):
        if i:
            out.append(",")
        _encode(key, out)
        out.append(":")
        _encode(item, out)
    out.append("}")
