"""Scoring a 吉林 (长春) hand: the entry requirements, the short fan list, 冲宝 and 摸宝.

The requirements (§4.1, MIL 2024): all three suits and a terminal or honour somewhere in the hand
(三门带幺九); a standard hand needs a pung or kong unless its pair is a dragon; seven pairs only
concealed; a player with a chow may not go down to one standing tile (手把一).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._regional.pipeline import Problem
from ..hand import Hand, MeldKind, Seat
from ..reading import Reading, Wait, decompose, readings
from ..scoring import Item
from ..shapes import ShapeKind, waits
from ..tiles import Suit, Tile
from .fans import BY_ID

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def bao_win(hand: Hand) -> str:
    return str(hand.context.get("bao_win", "none"))


def ready(hand: Hand) -> frozenset[Seat]:
    return frozenset(hand.context.get("baoting", frozenset()))


def _tile_problem(hand: Hand) -> Problem | None:
    if hand.context.flowers:
        return "长春麻将136张，没有花牌", "Changchun mahjong has 136 tiles and no flowers"
    held = {t.suit for t in hand.all_tiles if t.is_suited}
    missing = [s for s in (Suit.M, Suit.P, Suit.S) if s not in held]
    if missing:
        return (f"缺{''.join(s.zh for s in missing)}：长春麻将要万、筒、条三门齐才能和",
                f"No {', '.join(s.en for s in missing)}: a Changchun win needs all three suits")
    if not any(t.is_terminal_or_honour for t in hand.all_tiles):
        return ("没有幺九：长春麻将要带一张幺九或字牌才能和",
                "No terminal or honour: a Changchun win needs at least one 1, 9 or honour")
    if len(hand.melds) == 4 and any(m.kind is MeldKind.CHOW for m in hand.melds):
        return ("手把一：有吃的牌不能只剩一张（只有飘和可以）",
                "手把一: with a chow a player may not go down to one standing tile (only an all-pung hand may)")
    return None


def _ready_problem(hand: Hand, options: Any) -> Problem | None:
    ctx = hand.context
    how = bao_win(hand)
    if options.require_ready and ctx.seat not in ready(hand):
        return "本桌必须报听才能和", "At this table only a player who declared ready may win"
    if how == "none":
        return None
    name = "冲宝" if how == "chong" else "摸宝"
    if ctx.seat not in ready(hand):
        return f"{name}要先报听", f"{name} needs a ready declaration (报听) first"
    if not ctx.self_drawn:
        return f"{name}是自己和牌（不是点炮）", f"{name} is the winner's own win (win: self_drawn), not on a discard"
    bao = ctx.get("bao")
    if bao is not None and bao != hand.winning_tile:
        return (f"{name}的和张应是宝牌 {bao}，不是 {hand.winning_tile}",
                f"the winning tile of {name} is the 宝 tile {bao}, not {hand.winning_tile}")
    return None


def check(hand: Hand, options: Any) -> Problem | None:
    return _tile_problem(hand) or _ready_problem(hand, options)


def legal(r: Reading, options: Any) -> Problem | None:
    if r.kind is ShapeKind.STANDARD and not r.pung_likes:
        pair = r.pair
        if pair is None or not pair.tile.is_dragon:
            return ("没有刻子：长春麻将要有一副刻子或杠（将是中发白时除外）",
                    "No pung: a Changchun hand needs a pung or kong unless its pair is a dragon")
    return None


@lru_cache(maxsize=256)
def legal_waits(hand: Hand) -> tuple[Tile, ...]:
    """The tiles the hand before its winning tile waits on that make a legal Changchun win (三门带幺九, a
    pung unless a dragon pair, a fifth copy excluded): what 单和 counts (open_mahjong_unity ``waits``)."""
    before = Hand(hand.standing, hand.melds, None, hand.context)
    out = []
    for t in waits(before, KINDS):
        done = before.with_winning_tile(t)
        if done.all_tiles.count(t) > 4 or _tile_problem(done) is not None:
            continue
        if any(legal(r, None) is None for r in readings(done, decompose(done, KINDS))):
            out.append(t)
    return tuple(out)


def _jia(r: Reading) -> bool:
    return r.wait in (Wait.CLOSED, Wait.EDGE, Wait.PAIR) or len(legal_waits(r.hand)) == 1


def items(r: Reading, options: Any) -> list[Item]:
    hand = r.hand
    found: list[str] = []
    if hand.is_concealed:
        found.append("menqing")
    if r.kind is ShapeKind.SEVEN_PAIRS:
        found.append("qidui")
        if hand.standing.count(r.shape.winning_tile) == 3:
            found.append("haohua_qidui")
    elif r.all_pungs:
        found.append("piaohu")
    if r.kind is ShapeKind.STANDARD and _jia(r):
        found.append("jia")
    if bao_win(hand) == "chong":
        found.append("chongbao")
    elif bao_win(hand) == "mo":
        found.append("mobao")
    return [Item(BY_ID[f]) for f in found]
