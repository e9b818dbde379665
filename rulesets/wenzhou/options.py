"""House rules of 温州麻将: the room settings of the four-player implementation the spec reads
(hangzhouanbang/qipai_wenzhoumajiang: 进阶, 特殊双翻, 财神钱, 杠算分, 辣子辣) and the points where the
sources disagree (rules/regional.md §6, WZ-1/WZ-2; the two-player spec kongxg888/wenzhou_mahjong_ai).

Every field has a default and a source; docs/wenzhou.md gives the reasons.

>>> o = WenzhouOptions()
>>> o.ladder.difen(0), o.ladder.difen(2), o.ladder.difen(9), Ladder.JINJIE2.difen(3)
(1, 3, 4, 16)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scoring import Choice, house_rule
from .works import WORKS


class Ladder(Choice):
    """底分 by the dealer's streak: the dealership in a row (first, second, third, fourth or later)."""

    STANDARD = ("standard", "1/2/3/4（不进阶）", "1, 2, 3, 4")
    JINJIE1 = ("jinjie1", "进阶一 2/4/6/8", "进阶 I: 2, 4, 6, 8")
    JINJIE2 = ("jinjie2", "进阶二 2/4/8/16", "进阶 II: 2, 4, 8, 16")

    def difen(self, streak: int) -> int:
        """底分 of a dealer who has kept the deal ``streak`` times (0: the first dealership); capped at the
        fourth step."""
        return LADDERS[self][min(streak, 3)]


LADDERS: dict[Ladder, tuple[int, int, int, int]] = {
    Ladder.STANDARD: (1, 2, 3, 4),
    Ladder.JINJIE1: (2, 4, 6, 8),
    Ladder.JINJIE2: (2, 4, 8, 16),
}
"""The ladders as data (anbang WenzhouMajiangPanResultBuilder: lianZhuangCount 1, 2, 3, ≥4)."""


class IndicatorRule(Choice):
    """Which tile the turned-up indicator makes the 财神 (when the context gives ``indicator`` only)."""

    NEXT = ("next", "翻牌的下一张", "The tile after the indicator")
    SAME = ("same", "翻出的牌本身", "The indicator itself")


class EightPairsLevel(Choice):
    """When a hard 八对 (no 财神 used as another tile) is 双翻."""

    ALWAYS = ("always", "硬八对总是双翻", "Always 双翻")
    SPECIAL = ("special", "只在特殊双翻时双翻", "Only with 特殊双翻")


class ForcedLevel(Choice):
    """What a hand worth nothing but its three (or four) 财神 is: the TestHu exercise's "直接算胡" with no shape."""

    HARD = ("hard", "算硬（×2）", "Hard (×2)")
    DOUBLE = ("double", "算双翻（×4）", "双翻 (×4)")


@dataclass(frozen=True)
class WenzhouOptions:
    """The house rules of one 温州 table. Defaults: the anbang room with every extra off, the spec's levels."""

    ladder: Ladder = house_rule(
        Ladder.STANDARD, "连庄底分", "底分 by the dealer's streak: 1/2/3/4, or the 进阶 ladders 2/4/6/8 and 2/4/8/16",
        WORKS.cite("anbang", "WenzhouMajiangPanResultBuilder (jinjie1, jinjie2)", note="regional.md §6(c)"))
    teshu_shuangfan: bool = house_rule(
        False, "特殊双翻", "特殊双翻: 单张吊, 全求神, 双财归位, 碰碰胡, 杠开, 清一色, 混一色, 中发白, 财神牛对 are "
                           "双翻 too",
        WORKS.cite("anbang", "WenzhouMajiangPanPlayerHufan.calculate (teshushuangfan)", note="regional.md §6(b)"))
    lazila: bool = house_rule(
        False, "辣子辣", "辣子辣: three 财神 all at their own face (三财归位) are 四翻 (×8)",
        WORKS.cite("anbang", "WenzhouMajiangPanPlayerHufan.calculate (lazila)", note="regional.md §6(b)"))
    caishen_qian: bool = house_rule(
        False, "财神钱", "财神钱: each player is paid his 财神 count by every other player (a winner with three: "
                         "double)",
        WORKS.cite("anbang", "WenzhouMajiangPanPlayerCaishenqian", note="regional.md §6(c), WZ-B"))
    gang_fen: bool = house_rule(
        False, "杠分", "杠分: each player is paid 1 per 明杠 (加杠 too) and 2 per 暗杠 by every other player",
        WORKS.cite("anbang", "WenzhouMajiangGang (gangsuanfen)", note="regional.md §6(c)"))
    hard_extras: bool = house_rule(
        True, "自摸、抢杠、软八对算硬", "A self-drawn win, 抢杠胡 and a soft 八对 are 硬 (×2) even with a 财神 used as "
        "another tile (off: only a hand with no 财神 used as another tile is 硬)",
        WORKS.cite("kongxg", "section 4.3", note="regional.md §6(b) 硬 row; anbang WenzhouMajiangPanPlayerHufan (off)"))
    hard_eight_pairs: EightPairsLevel = house_rule(
        EightPairsLevel.ALWAYS, "硬八对双翻", "A hard 八对 is 双翻 always, or only when 特殊双翻 is on",
        WORKS.cite("kongxg", "section 4.4",
                   note="regional.md §6(b) (always); anbang WenzhouMajiangPanPlayerHufan (special)"))
    forced_level: ForcedLevel = house_rule(
        ForcedLevel.HARD, "三财神强制胡",
        "Three or four 财神 with no winning shape (the TestHu exercise: 直接算胡): 硬 ×2, or 双翻 ×4",
        WORKS.cite("kongxg", "section 3.4 (3财神强制胡 2 倍)", note="TestHu: a win, no value; anbang: 三财神 双翻"))
    indicator_rule: IndicatorRule = house_rule(
        IndicatorRule.NEXT, "翻财神", "With only an indicator: the 财神 is the tile after it (suits 9→1, 东南西北, "
                                      "中发白), "
        "or the indicator itself", WORKS.cite("kongxg", "section 二 (翻开牌的下一张为财神)", note="regional.md §6(a)"))
