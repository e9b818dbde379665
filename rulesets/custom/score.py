"""Scoring a hand under a table's own rules: the legal shapes, the patterns, their values, the cap
and the minimum — all read from the options value (rulesets.custom.options)."""

from __future__ import annotations

from typing import Any

from .._regional.pipeline import Problem
from .._regional.table import capped, shape_items, win_items
from ..hand import Hand, KongKind, MeldKind
from ..reading import Reading
from ..scoring import Item
from ..shapes import ShapeKind
from .fans import BY_ID
from .options import Combine, CustomOptions

_STANDARD = frozenset({ShapeKind.STANDARD})
_WITH_PAIRS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def kinds(options: CustomOptions) -> frozenset[ShapeKind]:
    return _WITH_PAIRS if options.seven_pairs else _STANDARD


def check(hand: Hand, options: CustomOptions) -> Problem | None:
    """What the table's shape rules refuse before any reading: claimed chows, three suits, no open meld."""
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is not None and not options.chow:
        return f"本桌不能吃：{chow} 是吃进的顺子", f"This table does not allow chows: {chow} was claimed"
    if options.void_suit and len({t.suit for t in hand.all_tiles if t.is_suited}) == 3:
        return "万、筒、条三门都有：本桌必须缺一门", "The hand holds all three suits: this table requires a void suit"
    return None


def legal(reading: Reading, options: CustomOptions) -> Problem | None:
    if options.must_open and reading.kind is ShapeKind.STANDARD and reading.menqing:
        return ("本桌必须开门：至少要有一组吃、碰或明杠（七对除外）",
                "This table requires an open hand: at least one claimed meld (seven pairs exempt)")
    pair = reading.pair
    if options.pair_258 and reading.kind is ShapeKind.STANDARD and pair is not None:
        if not (pair.tile.is_suited and pair.tile.rank in (2, 5, 8)):
            return (f"本桌要二五八将：{pair} 不是", f"This table needs a 2, 5 or 8 pair: {pair} is not one")
    return None


def _item(fid: str, options: CustomOptions, count: int = 1, note: str = "") -> Item:
    return Item(BY_ID[fid], count, note, value_override=getattr(options, fid))


_SHAPES = {"all_pungs": "pengpenghu", "seven_pairs": "qidui", "one_suit": "qingyise", "mixed_one_suit": "hunyise",
           "all_honours": "ziyise"}
"""The shape facts this table values, and their fan ids (平胡 is always listed; the others exclude it)."""


_WIN = {"self_drawn": "zimo", "kong_replacement": "gangshangkaihua", "last_tile": "haidi", "rob_kong": "qianggang",
        "concealed": "menqing"}
"""The win flags this table values, and their fan ids."""


def items(r: Reading, options: CustomOptions) -> list[Item]:
    """Every pattern of the reading with the table's value (zero-valued ones other than 平胡 left out)."""
    hand = r.hand
    out = [_item(fid, options) for fid in ["pinghu", *shape_items(r, _SHAPES), *win_items(hand, _WIN)]]
    exposed = sum(1 for m in hand.kongs if m.kong is not KongKind.CONCEALED)
    counted = (("minggang", exposed), ("angang", len(hand.kongs) - exposed), ("gen", r.held_fours),
               ("flower", len(hand.context.flowers)))
    out += [_item(fid, options, n) for fid, n in counted if n]
    return [i for i in out if i.value or i.fan.id == "pinghu"]


def value(kept: list[Item], options: CustomOptions) -> tuple[int, list[Item]]:
    """The sum of the counted values, held to the cap (shown as a 封顶 line)."""
    return capped(kept, options.cap, BY_ID["fengding"])


def multiplier(total: int, options: CustomOptions) -> int:
    """What one payer pays per base: the value itself, or 2^value when values double."""
    return 2 ** total if options.combine is Combine.DOUBLE else total


def admit(total: int, options: CustomOptions) -> Problem | None:
    if total < options.minimum:
        return (f"不够起胡：{total} 番，本桌 {options.minimum} 番起胡",
                f"Below this table's minimum: {total}, the minimum is {options.minimum}")
    return None


def extra(total: int, options: CustomOptions) -> dict[str, Any]:
    return {"multiplier": multiplier(total, options), "combine": options.combine.value}
