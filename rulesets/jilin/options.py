"""House rules of 吉林麻将 (the MIL 2024 长春 profile): what rules/vague-systems.md §4.2 leaves open.

Section numbers (§) are those of ``rules/vague-systems.md``; "MIL 2024" is the rulebook 长春麻将（推广）
竞赛规则（试行2024版） as implemented and tested in xelnagamiao/open_mahjong_unity (changchun/rules.py).

>>> JilinOptions().fan_cap, JilinOptions().liability.value
(6, 'unready')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._regional.table import meta as _o
from ..scoring import Choice


class Liability(Choice):
    """包三家: when the discarder pays the other two players' amounts too (JL-A6)."""

    UNREADY = ("unready", "未报听的点炮者包三家", "A discarder who had not declared ready pays for all")
    READY = ("ready", "已报听的点炮者包三家", "A discarder who had declared ready pays for all")
    ALWAYS = ("always", "点炮者总是包三家", "The discarder always pays for all")
    NEVER = ("never", "不包（三家各付）", "Never: each pays his own")



@dataclass(frozen=True)
class JilinOptions:
    fan_cap: int = field(default=6, metadata=_o(
        "封顶番数", "Cap on each payer's fan (2^cap)", "§4.1 MIL 2024: 2^min(6, exponent), 6 = 64"))
    liability: Liability = field(default=Liability.UNREADY, metadata=_o(
        "包三家", "Who pays for all on a discard", "§4.1 MIL 2024 (unready discarder); JL-A6; "
        "regional.md §10 包赔 (ready discarder, billee1011)"))
    require_ready: bool = field(default=False, metadata=_o(
        "必须报听才能和", "Only a player who declared ready may win", "JL-A5 (default no: MIL 2024 implementation)"))
    kong_money: bool = field(default=True, metadata=_o(
        "杠钱", "Kong money for the winner's kongs, as separate lines", "§4.1 MIL 2024 kong money; JL-A7"))
    base: int = field(default=1, metadata=_o("底分", "Points per unit of 2^exponent", "JL-A8"))


PRESETS: dict[str, dict[str, Any]] = {
    "mil-2024": {},
    "baopei-ready": {"liability": Liability.READY},
}
PRESET_INFO: dict[str, tuple[str, str, str]] = {
    "mil-2024": ("MIL 长春 2024 竞赛规则", "MIL Changchun 2024 competition rules", "§4.1"),
    "baopei-ready": ("包赔：报听者点炮包三家", "包赔: a ready discarder pays for all",
                     "regional.md §10 (billee1011 jilin/chuangchun)"),
}
