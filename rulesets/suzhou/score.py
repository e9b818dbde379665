"""Scoring a 苏州 hand: 底花 + the hold 花 + pattern bonuses, and the 两摸三冲 threshold for a 小胡."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._regional.pipeline import Problem, Valued
from ..hand import Hand, KongKind, MeldKind, WinMethod
from ..reading import Reading
from ..scoring import Item
from ..shapes import GroupKind, ShapeKind
from .fans import BIG_HANDS, BY_ID, HOLD, VALUES

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def flower_count(hand: Hand) -> int:
    return len(hand.context.flowers) + int(hand.context.get("dragon_flowers", 0))


def check(hand: Hand, options: Any) -> Problem | None:
    dragon = next((t for t in hand.all_tiles if t.is_dragon), None)
    if dragon is not None:
        return (f"苏州麻将的中发白是花，不能留在手里或副露：{dragon.zh}请计入 dragon_flowers",
                f"In Suzhou 中发白 are flowers and cannot be held or melded: count {dragon} in dragon_flowers")
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is not None:
        return f"苏州麻将不能吃：{chow} 是吃进的顺子", f"No chow in Suzhou mahjong: {chow} was claimed"
    return None


def _hold(r: Reading) -> list[str]:
    out = ["hua"] * flower_count(r.hand)
    for g in r.groups:
        if not g.is_pung_like:
            continue
        wind = g.tile.is_wind
        if g.kind is GroupKind.KONG:
            concealed = g.meld is not None and g.meld.kong is KongKind.CONCEALED
            out.append(("angang" if concealed else "minggang") + ("feng" if wind else ""))
        elif wind:
            out.append("ankefeng" if r.is_concealed_group(g) else "pengfeng")
    return out


def _no_claimed_pung(r: Reading, hold: int) -> bool:
    return not any(g.is_claimed and g.is_pung_like for g in r.groups)


_PATTERNS: tuple[tuple[str, Callable[[Reading, int], bool]], ...] = (
    ("haidi", lambda r, hold: r.hand.context.last_tile and r.self_drawn),
    ("gangkai", lambda r, hold: r.hand.context.kong_replacement),
    ("qingyise", lambda r, hold: r.one_suit),
    ("hunyise", lambda r, hold: r.mixed_one_suit),
    ("duiduihu", lambda r, hold: r.all_pungs),
    ("qidui", lambda r, hold: r.kind is ShapeKind.SEVEN_PAIRS),
    ("haohua_qidui", lambda r, hold: r.kind is ShapeKind.SEVEN_PAIRS and r.held_fours > 0),
    ("xiaomenqing", _no_claimed_pung),
    ("damenqing", lambda r, hold: not r.hand.melds and hold == 0),
    ("dadiao", lambda r, hold: r.single_tile_left),
    ("tianhu", lambda r, hold: r.hand.context.heavenly),
    ("dihu", lambda r, hold: r.hand.context.earthly),
)
"""Each pattern bonus and its predicate over a reading and its hold 花 (one row each)."""


def _patterns(r: Reading, hold: int) -> list[str]:
    return [fid for fid, present in _PATTERNS if present(r, hold)]


def _item(fid: str, count: int, options: Any) -> Item | None:
    fan = BY_ID[fid]
    value = options.base_hua if fid == "dihua" else VALUES[options.table].get(fid, fan.value)
    if not value:
        return None
    return Item(fan, count, value_override=None if value == fan.value else value)


def items(r: Reading, options: Any) -> list[Item]:
    hold = _hold(r)
    counted: dict[str, int] = {"dihua": 1}
    for fid in hold + _patterns(r, len(hold)):
        counted[fid] = counted.get(fid, 0) + 1
    return [i for fid, n in counted.items() if (i := _item(fid, n, options)) is not None]


def hold_hua(valued: Valued) -> int:
    return sum(i.total for i in valued.items if i.fan.category == HOLD)


def is_big(valued: Valued, options: Any) -> bool:
    big = BIG_HANDS | ({"gangkai"} if options.v2_big else set())
    return any(i.fan.id in big for i in valued.items)


def needed(hand: Hand, options: Any) -> int:
    self_drawn, discard = options.threshold.needs
    need = self_drawn if hand.context.self_drawn else discard
    if options.v2_big and hand.context.win is WinMethod.ROB_KONG:
        need -= 1
    return need


def admit(valued: Valued, options: Any) -> Problem | None:
    """A 小胡 (no 大胡 pattern) needs the threshold's hold 花: 2 self-drawn, 3 on a discard (两摸三冲)."""
    if is_big(valued, options):
        return None
    hold, need = hold_hua(valued), needed(valued.reading.hand, options)
    if hold >= need:
        return None
    how = ("自摸", "self-drawn") if valued.reading.self_drawn else ("点炮", "on a discard")
    return (f"{options.threshold.zh}：小胡{how[0]}要 {need} 花，这手只有 {hold} 花",
            f"{options.threshold.en}: a 小胡 {how[1]} needs {need} 花, this hand has {hold}")


def extra(hand: Hand, valued: Valued, options: Any) -> dict[str, Any]:
    return {"hold_hua": hold_hua(valued), "big_hand": is_big(valued, options), "doubled": bool(hand.context.get(
        "fanbei", False))}
