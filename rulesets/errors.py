"""The engine's own errors. Every one is a ``ValueError`` that says what is wrong and where.

Each error has a stable ``code`` (the error's class, used by the HTTP API), the ``key`` and ``params`` of
its message in the catalog (:mod:`rulesets.messages`), the ``message`` in English and ``message_zh`` in
中文, and, where it applies, the offending ``text`` and the 0-based character ``position`` in it.

>>> from rulesets.messages import msg
>>> e = NotationError(msg("notation.stray_close"), text="123m]", position=4, located=True)
>>> e.message, e.message_zh, e.key
("']' closes no '[' at position 4", '多余的“]”：前面没有“[”（第 5 个字符）', 'notation.stray_close')
>>> e.render("en")
"']' closes no '[' (at character 5)"
"""

from __future__ import annotations

from typing import Any

from .messages import Message, msg


class MahjongError(ValueError):
    """Base class of every error the engine raises on bad input.

    ``message`` is a catalog :class:`Message` (or, for a text with no key, a plain string: such an error
    has ``key`` None and the same text in both languages). With ``located`` the place in the text is part
    of the message (" at position N"; 中文 "（第 N+1 个字符）").
    """

    code = "invalid"

    def __init__(self, message: Message | str, *, text: str | None = None, position: int | None = None,
                 located: bool = False) -> None:
        self.msg: Message | None = message if isinstance(message, Message) else None
        self.text = text
        self.position = position
        self.located = located and position is not None
        self.message = self._en(message)
        super().__init__(self.message)

    def _en(self, message: Message | str) -> str:
        plain = message if isinstance(message, str) else message.en
        if self.located:
            return msg("where.position", message=plain, position=self.position, n=(self.position or 0) + 1).en
        return plain

    @property
    def key(self) -> str | None:
        """The catalog key of the message (None for a message given as plain text)."""
        return self.msg.key if self.msg is not None else None

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.msg.params) if self.msg is not None else {}

    def render(self, lang: str, hu: bool = False) -> str:
        """The message for a reader of ``lang``, with the place counted from 1 ("(at character 6)"); its 中文
        in the words of a system that writes 胡 when ``hu`` (rulesets.messages.render)."""
        if self.msg is None:
            return self.message
        body = self.msg.render(lang, hu)
        if self.located:
            return msg("where.character", message=body, n=(self.position or 0) + 1).render(lang, hu)
        return body

    @property
    def message_zh(self) -> str:
        return self.render("zh")

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "position": self.position,
                "message_zh": self.message_zh, "key": self.key}


class NotationError(MahjongError):
    """A hand string or tile that cannot be read."""

    code = "notation"


class HandError(MahjongError):
    """A hand that cannot exist: wrong tile count, five copies, a meld that is not a set."""

    code = "hand"


class ContextError(MahjongError):
    """Win context flags that cannot go together, or that the tiles contradict."""

    code = "context"


class RulesError(MahjongError):
    """An unknown ruleset, or an option it does not have / a value it does not take."""

    code = "rules"
