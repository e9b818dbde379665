"""The table context 象山 reads: the shared win context (winds for 正风/圈风, flowers for 正花/野花), 送杠, and how
many melds the winner fed each player (互包)."""

from __future__ import annotations

from typing import Any

from ..context import SONGGANG, ContextField, Kind, Whose
from ..hand import Seat
from .works import WORKS

FED_MELDS: ContextField[tuple[tuple[Seat, int], ...]] = ContextField(
    "fed_melds", Kind.PER_SEAT, "和牌者喂出的副露", "Melds the winner fed", default=(), whose=Whose.EACH, maximum=4,
    help_zh="和牌者给每一家吃、碰、杠了几次（≥3 且对方也喂和牌者≥3 就是互包）。",
    help_en="How many chows/pungs/kongs each player took from the winner (3 or more both ways is 互包).",
    source=WORKS.cite("sheet", "三包/互包", note="vague-systems.md §3.1"),
)

CONTEXT: tuple[ContextField[Any], ...] = (SONGGANG, FED_MELDS)

CONTEXT_FIELDS = frozenset({
    "win", "seat", "round_wind", "from_seat", "kong_replacement", "after_kong", "last_tile", "heavenly", "earthly",
    "flowers", "kongs",
})
"""How it was won and who discarded (who pays, 拉杠), the seat and round winds (正风, 圈风, 正花), 杠开,
杠上炮 with the discarder's kong in ``kongs`` (还杠), 海底捞月, 天胡/地胡 and the flowers."""
