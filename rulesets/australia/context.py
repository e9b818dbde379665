"""The table context Mahjong Australia reads: the shared win context only (no table fields of its own)."""

from __future__ import annotations

from typing import Any

from ..context import ContextField

CONTEXT: tuple[ContextField[Any], ...] = ()

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "last_tile", "heavenly", "earthly",
                            "flowers"})
"""How it was won and who discarded (who pays), the seat wind (Value Honour; the round wind is not
recognised), 岭上开花, 海底/河底, 天和/地和; flowers only to refuse them."""
