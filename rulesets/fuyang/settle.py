"""Who pays whom for a 富阳 win. The article gives no payout rule; this site's assumption FY-1 (台 × 底分) is the
default, FY-2 (2^台 × 底分) the option: the discarder alone pays a discard win, all three pay a self-draw. The
card states the assumption (the result's notes).

The 台 are the Score's: another payout, base or discarder settles again from them; a table with another dealer
(门风刻 counts the winner's wind from the dealer) or another way of winning (杠上开花; 两摸三放 decides whether it
is a win at all) needs a new score.
"""

from __future__ import annotations

from ..caishen import spelled
from ..hand import Hand, Seat
from ..messages import msg, text
from ..pairwise import payers, settle_pairs, times
from ..scoring import Factor, Score, Settlement
from .options import FuyangOptions, Payout

SEATS = (Seat.E, Seat.S, Seat.W, Seat.N)

ASSUMPTION = {
    Payout.TAI: text(msg("fuyang.assumed_tai")),
    Payout.POWER: text(msg("fuyang.assumed_power")),
}


def tai_factor(tai: int, options: FuyangOptions) -> Factor:
    if options.payout is Payout.POWER:
        return times("tai", f"{tai}台 ×2^{tai}", f"{tai} 台 ×2^{tai}", 2**tai)
    return times("tai", f"{tai}台", f"{tai} 台", tai)


def _settlement(hand: Hand, tai: int, options: FuyangOptions) -> Settlement:
    ctx = hand.context
    factors = [tai_factor(tai, options)]
    discarder = ctx.discarder(4)
    if discarder is None:
        why = ("自摸", "self-drawn")
    elif ctx.win.value == "rob_kong":
        why = ("抢杠：被抢者付", "robbing a kong: the robbed player pays")
    else:
        why = (f"放冲：{discarder.zh}家付", f"won on {discarder.en}'s discard")
    said = spelled(why, factors)
    lines = settle_pairs(ctx.seat, payers(ctx, 4), options.base, lambda seat: factors, lambda seat: said)
    return Settlement(tuple(lines), SEATS)


def settle(score: Score, table: Hand, options: FuyangOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 台 at ``table``."""
    return _settlement(table, score.total, options)
