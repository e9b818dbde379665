"""House rules of 苏州麻将: the v1 table of the production server (NewProject) by default, the v2 table
(XProject) and the advisor's as presets.

>>> o = SuzhouOptions()
>>> o.table.value, o.base_hua, o.threshold.value
('v1', 5, 'two_three')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import V1, V2, WORKS


class Table(Choice):
    """The pattern bonuses."""

    V1 = ("v1", "v1 表（NewProject）", "v1 table (NewProject)")
    V2 = ("v2", "v2 表（XProject）", "v2 table (XProject)")
    ADVISOR = ("advisor", "军师表", "Advisor's table")


class Threshold(Choice):
    """花 a 小胡 needs, self-drawn / on a discard."""

    TWO_THREE = ("two_three", "两摸三冲", "2 self-drawn, 3 on a discard")
    THREE_FOUR = ("three_four", "三摸四冲", "3 self-drawn, 4 on a discard")
    ONE_TWO = ("one_two", "一摸二冲", "1 self-drawn, 2 on a discard")

    @property
    def needs(self) -> tuple[int, int]:
        return {"two_three": (2, 3), "three_four": (3, 4), "one_two": (1, 2)}[self.value]


@dataclass(frozen=True)
class SuzhouOptions:
    table: Table = house_rule(Table.V1, "番型表", "Pattern bonuses",
                              WORKS.cite("v1", f"{V1} onDoHu", note="vague-systems.md §2.2 SZ-A2"))
    base_hua: int = house_rule(5, "底花", "Base 花 of every win",
                               WORKS.cite("v1", f"{V1} onDoHu (nHuHuaCnt = 5)", note="§2.2 SZ-A3"))
    threshold: Threshold = house_rule(Threshold.TWO_THREE, "胡法", "花 a 小胡 needs", WORKS.cite(
        "v1", f"{V1} getZiMoHuaRequire, getDianPaoHuHuaRequire", note="§2.2 SZ-A4"))
    v2_big: bool = house_rule(
        False, "杠开算大胡、抢杠少一花", "杠开 counts as a 大胡; robbing a kong needs one 花 less",
        WORKS.cite("v2", "SZMJPlayerCard.cpp", note="§2.1"))
    baopai: bool = house_rule(True, "送杠、抢杠包三家（×3）", "送杠 and a robbed kong: the responsible player pays ×3",
                              WORKS.cite("v1", f"{V1} onPlayerHu, onPlayerZiMo", note="§2.2 SZ-A7"))
    unit: int = house_rule(1, "每花底分", "Money per 花", WORKS.cite("site", "SZ-A5", note="§2.2 SZ-A5"))


PRESETS: dict[str, dict[str, Any]] = {
    "v1": {},
    "v2": {"table": Table.V2, "base_hua": 1, "v2_big": True},
    "advisor": {"table": Table.ADVISOR},
    "three-four": {"threshold": Threshold.THREE_FOUR},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "v1": ("v1（NewProject，底花5）", "v1 (NewProject, base 5 花)", WORKS.cite("v1", V1)),
    "v2": ("v2（XProject，底花1，杠开算大胡）", "v2 (XProject, base 1 花, 杠开 is a 大胡)", WORKS.cite("v2", V2)),
    "advisor": ("军师表（七对+10、地胡+28）", "The advisor's table (七对 +10, 地胡 +28)", WORKS.cite("advisor")),
    "three-four": ("三摸四冲", "三摸四冲 (3 self-drawn, 4 on a discard)",
                   WORKS.cite("v1", f"{V1} rule mode 2", note="§2.1")),
}
