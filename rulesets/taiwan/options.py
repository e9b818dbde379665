"""House rules of 台灣十六張: the stake (底 and 每台), the dealer's 台, the flowers, 平胡's conditions and the
values the sources give differently; each default is the one the association page, the common 台數表 and the
tested implementation agree on (docs/taiwan.md, Options).

>>> o = TaiwanOptions()
>>> o.base, o.per_tai, o.flowers.value, o.dealer_bonus_scope.value
(100, 20, 'seat', 'involved')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import WORKS


class DealerScope(Choice):
    """Which payments carry the dealer's 莊家 1 + 連 n 拉 n."""

    INVOLVED = ("involved", "庄家付或收的每笔都加", "Every payment the dealer makes or receives")
    DEALER_WINS = ("dealer_wins", "只在庄家胡时加", "Only when the dealer wins")


class Flowers(Choice):
    """What the flowers are worth."""

    SEAT = ("seat", "正花每张1台", "Own flowers, 1 台 each")
    EVERY = ("every", "每张花1台", "Every flower, 1 台 each")
    NONE = ("none", "花不计台", "Flowers count nothing")


class FlowerOrder(Choice):
    """Which flowers are a wind's own."""

    NUMBER = ("number", "按花上的数字（梅兰竹菊、春夏秋冬各为1–4）", "By the number on the tile (1–4 in each set)")
    PAGES = ("pages", "西＝秋、菊，北＝冬、竹", "West: autumn and chrysanthemum; North: winter and bamboo")


class FlowerSet(Choice):
    """花槓: all four of a set."""

    REPLACE = ("replace", "花杠2台，不再计其中的正花", "2 台 per set, in place of its own flower")
    STACK = ("stack", "花杠2台，另计正花", "2 台 per set, and its own flower too")
    OFF = ("off", "不计花杠", "No 花槓")


class HonourPair(Choice):
    """Honours in 平胡."""

    NONE = ("none", "平胡不能有字牌", "No honour at all")
    PLAIN_PAIR = ("plain_pair", "将可以是不算台的风牌",
                  "The pair may be a wind that is neither the seat's nor the round's")


class PinghuWait(Choice):
    """The wait of 平胡."""

    TWO_SIDED = ("two_sided", "必须两面听", "Two-sided wait only")
    ANY = ("any", "任何听法", "Any wait")


class FlowerWins(Choice):
    """What 八仙過海 and 七搶一 are worth."""

    STANDARD = ("standard", "八仙过海8台、七抢一8台", "八仙過海 8, 七搶一 8")
    NEW_STYLE = ("new_style", "八仙过海30台、七抢一20台（新式）", "八仙過海 30, 七搶一 20 (New Style)")

    @property
    def values(self) -> tuple[int, int]:
        """(八仙過海, 七搶一)."""
        return (8, 8) if self is FlowerWins.STANDARD else (30, 20)



@dataclass(frozen=True)
class TaiwanOptions:
    base: int = house_rule(100, "底", "Base (底) of every payment", WORKS.cite(
        "suantai", "底 + 台", note="taiwan.md §4: 100/20 'a common table stake'; RRW, MU, TBL pay 底 + 台 × 每台"))
    per_tai: int = house_rule(20, "每台", "Money per 台", WORKS.cite("suantai", "底 + 台", note="§4"))
    dealer_bonus_scope: DealerScope = house_rule(
        DealerScope.INVOLVED, "庄家台算在哪几笔", "Payments that carry the dealer's 台",
        WORKS.cite("fourwinds", "rules04; help 4winsc27: paid by East alone and just for himself",
                   note="§4, §5; MU settle tested; AKZ; pixnet"))
    streak_tai: int = house_rule(
        2, "每连庄一次加几台", "台 per kept deal",
        WORKS.cite("ata", "連莊、拉莊", note="§2: 連 n 拉 n = 2n; TBL; MU; MVP"), choices=(2, 1))
    flowers: Flowers = house_rule(Flowers.SEAT, "花牌", "Flowers", WORKS.cite(
        "ata", "花牌：符合自己的方位時花牌一張即一台", note="§5; every = MVP, MJC"))
    flower_order: FlowerOrder = house_rule(FlowerOrder.NUMBER, "正花的对应", "Which flowers are a wind's own",
                                           WORKS.cite("ata", "花牌（1 梅 春、2 蘭 夏、3 竹 秋、4 菊 冬）",
                                                      note="§5; pages = wawa3c, long5688"))
    huagang: FlowerSet = house_rule(FlowerSet.REPLACE, "花杠", "花槓 (a whole set of flowers)", WORKS.cite(
        "ata", "花槓", note="§3 E; PTT '原來的門風花牌不算，另算2台'; stack = STL"))
    pinghu_flowers: bool = house_rule(False, "有花也算平胡", "平胡 with flowers", WORKS.cite(
        "mvp", "有爭議的判定 4：平胡不要求無花", note="§5; the default (no flower) is ATA 牌中無字、花牌"))
    pinghu_honours: HonourPair = house_rule(HonourPair.NONE, "平胡的字牌", "Honours in 平胡", WORKS.cite(
        "ata", "平胡：牌中無字", note="§5; plain_pair = STL"))
    pinghu_wait: PinghuWait = house_rule(PinghuWait.TWO_SIDED, "平胡的听法", "The wait of 平胡", WORKS.cite(
        "ata", "平胡：呈兩面聽…釣將不算", note="§5; any = old PTT/chh text, MVP's other method"))
    ziyise: int = house_rule(16, "字一色台数", "台 of 字一色", WORKS.cite(
        "mvp", "台數表：字一色 16", note="§5: MU tested 16; AKZ, STL, chh 8"), choices=(16, 8))
    quanqiuren: int = house_rule(2, "全求人台数", "台 of 全求人", WORKS.cite(
        "ata", "全求", note="§5: PTT, chh, MU, AKZ 2; STL 1"), choices=(2, 1))
    banqiu: bool = house_rule(False, "半求（1台）", "半求 (1 台)", WORKS.cite(
        "ata", "半求", note="§5: no other source; MU scores that hand 自摸 + 獨聽"))
    big_with_small: bool = house_rule(
        False, "大牌也计三元牌、门风、圈风", "The big hands count their 三元牌, 門風, 圈風 too",
        WORKS.cite("mvp", "有爭議的判定 2：大牌不重複計小牌（另一種算法）", note="§5"))
    any_wind: bool = house_rule(False, "见字有台（每副风刻1台）", "見字有台: every wind pung 1 台", WORKS.cite(
        "stl", "loose mode", note="§5; the default is ATA 風牌, TBL"))
    flower_bloom: bool = house_rule(
        True, "补花自摸算杠上开花", "A win on a flower's replacement is 槓上開花",
        WORKS.cite("ata", "槓上開花：因摸到花牌、暗槓或加槓而補牌", note="§5; MU: kong only"))
    flower_wins: FlowerWins = house_rule(FlowerWins.STANDARD, "八仙过海、七抢一", "八仙過海 and 七搶一", WORKS.cite(
        "mu", "scoreFlowerWin and its tests", note="§5: STL, AKZ 8; new_style = MJC"))
    ligu: bool = house_rule(False, "七对加一刻算胡（8台）", "Seven pairs and a pung wins (8 台)",
                            WORKS.cite("wiki", "七對子", note="§5: no seven pairs in Taiwanese; on = MU, STL 8"))
    cap: int = house_rule(0, "封顶台数（0：不封顶）", "Cap in 台 (0: none)", WORKS.cite(
        "fourwinds", "often played without a limit", note="§5: MJC offers 40; the cap bounds each payment's 台"))


PRESETS: dict[str, dict[str, Any]] = {
    "new-style": {"flowers": Flowers.EVERY, "flower_wins": FlowerWins.NEW_STYLE},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "new-style": ("新式台湾麻将（每张花1台，八仙30、七抢一20）", "New Style (every flower 1, 八仙過海 30, 七搶一 20)",
                  WORKS.cite("mjc", "Taiwanese Mahjong Rule")),
}
