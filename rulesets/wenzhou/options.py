"""House rules of 温州麻将: the room settings of the four-player implementation the spec reads
(hangzhouanbang/qipai_wenzhoumajiang: 进阶, 特殊双翻, 财神钱, 杠算分, 辣子辣) and the points where the
sources disagree (rules/regional.md §6, WZ-1/WZ-2; the two-player spec kongxg888/wenzhou_mahjong_ai).

Every field has a default and a source; docs/wenzhou.md gives the reasons.

>>> o = WenzhouOptions()
>>> o.ladder.difen(0), o.ladder.difen(2), o.ladder.difen(9), Ladder.JINJIE2.difen(3)
(1, 3, 4, 16)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice

ANBANG = "hangzhouanbang/qipai_wenzhoumajiang"
KONGXG = "kongxg888/wenzhou_mahjong_ai SPEC.md"


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
    """What a hand worth nothing but its three (or four) 财神 is: the seed's "直接算胡" with no shape."""

    HARD = ("hard", "算硬（×2）", "Hard (×2)")
    DOUBLE = ("double", "算双翻（×4）", "双翻 (×4)")


def _o(zh: str, en: str, source: str) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source}


@dataclass(frozen=True)
class WenzhouOptions:
    """The house rules of one 温州 table. Defaults: the anbang room with every extra off, the spec's levels."""

    ladder: Ladder = field(default=Ladder.STANDARD, metadata=_o(
        "连庄底分", "底分 by the dealer's streak: 1/2/3/4, or the 进阶 ladders 2/4/6/8 and 2/4/8/16",
        f"rules/regional.md §6(c); {ANBANG} WenzhouMajiangPanResultBuilder (jinjie1, jinjie2)"))
    teshu_shuangfan: bool = field(default=False, metadata=_o(
        "特殊双翻", "特殊双翻: 单张吊, 全求神, 双财归位, 碰碰胡, 杠开, 清一色, 混一色, 中发白, 财神牛对 are 双翻 too",
        f"rules/regional.md §6(b); {ANBANG} WenzhouMajiangPanPlayerHufan.calculate (teshushuangfan)"))
    lazila: bool = field(default=False, metadata=_o(
        "辣子辣", "辣子辣: three 财神 all at their own face (三财归位) are 四翻 (×8)",
        f"rules/regional.md §6(b); {ANBANG} WenzhouMajiangPanPlayerHufan.calculate (lazila)"))
    caishen_qian: bool = field(default=False, metadata=_o(
        "财神钱", "财神钱: each player is paid his 财神 count by every other player (a winner with three: double)",
        f"rules/regional.md §6(c), WZ-B; {ANBANG} WenzhouMajiangPanPlayerCaishenqian"))
    gang_fen: bool = field(default=False, metadata=_o(
        "杠分", "杠分: each player is paid 1 per 明杠 (加杠 too) and 2 per 暗杠 by every other player",
        f"rules/regional.md §6(c); {ANBANG} WenzhouMajiangGang (gangsuanfen)"))
    hard_extras: bool = field(default=True, metadata=_o(
        "自摸、抢杠、软八对算硬", "A self-drawn win, 抢杠胡 and a soft 八对 are 硬 (×2) even with a 财神 used as "
        "another tile (off: only a hand with no 财神 used as another tile is 硬)",
        f"rules/regional.md §6(b) 硬 row; {KONGXG} §4.3 (on); {ANBANG} WenzhouMajiangPanPlayerHufan (off)"))
    hard_eight_pairs: EightPairsLevel = field(default=EightPairsLevel.ALWAYS, metadata=_o(
        "硬八对双翻", "A hard 八对 is 双翻 always, or only when 特殊双翻 is on",
        f"rules/regional.md §6(b) and {KONGXG} §4.4 (always); {ANBANG} WenzhouMajiangPanPlayerHufan (special)"))
    forced_level: ForcedLevel = field(default=ForcedLevel.HARD, metadata=_o(
        "三财神强制胡", "Three or four 财神 with no winning shape (seed 000: 直接算胡): 硬 ×2, or 双翻 ×4",
        f"seed 000 TestHu (a win, no value); {KONGXG} §3.4 (3财神强制胡 ×2); {ANBANG} (三财神 双翻)"))
    indicator_rule: IndicatorRule = field(default=IndicatorRule.NEXT, metadata=_o(
        "翻财神", "With only an indicator: the 财神 is the tile after it (suits 9→1, 东南西北, 中发白), or the "
        "indicator itself", f"rules/regional.md §6(a); {KONGXG} §二 (翻开牌的下一张为财神)"))
