"""The table context 陕西麻将 reads: the shared win context, the dealer and the cannons (下炮子)."""

from __future__ import annotations

from ..context import CANNONS, DEALER

CONTEXT = (DEALER, CANNONS)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kongs"})
"""How it was won and who pays, and other players' kongs (kong money). 推倒胡 has no fans, so the winds,
杠上开花, 海底, 天胡/地胡, 和绝张 and flowers change nothing."""
