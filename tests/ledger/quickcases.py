"""What a quick entry of a scored hand holds: the hand's value and the quick fields of its system, read off the
full Score and its table (None where a quick entry cannot carry the hand: its money reads tiles or kongs that a
quick entry does not hold — each case named here). Used by the property test (test_quick_property.py)."""

from __future__ import annotations

from math import prod
from typing import Any

from rulesets.context import BIRDS, CANNONS, FLOWER_WIN, SONGGANG, STREAK
from rulesets.hand import Hand, KongKind, Seat
from rulesets.quick import QuickWin
from rulesets.scoring import Ruleset, Score

Found = tuple[int, dict[str, Any]] | None
SAME_VALUE = {"guobiao", "australia", "custom", "erren", "fuyang"}


def _seats(value: Any) -> list[str]:
    return [s.value for s in value]


def _per_seat(pairs: Any) -> dict[str, int]:
    return {s.value: n for s, n in pairs}


def _same(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    return score.total, {}


def _suzhou(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.suzhou.context import FANBEI
    return score.total, {"fanbei": FANBEI.of(ctx), "songgang": (SONGGANG.of(ctx) or Seat.E).value
                         if SONGGANG.of(ctx) else None}


def _xiangshan(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.xiangshan.settle import feeder
    if feeder(hand) is not None or ctx.kongs:  # 三包 from the melds, 还杠 from the kongs
        return None
    return score.total, {"songgang": SONGGANG.of(ctx).value if SONGGANG.of(ctx) else None}


def _taiwan(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    if any(i.fan.id == "qiqiangyi" for i in score.items):
        return None
    return score.total, {"streak": STREAK.of(ctx)}


def _hongkong(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.hongkong.context import LIABLE
    liable = LIABLE.of(ctx)
    return score.total, {"liable": liable.value if liable else None, "flower_win": FLOWER_WIN.of(ctx)}


def _changsha(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    from rulesets.changsha.context import STARTING_HAND, STARTING_WINS
    ctx = hand.context
    if STARTING_HAND.of(ctx) or STARTING_WINS.of(ctx) or ctx.last_tile:  # 起手小胡, 海底 birds from tiles
        return None
    return score.total, {"units": score.extra.get("units", 0), "birds": "".join(map(str, BIRDS.of(ctx)))}


def _shaanxi(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    if hand.kongs or ctx.kongs:  # kong money
        return None
    return prod(i.value for i in score.items if i.value > 1), {"cannons": _per_seat(CANNONS.of(ctx))}


def _hangzhou(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.hangzhou.context import CLAIMS_FROM_WINNER
    from rulesets.hangzhou.settle import claims_by_feeder
    if options.chengbao and any(n >= 3 for n in claims_by_feeder(hand, options).values()):  # 承包 from the melds
        return None
    assert score.shape is not None
    times = prod(i.fan.value ** i.count for i in score.shape.items if i.fan.value > 1)
    return times, {"streak": STREAK.of(ctx), "claims_from_winner": _per_seat(CLAIMS_FROM_WINNER.of(ctx))}


def _wenzhou(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.wenzhou.context import CAISHEN, MAIDI
    from rulesets.wenzhou.settle import WenzhouDetails
    if options.gang_fen and (hand.kongs or ctx.kongs):  # 杠分 from the kongs
        return None
    held = WenzhouDetails.of(score).caishen_held
    return score.total, {"streak": STREAK.of(ctx), "maidi": _seats(MAIDI.of(ctx)),
                         "caishen": {**_per_seat(CAISHEN.of(ctx)), ctx.seat.value: held}}


def _jilin(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.context import BAOTING
    from rulesets.jilin.settle import _DOUBLE_KONGS
    kongs = sorted(hand.kongs, key=lambda m: m.kong is KongKind.CONCEALED)
    doubled = [m.tile in _DOUBLE_KONGS for m in kongs]
    if doubled != sorted(doubled, reverse=True):  # the doubled ones are taken first, exposed before concealed
        return None
    return score.total, {"baoting": _seats(BAOTING.of(ctx)),
                         "exposed_kongs": sum(not m.is_concealed for m in kongs),
                         "concealed_kongs": sum(m.is_concealed for m in kongs), "double_kongs": sum(doubled)}


def _wuhan(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    from rulesets.wuhan.context import LAIZI_KONGS, OPENINGS, RED_KONGS
    if score.extra.get("contractor") and not ctx.win.value == "rob_kong":  # 承包 from the fans
        return None
    me = ctx.seat
    exposed = {me.value: sum(not m.is_concealed for m in hand.kongs)}
    concealed = {me.value: sum(m.is_concealed for m in hand.kongs)}
    for k in ctx.kongs:
        box = concealed if k.kind is KongKind.CONCEALED else exposed
        box[k.seat.value] = box.get(k.seat.value, 0) + 1
    openings = {**_per_seat(OPENINGS.of(ctx)), me.value: sum(not m.is_concealed for m in hand.melds)}
    return score.total, {"big": bool(score.extra.get("big")), "hard": bool(score.extra.get("hard")),
                         "openings": openings, "exposed_kongs": exposed, "concealed_kongs": concealed,
                         "red_kongs": _per_seat(RED_KONGS.of(ctx)), "laizi_kongs": _per_seat(LAIZI_KONGS.of(ctx))}


def _sichuan(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    ctx = hand.context
    if hand.kongs or ctx.kongs:  # kong money, 呼叫转移, 点杠花
        return None
    assert score.shape is not None
    fan = score.shape.total
    shown = {"e0": fan, "e1": fan + 1, "multiplier": 2 ** fan}[options.fan_display.value]
    return shown, {"gen": 0}


MAPPINGS = {
    "suzhou": _suzhou,
    "xiangshan": _xiangshan,
    "taiwan": _taiwan,
    "hongkong": _hongkong,
    "changsha": _changsha,
    "shaanxi": _shaanxi,
    "hangzhou": _hangzhou,
    "wenzhou": _wenzhou,
    "jilin": _jilin,
    "wuhan": _wuhan,
    "sichuan": _sichuan,
    **{s: _same for s in SAME_VALUE},
}


def _values(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> Found:
    return MAPPINGS[r.id.split("-")[0]](r, score, hand, options)


def quick_of_score(r: Ruleset[Any], score: Score, hand: Hand, options: Any) -> QuickWin | None:
    """The quick win that should pay what ``score`` pays at ``hand``'s table, or None."""
    found = _values(r, score, hand, options)
    if found is None:
        return None
    value, values = found
    ctx = hand.context
    return QuickWin(ctx.seat, ctx.win, ctx.discarder(r.players), value, values, ctx.already_won, ctx.dealer)
