"""The active language's words for engine values: a text in 中文 or English, a seat, a unit.

The site speaks 简体中文 (``zh-hans``), 繁體中文 (``zh-hant``) and English. The engine writes its 中文
in 简体 only; every engine text a page shows passes through :func:`zh` (or :func:`pick`, which calls
it), which writes it in 繁體 on a 繁體 page from the generated table (:mod:`calculator.hant`), with the
own words of the system being drawn (:func:`system_words`: 香港 writes 糊 and 索). The engine's
messages take the same way (``rulesets.messages.SCRIPTS``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from contextvars import ContextVar
from functools import lru_cache, wraps
from typing import Any, TypeVar

from django.utils.translation import get_language, pgettext, pgettext_lazy

from rulesets.hand import Seat
from rulesets.messages import SCRIPTS

from . import hant

HANT = "zh-hant"
"""The language code of 繁體中文."""

_system: ContextVar[tuple[str, Any]] = ContextVar("system_words", default=("", None))
_asked: ContextVar[str | None] = ContextVar("language_asked", default=None)
_F = TypeVar("_F", bound=Callable[..., Any])


def language() -> str:
    """The active language's code in lower case (``zh-hant``): within :func:`asked_once`, as it was on entering."""
    code = _asked.get()
    return code if code is not None else _active()


def asked_once() -> _Asked:
    """Within it, :func:`language` (and all that depends on it here) answers the language active on entering,
    asked once: a request's page is drawn in the one language LocaleMiddleware chose, and its view model and
    parts ask for it ~150 times (Django's answer is an asgiref ``Local``, ~0.7 µs each). Nothing within may
    change the active language (``translation.override``): what speaks another language is drawn outside it.
    A context manager, or a view's decorator (each call enters one of its own)."""
    return _Asked()


class _Asked:
    """:func:`asked_once`: a context manager, or a view's decorator whose every call sets and resets the language
    around the view itself (no context manager made and entered per request)."""

    __slots__ = ("_token",)

    def __call__(self, func: _F) -> _F:
        @wraps(func)
        def inner(*args: Any, **kwargs: Any) -> Any:
            token = _asked.set(_active())
            try:
                return func(*args, **kwargs)
            finally:
                _asked.reset(token)

        return inner  # type: ignore[return-value]

    def __enter__(self) -> None:
        self._token = _asked.set(_active())

    def __exit__(self, *exc: object) -> None:
        _asked.reset(self._token)


def _active() -> str:
    """The active language's code in lower case, as Django says it."""
    return (get_language() or "").lower()


def is_zh() -> bool:
    """Whether the page is in 中文 (either way of writing it)."""
    return language().startswith("zh")


def is_hant() -> bool:
    """Whether the page is in 繁體中文."""
    return language() == HANT


def traditional(text: str) -> str:
    """A 简体 text in 繁體, with the words of the system being drawn (:func:`system_words`)."""
    system, terms = _system.get()
    return hant.convert(text, terms, system)


def own_words(text: str) -> str:
    """A 繁體 text of the catalog in the words of the system being drawn (:func:`system_words`): each of its
    words written as the word list writes it replaced by the system's (胡牌 → 糊牌 for 香港). Any other
    text as it is."""
    system, terms = _system.get()
    if not terms or not is_hant():
        return text
    for simplified, own in sorted(terms.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(hant.convert(simplified), own)
    return text


def zh(text: str) -> str:
    """An engine text (简体) as the page writes 中文: in 繁體 on a 繁體 page, else as it is."""
    return traditional(text) if is_hant() else text


def pick(zh_text: str | None, en: str | None) -> str:
    """The text in the active language, falling back to the other one."""
    code = language()  # asked once: a page picks some hundreds of texts
    if code.startswith("zh"):
        text = zh_text or en or ""
        return traditional(text) if code == HANT else text
    return en or zh_text or ""


def engine_language() -> str:
    """The language to render the engine's messages in (``rulesets.messages.render``)."""
    code = language()
    return HANT if code == HANT else "zh" if code.startswith("zh") else "en"


def script() -> str:
    """What a drawing in the active language depends on besides the language: the words of the system being
    drawn on a 繁體 page (a key for memoised drawings)."""
    code = language()
    return f"{code}:{_system.get()[0]}" if code == HANT and _system.get()[0] else code


class _Words:
    """Within it, the words of one system (or of none) are drawn: :func:`system_words`, :func:`common_words`.
    A plain class rather than a generator: a page enters it a few times per system drawn."""

    __slots__ = ("_token", "_words")

    def __init__(self, words: tuple[str, Any]) -> None:
        self._words = words

    def __enter__(self) -> None:
        self._token = _system.set(self._words)

    def __exit__(self, *exc: object) -> None:
        _system.reset(self._token)


def system_words(ruleset: Any) -> AbstractContextManager[None]:
    """While drawing ``ruleset``'s texts, write its own words (``Ruleset.hant_terms``) on a 繁體 page."""
    terms = getattr(ruleset, "hant_terms", None) or None
    return _Words((ruleset.id, terms) if terms else _NO_WORDS)


def common_words() -> AbstractContextManager[None]:
    """Within it, no system's own words (as outside :func:`system_words`)."""
    return _Words(_NO_WORDS)


_NO_WORDS: tuple[str, Any] = ("", None)


def html_lang(code: str | None) -> str:
    """The ``lang`` attribute of a language code: zh-Hans, zh-Hant, en."""
    code = (code or "").lower()
    if code.startswith("zh"):
        return "zh-Hant" if code == HANT else "zh-Hans"
    return code or "en"


def seat_name(seat: Seat) -> str:
    """A seat's name (东, East) in the active language, and on a 繁體 page in the words of the system being drawn
    (:func:`script`): written once per seat and script, as a card names a seat in each of its payments."""
    return _seat_name(seat, script())


@lru_cache(maxsize=256)
def _seat_name(seat: Seat, script: str) -> str:
    """:func:`seat_name` in ``script``, the active one."""
    return pick(seat.zh, seat.en)


UNITS = (
    pgettext_lazy("unit", "番"),
    pgettext_lazy("unit", "倍"),
    pgettext_lazy("unit", "台"),
    pgettext_lazy("unit", "分"),
)
"""The units the systems count in, for the catalog (English: fan, ×, tai, points)."""

UNITS_ONE = (
    pgettext_lazy("unit, after 1", "番"),
    pgettext_lazy("unit, after 1", "倍"),
    pgettext_lazy("unit, after 1", "台"),
    pgettext_lazy("unit, after 1", "分"),
)
"""The same units after the number 1 (English: 1 point, not 1 points)."""


def unit_name(unit: str, count: object = None) -> str:
    """A system's unit (番, 倍, 台…) in the active language; after ``count`` when given (1 point, 2 points)."""
    return pgettext("unit, after 1" if count == 1 else "unit", unit)


SCRIPTS[HANT] = traditional
