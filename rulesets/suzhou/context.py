"""The table context 苏州 reads: the shared win context, the 中发白 taken as flowers, 送杠 and the doubled
hand (翻倍)."""

from __future__ import annotations

from typing import Any

from ..context import SONGGANG, ContextField, Kind, Whose
from .works import V1, WORKS

DRAGON_FLOWERS: ContextField[int] = ContextField(
    "dragon_flowers", Kind.INT, "中发白（当花）", "中发白 taken as flowers", default=0, whose=Whose.WINNER, maximum=12,
    help_zh="苏州麻将的中发白当花：和牌者补花补出的中、发、白张数（每张 1 花）。",
    help_en="In Suzhou 中发白 are flowers: how many 中/发/白 the winner set aside (1 花 each).",
    source=WORKS.cite("v1", "MJCard.cpp getHuaCardToBuHua", note="vague-systems.md §2.1; XProject too"),
)
FANBEI: ContextField[bool] = ContextField(
    "fanbei", Kind.BOOL, "翻倍", "Doubled hand", default=False,
    help_zh="本局翻倍（上局荒庄或一炮多响之后）：整手牌 ×2。",
    help_en="This hand is doubled (after a drawn hand or a multiple win on one discard): the value ×2.",
    source=WORKS.cite("v1", f"{V1} onGameEnd, onPlayerHu", note="§2.1, SZ-A6"),
)

CONTEXT: tuple[ContextField[Any], ...] = (SONGGANG, DRAGON_FLOWERS, FANBEI)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "last_tile", "heavenly", "earthly",
                            "flowers"})
"""How it was won and who discarded (who pays, the threshold, 抢杠 ×3), 杠开, 海底捞月, 天胡/地胡 (v2), the
flower tiles. Not read: the winds of seat and round (every wind pung gives 花 alike), 和绝张, 杠上炮."""
