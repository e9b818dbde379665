"""The parts of the calculator page drawn from its state, each from its own context and kept under its digest.

A part is a partial of calculator.html (``chooser``, ``setup``, ``flowers``, ``systems`` and, on a whole page
only, ``palette_tiles``) or a function of :data:`DRAWN_IN_PYTHON` (``placed``, ``context``), and one function
here that picks, from the page's view model, everything that partial reads. The partial is rendered from that
dict alone (no request, no context processors, no other key of the page), so its markup is a function of the
dict, the language and whether it is swapped out of band. Its signature (``data-sig``) is a SHA-256 over exactly those,
encoded whole (:func:`encode`: a pickle, its walk in C; a value the encoding does not know is an error, never
a guess; markup drawn in Python as a :class:`~calculator.keyed.Drawn` is written as what it was drawn from), so
two states with the same signature draw the same markup: a template that reads a key its part does not give
gets nothing, every time, instead of the markup of some other state.

The drawings are kept per worker under (part, signature, out of band) by :func:`functools.lru_cache`
(bounded, thread-safe; the placed tiles, new at every tap, excepted): a part is drawn once per distinct state,
and the browser reports the
signatures it shows (``X-Parts``) so an htmx response leaves out the parts that did not change.

>>> encode({"a": [1, "x"]}) == encode({"a": [1, "x"]}) != encode({"a": [1, SafeString("x")]})
True
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import pickle
import threading
import types
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.safestring import SafeData, SafeString

from rulesets.tiles import Tile
from rulesets.values import keep

from .context_part import context_html
from .keyed import Drawn
from .lang import language
from .palette import palette_rows, placed_html


def _pick(*keys: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    def part(page: Mapping[str, Any]) -> dict[str, Any]:
        return {key: page[key] for key in keys}

    return part


PICKED: dict[str, tuple[str, ...]] = {
    "chooser": ("chooser", "table", "remember"),
    "setup": ("setup", "table"),
    "placed": ("placed", "hand_error", "notice", "left_csv"),
    "flowers": ("flower_row", "flowers_unused", "flowers_shown"),
    "context": ("controls", "table_context", "kept_ctx"),
    "systems": ("table_id", "compare", "compared", "house_rules"),
}
"""The keys of the page each part an htmx response swaps out of band reads."""

PARTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {name: _pick(*keys) for name, keys in PICKED.items()}
"""The parts an htmx response swaps out of band, each with the function that builds its context."""


def _palette(page: Mapping[str, Any]) -> dict[str, Any]:
    return {"palette_rows": palette_rows(page["tiles_left"]), "hand_full": page["hand_full"]}


PALETTE = _palette
"""The palette's tiles: drawn on a whole page only (a tap changes them in the browser), their rows built then."""


class Part:
    """A part's context with its signature; equal signatures mean equal contexts (the cache's key)."""

    __slots__ = ("context", "sig")

    def __init__(self, context: dict[str, Any], sig: str) -> None:
        self.context, self.sig = context, sig

    def __hash__(self) -> int:
        return hash(self.sig)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Part) and other.sig == self.sig


def part(name: str, build: Callable[[Mapping[str, Any]], dict[str, Any]], page: Mapping[str, Any],
         code: str | None = None) -> Part:
    """Part ``name`` of ``page``: its context and the digest of it, the part's name and the language (``code``,
    the active one's as :func:`~calculator.lang.language` says it, when given). The win context's digest is kept
    per state of its controls (:func:`_context_signature`); the parts that are the same tap after tap are kept
    whole by :func:`parts`."""
    context = build(page)
    code = language() if code is None else code
    if name == "context":
        return Part(context, _context_signature(code, context))
    return Part(context, _signature(name, code, context))


def _signature(name: str, code: str, context: dict[str, Any]) -> str:
    return hashlib.sha256(_dumps((name, code, context))).hexdigest()


STEADY = frozenset({"chooser", "setup", "flowers", "systems"})
"""The parts whose context is the same from one tap to the next (the table, its house rules, the flowers chosen):
kept whole with their signatures (:func:`_steady`) rather than picked and digested again each time."""


def _context_signature(code: str, context: dict[str, Any]) -> str:
    """:func:`_signature` of the win-context part, kept per language and state of its controls: their views are
    shared from one tap to the next (each kept per language, systems, context and reasons) while a few lists
    around them are made anew. The shared values that cannot change (strings, numbers, flags, frozen views) are
    keyed by identity, every other one by its :func:`_key_of`; an entry holds the values it was keyed by, so no
    other object takes their ids while it is kept. At most 256 kept per worker, all forgotten when one more
    comes."""
    controls = context["controls"]
    if type(controls) is not dict or len(context) != 3:
        return _signature("context", code, context)
    values = tuple(controls.values())
    ids: list[Any] = list(map(id, values))
    try:
        for place, kind in enumerate(map(type, values)):
            if kind not in _UNCHANGING:
                ids[place] = _key_of(values[place])  # a tuple, str or bytes: never equal to an id (an int)
        key = (code, tuple(controls), tuple(ids), _key_of(context["table_context"]), _key_of(context["kept_ctx"]))
    except _NoKey:
        return _signature("context", code, context)
    kept = _CONTEXT_SIGNATURES.get(key)
    if kept is None:
        kept = keep(_CONTEXT_SIGNATURES, key, (values, _signature("context", code, context)), 256, forget=True)
    return kept[1]


_CONTEXT_SIGNATURES: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}


class _NoKey(Exception):
    pass


def _key_of(value: Any) -> Any:
    """A key of ``value`` read without encoding it: frozen views by their digests, strings, numbers and None as
    they are, dicts, lists and tuples by what they hold (each tagged with its type, so that equal keys mean equal
    encodings). Raises :class:`_NoKey` when it holds a value of another kind (only encoding it says what it
    draws)."""
    kind = type(value)
    if kind is str:
        return value
    if kind is Frozen or kind is FrozenRow:
        return value.encoded  # bytes: never equal to a str, nor to a tuple
    if kind is dict:
        items = []
        for key, item in value.items():
            if type(key) is not str:
                raise _NoKey
            inner = type(item)  # a string, a frozen view, a flag or a number (most values) keyed here, as _key_of would
            items.append((key, item if inner is str else item.encoded if inner is Frozen or inner is FrozenRow
                          else (inner, item) if inner is bool or inner is int or item is None else _key_of(item)))
        return (dict, tuple(items))
    if kind is list or kind is tuple:
        return (kind, tuple([_key_of(item) for item in value]))
    if kind is bool or kind is int or value is None:
        return (kind, value)
    raise _NoKey


def parts(page: Mapping[str, Any]) -> dict[str, Part]:
    """Every out-of-band part of ``page``: the :data:`STEADY` ones as :func:`_steady` keeps them, the others
    signed anew."""
    code = language()
    steady = _steady(page, code)
    if steady is None:
        return {name: part(name, build, page, code) for name, build in PARTS.items()}
    return {name: steady[name] if name in steady else part(name, build, page, code) for name, build in PARTS.items()}


_STEADY_VALUES = tuple(dict.fromkeys(key for name in PICKED if name in STEADY for key in PICKED[name]))
"""The keys of the page the :data:`STEADY` parts read, each once (the table is read by two)."""


def _steady(page: Mapping[str, Any], code: str) -> dict[str, Part] | None:
    """The :data:`STEADY` parts of ``page`` in language ``code``, kept together under the language and the keys
    (:func:`_key_of`) of the page's values they read: one walk of those values and one look-up a request
    rather than a context picked, walked and looked up per part. Two pages of equal keys have parts of equal
    contexts (equal encodings), so the parts kept from the first, their contexts and signatures, are the
    second's too. None when a value has no key (:func:`part` signs each part then). At most 64 kept per worker,
    all forgotten when one more comes (a worker meets a few tables)."""
    key: list[Any] = [code]
    try:
        for name in _STEADY_VALUES:
            value = page[name]
            kind = type(value)  # most values are strings or frozen views: keyed here as _key_of keys them
            key.append(value if kind is str else value.encoded if kind is Frozen or kind is FrozenRow
                       else _key_of(value))
    except _NoKey:
        return None
    found = _STEADY_PARTS.get(tup := tuple(key))
    if found is None:
        found = keep(_STEADY_PARTS, tup, {name: part(name, PARTS[name], page, code) for name in PICKED
                                          if name in STEADY}, 64, forget=True)
    return found


_STEADY_PARTS: dict[tuple[Any, ...], dict[str, Part]] = {}


def to_send(shown: dict[str, Part], reported: str) -> set[str]:
    """The parts whose signature differs from the one the browser reports (``placed:ab12…,context:…``)."""
    seen: dict[str, str] = {}
    for item in reported.split(","):
        name, colon, sig = item.partition(":")
        if colon:
            seen[name] = sig
    return {name for name, p in shown.items() if seen.get(name) != p.sig}


DRAWN_IN_PYTHON: dict[str, Callable[[Mapping[str, Any], bool, str], SafeString]] = {
    "placed": placed_html, "context": context_html}
"""The parts drawn by a function of their context, the out-of-band flag and their signature rather than by a
partial of calculator.html: the placed tiles and the win context (their markup changes with nearly every tap)."""


def draw(name: str, p: Part, oob: bool) -> SafeString:
    """Partial ``name`` drawn from ``p`` alone (plus its own ``sigs.<name>`` and the out-of-band flag), or
    the drawing kept from before for the same signature (:func:`_kept_drawing`). The placed tiles, whose
    signature changes with every tap, are drawn each time: kept, each would push out a drawing that is asked
    for again."""
    if name == "placed":
        return placed_html(p.context, oob, p.sig)
    return _kept_drawing(name, p, oob)


@lru_cache(maxsize=256)
def _kept_drawing(name: str, p: Part, oob: bool) -> SafeString:
    """:func:`draw`, kept per part, signature and out-of-band flag: at most 256 per worker (most a few kB; every
    system's house rules ~50 kB)."""
    drawer = DRAWN_IN_PYTHON.get(name)
    if drawer is not None:
        return drawer(p.context, oob, p.sig)
    return SafeString(get_template(f"calculator.html#{name}").render({**p.context, "oob": oob, "sigs": {name: p.sig}}))


def clear() -> None:
    """Forget every drawing (tests; a change of the static files' settings)."""
    _kept_drawing.cache_clear()
    _STEADY_PARTS.clear()
    _CONTEXT_SIGNATURES.clear()


def _settings_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT", "TEMPLATES"):
        clear()


setting_changed.connect(_settings_changed)


# --- the encoding a signature digests -----------------------------------------------------------------


class Frozen(dict[str, Any]):
    """A read-only view model with the digest of its encoding computed once: for the views the presenters build
    once and share (a system's house rules, the wildcard select…), which every page's signature would encode
    again.

    Built by :func:`frozen`, which freezes what it holds too (dicts inside become Frozen, lists tuples),
    so the digest kept is always the value's."""

    __slots__ = ("encoded",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        super().__init__(items)
        self.encoded = hashlib.sha256(_dumps(dict(self))).digest()

    def _read_only(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a Frozen view is read only")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = _read_only  # type: ignore[assignment]


class FrozenRow(tuple[Any, ...]):
    """A read-only list of views with the digest of its encoding computed once (see :class:`Frozen`)."""

    encoded: bytes

    def __new__(cls, items: Iterable[Any]) -> FrozenRow:
        row = super().__new__(cls, items)
        row.encoded = hashlib.sha256(_dumps(tuple(row))).digest()
        return row


_UNCHANGING = frozenset({str, bool, int, type(None), Frozen, FrozenRow})
"""The kinds of value that cannot change once made: a signature kept for one is kept while the value is held."""


def frozen(value: Any) -> Any:
    """``value`` with every dict a :class:`Frozen` and every list or tuple a :class:`FrozenRow`, all the way down."""
    if isinstance(value, (Frozen, FrozenRow)):
        return value
    if isinstance(value, Mapping):
        return Frozen({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenRow(frozen(item) for item in value)
    return value


def encode(value: object) -> bytes:
    """``value`` as bytes that tell apart every two values a template could draw differently: a pickle (the C
    pickler walks the dicts, lists, tuples, strings and numbers itself) in which every other value is written
    as what a template reads of it (:func:`_reducer`), and a value of a type it does not know is an error.
    Equal values give equal bytes, whichever of their parts are shared objects (the pickle memoises no value); a
    set is written in the order a template iterates it."""
    return _dumps(value)


def _dumps(value: object) -> bytes:
    kept = _picklers.__dict__.pop("kept", None)  # this thread's pickler, unless a dump is under way (it is out)
    if kept is None:
        out = io.BytesIO()
        pickler = _Pickler(out, pickle.HIGHEST_PROTOCOL)
        pickler.fast = True  # no memo: the encoding of a value never depends on which of its parts are the same object
        # but the tags, in a memo given once and never added to: each written as a reference to its place in
        # _TAGS (the same in every worker) instead of its module and name, looked up again at each value
        pickler.memo = {id(tag): (place, tag) for place, tag in enumerate(_TAGS)}
        kept = out, pickler
    out, pickler = kept
    pickler.dump(value)  # a value it refuses raises, and the pickler, in whatever state, is dropped
    encoded = out.getvalue()
    out.seek(0)
    out.truncate()
    _picklers.kept = kept
    return encoded


_picklers = threading.local()
"""Each thread's pickler and its buffer, made once (a pickler's making cost as much as a small part's dump)."""


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is Frozen or kind is FrozenRow:  # most values written here: as _reducer writes them, without a call
            return (_frozen, (obj.encoded,))
        reduce = _REDUCERS.get(kind)
        if reduce is None:
            reduce = _REDUCERS[kind] = _reducer(kind)
        return reduce(obj)


# The tags of the values written by :func:`_reducer`: module-level functions, which the pickle writes as their
# places in _TAGS (its memo); never called (an encoding is digested, never read back).


def _safe(text: str) -> None: ...  # safe markup (not escaped when drawn)


def _text(text: str) -> None: ...  # a lazy translation (its text in the active language) or another kind of str


def _record(kind: str, fields: tuple[Any, ...]) -> None: ...  # a dataclass: its type and its fields


def _tile(index: int) -> None: ...


def _enum(kind: str, value: Any) -> None: ...


def _number(kind: str, text: str) -> None: ...


def _frozen(digest: bytes) -> None: ...


def _mapping(items: dict[Any, Any]) -> None: ...


def _row(items: tuple[Any, ...]) -> None: ...  # a list or tuple of another kind


def _set(items: tuple[Any, ...]) -> None: ...  # a set of another kind, in its own order


def _drawn(inputs: tuple[Any, ...]) -> None: ...  # markup drawn from these inputs (keyed.Drawn)


_TAGS = (_safe, _text, _record, _tile, _enum, _number, _frozen, _mapping, _row, _set, _drawn)
"""The tags in the order the encoding numbers them (a new one goes last: the others keep their numbers)."""


def _reducer(kind: type) -> Callable[[Any], Any]:
    """How the pickle writes a value of type ``kind`` (every one but the builtin containers, strings and numbers,
    which it writes itself): decided once per type."""
    if issubclass(kind, Drawn):  # markup as what it was drawn from (equal inputs draw the same text)
        return lambda value: (_drawn, (value.inputs,))
    if issubclass(kind, str):
        if issubclass(kind, SafeData):  # safe markup is not escaped
            return lambda value: (_safe, (str.__str__(value),))
        return lambda value: (_text, (str.__str__(value),))
    if issubclass(kind, Promise):  # a lazy translation: its text in the active language
        return lambda value: (_text, (str(value),))
    if issubclass(kind, (Frozen, FrozenRow)):
        return lambda value: (_frozen, (value.encoded,))
    if issubclass(kind, Tile):
        return lambda value: (_tile, (value.index,))
    if issubclass(kind, enum.Enum):
        name = f"{kind.__module__}.{kind.__qualname__}"
        return lambda value: (_enum, (name, value.value))
    if dataclasses.is_dataclass(kind):
        name = f"{kind.__module__}.{kind.__qualname__}"
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: (_record, (name, tuple([getattr(value, n) for n in names])))
    return _composite_reducer(kind)


def _composite_reducer(kind: type) -> Callable[[Any], Any]:
    if issubclass(kind, (bool, int, float, Fraction)):
        name = kind.__qualname__
        return lambda value: (_number, (name, repr(value)))
    if issubclass(kind, Mapping):
        return lambda value: (_mapping, (dict(value.items()),))
    if issubclass(kind, (list, tuple)):
        return lambda value: (_row, (tuple(value),))
    if issubclass(kind, (set, frozenset)):
        return lambda value: (_set, (tuple(value),))
    if kind is types.FunctionType:  # the tags above, as the pickle names them
        return lambda value: NotImplemented if value in _TAGS else _refuse(value)
    return _refuse


def _refuse(value: Any) -> None:
    raise TypeError(f"a part's context holds a {type(value).__qualname__}, which its signature cannot cover")


_REDUCERS: dict[type, Callable[[Any], Any]] = {}
