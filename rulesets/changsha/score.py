"""Scoring one 长沙麻将 hand: check → readings → 大胡 (additive units) or 小胡 (2/5/8 pair) → payments.

A hand flagged ``starting_hand`` is the dealt hand (dealer 14 tiles, others 13, no winning tile) and is
scored for its 起手小胡 instead (:func:`score_starting`).

>>> from rulesets.engine import evaluate
>>> r = evaluate("444666888s9s[222s]9s", "changsha", {"win": "self_drawn", "birds": "5m6p"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["payouts"]
(12, ['pengpenghu', 'qingyise'], {'E': 112, 'S': -56, 'W': -28, 'N': -28})
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..context import BIRDS
from ..errors import HandError
from ..hand import Hand, WinMethod
from ..messages import msg, text
from ..scoring import Item, Score, ShapeScore, apply_exclusions, options_dict
from ..settle import settled
from ..shapes import Group, GroupKind, Shape, ShapeKind, decompose
from ..tiles import Tile
from .context import STARTING_HAND
from .fans import BY_ID
from .options import ChangshaOptions
from .settle import birds_of, landings, origin_of, settle_score, starting_birds

RULES, UNIT = "changsha", "分"
KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
JIANG = frozenset({2, 5, 8})
SHAPE_BIG = frozenset({"pengpenghu", "jiangjianghu", "qingyise", "quanqiuren", "qixiaodui"})
"""大胡 of the hand's shape: with one of them the pair need not be 2/5/8 (乱将)."""
Problem = tuple[str, str]


def _invalid(problem: Problem, options: ChangshaOptions, **extra: Any) -> Score:
    return Score(RULES, False, UNIT, reason=problem[0], reason_en=problem[1], options=options_dict(options), **extra)


def _tile_problem(hand: Hand) -> Problem | None:
    odd = next((t for t in hand.all_tiles if not t.is_suited), None)
    if odd is not None:
        return (f"长沙麻将只用万、筒、条108张：{odd.zh}（{odd}）不是本规则的牌",
                f"Changsha mahjong uses the 108 suited tiles only: {odd} ({odd.en}) is not one of them")
    if hand.context.flowers:
        return "长沙麻将没有花牌", "Changsha mahjong has no flowers"
    return None


def _item(fid: str, options: ChangshaOptions, count: int = 1) -> Item:
    fan = BY_ID[fid]
    if fan.value % 6 == 0 and fan.category in ("big", "lucky") and options.big_unit != 6:
        return Item(fan, count, value_override=fan.value // 6 * options.big_unit)
    return Item(fan, count)


def _lucky(hand: Hand, options: ChangshaOptions) -> list[str]:
    """The big patterns of how the hand was won (seed 000: 含小胡)."""
    ctx = hand.context
    found = []
    if ctx.kong_replacement:
        found.append("gangshangkaihua")
    if ctx.after_kong:
        found.append("gangshangpao")
    if ctx.win is WinMethod.ROB_KONG:
        found.append("qiangganghu")
    if ctx.last_tile:
        found.append("haidilaoyue" if ctx.self_drawn else "haidipao")
    if options.tiandihu_big and ctx.heavenly:
        found.append("tianhu")
    if options.tiandihu_big and ctx.earthly:
        found.append("dihu")
    if options.menqing_big and hand.is_concealed:
        found.append("menqing")
    return found


def _shape_big(hand: Hand, shape: Shape | None, options: ChangshaOptions) -> list[str]:
    """The big patterns of the tiles and of one reading (None: no reading, only 将将胡 can hold)."""
    tiles = hand.all_tiles
    found = []
    if shape is not None and shape.kind is ShapeKind.STANDARD and all(g.is_pung_like for g in shape.sets):
        found.append("pengpenghu")
    if all(t.rank in JIANG for t in tiles):
        found.append("jiangjianghu")
    if shape is not None and len({t.suit for t in tiles}) == 1:
        found.append("qingyise")
    if shape is not None and shape.kind is ShapeKind.SEVEN_PAIRS:
        fours = sum(1 for n in Counter(hand.concealed_tiles).values() if n == 4)
        found += ["qixiaodui", "haohua_qixiaodui", "shuang_haohua_qixiaodui", "san_haohua_qixiaodui"][: 1 + fours]
    claimed = [m for m in hand.melds if not m.is_concealed]
    if shape is not None and len(claimed) == 4 and (options.quanqiuren_self_drawn or not hand.context.self_drawn):
        found.append("quanqiuren")
    return found


def _read(hand: Hand, shape: Shape | None, lucky: list[str], options: ChangshaOptions) -> ShapeScore | None:
    """The value of one reading, or None when it is not a win (a small win needs a 2/5/8 pair). A big win of how
    the hand was won (``lucky``, seed 000 含小胡) needs a reading too: ``lucky_needs_258`` off frees its pair, not
    its sets (``shape`` None is only 将将胡's any arrangement)."""
    big = _shape_big(hand, shape, options)
    pair = shape.pair if shape is not None and shape.kind is ShapeKind.STANDARD else None
    small_ok = pair is not None and (options.jiajianghu or pair.tile.rank in JIANG)
    if not (small_ok or SHAPE_BIG & set(big) or (lucky and shape is not None and not options.lucky_needs_258)):
        return None
    kept, excluded = apply_exclusions(_item(f, options) for f in big + lucky)
    if not kept:
        value = options.small_self_drawn if hand.context.self_drawn else 1
        kept = [Item(BY_ID["xiaohu"], 1, value_override=value if value != 1 else None)]
    assert hand.winning_tile is not None
    shown = shape or Shape(ShapeKind.STANDARD, tuple(Group(GroupKind.SINGLE, (t,)) for t in hand.concealed_tiles),
                           hand.winning_tile)
    return ShapeScore(shown, sum(i.total for i in kept), tuple(kept), tuple(excluded))


def units(reading: ShapeScore, options: ChangshaOptions) -> int:
    """Big units of a reading (0 for a small win)."""
    return sum(i.total for i in reading.items if i.fan.id != "xiaohu") // options.big_unit


def check(hand: Hand) -> None:
    """Raise for a hand that cannot exist at a 长沙 table (the size, a fifth copy, seats)."""
    hand.validate(hand_size=14, players=4)


def score(hand: Hand, options: ChangshaOptions) -> Score:
    """Score a complete hand (or, flagged ``starting_hand``, a dealt hand's 起手小胡)."""
    if STARTING_HAND.of(hand.context):
        return score_starting(hand, options)
    if hand.winning_tile is None:
        raise HandError(msg("changsha.waiting"))
    check(hand)
    problem = _tile_problem(hand)
    if problem:
        return _invalid(problem, options)
    lucky = _lucky(hand, options)
    shapes = decompose(hand, KINDS)
    candidates: list[Shape | None] = list(shapes) or [None]
    readings = [r for s in candidates if (r := _read(hand, s, lucky, options)) is not None]
    if not readings:
        if shapes:
            return _invalid(("小胡要用2、5、8做将：这手牌的将不是2、5、8，也没有大胡",
                             "A small win needs a pair of 2, 5 or 8: this pair is not, and the hand has no big "
                             "pattern"), options)
        return _invalid(("不是和牌型：四组一将，或七小对、将将胡",
                         "Not a winning shape: four sets and a pair, seven pairs, or all 2-5-8"), options)
    best = max(readings, key=lambda r: r.total)
    u = units(best, options)
    birds, notes = birds_of(hand, options)
    lands = landings(birds, origin_of(hand, options))
    return settled(Score(RULES, True, UNIT, best.total, best.items, best.excluded, shape=best, shapes=tuple(readings),
                         options=options_dict(options), extra=_extra(lands, u, notes)), settle_score, hand, options)


def _extra(lands: Any, u: int, notes: list[str]) -> dict[str, object]:
    return {"units": u, "birds": [{"tile": str(t), "seat": s.value} for t, s in lands], "notes": notes}


# --- 起手小胡 ---------------------------------------------------------------------------------------


def starting_types(tiles: tuple[Tile, ...]) -> list[tuple[str, int]]:
    """(fan id, count) of the 起手小胡 of a dealt hand: 四喜 once per four of a kind, 板板胡 (no 2/5/8),
    缺一色 (a suit missing), 六六顺 (two triplets)."""
    counts = Counter(tiles)
    found = []
    fours = sum(1 for n in counts.values() if n == 4)
    if fours:
        found.append(("sixi", fours))
    if not any(t.rank in JIANG for t in tiles):
        found.append(("banbanhu", 1))
    if len({t.suit for t in tiles}) < 3:
        found.append(("queyise", 1))
    if sum(1 for n in counts.values() if n >= 3) >= 2:
        found.append(("liuliushun", 1))
    return found


def score_starting(hand: Hand, options: ChangshaOptions) -> Score:
    """The 起手小胡 of a dealt hand: each type paid like a small self-draw by the three others."""
    hand.validate(hand_size=14, players=4)
    ctx = hand.context
    problem = _tile_problem(hand)
    if problem:
        return _invalid(problem, options)
    if hand.melds:
        return _invalid(("起手胡看的是刚起完的牌：不能有吃碰杠", "A starting hand is the dealt hand: it has no melds"),
                        options)
    size, want = len(hand.concealed_tiles), 14 if ctx.seat is ctx.dealer else 13
    if size != want:
        who = ("庄家", "the dealer") if want == 14 else ("闲家", "a non-dealer")
        return _invalid((f"起手牌{who[0]}是{want}张，这里是{size}张", f"{who[1]} is dealt {want} tiles, not {size}"),
                        options)
    found = starting_types(hand.concealed_tiles)
    if not found:
        return _invalid(("起手牌没有四喜、板板胡、缺一色或六六顺",
                         "The dealt hand has no starting win (四喜, 板板胡, 缺一色, 六六顺)"), options)
    lands = landings(starting_birds(hand, options), origin_of(hand, options))
    items = tuple(Item(BY_ID[f], n, value_override=options.small_self_drawn) for f, n in found)
    notes: list[str] = [] if options.qishou_birds or not BIRDS.of(ctx) else [
        text(msg("changsha.starting_no_birds"),
             "起手小胡不扎鸟（选项 qishou_birds）(birds do not apply to starting wins: option qishou_birds)")]
    return settled(Score(RULES, True, UNIT, sum(i.total for i in items), items, options=options_dict(options),
                         extra=_extra(lands, 0, notes)), settle_score, hand, options)
