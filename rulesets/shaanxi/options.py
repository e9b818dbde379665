"""House rules of 陕西麻将 (推倒胡 with 下炮子; rules/regional.md §4, seed 004), each with its source.

>>> o = ShaanxiOptions()
>>> o.discard_payers.value, o.dealer.value, o.kongs.value, o.rob_kong.value
('discarder', 'plus', 'seed', 'discard')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice
from ..sources import Source
from .works import WORKS


def _o(zh: str, en: str, source: Source, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


class DiscardPayers(Choice):
    """Who pays a win on a discard."""

    DISCARDER = ("discarder", "点炮者一家付", "The discarder alone")
    ALL = ("all", "三家都付（规则文章的公式）", "All three (the article's formula)")


class Dealer(Choice):
    """庄家翻倍: how the dealer's side of a payment is doubled."""

    PLUS = ("plus", "庄家基数1变2", "The base 1 becomes 2")
    DOUBLE = ("double", "庄家整笔×2", "The whole payment ×2")
    OFF = ("off", "不分庄闲", "No dealer factor")


class Kongs(Choice):
    """Kong money: 暗杠 2 from each, 补杠 1 from each, and 直杠 (claimed on a discard) by table."""

    SEED = ("seed", "直杠引杠者付2", "直杠: 2 from the feeder (the article)")
    SHANXI = ("shanxi", "直杠引杠者付1", "直杠: 1 from the feeder (billee1011 陕西)")
    XIAN = ("xian", "直杠每家付1", "直杠: 1 from each (billee1011 西安)")
    OFF = ("off", "不算杠钱", "No kong money")


class RobKong(Choice):
    """Who pays a win on a robbed kong."""

    DISCARD = ("discard", "被抢者按点炮付", "The robbed player pays as a discarder")
    SELF_DRAWN = ("self_drawn", "按自摸三家付", "As a self-draw: all three pay")
    ROBBED_ALL = ("robbed_all", "被抢者包三家（按自摸）", "The robbed player pays all three self-draw shares")


class SevenPairs(Choice):
    """七对: not a win, a win, or a win doubled."""

    OFF = ("off", "不能胡七对", "Not a winning hand")
    ON = ("on", "七对可胡", "Allowed")
    DOUBLE = ("double", "七对×2", "Allowed and doubled")


@dataclass(frozen=True)
class ShaanxiOptions:
    """陕西麻将 house rules. Defaults: the spec's worked examples SX-A and SX-B."""

    base: int = field(default=1, metadata=_o("底分", "Base points (底分)", WORKS.cite("article", "下炮子积分银两",
                                                                                  note="seed 004 “A 底分”")))
    discard_payers: DiscardPayers = field(default=DiscardPayers.DISCARDER, metadata=_o(
        "点炮谁付", "A discard: the discarder alone pays, or all three (the article's formula read literally)",
        WORKS.cite("billee", "Table_XiAn", note="rules/regional.md §4(c) (billee1011 Table_XiAn; its 普通平胡 "
                                                "option: all); seed 004 赢家得分 自己的炮子数×3")))
    dealer: Dealer = field(default=Dealer.PLUS, metadata=_o(
        "庄家翻倍", "The dealer's side: the base 1 becomes 2, the whole payment ×2, or nothing",
        WORKS.cite("article", "庄家翻倍", note="seed 004 “庄家翻倍…庄家的结果将以两倍计算”; rules/regional.md §4(c) "
                                               "H = 2 (SX-A)")))
    cannons_both: bool = field(default=False, metadata=_o(
        "双方都下炮才算", "Cannons count only when both sides declared at least one",
        WORKS.cite("billee", "Table_ShanXi", note="rules/regional.md §4(c) [disagree] billee1011 Table_ShanXi")))
    kongs: Kongs = field(default=Kongs.SEED, metadata=_o(
        "杠钱",
        "Kong money: 暗杠 2 each, 补杠 1 each; 直杠 2 from the feeder (the article), 1 from the feeder, 1 from each",
        WORKS.cite("article", "杠的积分银两", note="seed 004 杠的积分银两/放杠; rules/regional.md §4(c) kong table")))
    rob_kong: RobKong = field(default=RobKong.DISCARD, metadata=_o(
        "抢杠谁付", "A robbed kong: the robbed player pays as a discarder, all pay as a self-draw, or he pays for all",
        WORKS.cite("site", "抢杠胡谁付", note="rules/regional.md §4 assumption SX-3 (seed 004 allows 抢杠胡 and does "
                                              "not say who pays)")))
    honours: bool = field(default=True, metadata=_o(
        "带风", "Play with winds and dragons (136 tiles); off: 108 suited tiles",
        WORKS.cite("site", "带风 / 不带风", note="rules/regional.md §4 assumption SX-1 (apps offer 带风/不带风)")))
    seven_pairs: SevenPairs = field(default=SevenPairs.OFF, metadata=_o(
        "七对", "Seven pairs: not a win (推倒胡 only), a win, or a win ×2",
        WORKS.cite("billee", "Table_ShanXi", note="seed 004 “只要行程平胡牌型就能胡”; rules/regional.md §4(a) "
                                                  "(billee1011 option)")))
    qingyise_double: bool = field(default=False, metadata=_o(
        "清一色×2", "A full flush doubles the hand", WORKS.cite("billee", "Table_ShanXi",
                                                             note="rules/regional.md §4(b) (billee1011 option)")))
    jiang258: bool = field(default=False, metadata=_o(
        "二五八将", "The pair must be 2, 5 or 8", WORKS.cite("billee", "Table_ShanXi",
                                                         note="rules/regional.md §4(a) (billee1011 option)")))
