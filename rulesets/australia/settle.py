"""Who pays a Mahjong Australia / Zung Jung win (rules/vague-systems.md §1.1, AU-A2/AU-A3): only the
winner scores. ZJ formal (par 25): self-drawn, each pays V; on a discard, V ≤ par: each pays V; V > par:
the two others pay par each and the discarder 3V − 2·par (the winner always receives 3V). The discarder
is the responsible player (AU-A3). Uniform: each pays V. APM: self-drawn each pays V; a discard, the
discarder alone 2V. No dealer factor."""

from __future__ import annotations

from typing import Any

from ..hand import Hand, Seat
from ..pairwise import cap, times, win_lines
from ..scoring import Factor, Op, Payment
from .options import Payoff


def _formal(hand: Hand, total: int, par: int, payer: Seat) -> list[Factor]:
    ctx = hand.context
    if ctx.self_drawn or total <= par:
        return []
    if payer is ctx.discarder():
        return [times("three", "三家的份 ×3", "all three shares ×3", 3, payer),
                Factor("par", f"减两家各 {par}", f"less the others' {par} each", Op.PLUS, -2 * par, payer)]
    return [cap("par", f"par {par}", f"par {par}", par)]


def settle(hand: Hand, total: int, options: Any) -> list[Payment]:
    if options.payoff is Payoff.APM:
        double = [] if hand.context.self_drawn else [times("discarder", "点和 ×2", "discarder ×2", 2)]
        return win_lines(hand, 4, total, lambda payer: double, discarder_alone=True)
    if options.payoff is Payoff.UNIFORM:
        return win_lines(hand, 4, total, lambda payer: [], discarder_alone=False)
    return win_lines(hand, 4, total, lambda payer: _formal(hand, total, options.par, payer), discarder_alone=False)
