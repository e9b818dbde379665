"""House rules of 苏州麻将 (rules/vague-systems.md §2.2): the v1 table of the production server
(BillXu/NewProject) by default, the v2 table (BillXu/XProject) and the advisor's as presets.

>>> o = SuzhouOptions()
>>> o.table.value, o.base_hua, o.threshold.value
('v1', 5, 'two_three')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._regional.table import meta as _o
from ..scoring import Choice

V1 = "BillXu/NewProject Server/MaJiangServer SZMJRoom.cpp onDoHu (v1)"
V2 = "BillXu/XProject Server/GSZMaJiangServer SZMJRoom.cpp sortFanxing2FanCnt (v2)"
ADVISOR = "苏州麻将AI军师 rule prompt (id 71620116193, low weight)"


class Table(Choice):
    """SZ-A2: the pattern bonuses."""

    V1 = ("v1", "v1 表（NewProject）", "v1 table (NewProject)")
    V2 = ("v2", "v2 表（XProject）", "v2 table (XProject)")
    ADVISOR = ("advisor", "军师表", "Advisor's table")


class Threshold(Choice):
    """SZ-A4: 花 a 小胡 needs, self-drawn / on a discard."""

    TWO_THREE = ("two_three", "两摸三冲", "2 self-drawn, 3 on a discard")
    THREE_FOUR = ("three_four", "三摸四冲", "3 self-drawn, 4 on a discard")
    ONE_TWO = ("one_two", "一摸二冲", "1 self-drawn, 2 on a discard")

    @property
    def needs(self) -> tuple[int, int]:
        return {"two_three": (2, 3), "three_four": (3, 4), "one_two": (1, 2)}[self.value]



@dataclass(frozen=True)
class SuzhouOptions:
    table: Table = field(default=Table.V1, metadata=_o("番型表", "Pattern bonuses", f"§2.2 SZ-A2; {V1}"))
    base_hua: int = field(default=5, metadata=_o("底花", "Base 花 of every win", f"§2.2 SZ-A3; {V1} (nHuHuaCnt = 5)"))
    threshold: Threshold = field(default=Threshold.TWO_THREE, metadata=_o(
        "胡法", "花 a 小胡 needs", f"§2.2 SZ-A4; {V1} getZiMoHuaRequire/getDianPaoHuHuaRequire"))
    v2_big: bool = field(default=False, metadata=_o(
        "杠开算大胡、抢杠少一花", "杠开 counts as a 大胡; robbing a kong needs one 花 less", f"§2.1; {V2}"))
    baopai: bool = field(default=True, metadata=_o(
        "送杠、抢杠包三家（×3）", "送杠 and a robbed kong: the responsible player pays ×3", f"§2.2 SZ-A7; {V1}"))
    unit: int = field(default=1, metadata=_o("每花底分", "Money per 花", "§2.2 SZ-A5"))


PRESETS: dict[str, dict[str, Any]] = {
    "v1": {},
    "v2": {"table": Table.V2, "base_hua": 1, "v2_big": True},
    "advisor": {"table": Table.ADVISOR},
    "three-four": {"threshold": Threshold.THREE_FOUR},
}
PRESET_INFO: dict[str, tuple[str, str, str]] = {
    "v1": ("v1（NewProject，底花5）", "v1 (NewProject, base 5 花)", V1),
    "v2": ("v2（XProject，底花1，杠开算大胡）", "v2 (XProject, base 1 花, 杠开 is a 大胡)", V2),
    "advisor": ("军师表（七对+10、地胡+28）", "The advisor's table (七对 +10, 地胡 +28)", ADVISOR),
    "three-four": ("三摸四冲", "三摸四冲 (3 self-drawn, 4 on a discard)", f"§2.1; {V1} rule mode 2"),
}
