"""Scoring a 象山 hand: the 台 items of a reading (or the seed's multiplier row), 1 台 to win."""

from __future__ import annotations

import dataclasses
from typing import Any

from .._regional.pipeline import Problem
from .._regional.table import capped, shape_items, win_items
from ..hand import Hand, Seat
from ..reading import Reading, Wait
from ..scoring import Item
from ..shapes import ShapeKind
from ..tiles import Tile
from .fans import BY_ID, FLOWER_EXCLUDES, VALUES, WAIT_GROUP
from .options import FlowerSets, Model, WaitGroup

_STANDARD = frozenset({ShapeKind.STANDARD})
_WITH_PAIRS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
_WAIT_ITEM = {Wait.EDGE: "biandao", Wait.CLOSED: "qiandao", Wait.DOUBLE_PUNG: "duidao", Wait.PAIR: "dandiao"}
_DRAGONS = frozenset(Tile(i) for i in (31, 32, 33))
_WINDS = frozenset(Tile(i) for i in (27, 28, 29, 30))


def kinds(options: Any) -> frozenset[ShapeKind]:
    """The 台 profile scores sets and a pair only (neither implementation lists seven pairs); the seed's
    table has 七对子."""
    return _WITH_PAIRS if options.model is Model.SEED else _STANDARD




def own_flowers(seat: Seat) -> frozenset[Tile]:
    """正花: E 春/梅, S 夏/兰, W 秋/竹, N 冬/菊 (1f–4f 梅兰竹菊, 5f–8f 春夏秋冬)."""
    return frozenset({Tile(34 + seat.order), Tile(38 + seat.order)})


def _item(fid: str, options: Any, count: int = 1) -> Item | None:
    fan = BY_ID[fid]
    value = VALUES[options.values].get(fid, fan.value)
    if not value:
        return None
    if fid in WAIT_GROUP and options.wait_group is WaitGroup.ALL:
        fan = dataclasses.replace(fan, excludes=())
    if fid in FLOWER_EXCLUDES and options.flower_sets is FlowerSets.ADD:
        fan = dataclasses.replace(fan, excludes=())
    return Item(fan, count, value_override=None if value == fan.value else value)


def _pinghu(r: Reading) -> bool:
    ctx = r.hand.context
    pair = r.pair
    if not r.all_chows or pair is None:
        return False
    return pair.tile not in _DRAGONS | {ctx.seat.wind_tile, ctx.round_wind.wind_tile}


def _honour_items(r: Reading) -> list[str]:
    ctx = r.hand.context
    pungs = {g.tile for g in r.pung_likes}
    out = ["jianke"] * len(pungs & _DRAGONS)
    if ctx.seat.wind_tile in pungs:
        out.append("zhengfeng")
    if ctx.round_wind.wind_tile in pungs:
        out.append("quanfeng")
        if ctx.round_wind is ctx.seat:
            out.append("quanzhengfeng")
    if pungs >= _DRAGONS:
        out.append("dasanyuan")
    if pungs >= _WINDS:
        out.append("dasixi")
    return out


def _flower_items(hand: Hand) -> list[str]:
    flowers = set(hand.context.flowers)
    own = own_flowers(hand.context.seat)
    out = ["zhenghua" if f in own else "yehua" for f in sorted(flowers)]
    sets = sum(1 for start in (34, 38) if all(Tile(start + k) in flowers for k in range(4)))
    out += ["sihua"] * sets
    if sets == 2:
        out.append("bahua")
    return out


_SHAPES = {"single_tile_left": "dadiao", "all_pungs": "duiduihu", "mixed_one_suit": "hunyise", "one_suit": "qingyise",
           "all_honours": "ziyise"}
"""The shape facts with a 台, and their fan ids."""


def _shape_items(r: Reading) -> list[str]:
    out = []
    if _pinghu(r):
        out.append("pinghu")
    if r.wait in _WAIT_ITEM:
        out.append(_WAIT_ITEM[r.wait])
    out += shape_items(r, _SHAPES)
    if r.all_honours:
        out.append("fengyise")  # PZ's name and value of 字一色 (0 in the rule sheet's set)
    return out


_WIN = {"self_drawn": "zimo", "concealed": "menqing", "kong_replacement": "gangkai", "rob_kong": "lagang",
        "heavenly": "tianhu", "earthly": "dihu"}
"""The win flags with a 台, and their fan ids (海底捞月 is self-drawn only: below)."""


def _win_items(hand: Hand) -> list[str]:
    out = win_items(hand, _WIN)
    if hand.context.last_tile and hand.context.self_drawn:
        out.append("haidi")
    return out


def _seed_item(r: Reading) -> str:
    if r.kind is ShapeKind.SEVEN_PAIRS:
        return "seed_qidui"
    if r.all_pungs:
        return "seed_piaohu"
    if any(g.is_pung_like for g in r.claimed):
        return "seed_penghu"
    return "seed_pinghu"


def items(r: Reading, options: Any) -> list[Item]:
    if options.model is Model.SEED:
        return [Item(BY_ID[_seed_item(r)])]
    ids = _shape_items(r) + _honour_items(r) + _win_items(r.hand) + _flower_items(r.hand)
    counted: dict[str, int] = {}
    for fid in ids:
        counted[fid] = counted.get(fid, 0) + 1
    return [i for fid, n in counted.items() if (i := _item(fid, options, n)) is not None]


def value(kept: list[Item], options: Any) -> tuple[int, list[Item]]:
    return capped(kept, options.cap if options.model is Model.TAI else 0, BY_ID["fengding"])


def admit(total: int, options: Any) -> Problem | None:
    if options.model is Model.TAI and total < options.min_tai:
        return (f"不够起胡：{total} 台，要 {options.min_tai} 台才能和",
                f"Not enough to win: {total} 台, {options.min_tai} needed")
    return None
