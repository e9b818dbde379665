"""House rules of 武汉麻将 (红中癞子杠): the disputed points W-1 … W-7 of rules/regional.md §1 as data.

Every field has a default and the source it comes from. "seed 001" is the 武汉麻将 section of
``shared/seeds/001_53f84a7f0939defd.txt`` (lines ~419-620), the primary text; "§1" is the spec,
``rules/regional.md`` §1, whose worked examples W-A, W-B and W-C the defaults reproduce (W-C as corrected by the
errata at the top of the spec: a big win carries no dealer factor).

>>> o = WuhanOptions()
>>> o.payer.value, o.kaikou.value, o.big_kaikou, o.dealer.value, o.scale, o.cap
('all', 'once', 2, 'small', 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..scoring import Choice
from .works import WORKS


class Payer(Choice):
    """Who pays a win on a discard (W-4)."""

    ALL = ("all", "三家都输（放冲者多×2）", "All three pay (the discarder doubles)")
    DISCARDER = ("discarder", "放冲者一家付", "The discarder alone pays")


class Kaikou(Choice):
    """开口翻 or 口口翻 (W-2)."""

    ONCE = ("once", "开口翻：开过口×2（一次）", "开口翻: opened ×2, once")
    EACH = ("each", "口口翻：每开一次口×2", "口口翻: ×2 for each opening")


class DealerDouble(Choice):
    """When the dealer's ×2 applies (W-7)."""

    SMALL = ("small", "只有小胡算庄闲（大胡不考虑庄闲）", "Small wins only (big wins ignore the dealer)")
    ALWAYS = ("always", "小胡、大胡都算庄闲", "Small and big wins")
    NEVER = ("never", "不算庄闲", "Never")


class WildLimit(Choice):
    """How many 癞子 a small win (屁胡) may have (W-3)."""

    HELD = ("held", "手上有两个癞子不能胡小胡", "Two 癞子 held: no small win")
    AS_WILD = ("as_wild", "小胡最多一个癞子当万能牌", "Small win: at most one 癞子 used as a wild")
    NONE = ("none", "不限", "No limit")


class PairRule(Choice):
    """Which wins may have a pair that is not 2/5/8."""

    SEED = ("seed", "风一色、将一色、碰碰胡、清一色可乱将", "风一色, 将一色, 碰碰胡, 清一色 only")
    BIG = ("big", "大胡都可乱将", "Every big win")


class RedIndicator(Choice):
    """What a 红中 turned up as the indicator gives (W-1)."""

    FA = ("fa", "发财作癞子", "发 is the 癞子")
    REDRAW = ("redraw", "重翻一张", "Turn up another tile")


class Rounding(Choice):
    """How a scaled amount is rounded (W-6)."""

    HALF_UP = ("half_up", "四舍五入", "Half up")
    DOWN = ("down", "舍去零头", "Down")
    EXACT = ("exact", "保留小数", "Exact (no rounding)")


SEED = "seed 001 武汉麻将"


@dataclass(frozen=True)
class WuhanOptions:
    """The house rules of one 武汉 table."""

    red_indicator: RedIndicator = field(default=RedIndicator.FA, metadata={
        "zh": "翻出红中", "en": "红中 turned up",
        "source": WORKS.cite("national", "癞子", note="seed 001 武汉麻将 癞子 4: 摸到北和中都是发作癞子 and the "
                                                      "errata of rules/regional.md (default); §1 W-1: re-draw the "
                                                      "indicator")})
    payer: Payer = field(default=Payer.ALL, metadata={
        "zh": "点炮谁付", "en": "Who pays a discard",
        "source": WORKS.cite("national", "记分规则", note="§1 W-4 and worked example W-B; seed 001 武汉麻将 记分规则 "
                                                          "原则1: 没放冲的玩家依然输点 (default); gofishing "
                                                          "hongzhonglaizigang: the discarder alone")})
    kaikou: Kaikou = field(default=Kaikou.ONCE, metadata={
        "zh": "开口翻 / 口口翻", "en": "开口翻 or 口口翻",
        "source": WORKS.cite("national", "小胡计分", note="seed 001 武汉麻将 小胡计分: 开口×2 (default); 口口翻: "
                                                          "每开一次口就×2一次 (§1 W-2)")})
    big_kaikou: int = field(default=2, metadata={
        "choices": (2, 4), "zh": "大胡开口倍数", "en": "开口 multiplier on a big win",
        "source": WORKS.cite("site", "大胡的开口", note="§1 W-5 and worked example W-C: ×2 (default); seed 001 "
                                                        "武汉麻将 大胡计分: 开口×4")})
    dealer: DealerDouble = field(default=DealerDouble.SMALL, metadata={
        "zh": "庄家×2", "en": "Dealer ×2",
        "source": WORKS.cite("national", "大胡计分", note="seed 001 武汉麻将 大胡计分: 基础分为10，不考虑庄闲因素 "
                                                          "(default: small wins only) and the errata of "
                                                          "rules/regional.md (W-C had doubled the dealer on a big "
                                                          "win); §1 W-7 as first written: small and big; gofishing: "
                                                          "never")})
    wild_limit: WildLimit = field(default=WildLimit.HELD, metadata={
        "zh": "小胡的癞子限制", "en": "癞子 in a small win",
        "source": WORKS.cite("national", "癞子", note="seed 001 武汉麻将 癞子 5: 当有两个癞子时不能胡小胡 (default); "
                                                      "§1 W-3 (gofishing): at most one 癞子 used as a wild")})
    pair_rule: PairRule = field(default=PairRule.SEED, metadata={
        "zh": "哪些胡可乱将", "en": "Wins with any pair",
        "source": WORKS.cite("national", "胡牌要求", note="seed 001 武汉麻将 胡牌要求: 除风一色、将一色、碰碰胡、清一"
                                                          "色以外，一对必须是二、五、八 (default); §1 (b): big wins "
                                                          "do not need a 2/5/8 pair")})
    laizi_kong: int = field(default=4, metadata={
        "choices": (4, 2), "zh": "癞子杠倍数", "en": "癞子杠 multiplier",
        "source": WORKS.cite("gofishing", "hongzhonglaizigang", note="§1 (b): gofishing ×4 each, billee1011 2 fan → "
                                                                     "×4 recommended (default); seed 001 leaves it "
                                                                     "unreadable (×?)")})
    contract: bool = field(default=True, metadata={
        "zh": "承包", "en": "承包 (one player pays all)",
        "source": WORKS.cite("national", "承包", note="seed 001 武汉麻将 承包: 全求人放冲 (A没听牌), 第三次开口, "
                                                      "抢杠 — 承包者承担所有输点")})
    contract_factor: int = field(default=1, metadata={
        "choices": (1, 2, 3), "zh": "包牌倍数", "en": "承包 factor",
        "source": WORKS.cite("national", "承包", note="seed 001 武汉麻将 承包: all the losing points (×1, default); "
                                                      "§1 (c)3: gofishing's 包牌 factor 1/2/3")})
    scale: int = field(default=1, metadata={
        "choices": (1, 10, 20), "zh": "折算（除以）", "en": "Scale (divide by)",
        "source": WORKS.cite("kzpn200", "scoring", note="§1 (c)4 and W-C: scale 1 (default), 1/10 or 1/20 (kzpn200 "
                                                        "changelog; gofishing)")})
    rounding: Rounding = field(default=Rounding.HALF_UP, metadata={
        "zh": "折算取整", "en": "Rounding after scaling",
        "source": WORKS.cite("kzpn200", "scoring", note="§1 (c)4: kzpn200's changelog — divide by 10 or 20 and round "
                                                        "(half up assumed)")})
    cap: int = field(default=0, metadata={
        "zh": "金顶（每家最多付，0 = 不封顶）", "en": "金顶 cap per payer (0: none)",
        "source": WORKS.cite("billee", "GameConstants_HZLZG", note="§1 (c)4: no cap by default; billee1011 caps "
                                                                   "10/20/50/100, gofishing 30/50/100")})
    min_fan: int = field(default=0, metadata={
        "zh": "小胡起胡番数（0 = 不限）", "en": "Minimum 番 for a small win (0: none)",
        "source": WORKS.cite("site", "起胡", note="§1 (c)5 W-6: no minimum by default; billee1011 requires 3 (the "
                                                  "winner's 番, or on a self-draw any payer's)")})
