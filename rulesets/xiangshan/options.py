"""House rules of 象山麻将: the 台 profile of both implementations by default, the seed article's multiplier
table as a preset.

>>> o = XiangshanOptions()
>>> o.model.value, o.values.value, o.base, o.cap
('tai', 'sheet', 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import PZ, SHEET, WORKS


class Model(Choice):
    """How a hand is valued."""

    TAI = ("tai", "台数（两个实现）", "台 count (both implementations)")
    SEED = ("seed", "文章倍数表（平胡1 碰胡2 飘胡3 七对子4）", "The article's multipliers (1/2/3/4)")


class Values(Choice):
    """The value set of the big hands."""

    SHEET = ("sheet", "规则表（roomcard-master）", "Rule sheet (roomcard-master)")
    PZ_12_8 = ("pz_12_8", "清12混8（PZ）", "PZ 清12混8")
    PZ_10_6 = ("pz_10_6", "清10混6（PZ）", "PZ 清10混6")


class WaitGroup(Choice):
    """边倒/嵌倒/对倒/单吊/平胡 together."""

    ONE = ("one", "只算一个", "At most one counts")
    ALL = ("all", "都算", "All that apply")


class FlowerSets(Choice):
    """A complete 四花 set and the single flowers in it."""

    REPLACE = ("replace", "四花/八花代替单花", "A set replaces its single flowers")
    ADD = ("add", "四花/八花另加", "Added to the single flowers")


@dataclass(frozen=True)
class XiangshanOptions:
    model: Model = house_rule(Model.TAI, "计分方式", "Scoring model",
                              WORKS.cite("sheet", SHEET, note="vague-systems.md §3.2 XS-A1; PZ too"))
    values: Values = house_rule(Values.SHEET, "大牌台数", "Big-hand values",
                                WORKS.cite("sheet", SHEET, note="§3.2 XS-A2"))
    wait_group: WaitGroup = house_rule(WaitGroup.ONE, "边嵌对倒单吊平胡", "Wait items and 平胡",
                                       WORKS.cite("pz", f"{PZ} F_RepeatCalc", note="§3.2 XS-A3"))
    flower_sets: FlowerSets = house_rule(FlowerSets.REPLACE, "四花八花", "Flower sets",
                                         WORKS.cite("pz", PZ, note="§3.2 XS-A4"))
    min_tai: int = house_rule(1, "起胡台数", "台 needed to win", WORKS.cite("sheet", "一台起胡（第5条）", note="§3.1"))
    base: int = house_rule(1, "每台底分", "Money per 台", WORKS.cite("sheet", "积分计算", note="§3.2 XS-A6"))
    cap: int = house_rule(0, "封顶台数（0 = 不封顶）", "Cap in 台 (0: none)",
                          WORKS.cite("client", "50 / 100 台封顶", note="§3.2 XS-A7"))
    baopai: bool = house_rule(True, "三包/互包、拉杠、送杠、还杠", "三包/互包, 拉杠, 送杠, 还杠 liabilities",
                              WORKS.cite("sheet", "特殊结算表", note="§3.1"))


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {"model": Model.SEED, "min_tai": 0},
    "pz-12-8": {"values": Values.PZ_12_8},
    "pz-10-6": {"values": Values.PZ_10_6},
    "cap-50": {"cap": 50},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "seed": ("文章倍数表：平胡×1 碰胡×2 飘胡×3 七对子×4",
             "The article's table: 平胡 ×1, 碰胡 ×2, 飘胡 ×3, 七对子 ×4",
             WORKS.cite("article", "四.5 计分规则", note="seed 004; §3.2 XS-A1 (no other source repeats it)")),
    "pz-12-8": ("PZ 清12混8", "PZ server, 清12混8 mode", WORKS.cite("pz", PZ)),
    "pz-10-6": ("PZ 清10混6", "PZ server, 清10混6 mode", WORKS.cite("pz", PZ)),
    "cap-50": ("50台封顶", "Cap 50 台", WORKS.cite("client", "50 台封顶", note="§3.1 client id 16786792724")),
}
