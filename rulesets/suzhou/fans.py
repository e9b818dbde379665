"""The 苏州 table in 花 (rules/vague-systems.md §2.1): 底花, the hold 花 (flowers, wind pungs, kongs) and
the pattern bonuses of the v1 table; :data:`VALUES` holds the v2 and advisor values where they differ
(0: the table has no such bonus). Exclusions are data: exactly one of 豪华七对 > 七对 > 大门清 > 小门清;
清一色 is not also 混一色."""

from __future__ import annotations

from functools import partial

from .._regional.table import excludes as _x
from .._regional.table import row
from ..lights import declare
from ..scoring import Fan
from .options import V1, V2, Table

HOLD = "hold"  # the hold 花 (硬花 + 软花): what the threshold counts
BIG = "big"  # a 大胡: waives the threshold
BONUS = "bonus"
BASE = "base"
_S = f"§2.1; {V1}"
_H = f"§2.1 花 count; {V1} getHuaCntWithoutHuTypeHuaCnt / checkAnKe"



_fan = partial(row, source=_S)

FANS: tuple[Fan, ...] = (
    _fan(
        "dihua",
        "底花",
        "Base 花",
        5,
        BASE,
        ("每手和牌的底花（v1 为5）", "The base 花 of every win (5 in v1)"),
        "[111m1]456p789p22s34s2s||abc",
    ),
    _fan(
        "hua",
        "花",
        "Flower",
        1,
        HOLD,
        ("每张花牌（含中发白），1花", "Each flower tile, 中发白 included: 1 花"),
        "[111m1]456p789p22s34s2s||abc",
        source=_H,
    ),
    _fan(
        "pengfeng",
        "风碰",
        "Wind pung",
        1,
        HOLD,
        ("碰出的风刻，1花", "A claimed pung of a wind: 1 花"),
        "[111z1]456p789p22s34s2s||ab",
        source=_H,
    ),
    _fan(
        "ankefeng",
        "风暗刻",
        "Concealed wind pung",
        2,
        HOLD,
        ("手里的风刻（点炮凑成的算明刻，1花），2花", "A concealed wind triplet: 2 花 (1 if the discard completed it)"),
        "111z456p789p22s34s2s||a",
        source=_H,
    ),
    _fan(
        "minggang",
        "明杠",
        "Exposed kong",
        1,
        HOLD,
        ("数牌明杠（含加杠），1花", "An exposed or added kong of a suit: 1 花"),
        "[1111m1]456p789p22s34s2s||ab",
        source=_H,
    ),
    _fan(
        "minggangfeng",
        "风明杠",
        "Exposed wind kong",
        3,
        HOLD,
        ("风牌明杠，3花", "An exposed wind kong: 3 花"),
        "[1111z1]456p789p22s34s2s",
        source=_H,
    ),
    _fan(
        "angang",
        "暗杠",
        "Concealed kong",
        2,
        HOLD,
        ("数牌暗杠，2花", "A concealed kong of a suit: 2 花"),
        "[1111m]456p789p22s34s2s||a",
        source=_H,
    ),
    _fan(
        "angangfeng",
        "风暗杠",
        "Concealed wind kong",
        4,
        HOLD,
        ("风牌暗杠，4花", "A concealed wind kong: 4 花"),
        "[1111z]456p789p22s34s2s",
        source=_H,
    ),
    _fan(
        "haidi",
        "海底捞月",
        "Last tile",
        5,
        BONUS,
        ("最后一轮自摸", "Self-drawn in the last round of the wall"),
        "[111m1]456p789p22s34s2s|EE1010|abc",
    ),
    _fan(
        "gangkai",
        "杠开",
        "Win on a kong",
        5,
        BONUS,
        ("杠或补花后补摸的牌自摸", "Self-drawn on a kong's (or flower's) replacement"),
        "[1111m1]456p789p22s34s2s|EE1001|ab",
    ),
    _fan(
        "hunyise", "混一色", "Half flush", 5, BIG, ("一门数牌加风牌", "One suit plus winds"), "[111z1]456m789m22m34m2m"
    ),
    _fan(
        "qingyise",
        "清一色",
        "Full flush",
        10,
        BIG,
        ("全是一门数牌", "One suit, no honours"),
        "[111m1]456m789m22m34m2m",
        _x("hunyise"),
    ),
    _fan(
        "duiduihu",
        "对对胡",
        "All pungs",
        5,
        BIG,
        ("四组都是刻子或杠", "All four sets pungs or kongs"),
        "[111m1]444p777s99s33z3z",
    ),
    _fan(
        "xiaomenqing",
        "小门清",
        "Small concealed",
        5,
        BIG,
        ("没有碰、明杠（暗杠可以，可以有花）", "No claimed pung or exposed kong (concealed kongs, flowers allowed)"),
        "123m456p789p22s34s2s||ab",
    ),
    _fan(
        "damenqing",
        "大门清",
        "Big concealed",
        10,
        BIG,
        ("没有任何副露，也没有一花", "No meld at all and no 花"),
        "123m456p789p22s34s2s",
        _x("xiaomenqing"),
    ),
    _fan(
        "qidui",
        "七对",
        "Seven pairs",
        15,
        BIG,
        ("七个对子", "Seven pairs"),
        "1199m1199p2299s33z",
        _x("damenqing", "xiaomenqing"),
    ),
    _fan(
        "haohua_qidui",
        "豪华七对",
        "Luxury seven pairs",
        30,
        BIG,
        ("七对里有四张相同", "Seven pairs with four of a kind"),
        "1111m1199p2299s33z",
        _x("qidui", "damenqing", "xiaomenqing"),
    ),
    _fan(
        "dadiao",
        "大吊车",
        "Single-tile wait",
        10,
        BIG,
        ("四组都副露，单钓一张", "Four melds, one tile left"),
        "[111m1][444p1][777s1][1111z1]9s9s",
    ),
    _fan(
        "tianhu",
        "天胡",
        "Heavenly hand",
        0,
        BONUS,
        ("庄家起手和（v2、军师表）", "The dealer wins on the deal (v2, advisor)"),
        "v1.123m456789p2234s-2s.sh~suzhou.table-v2",
        source=f"§2.1; {V2}",
    ),
    _fan(
        "dihu",
        "地胡",
        "Earthly hand",
        0,
        BONUS,
        ("闲家第一轮和（v2、军师表）", "A non-dealer wins in the first go-round (v2, advisor)"),
        "v1.123m456789p2234s-2s.ES.dEe~suzhou.table-v2",
        source=f"§2.1; {V2}",
    ),
)

BY_ID = {f.id: f for f in FANS}

VALUES: dict[Table, dict[str, int]] = {
    Table.V1: {},
    Table.V2: {
        "tianhu": 50,
        "dihu": 50,
        "hunyise": 10,
        "duiduihu": 10,
        "damenqing": 10,
        "dadiao": 10,
        "qingyise": 30,
        "haohua_qidui": 40,
        "qidui": 20,
    },
    Table.ADVISOR: {"qidui": 10, "tianhu": 50, "dihu": 28},
}
"""The bonuses of the v2 table (XProject) and the advisor's list where they differ from v1 ({V2}; {ADVISOR})."""

BIG_HANDS = frozenset(f.id for f in FANS if f.category == BIG)

LIGHTS: dict[str, str] = {
    "dihua": "none", "hua": "none",  # the flowers (中发白 among them) are not in the reading
    "pengfeng": "open_pungs&triplets&winds", "ankefeng": "concealed_pungs&triplets&winds",
    "minggang": "kongs&claimed&suited", "minggangfeng": "kongs&claimed&winds",
    "angang": "kongs&concealed&suited", "angangfeng": "kongs&concealed&winds",
    "haidi": "win", "gangkai": "win",
    **dict.fromkeys(("hunyise", "qingyise", "duiduihu", "qidui", "dadiao"), "hand"),
    "haohua_qidui": "fours",
    **dict.fromkeys(("xiaomenqing", "damenqing", "tianhu", "dihu"), "context"),
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
