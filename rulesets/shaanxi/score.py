"""Scoring one 陕西麻将 hand: 推倒胡 (four sets and a pair; 七对, 清一色 ×2 and the 2/5/8 pair as options),
then the payments with cannons (下炮子) and the kong money.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456p789s123s5z5z", "shaanxi", {"seat": "S", "win": "self_drawn",
...              "cannons": {"E": 2, "S": 1, "N": 4}})["results"][0]
>>> r["payouts"]
{'E': -10, 'S': 26, 'W': -4, 'N': -12}
"""

from __future__ import annotations

from typing import Any

from ..errors import HandError
from ..hand import Hand
from ..messages import msg, text
from ..scoring import Item, Score, ShapeScore, options_dict
from ..settle import settled
from ..shapes import ShapeKind, decompose
from .fans import BY_ID
from .options import SevenPairs, ShaanxiOptions
from .settle import robbed_kong, settle_score

RULES, UNIT = "shaanxi", "倍"
Problem = tuple[str, str]


def _invalid(problem: Problem, options: ShaanxiOptions) -> Score:
    return Score(RULES, False, UNIT, reason=problem[0], reason_en=problem[1], options=options_dict(options))


def _tile_problem(hand: Hand, options: ShaanxiOptions) -> Problem | None:
    if hand.context.flowers:
        return "陕西麻将没有花牌", "Shaanxi mahjong has no flowers"
    odd = next((t for t in hand.all_tiles if not t.is_suited), None)
    if odd is not None and not options.honours:
        return (f"本桌不带风（108张）：{odd.zh}（{odd}）不是本桌的牌",
                f"This table plays without honours (108 tiles): {odd} ({odd.en}) is not one of them")
    return None


def _reading(hand: Hand, shape: Any, options: ShaanxiOptions) -> ShapeScore | None:
    if shape.kind is ShapeKind.STANDARD:
        pair = shape.pair.tile
        if options.jiang258 and not (pair.is_suited and pair.rank in (2, 5, 8)):
            return None
        items = [Item(BY_ID["pinghu"])]
    else:
        value = 2 if options.seven_pairs is SevenPairs.DOUBLE else 1
        items = [Item(BY_ID["qidui"], value_override=None if value == 2 else 1)]
    suits = {t.suit for t in hand.all_tiles}
    if options.qingyise_double and len(suits) == 1 and next(iter(suits)).is_suited:
        items.append(Item(BY_ID["qingyise"]))
    total = 1
    for i in items:
        total *= i.value
    return ShapeScore(shape, total, tuple(items))


def score(hand: Hand, options: ShaanxiOptions) -> Score:
    """Score a complete hand at a 陕西 table."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_13"))
    hand.validate(hand_size=14, players=4)
    problem = _tile_problem(hand, options)
    if problem:
        return _invalid(problem, options)
    kinds = {ShapeKind.STANDARD} | ({ShapeKind.SEVEN_PAIRS} if options.seven_pairs is not SevenPairs.OFF else set())
    shapes = decompose(hand, kinds)
    readings = [r for s in shapes if (r := _reading(hand, s, options)) is not None]
    if not readings:
        if shapes:
            return _invalid(("本桌要二五八做将", "This table needs a pair of 2, 5 or 8"), options)
        what = "四组一将或七对" if options.seven_pairs is not SevenPairs.OFF else "四组一将（推倒胡）"
        return _invalid((f"不是和牌型：{what}", "Not a winning shape: four sets and a pair"
                         + (" or seven pairs" if options.seven_pairs is not SevenPairs.OFF else "")), options)
    best = max(readings, key=lambda r: r.total)
    void = robbed_kong(hand)
    extra = {"notes": [text(msg("shaanxi.robbed_kong", seat=void.seat.value))]} if void else {}
    return settled(Score(RULES, True, UNIT, best.total, best.items, shape=best, shapes=tuple(readings),
                         options=options_dict(options), extra=extra), settle_score, hand, options)
