"""House rules of 象山麻将 (rules/vague-systems.md §3.2): the 台 profile of both implementations by
default, the seed's multiplier table as a preset.

>>> o = XiangshanOptions()
>>> o.model.value, o.values.value, o.base, o.cap
('tai', 'sheet', 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._regional.table import meta as _o
from ..scoring import Choice

SHEET = "PudgeOneM/roomcard-master 339_象山麻将 rule sheet (rule.ccb)"
PZ = "PZ_GameServer server/game/room/xiangshan (fan file id 29407599331)"


class Model(Choice):
    """XS-A1: how a hand is valued."""

    TAI = ("tai", "台数（两个实现）", "台 count (both implementations)")
    SEED = ("seed", "种子倍数表（平胡1 碰胡2 飘胡3 七对子4）", "The seed's multipliers (1/2/3/4)")


class Values(Choice):
    """XS-A2: the value set of the big hands."""

    SHEET = ("sheet", "规则表（roomcard-master）", "Rule sheet (roomcard-master)")
    PZ_12_8 = ("pz_12_8", "清12混8（PZ）", "PZ 清12混8")
    PZ_10_6 = ("pz_10_6", "清10混6（PZ）", "PZ 清10混6")


class WaitGroup(Choice):
    """XS-A3: 边倒/嵌倒/对倒/单吊/平胡 together."""

    ONE = ("one", "只算一个", "At most one counts")
    ALL = ("all", "都算", "All that apply")


class FlowerSets(Choice):
    """XS-A4: a complete 四花 set and the single flowers in it."""

    REPLACE = ("replace", "四花/八花代替单花", "A set replaces its single flowers")
    ADD = ("add", "四花/八花另加", "Added to the single flowers")



@dataclass(frozen=True)
class XiangshanOptions:
    model: Model = field(default=Model.TAI, metadata=_o("计分方式", "Scoring model", f"§3.2 XS-A1; {SHEET}; {PZ}"))
    values: Values = field(default=Values.SHEET, metadata=_o("大牌台数", "Big-hand values", f"§3.2 XS-A2; {SHEET}"))
    wait_group: WaitGroup = field(default=WaitGroup.ONE, metadata=_o(
        "边嵌对倒单吊平胡", "Wait items and 平胡", f"§3.2 XS-A3; {PZ} F_RepeatCalc"))
    flower_sets: FlowerSets = field(default=FlowerSets.REPLACE, metadata=_o(
        "四花八花", "Flower sets", f"§3.2 XS-A4; {PZ}"))
    min_tai: int = field(default=1, metadata=_o("起胡台数", "台 needed to win", f"§3.1 一台起胡 ({SHEET} point 5)"))
    base: int = field(default=1, metadata=_o("每台底分", "Money per 台", "§3.2 XS-A6"))
    cap: int = field(default=0, metadata=_o("封顶台数（0 = 不封顶）", "Cap in 台 (0: none)",
                                            "§3.2 XS-A7 (client offers 50 / 100)"))
    baopai: bool = field(default=True, metadata=_o(
        "三包/互包、拉杠、送杠、还杠", "三包/互包, 拉杠, 送杠, 还杠 liabilities", f"§3.1 rule sheet table ({SHEET})"))


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"model": Model.SEED, "min_tai": 0},
    "pz-12-8": {"values": Values.PZ_12_8},
    "pz-10-6": {"values": Values.PZ_10_6},
    "cap-50": {"cap": 50},
}
PRESET_INFO: dict[str, tuple[str, str, str]] = {
    "seed": ("种子倍数表：平胡×1 碰胡×2 飘胡×3 七对子×4", "The seed's table: 平胡 ×1, 碰胡 ×2, 飘胡 ×3, 七对子 ×4",
             "seed 004 象山麻将规则 四.5 计分规则; §3.2 XS-A1 (no other source repeats it)"),
    "pz-12-8": ("PZ 清12混8", "PZ server, 清12混8 mode", PZ),
    "pz-10-6": ("PZ 清10混6", "PZ server, 清10混6 mode", PZ),
    "cap-50": ("50台封顶", "Cap 50 台", "§3.1 client id 16786792724"),
}
