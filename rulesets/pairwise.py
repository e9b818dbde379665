"""Settling a win payer by payer: who pays, the dealer's part, and the common option for a discard.

Several regional systems (长沙, 陕西, 二人) settle a hand as one payment from each paying player to the
winner, each payment its own arithmetic: a base and the factors of that (winner, payer) pair — 庄闲,
birds, cannons, a cap. This module is that mechanism, written once:

- :func:`payers`: everybody else on a self-draw; on a discard (or a robbed kong) the discarder alone,
  or everybody else when the system's option says all pay (陕西's seed formula, 武汉's 陪冲);
- :func:`dealer_side`: whether the dealer is one of the two sides of a payment (庄闲);
- :func:`settle_pairs`: one :func:`~rulesets.scoring.paid` line per payer, from a base and a
  function giving that payer's factors;
- :func:`win_lines`: those lines for a win, each labelled by the payer's part in it (自摸, 放炮, 被抢杠, 陪付:
  :func:`what_win`); :func:`times` and :func:`cap` name the factors.

>>> from rulesets.hand import WinContext, WinMethod
>>> ctx = WinContext(win=WinMethod.DISCARD, seat=Seat.S, from_seat=Seat.W)
>>> [s.value for s in payers(ctx, 4)], [s.value for s in payers(ctx, 4, discarder_only=False)]
(['W'], ['E', 'W', 'N'])
>>> [s.value for s in payers(WinContext(win=WinMethod.SELF_DRAWN, seat=Seat.S), 2)]
['E']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from .hand import Hand, Seat, WinContext, WinMethod, seats
from .scoring import Factor, Op, Payment, paid

__all__ = ["cap", "dealer_side", "others", "payers", "settle_pairs", "times", "what_win", "win_lines"]


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


def times(fid: str, zh: str, en: str, value: int | Fraction, seat: Seat | None = None) -> Factor:
    """A ×``value`` factor (``seat``: whose it is, e.g. the dealer's double)."""
    return Factor(fid, zh, en, Op.TIMES, value, seat)


def cap(fid: str, zh: str, en: str, value: int | Fraction) -> Factor:
    """A cap: the amount is held to ``value``."""
    return Factor(fid, zh, en, Op.CAP, value)


def others(hand: Hand, players: int) -> tuple[Seat, ...]:
    """Every seat but the winner's, in turn order."""
    return tuple(s for s in seats(players) if s is not hand.context.seat)


def what_win(hand: Hand, payer: Seat, players: int) -> tuple[str, str]:
    """The 中文/English label of a payer's line: 自摸, 放炮, 被抢杠, or paying along on another's discard."""
    ctx = hand.context
    if ctx.self_drawn:
        return "自摸", "self-drawn"
    if payer is ctx.discarder(players):
        return ("被抢杠", "robbed kong") if ctx.win is WinMethod.ROB_KONG else ("放炮", "discarder")
    return "陪付", "pays along"


def win_lines(
    hand: Hand, players: int, base: int | Fraction, factors: Callable[[Seat], Sequence[Factor]], *,
    discarder_alone: bool,
) -> list[Payment]:
    """One line per payer to the winner: ``base`` through the payer's ``factors``, labelled by :func:`what_win`.

    >>> from rulesets.notation import parse_hand
    >>> from rulesets.engine import context_from_mapping
    >>> h = parse_hand("123m456p789s11122z")
    >>> h = h.with_context(context_from_mapping({"win": "discard", "seat": "S", "from_seat": "W"}))
    >>> [p.payer.value for p in win_lines(h, 4, 3, lambda s: [], discarder_alone=True)]
    ['W']
    >>> [str(p.amount) for p in win_lines(h, 4, 3, lambda s: [times("x", "甲", "X", 2)], discarder_alone=False)]
    ['6', '6', '6']
    """
    paying = payers(hand.context, players, discarder_only=discarder_alone)
    return settle_pairs(hand.context.seat, paying, base, factors, lambda payer: what_win(hand, payer, players))
