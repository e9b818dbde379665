"""House rules of 二人麻将 (rules/regional.md §7, seed 003), each with its source.

>>> o = ErrenOptions()
>>> o.cap, o.base, o.rob_kong_self_drawn, o.minimum
(13, 1, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..sources import Source
from .works import WORKS


def _o(zh: str, en: str, source: Source, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


@dataclass(frozen=True)
class ErrenOptions:
    """二人麻将 house rules. Defaults: the seed (13-番 cap, 抢杠 as a self-draw)."""

    cap: int = field(default=13, metadata=_o(
        "封顶（役满）", "The most a hand pays, in 番 (0: no cap)",
        WORKS.cite("article", "上限（封顶）", note="seed 003 上限（封顶）“上限封顶即役满牌型，为13番”; "
                                                   "rules/regional.md §7 (ermj.go.bak: no cap)")))
    base: int = field(default=1, metadata=_o(
        "底分", "Points per 番: the loser pays 番 × 底分", WORKS.cite("site", "底分",
                                                                note="rules/regional.md §7(c) assumption ER-1")))
    rob_kong_self_drawn: bool = field(default=True, metadata=_o(
        "抢杠按自摸计", "A robbed kong is scored as a self-draw (自摸, 不求人 count); off: as a discard",
        WORKS.cite("article", "抢杠", note="seed 003 抢杠 “如果抢杠，记分按自摸计”")))
    minimum: int = field(default=0, metadata=_o(
        "起和番", "The fewest 番 a winning hand needs (0: none)",
        WORKS.cite("site", "起和番", note="rules/regional.md §7 ER-3: no minimum found in either source")))
