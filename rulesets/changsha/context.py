"""The table context 长沙麻将 reads besides the shared win context: the dealer, the birds (shared
declarations of rulesets.context) and its own 起手小胡 fields."""

from __future__ import annotations

from typing import Any

from ..context import BIRDS, DEALER, ContextField, Kind, Whose
from ..hand import Seat
from .works import WORKS

STARTING_HAND: ContextField[bool] = ContextField(
    "starting_hand", Kind.BOOL, "起手胡", "Starting hand", default=False, whose=Whose.WINNER,
    help_zh="这是刚起完的牌（庄家14张、闲家13张），按起手小胡（四喜、板板胡、缺一色、六六顺）结算，没有和张。",
    help_en="The tiles are the hand as dealt (dealer 14, others 13), settled as starting-hand wins "
    "(四喜, 板板胡, 缺一色, 六六顺); there is no winning tile.",
    source=WORKS.cite("qa", "小胡 1)-3)", note="seed 000 小胡 1)-3) “起完牌后…即可胡牌（计分等同小胡自摸）”; seed "
                                               "001 长沙 小胡; rules/regional.md §3(b)"),
)
STARTING_WINS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "starting_wins", Kind.PER_SEAT, "已报起手小胡", "Starting wins declared", default=(), maximum=8,
    whose=Whose.EACH,
    help_zh="本局开始时每家已报的起手小胡个数；每个按小胡自摸向其他三家各收一次，与这手和牌一起结算。",
    help_en="How many starting-hand wins each seat declared at the start of this hand; each is paid like a "
    "small self-drawn win by the three others, settled with this win.",
    source=WORKS.cite("qa", "小胡", note="seed 000 “计分等同小胡自摸”; rules/regional.md §3(c) 4 (one payment per "
                                         "起手胡 type; play continues)"),
)

CONTEXT: tuple[ContextField[Any], ...] = (DEALER, BIRDS, STARTING_HAND, STARTING_WINS)

CONTEXT_FIELDS = frozenset({
    "win", "seat", "from_seat", "kong_replacement", "after_kong", "last_tile", "heavenly", "earthly",
})
"""The shared fields 长沙 reads: how it was won and who pays, 杠上开花, 杠上炮, 海底捞月/海底炮, 天胡, 地胡.
Not read: the winds (no wind tiles), 和绝张, flowers (none), a wildcard, 血战 fields, kong money (none)."""
