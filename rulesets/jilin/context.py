"""The table context 吉林 (长春) reads: the shared win context, the dealer, who declared ready (报听), the 宝 tile
and whether the win was 冲宝 or 摸宝."""

from __future__ import annotations

from typing import Any

from ..context import BAOTING, DEALER, ContextField, Kind, Whose
from ..tiles import Tile
from .works import WORKS

BAO: ContextField[Tile | None] = ContextField(
    "bao", Kind.TILE, "宝牌", "宝 tile", default=None,
    help_zh="报听后翻出的宝牌（冲宝、摸宝时和张就是这张）。",
    help_en="The 宝 tile turned up after the ready declaration (the winning tile of a 冲宝 or 摸宝 win).",
    source=WORKS.cite("mil-2024", "宝牌", note="vague-systems.md §4.1"),
)
BAO_WIN: ContextField[str] = ContextField(
    "bao_win", Kind.CHOICE, "冲宝/摸宝", "Won with the 宝", default="none", choices=("none", "chong", "mo"),
    whose=Whose.WINNER,
    choice_names=(("none", "都不是", "neither"), ("chong", "冲宝", "冲宝 (before drawing)"),
                  ("mo", "摸宝", "摸宝 (the drawn 宝)")),
    help_zh="冲宝：摸牌前以宝牌为和张，+2番；摸宝：摸到宝牌，当作最好的和张，+1番。",
    help_en="冲宝: before drawing, the 宝 tile is taken as the winning tile, +2; 摸宝: the drawn 宝 tile stands "
    "for the best winning tile, +1.",
    source=WORKS.cite("mil-2024", "冲宝 2番、摸宝 1番", note="§4.1"),
)

CONTEXT: tuple[ContextField[Any], ...] = (DEALER, BAOTING, BAO, BAO_WIN)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "flowers"})
"""How it was won (自摸 or whose discard; a robbed kong is paid as a discard by the robbed player), the
winner's seat and the discarder. Flowers are read only to refuse them (136 tiles). Not read: the round
wind (no wind fans), 杠上开花/海底/天和 (no such fans in MIL 2024), other players' kongs (their tiles are not
known, and kong money is settled when the kong is made)."""
