"""Settling a win payer by payer: who pays, the dealer's part, and the common option for a discard.

Several regional systems (长沙, 陕西, 二人) settle a hand as one payment from each paying player to the
winner, each payment its own arithmetic: a base and the factors of that (winner, payer) pair — 庄闲,
birds, cannons, a cap. This module is that mechanism, written once:

- :func:`payers`: everybody else on a self-draw; on a discard (or a robbed kong) the discarder alone,
  or everybody else when the system's option says all pay (陕西's seed formula, 武汉's 陪冲);
- :func:`dealer_side`: whether the dealer is one of the two sides of a payment (庄闲);
- :func:`settle_pairs`: one :func:`~rulesets.scoring.paid` line per payer, from a base and a
  function giving that payer's factors.

>>> from rulesets.hand import WinContext, WinMethod
>>> ctx = WinContext(win=WinMethod.DISCARD, seat=Seat.S, from_seat=Seat.W)
>>> [s.value for s in payers(ctx, 4)], [s.value for s in payers(ctx, 4, discarder_only=False)]
(['W'], ['E', 'W', 'N'])
>>> [s.value for s in payers(WinContext(win=WinMethod.SELF_DRAWN, seat=Seat.S), 2)]
['E']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from .hand import Seat, WinContext, seats
from .scoring import Factor, Payment, paid

__all__ = ["dealer_side", "payers", "settle_pairs"]


def payers(ctx: WinContext, players: int, discarder_only: bool = True) -> tuple[Seat, ...]:
    """The players who pay this win, in seat order: all the others on a self-draw; on a discard or a
    robbed kong the discarder (``ctx.discarder``) alone, or all the others when not ``discarder_only``."""
    others = tuple(s for s in seats(players) if s is not ctx.seat)
    if ctx.self_drawn or not discarder_only:
        return others
    discarder = ctx.discarder(players)
    return tuple(s for s in others if s is discarder)


def dealer_side(ctx: WinContext, payer: Seat) -> bool:
    """Whether the dealer is the winner or this payer (the 庄闲 pairs)."""
    return ctx.dealer in (ctx.seat, payer)


def settle_pairs(
    winner: Seat,
    paying: Iterable[Seat],
    base: int | Fraction,
    factors_of: Callable[[Seat], Iterable[Factor]],
    why: Callable[[Seat], tuple[str, str]],
) -> list[Payment]:
    """One payment from each of ``paying`` to ``winner``: ``base`` through that payer's factors,
    explained by ``why(payer)`` (中文, English)."""
    out = []
    for payer in paying:
        zh, en = why(payer)
        out.append(paid(payer, winner, base, factors_of(payer), zh, en))
    return out
