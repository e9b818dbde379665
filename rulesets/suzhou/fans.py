"""The 苏州 table in 花, each row with its predicate: 底花, the hold 花 (flowers, wind pungs, kongs: counted set
by set) and the pattern bonuses of the v1 table; :data:`VALUES` holds the v2 and advisor values where they
differ (0: the table has no such bonus). Exclusions are data: exactly one of 豪华七对 > 七对 > 大门清 > 小门清;
清一色 is not also 混一色.

The rows are listed as a card lists them; :data:`BOOK` is the fan reference's order.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..hand import KongKind
from ..lights import declare
from ..pipeline import Each, EachRow, Line, Row, book_order
from ..reading import Reading
from ..scoring import Excludes, Fan
from ..shapes import Group, GroupKind, ShapeKind
from ..sources import Source
from .context import DRAGON_FLOWERS
from .options import SuzhouOptions, Table
from .works import V1, V2, WORKS

HOLD = "hold"  # the hold 花 (硬花 + 软花): what the threshold counts
BIG = "big"  # a 大胡: waives the threshold
BONUS = "bonus"
BASE = "base"
_S = WORKS.cite("v1", f"{V1} onDoHu", note="vague-systems.md §2.1")
_H = WORKS.cite("v1", f"{V1} getHuaCntWithoutHuTypeHuaCnt, checkAnKe", note="§2.1 花 count")
_V2 = WORKS.cite("v2", f"{V2} sortFanxing2FanCnt", note="§2.1")


def _fan(fid: str, zh: str, en: str, value: int, category: str, definition: tuple[str, str], example: str,
         excludes: tuple[str, ...] = (), source: Source = _S) -> Fan:
    return Fan(fid, zh, en, value, tuple(Excludes(x) for x in excludes), definition[0], definition[1], source,
               example, category)


VALUES: dict[Table, dict[str, int]] = {
    Table.V1: {},
    Table.V2: {"tianhu": 50, "dihu": 50, "hunyise": 10, "duiduihu": 10, "damenqing": 10, "dadiao": 10,
               "qingyise": 30, "haohua_qidui": 40, "qidui": 20},
    Table.ADVISOR: {"qidui": 10, "tianhu": 50, "dihu": 28},
}
"""The bonuses of the v2 table (XProject) and the advisor's list where they differ from v1."""


def valued(fan: Fan, options: SuzhouOptions) -> Fan | None:
    """The row under the house rules: 底花 is ``base_hua``, a bonus the table's value; a row worth 0 is left out."""
    value = options.base_hua if fan.id == "dihua" else VALUES[options.table].get(fan.id, fan.value)
    if not value:
        return None
    return fan if value == fan.value else replace(fan, value=value)


def flower_count(r: Reading) -> int:
    """The flower tiles and the 中发白 set aside as flowers."""
    return len(r.hand.context.flowers) + DRAGON_FLOWERS.of(r.hand.context)


def _concealed_kong(g: Group) -> bool:
    return g.meld is not None and g.meld.kong is KongKind.CONCEALED


def _hold_sets(r: Reading) -> int:
    """The sets that give hold 花: every kong, and every wind pung."""
    return sum(1 for g in r.groups if g.kind is GroupKind.KONG or (g.kind is GroupKind.PUNG and g.tile.is_wind))


def _no_claimed_pung(r: Reading, o: SuzhouOptions) -> bool:
    return not any(g.is_claimed and g.is_pung_like for g in r.groups)


def _kong(concealed: bool, wind: bool) -> Any:
    return lambda g, r: g.kind is GroupKind.KONG and _concealed_kong(g) is concealed and g.tile.is_wind is wind


def _wind_pung(concealed: bool) -> Any:
    return lambda g, r: g.kind is GroupKind.PUNG and g.tile.is_wind and r.is_concealed_group(g) is concealed


def _hold(fid: str, zh: str, en: str, value: int, definition: tuple[str, str], example: str, test: Any
          ) -> EachRow[Reading, SuzhouOptions, Group]:
    return EachRow(_fan(fid, zh, en, value, HOLD, definition, example, source=_H), test, under=valued)


def _row(fan: Fan, count: Any) -> Row[Reading, SuzhouOptions]:
    return Row(fan, count, under=valued)


ROWS: tuple[Line[Reading, SuzhouOptions], ...] = (
    _row(_fan("dihua", "底花", "Base 花", 5, BASE, ("每手和牌的底花（v1 为5）", "The base 花 of every win (5 in v1)"),
              "[111m1]456p789p22s34s2s||abc"), lambda r, o: 1),
    _row(_fan("hua", "花", "Flower", 1, HOLD, ("每张花牌（含中发白），1花", "Each flower tile, 中发白 included: 1 花"),
              "[111m1]456p789p22s34s2s||abc", source=_H), lambda r, o: flower_count(r)),
    Each(lambda r: r.groups, (
        _hold("pengfeng", "风碰", "Wind pung", 1, ("碰出的风刻，1花", "A claimed pung of a wind: 1 花"),
              "[111z1]456p789p22s34s2s||ab", _wind_pung(False)),
        _hold("ankefeng", "风暗刻", "Concealed wind pung", 2,
              ("手里的风刻（点炮凑成的算明刻，1花），2花",
               "A concealed wind triplet: 2 花 (1 if the discard completed it)"),
              "111z456p789p22s34s2s||a", _wind_pung(True)),
        _hold("minggang", "明杠", "Exposed kong", 1,
              ("数牌明杠（含加杠），1花", "An exposed or added kong of a suit: 1 花"),
              "[1111m1]456p789p22s34s2s||ab", _kong(False, False)),
        _hold("minggangfeng", "风明杠", "Exposed wind kong", 3, ("风牌明杠，3花", "An exposed wind kong: 3 花"),
              "[1111z1]456p789p22s34s2s", _kong(False, True)),
        _hold("angang", "暗杠", "Concealed kong", 2, ("数牌暗杠，2花", "A concealed kong of a suit: 2 花"),
              "[1111m]456p789p22s34s2s||a", _kong(True, False)),
        _hold("angangfeng", "风暗杠", "Concealed wind kong", 4, ("风牌暗杠，4花", "A concealed wind kong: 4 花"),
              "[1111z]456p789p22s34s2s", _kong(True, True)),
    )),
    _row(_fan("haidi", "海底捞月", "Last tile", 5, BONUS, ("最后一轮自摸", "Self-drawn in the last round of the wall"),
              "[111m1]456p789p22s34s2s|EE1010|abc"), lambda r, o: r.hand.context.last_tile and r.self_drawn),
    _row(_fan("gangkai", "杠开", "Win on a kong", 5, BONUS,
              ("杠或补花后补摸的牌自摸", "Self-drawn on a kong's (or flower's) replacement"),
              "[1111m1]456p789p22s34s2s|EE1001|ab"), lambda r, o: r.hand.context.kong_replacement),
    _row(_fan("qingyise", "清一色", "Full flush", 10, BIG, ("全是一门数牌", "One suit, no honours"),
              "[111m1]456m789m22m34m2m", ("hunyise",)), lambda r, o: r.one_suit),
    _row(_fan("hunyise", "混一色", "Half flush", 5, BIG, ("一门数牌加风牌", "One suit plus winds"),
              "[111z1]456m789m22m34m2m"), lambda r, o: r.mixed_one_suit),
    _row(_fan("duiduihu", "对对胡", "All pungs", 5, BIG, ("四组都是刻子或杠", "All four sets pungs or kongs"),
              "[111m1]444p777s99s33z3z"), lambda r, o: r.all_pungs),
    _row(_fan("qidui", "七对", "Seven pairs", 15, BIG, ("七个对子", "Seven pairs"), "1199m1199p2299s33z",
              ("damenqing", "xiaomenqing")), lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS),
    _row(_fan("haohua_qidui", "豪华七对", "Luxury seven pairs", 30, BIG,
              ("七对里有四张相同", "Seven pairs with four of a kind"), "1111m1199p2299s33z",
              ("qidui", "damenqing", "xiaomenqing")),
         lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS and r.held_fours > 0),
    _row(_fan("xiaomenqing", "小门清", "Small concealed", 5, BIG,
              ("没有碰、明杠（暗杠可以，可以有花）",
               "No claimed pung or exposed kong (concealed kongs, flowers allowed)"),
              "123m456p789p22s34s2s||ab"), _no_claimed_pung),
    _row(_fan("damenqing", "大门清", "Big concealed", 10, BIG,
              ("没有任何副露，也没有一花", "No meld at all and no 花"), "123m456p789p22s34s2s", ("xiaomenqing",)),
         lambda r, o: not r.hand.melds and flower_count(r) + _hold_sets(r) == 0),
    _row(_fan("dadiao", "大吊车", "Single-tile wait", 10, BIG,
              ("四组都副露，单钓一张", "Four melds, one tile left"), "[111m1][444p1][777s1][1111z1]9s9s"),
         lambda r, o: r.single_tile_left),
    _row(_fan("tianhu", "天胡", "Heavenly hand", 0, BONUS,
              ("庄家起手和（v2、军师表）", "The dealer wins on the deal (v2, advisor)"),
              "v1.123m456789p2234s-2s.sh~suzhou.table-v2", source=_V2), lambda r, o: r.hand.context.heavenly),
    _row(_fan("dihu", "地胡", "Earthly hand", 0, BONUS,
              ("闲家第一轮和（v2、军师表）", "A non-dealer wins in the first go-round (v2, advisor)"),
              "v1.123m456789p2234s-2s.ES.dEe~suzhou.table-v2", source=_V2), lambda r, o: r.hand.context.earthly),
)

BOOK = ("dihua", "hua", "pengfeng", "ankefeng", "minggang", "minggangfeng", "angang", "angangfeng", "haidi", "gangkai",
        "hunyise", "qingyise", "duiduihu", "xiaomenqing", "damenqing", "qidui", "haohua_qidui", "dadiao", "tianhu",
        "dihu")
"""The fan reference's order of the rows."""

FANS = book_order(ROWS, BOOK)
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
