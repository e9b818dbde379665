"""The engine's own errors. Every one is a ``ValueError`` that says what is wrong and where.

Each error has a stable ``code`` (used by the HTTP API), a human ``message``, and, where it applies,
the offending ``text`` and the 0-based character ``position`` in it.
"""

from __future__ import annotations


class MahjongError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code = "invalid"

    def __init__(self, message: str, *, text: str | None = None, position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "position": self.position}


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
