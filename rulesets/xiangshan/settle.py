"""Who pays a 象山 win (the rule sheet's 积分计算 and its table of special payers). M = 台 × base. Self-drawn: each
other player pays M; on a discard the discarder pays 2M. 拉杠胡 (robbing a kong), 送杠胡 and 还杠胡: the
responsible player pays 5M alone. 三包 (a player fed the winner three or more melds): self-drawn, the feeder
pays 5M; the feeder discards, 4M; a third player discards, 2M each from the feeder and the discarder; 互包
(three or more both ways) doubles these. The seed's table: M = multiplier × base, each pays M on a
self-draw, the discarder M on a discard.

The 台 are the Score's: another base, discarder, 送杠 or feeder settles again from them."""

from __future__ import annotations

from ..context import SONGGANG
from ..hand import Hand, KongKind, Seat, WinMethod, seats
from ..pairwise import times, win_lines
from ..scoring import Factor, Payment, Score, Settlement, paid
from .context import FED_MELDS
from .options import Model, XiangshanOptions


def _tai(total: int, options: XiangshanOptions) -> Factor:
    unit = "台" if options.model is Model.TAI else "倍"
    return times("tai", f"{total}{unit}", f"{total} {unit}", total)


def feeder(hand: Hand) -> Seat | None:
    """三包: the player who fed the winner three or more of its melds."""
    ctx = hand.context
    fed: dict[Seat, int] = {}
    for m in hand.melds:
        if m.source is not None:
            seat = ctx.seat.source(m.source)
            fed[seat] = fed.get(seat, 0) + 1
    return next((s for s, n in fed.items() if n >= 3), None)


def _responsible(hand: Hand) -> tuple[Seat, str, str] | None:
    """拉杠, 送杠 or 还杠: the player who pays 5M alone, with the name of the case."""
    ctx = hand.context
    songgang = SONGGANG.of(ctx)
    if songgang is not None:
        return songgang, "送杠胡", "送杠 (fed the kong)"
    discarder = ctx.discarder()
    if ctx.win is WinMethod.ROB_KONG and discarder is not None:
        return discarder, "拉杠胡（被抢杠）", "拉杠 (robbed kong)"
    if ctx.after_kong and any(k.seat is discarder and k.kind is KongKind.EXPOSED and k.fed_by is ctx.seat
                              for k in ctx.kongs):
        assert discarder is not None
        return discarder, "还杠胡", "还杠 (konged the winner's tile, then fed the win)"
    return None


def _baopai(hand: Hand, base: int, tai: Factor) -> list[Payment] | None:
    ctx = hand.context
    case = _responsible(hand)
    if case is not None:
        seat, zh, en = case
        return [paid(seat, ctx.seat, base, [tai, times("bao", f"{zh} ×5", f"{en} ×5", 5, seat)], zh, en)]
    x = feeder(hand)
    if x is None:
        return None
    mutual = dict(FED_MELDS.of(ctx)).get(x, 0) >= 3
    k, zh, en = (2, "互包", "互包 (both ways)") if mutual else (1, "三包", "三包 (fed three melds)")
    discarder = ctx.discarder()
    if discarder is None or discarder is x:
        n = 5 if discarder is None else 4
        return [paid(x, ctx.seat, base, [tai, times("bao", f"{zh} ×{n * k}", f"{en} ×{n * k}", n * k, x)], zh, en)]
    return [paid(x, ctx.seat, base, [tai, times("bao", f"{zh} ×{2 * k}", f"{en} ×{2 * k}", 2 * k, x)], zh, en),
            paid(discarder, ctx.seat, base, [tai, times("discarder", "放炮 ×2", "discarder ×2", 2, discarder)],
                 "放炮", "discarder")]


def _lines(hand: Hand, total: int, options: XiangshanOptions) -> list[Payment]:
    tai = _tai(total, options)
    if options.model is Model.SEED:
        return win_lines(hand, 4, options.base, lambda payer: [tai], discarder_alone=True)
    if options.baopai:
        special = _baopai(hand, options.base, tai)
        if special is not None:
            return special
    double = [times("discarder", "放炮 ×2", "discarder ×2", 2)]
    return win_lines(hand, 4, options.base, lambda payer: [tai] + ([] if hand.context.self_drawn else double),
                     discarder_alone=True)


def settle(score: Score, table: Hand, options: XiangshanOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 台 (or the seed's multiplier) at ``table``."""
    return Settlement(tuple(_lines(table, score.total, options)), seats(4))
