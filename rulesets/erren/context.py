"""The table context 二人麻将 reads: the shared win context (two seats, E and S), the dealer, who declared
ready (报听: the shared ``baoting`` field, one key with one meaning) and 天听."""

from __future__ import annotations

from typing import Any

from ..context import BAOTING, DEALER, ContextField, Kind, Whose
from .works import WORKS

TIANTING: ContextField[bool] = ContextField(
    "tianting", Kind.BOOL, "天听", "Heavenly ready", default=False, whose=Whose.WINNER,
    help_zh="和牌者在第一巡（起手）就报了听。", help_en="The winner declared ready on the very first turn (天听).",
    source=WORKS.cite("gofishing", "天听", note="rules/regional.md §7(b) (gofishing-game ermj.go.bak: 天听 32番)"),
)

CONTEXT: tuple[ContextField[Any], ...] = (DEALER, BAOTING, TIANTING)

CONTEXT_FIELDS = frozenset({
    "win", "seat", "from_seat", "kong_replacement", "last_tile", "last_copy", "heavenly", "earthly", "flowers",
})
"""How it was won (自摸, 抢杠 scored as a self-draw), the winner and the other player, 杠上开花, 妙手回春/海底捞月,
和绝张, 天胡/地胡/人胡 (``earthly``: 地胡 self-drawn, 人胡 on a discard) and the flowers. Not read: the round wind
and seat winds (the table has no 圈风刻/门风刻), 杠上炮, 血战 fields, other players' kongs (no kong money)."""
