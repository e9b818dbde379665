"""The engine's messages in the active language, rendered from their keys.

Every message the engine gives a reader (an error, a reason, a note) is a key of the engine's catalog
(``rulesets/messages.py``) with named parameters and a 中文 and an English template: the page renders it
from the key in the reader's language, never by reading the English. A message that arrives with no
key (a plain string) is shown as it is, and :class:`UnkeyedMessage` is warned so a test can refuse it
(tests/calculator/test_engine_messages.py turns the warning into an error over the pages it walks).

A page that scores for systems whose rule texts write 胡 (四川, most regional ones) renders the engine's
messages in that word (不能胡自己打出的牌, not 不能和…): :func:`spelt_hu` around the page's drawing, or
``hu`` for one system's card (``rulesets.messages.render``; calculator/wording.py decides who writes 胡).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from contextlib import AbstractContextManager
from contextvars import ContextVar
from typing import Any

from rulesets.errors import MahjongError
from rulesets.messages import CATALOG, Message
from rulesets.messages import render as render_key

from .lang import HANT, engine_language, pick, system_words, zh


class UnkeyedMessage(UserWarning):
    """An engine message reached the page with no catalog key: it is shown as the engine wrote it."""


def language() -> str:
    """The language the engine renders in: "zh", "zh-hant" (rulesets.messages.SCRIPTS) or "en"."""
    return engine_language()


_HU: ContextVar[tuple[bool, Any]] = ContextVar("engine_messages_hu", default=(False, None))


def spelt_hu(hu: bool, words_of: Any = None) -> AbstractContextManager[None]:
    """Within it, the engine's messages are rendered in the words of systems that write 胡 (when ``hu``); on a
    繁體 page in the own words of the system ``words_of`` (香港's 糊: ``lang.system_words``) when given."""
    return _Spelt((hu, words_of))


class _Spelt:
    """:func:`spelt_hu`: a plain class rather than a generator (``contextlib.contextmanager``), whose making,
    entering and leaving cost twice as much: a tap enters one about three times (the form's cleaning, the page,
    a card's notes)."""

    __slots__ = ("_token", "_value")

    def __init__(self, value: tuple[bool, Any]) -> None:
        self._value = value

    def __enter__(self) -> None:
        self._token = _HU.set(self._value)

    def __exit__(self, *exc: object) -> None:
        _HU.reset(self._token)


def render(message: MahjongError | Message | Mapping[str, object] | str, hu: bool | None = None) -> str:
    """``message`` in the active language: an engine error (with its place counted from 1), a catalog
    :class:`Message`, its JSON form ``{"key", "params"}``, or, as a fallback, a plain string. Its 中文 says
    胡 when ``hu`` (by default: within :func:`spelt_hu`)."""
    lang = language()
    spelt, words_of = _HU.get()
    if words_of is not None and lang == HANT:
        with system_words(words_of):
            return _rendered(message, lang, spelt if hu is None else hu)
    return _rendered(message, lang, spelt if hu is None else hu)


def _rendered(message: MahjongError | Message | Mapping[str, object] | str, lang: str, hu: bool) -> str:
    if isinstance(message, MahjongError):
        if message.key is not None:
            return message.render(lang, hu)
        return _unkeyed(message.message)
    if isinstance(message, Message):
        return message.render(lang, hu)
    if isinstance(message, Mapping):
        key, params = message.get("key"), message.get("params")
        if isinstance(key, str) and key in CATALOG and isinstance(params, Mapping):
            return render_key(key, params, lang, hu)
        zh_text, en = message.get("zh"), message.get("en")
        return _unkeyed(pick(str(zh_text or ""), str(en or "")) if zh_text or en else str(message))
    return _unkeyed(zh(str(message)))


translate = render
"""The former name of :func:`render`."""


_WORDS = re.compile(r"[A-Za-z]{2,}|[\u3400-\u9fff]")
"""A word of either language: a text without one (123m+456m, 360→320) reads the same in both."""


def _unkeyed(text: str) -> str:
    if _WORDS.search(text):
        warnings.warn(UnkeyedMessage(text), stacklevel=3)
    return text
