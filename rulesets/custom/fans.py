"""The pattern table of a table's own rules: one row per pattern the table gives a value to, each with its
predicate.

The value in each row is the default; a table's options set the value actually counted (option key = fan id:
each row's ``under``), so the rows are the same for every table and the share code carries the values; a
pattern worth 0 is not counted (平胡 always is: the shape patterns replace it). Exclusions are data: a shape
pattern (碰碰胡, 七对, 清一色, 混一色, 字一色) replaces 平胡, and 七对 already is 门清.

The rows are listed as a card lists them; :data:`BOOK` is the fan reference's order.
"""

from __future__ import annotations

from dataclasses import replace

from ..hand import KongKind, WinMethod
from ..lights import declare
from ..pipeline import Line, Row, book_order
from ..reading import Reading
from ..scoring import Excludes, Fan
from ..shapes import ShapeKind
from .options import TABLE, VALUE_KEYS, CustomOptions

SHAPE = "shape"
WIN = "win"
COUNTED = "counted"
CAP = "cap"

_NO_PINGHU = (Excludes("pinghu"),)


def _fan(fid: str, zh: str, en: str, category: str, definition: tuple[str, str], example: str,
         excludes: tuple[Excludes, ...] = ()) -> Fan:
    default = getattr(CustomOptions(), fid) if fid in VALUE_KEYS else 0
    return Fan(fid, zh, en, default, excludes, definition[0], definition[1], TABLE, example, category)


def valued(fan: Fan, options: CustomOptions) -> Fan | None:
    """The row at this table: the value the table gives it; a pattern worth 0 is not counted (平胡 always is)."""
    value: int = getattr(options, fan.id)
    if not value and fan.id != "pinghu":
        return None
    return fan if value == fan.value else replace(fan, value=value)


def _row(fan: Fan, count: object) -> Row[Reading, CustomOptions]:
    return Row(fan, count, under=valued)  # type: ignore[arg-type]


def _exposed_kongs(r: Reading) -> int:
    return sum(1 for m in r.hand.kongs if m.kong is not KongKind.CONCEALED)


ROWS: tuple[Line[Reading, CustomOptions], ...] = (
    _row(_fan("pinghu", "平胡", "Plain win", SHAPE,
              ("和牌，但不是碰碰胡、七对、清一色、混一色、字一色（基本分）",
               "A win with none of the shape patterns (the base value)"),
              "123m456p789s234m11s"), lambda r, o: 1),
    _row(_fan("pengpenghu", "碰碰胡", "All pungs", SHAPE, ("四组都是刻子或杠", "All four sets are pungs or kongs"),
              "111m333p555s777m22s", _NO_PINGHU), lambda r, o: r.all_pungs),
    _row(_fan("qidui", "七对", "Seven pairs", SHAPE, ("七个对子（四张相同算两对）",
                                                      "Seven pairs (four of a kind counts as two)"),
              "1133m5577p2299s11z", (*_NO_PINGHU, Excludes("menqing"))), lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS),
    _row(_fan("qingyise", "清一色", "Full flush", SHAPE,
              ("全部牌（含副露）同一门，没有字牌", "Every tile, melds included, of one suit, no honours"),
              "11123456789999m", _NO_PINGHU), lambda r, o: r.one_suit),
    _row(_fan("hunyise", "混一色", "Half flush", SHAPE, ("一门数牌加字牌", "One suit plus honours"), "123456789m11122z",
              _NO_PINGHU), lambda r, o: r.mixed_one_suit),
    _row(_fan("ziyise", "字一色", "All honours", SHAPE, ("全部是字牌", "Every tile an honour"), "11122233344455z",
              _NO_PINGHU), lambda r, o: r.all_honours),
    _row(_fan("zimo", "自摸", "Self-drawn", WIN, ("自己摸到和张", "The winning tile was self-drawn"),
              "123m456p789s234m11s|EE1000"), lambda r, o: r.self_drawn),
    _row(_fan("gangshangkaihua", "杠上开花", "Win on a kong replacement", WIN,
              ("开杠后补摸的牌自摸和", "Self-drawn on the tile drawn after a kong"), "[1111m]456p789s234m11s|EE1001"),
         lambda r, o: r.hand.context.kong_replacement),
    _row(_fan("haidi", "海底", "Last tile", WIN, ("和牌墙最后一张（自摸或别人打出）",
                                                  "Won on the last tile of the wall, or its discard"),
              "123m456p789s234m11s|EE0010"), lambda r, o: r.hand.context.last_tile),
    _row(_fan("qianggang", "抢杠", "Robbing a kong", WIN, ("和别人加杠的那张牌",
                                                           "Won on the tile another player adds to a pung"),
              "123m456p789s11s234m|EE0001"), lambda r, o: r.hand.context.win is WinMethod.ROB_KONG),
    _row(_fan("menqing", "门清", "Concealed hand", WIN, ("没有吃碰明杠（暗杠可以）",
                                                         "No claimed meld (concealed kongs allowed)"),
              "123m456p789s234m11s"), lambda r, o: r.hand.is_concealed),
    _row(_fan("minggang", "明杠", "Exposed kong", COUNTED, ("每个明杠或加杠", "Each exposed or added kong"),
              "[1111m1]456p789s234m11s"), lambda r, o: _exposed_kongs(r)),
    _row(_fan("angang", "暗杠", "Concealed kong", COUNTED, ("每个暗杠", "Each concealed kong"),
              "[1111m]456p789s234m11s"),
         lambda r, o: len(r.hand.kongs) - _exposed_kongs(r)),
    _row(_fan("gen", "根", "Four of a kind", COUNTED,
              ("手里四张相同但没有开杠（每个）",
               "Each four of a kind held but not declared as a kong"), "111123m456p78922s"),
         lambda r, o: r.held_fours),
    _row(_fan("flower", "花", "Flower", COUNTED, ("每张花牌", "Each flower tile"), "123m456p789s234m11s||ae"),
         lambda r, o: len(r.hand.context.flowers)),
)

FENGDING = _fan("fengding", "封顶", "Cap", CAP, ("超过封顶按封顶计", "A value above the cap counts as the cap"),
                "v1.1112223334445z-5z~custom.cap-5")

BOOK = ("pinghu", "pengpenghu", "qidui", "qingyise", "hunyise", "ziyise", "gangshangkaihua", "haidi", "qianggang",
        "zimo", "menqing", "minggang", "angang", "gen", "flower", "fengding")
"""The fan reference's order of the rows."""

FANS = book_order(ROWS, BOOK, FENGDING)

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("pinghu", "pengpenghu", "qidui", "qingyise", "hunyise", "ziyise"), "hand"),
    **dict.fromkeys(("gangshangkaihua", "haidi", "qianggang", "zimo"), "win"),
    "menqing": "context",
    "minggang": "kongs&claimed", "angang": "kongs&concealed", "gen": "hidden_fours",
    "flower": "none", "fengding": "none",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
