"""House rules of 长沙麻将 (rules/regional.md §3, seeds 000 and 001): every field a default with its source.

>>> o = ChangshaOptions()
>>> o.small_self_drawn, o.big_unit, o.bird_count, o.bird_rule.value, o.bird_origin.value
(1, 6, 2, 'double', 'dealer')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..scoring import Choice
from ..sources import Source
from .works import WORKS


def _o(zh: str, en: str, source: Source, **extra: Any) -> dict[str, Any]:
    return {"zh": zh, "en": en, "source": source, **extra}


class ZhuangXian(Choice):
    """庄闲: what the dealer adds to a payment he is a side of."""

    PER_UNIT = ("per_unit", "庄闲按胡数加（小胡+1，每个大胡+1）", "+1 per unit (small +1, each big +1)")
    FLAT = ("flat", "庄闲固定加1", "+1 flat")
    OFF = ("off", "不分庄闲", "No dealer bonus")


class BirdRule(Choice):
    """扎鸟: what a bird that hits a payment (lands on the winner or the payer) does to it."""

    DOUBLE = ("double", "中鸟翻倍（×2每只）", "×2 per bird (×2^hits)")
    TIMES = ("times", "中鸟加倍（×(1+只数)）", "×(1 + hits)")
    ADD = ("add", "中鸟加分（每只+1）", "+1 per bird")


class BirdOrigin(Choice):
    """Where the bird count starts: 1 is this seat, 2 the next, 3 across, 4 the previous."""

    DEALER = ("dealer", "定庄扎鸟（从庄家数）", "Counted from the dealer")
    WINNER = ("winner", "从胡牌者数", "Counted from the winner")


class HaidiBirds(Choice):
    """A 海底 win leaves no wall to draw birds from: what the 海底 tile counts as."""

    EACH = ("each", "海底牌算每一只鸟（按扎鸟数）", "The 海底 tile is every bird (as many as the table draws)")
    ONE = ("one", "海底牌只算一只鸟", "The 海底 tile is one bird")


@dataclass(frozen=True)
class ChangshaOptions:
    """长沙麻将 house rules. Defaults: the spec's worked examples (§3 CS-A, CS-B; CS-C with the small self-draw of
    the spec's errata) and the two implementations with tests where the spec leaves the choice open."""

    small_self_drawn: int = field(default=1, metadata=_o(
        "小胡自摸每家", "A small self-drawn win (and each 起手小胡): 1 from each payer (2 with the dealer), or 2 (3 "
        "with the dealer)",
        WORKS.cite("omu", "第11.2节", note="open_mahjong_unity 长沙经典双鸟规则书 §11.2 and its tests, xxqp "
                                        "CsMjTable.calZiMoPoint: 1 (default); billee1011 JingDian and "
                                        "rules/regional.md §3(c) 1, CS-C: 2; the spec's errata"),
        choices=(1, 2)))
    big_unit: int = field(default=6, metadata=_o(
        "大胡每个", "Each big pattern (大胡) is worth this much from each payer",
        WORKS.cite("billee", "Table_JingDian_CS", note="rules/regional.md §3(b)-(c): billee1011 6 per big pattern; "
                                                       "xxqp 5 + 底分 1")))
    zhuangxian: ZhuangXian = field(default=ZhuangXian.PER_UNIT, metadata=_o(
        "庄闲", "The dealer's side of a payment adds +1 per unit (small win 1 unit), +1 flat, or nothing",
        WORKS.cite("xxqp", "CsMjTable", note="rules/regional.md §3(c) 2 (xxqp and open_mahjong_unity: +units; "
                                             "billee1011: +1)")))
    bird_count: int = field(default=2, metadata=_o(
        "扎鸟数", "How many birds are drawn after a win (a 海底 win: the 海底 tile, see 海底鸟)",
        WORKS.cite("omu", "扎鸟", note="rules/regional.md §3(c) 3 (default 2; apps offer 0/1/2/4/6); seed 000 扎鸟"),
        choices=(2, 0, 1, 4, 6)))
    bird_rule: BirdRule = field(default=BirdRule.DOUBLE, metadata=_o(
        "中鸟计分", "A bird on the winner or the payer doubles that payment, multiplies it by 1 + birds, or adds 1",
        WORKS.cite("qa", "扎鸟", note="seed 000 扎鸟 “被扎鸟方赢输计分要翻倍”; rules/regional.md §3(c) 3 "
                                      "(open_mahjong_unity, xxqp, billee1011)")))
    bird_origin: BirdOrigin = field(default=BirdOrigin.DEALER, metadata=_o(
        "鸟从谁数", "Count the bird's number from the dealer (1 dealer, 2 next, 3 across, 4 previous) or "
        "from the winner",
        WORKS.cite("qa", "扎鸟", note="seed 000 扎鸟 “以庄家为起点…一表示庄家，二表示下家，三为对家，四为上家”; "
                                      "open_mahjong_unity PR #65 (winner)")))
    haidi_birds: HaidiBirds = field(default=HaidiBirds.EACH, metadata=_o(
        "海底鸟", "After a 海底 win the 海底 tile is every bird, or one bird",
        WORKS.cite("omu", "第9节", note="seed 000 扎鸟 “如果为海底胡，则海底牌为鸟牌”; open_mahjong_unity "
                                     "长沙经典双鸟规则书 §9 “按照海底牌算两次” and PR #75 (each, default); its code "
                                     "and test_sea_bottom_win_uses_winning_tile_as_bird_when_wall_empty (one)")))
    jiajianghu: bool = field(default=False, metadata=_o(
        "假将胡", "A small win may have any pair, not only 2/5/8",
        WORKS.cite("xxqp", "jiajianghu", note="rules/regional.md §3(a) (xxqp jiajianghu, billee1011); seeds 000/001: "
                                              "小胡 需将 2/5/8")))
    lucky_needs_258: bool = field(default=True, metadata=_o(
        "含小胡须将", "杠上开花/杠上炮/抢杠/海底/天胡/地胡 alone need the small-win shape (2/5/8 pair)",
        WORKS.cite("qa", "大胡（含小胡）", note="seed 000 大胡 list: these are marked 含小胡 (the hand is a "
                                                "small-win hand, scored as a big win)")))
    tiandihu_big: bool = field(default=True, metadata=_o(
        "天胡地胡算大胡", "天胡 and 地胡 are big patterns",
        WORKS.cite("qa", "大胡 6) 7)", note="seed 000 大胡 6) 7); rules/regional.md §3(b) (a 2018 xxqp comment: no "
                                            "longer big)")))
    menqing_big: bool = field(default=False, metadata=_o(
        "门清算大胡", "门清 (no claimed meld) is a big pattern",
        WORKS.cite("billee", "Table_JingDian_CS", note="rules/regional.md §3(b) [disagree]: billee1011 only; not in "
                                                       "seeds 000/001")))
    quanqiuren_self_drawn: bool = field(default=True, metadata=_o(
        "全求人可自摸", "全求人 counts when the pair is self-drawn too (then all three pay); off: only on a discard",
        WORKS.cite("omu", "第6节 全求人", note="open_mahjong_unity 长沙经典双鸟规则书 §6 "
                                            "“点炮胡和自摸都算全求人；自摸时三家支付分数” and its tests, xxqp "
                                            "CsMjTable (default); off: 国标's definition (seed 003 全求人: "
                                            "单钓别人打出的牌)")))
    qishou_birds: bool = field(default=False, metadata=_o(
        "起手胡扎鸟", "Birds also apply to the payments of 起手小胡",
        WORKS.cite("xxqp", "起手胡的鸟", note="rules/regional.md §3(c) 4 (optional: xxqp flag); worked example CS-C "
                                              "has no birds")))
