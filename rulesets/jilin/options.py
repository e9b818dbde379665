"""House rules of 吉林麻将 (the MIL 2024 长春 profile): what its rulebook and the implementation leave open.

>>> JilinOptions().fan_cap, JilinOptions().liability.value
(6, 'unready')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import OMU, WORKS


class Liability(Choice):
    """包三家: when the discarder pays the other two players' amounts too."""

    UNREADY = ("unready", "未报听的点炮者包三家", "A discarder who had not declared ready pays for all")
    READY = ("ready", "已报听的点炮者包三家", "A discarder who had declared ready pays for all")
    ALWAYS = ("always", "点炮者总是包三家", "The discarder always pays for all")
    NEVER = ("never", "不包（三家各付）", "Never: each pays his own")


@dataclass(frozen=True)
class JilinOptions:
    fan_cap: int = house_rule(6, "封顶番数", "Cap on each payer's fan (2^cap)",
                              WORKS.cite("mil-2024", "结算：2^min(6, 番)", note="vague-systems.md §4.1"))
    liability: Liability = house_rule(
        Liability.UNREADY, "包三家", "Who pays for all on a discard",
        WORKS.cite("mil-2024", "包三家（点炮者未报听）", note="§4.1; JL-A6; regional.md §10 包赔 (billee1011)"))
    require_ready: bool = house_rule(
        False, "必须报听才能和", "Only a player who declared ready may win",
        WORKS.cite("omu", OMU, note="JL-A5: the implementation lets an unready player win"))
    kong_money: bool = house_rule(True, "杠钱", "Kong money for the winner's kongs, as separate lines",
                                  WORKS.cite("mil-2024", "杠钱", note="§4.1 kong money; JL-A7"))
    base: int = house_rule(1, "底分", "Points per unit of 2^exponent", WORKS.cite("site", "JL-A8", note="JL-A8"))


PRESETS: dict[str, dict[str, Any]] = {
    "mil-2024": {},
    "baopei-ready": {"liability": Liability.READY},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "mil-2024": ("MIL 长春 2024 竞赛规则", "MIL Changchun 2024 competition rules", WORKS.cite("mil-2024")),
    "baopei-ready": ("包赔：报听者点炮包三家", "包赔: a ready discarder pays for all",
                     WORKS.cite("billee", "jilin/chuangchun", note="regional.md §10")),
}
