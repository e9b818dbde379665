"""House rules of 富阳麻将 (seed 000 富阳麻将, ``shared/seeds/000_56fd68cdfb8fc37a.txt``; ``rules/regional.md`` §5).

The seed gives the 台 and the 两摸三放 threshold but no payout rule: the payout is the spec's assumption FY-1
(台 × 底分) with FY-2 (2^台 × 底分) as the other choice, and the card says so.

>>> o = FuyangOptions()
>>> o.fanfa.value, o.payout.value, o.quanfengzi.value, o.base
('doudi', 'tai', 'limit', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice

SEED = "seed 000 富阳麻将"


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


def _o(zh: str, en: str, source: str, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


@dataclass(frozen=True)
class FuyangOptions:
    """The house rules of one 富阳 table."""

    fanfa: Fanfa = field(default=Fanfa.DOUDI, metadata=_o(
        "财神翻法",
        "How the 财神 was turned up: the turned-up tile itself (兜底翻) or the tile before it (大骰子倒滚翻)",
        f"{SEED}: 财神的翻法有两种，一种是兜底翻；还有一种是大骰子倒滚翻; docs/fuyang.md FY-3"))
    payout: Payout = field(default=Payout.TAI, metadata=_o(
        "付法", "What a payer pays: 台 × 底分 or 2^台 × 底分 (the seed gives no rule)",
        "§5(c) FY-1 (default) / FY-2: not in the seed"))
    base: int = field(default=1, metadata=_o("底分", "Base stake (底分) in points", "§5 worked examples (底分 1)"))
    quanfengzi: QuanFengzi = field(default=QuanFengzi.LIMIT, metadata=_o(
        "全风子", "全风子: 13 台 in all, or 13 台 plus the other 台", f"{SEED}: 全风子，为十三台; §5(b)"))


PRESETS: dict[str, dict[str, Any]] = {
    "fy-1": {"payout": Payout.TAI},
    "fy-2": {"payout": Payout.POWER},
}
PRESET_INFO: dict[str, tuple[str, str, str]] = {
    "fy-1": ("FY-1：台×底分（默认）", "FY-1: 台 × base (default)", "§5(c)"),
    "fy-2": ("FY-2：2^台×底分", "FY-2: 2^台 × base", "§5(c)"),
}
