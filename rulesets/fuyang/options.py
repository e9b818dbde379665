"""House rules of 富阳麻将.

The article gives the 台 and the 两摸三放 threshold but no payout rule: the payout is this site's assumption FY-1
(台 × 底分) with FY-2 (2^台 × 底分) as the other choice, and the card says so.

>>> o = FuyangOptions()
>>> o.fanfa.value, o.payout.value, o.quanfengzi.value, o.base
('doudi', 'tai', 'limit', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import WORKS


class Fanfa(Choice):
    """How the 财神 was turned up (seed 000: 财神的翻法有两种, 兜底翻 / 大骰子倒滚翻), and so how it follows from the
    turned-up tile given as ``indicator`` (docs/fuyang.md, assumption FY-3)."""

    # 兜底翻: the bottom tile of the wall is turned up and is the 财神 itself
    DOUDI = ("doudi", "兜底翻：翻出的牌即财神", "兜底翻: the turned-up tile is the 财神")
    # 大骰子倒滚翻: the larger die picks the tile; 倒滚 rolls back one (the mirror of 杠花's 下滚): the tile before
    DAOGUN = ("daogun", "大骰子倒滚翻：翻出的牌倒滚一张为财神",
              "大骰子倒滚翻: the 财神 is the tile before the turned-up one")


class Payout(Choice):
    """What each payer pays (not in the seed: §5(c) FY-1 / FY-2)."""

    TAI = ("tai", "台×底分", "台 × base")
    POWER = ("power", "2^台×底分", "2^台 × base")


class QuanFengzi(Choice):
    """Whether 全风子 (13 台) is the whole value or adds to the other 台 (§5; the seed: 全风子，为十三台)."""

    LIMIT = ("limit", "全风子就是13台（不再加别的台）", "全风子 is 13 台 in all")
    ADDS = ("adds", "全风子13台，另加硬货、碰碰胡等", "全风子 13 台 plus the other 台")


@dataclass(frozen=True)
class FuyangOptions:
    """The house rules of one 富阳 table."""

    fanfa: Fanfa = house_rule(
        Fanfa.DOUDI, "财神翻法",
        "How the 财神 was turned up: the turned-up tile itself (兜底翻) or the tile before it (大骰子倒滚翻)",
        WORKS.cite("article", "财神的翻法有两种，一种是兜底翻；还有一种是大骰子倒滚翻", note="docs/fuyang.md FY-3"))
    payout: Payout = house_rule(
        Payout.TAI, "付法", "What a payer pays: 台 × 底分 or 2^台 × 底分 (the article gives no rule)",
        WORKS.cite("site", "FY-1, FY-2", note="regional.md §5(c): not in the seed"))
    base: int = house_rule(1, "底分", "Base stake (底分) in points",
                           WORKS.cite("site", "FY-1", note="regional.md §5 worked examples (底分 1)"))
    quanfengzi: QuanFengzi = house_rule(
        QuanFengzi.LIMIT, "全风子", "全风子: 13 台 in all, or 13 台 plus the other 台",
        WORKS.cite("article", "全风子，为十三台", note="regional.md §5(b)"))


PRESETS: dict[str, dict[str, Any]] = {
    "fy-1": {"payout": Payout.TAI},
    "fy-2": {"payout": Payout.POWER},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "fy-1": ("FY-1：台×底分（默认）", "FY-1: 台 × base (default)", WORKS.cite("site", "FY-1", note="§5(c)")),
    "fy-2": ("FY-2：2^台×底分", "FY-2: 2^台 × base", WORKS.cite("site", "FY-2", note="§5(c)")),
}
