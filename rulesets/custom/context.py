"""The table context a table's own rules read: the shared win context, and the dealer (for the dealer
factor)."""

from __future__ import annotations

from typing import Any

from ..context import DEALER, ContextField

CONTEXT: tuple[ContextField[Any], ...] = (DEALER,)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "last_tile", "flowers"})
"""How it was won (自摸, 抢杠), who won and who discarded (who pays), 杠上开花, 海底, and the flowers
(each worth the table's flower value). Not read: the round wind, 和绝张, 天和/地和, 杠上炮, other players'
kongs (a table's own rules give them no value)."""
