"""Who pays a Mahjong Australia / Zung Jung win: only the winner scores. ZJ formal (par 25): self-drawn, each
pays V; on a discard, V ≤ par: each pays V; V > par: the two others pay par each and the discarder 3V − 2·par
(the winner always receives 3V). The discarder is the responsible player. Uniform: each pays V. APM:
self-drawn each pays V; a discard, the discarder alone 2V. No dealer factor.

V is the Score's: another payoff, par or discarder settles again from it."""

from __future__ import annotations

from ..hand import Hand, Seat, seats
from ..pairwise import cap, times, win_lines
from ..scoring import Factor, Op, Payment, Score, Settlement
from .options import AustraliaOptions, Payoff


def _formal(hand: Hand, total: int, par: int, payer: Seat) -> list[Factor]:
    ctx = hand.context
    if ctx.self_drawn or total <= par:
        return []
    if payer is ctx.discarder():
        return [times("three", "三家的份 ×3", "all three shares ×3", 3, payer),
                Factor("par", f"减两家各 {par}", f"less the others' {par} each", Op.PLUS, -2 * par, payer)]
    return [cap("par", f"par {par}", f"par {par}", par)]


def _lines(hand: Hand, total: int, options: AustraliaOptions) -> list[Payment]:
    if options.payoff is Payoff.APM:
        double = [] if hand.context.self_drawn else [times("discarder", "点和 ×2", "discarder ×2", 2)]
        return win_lines(hand, 4, total, lambda payer: double, discarder_alone=True)
    if options.payoff is Payoff.UNIFORM:
        return win_lines(hand, 4, total, lambda payer: [], discarder_alone=False)
    return win_lines(hand, 4, total, lambda payer: _formal(hand, total, options.par, payer), discarder_alone=False)


def settle(score: Score, table: Hand, options: AustraliaOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's value at ``table``."""
    return Settlement(tuple(_lines(table, score.total, options)), seats(4))
