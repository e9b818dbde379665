"""Payment lines shared by the issue-15 systems: named factors, and each line labelled by the payer's part
in the win (自摸, 放炮, 被抢杠, 陪付). Who pays and the line itself are :mod:`rulesets.pairwise`'s.

>>> from rulesets.notation import parse_hand
>>> from rulesets.engine import context_from_mapping
>>> h = parse_hand("123m456p789s11122z")
>>> h = h.with_context(context_from_mapping({"win": "discard", "seat": "S", "from_seat": "W"}))
>>> [p.payer.value for p in win_lines(h, 4, 3, lambda s: [], discarder_alone=True)]
['W']
>>> [str(p.amount) for p in win_lines(h, 4, 3, lambda s: [times("x", "甲", "X", 2)], discarder_alone=False)]
['6', '6', '6']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from .. import pairwise
from ..hand import Hand, Seat, WinMethod, seats
from ..scoring import Factor, Op, Payment

__all__ = ["cap", "others", "times", "what_win", "win_lines"]


def times(fid: str, zh: str, en: str, value: int | Fraction, seat: Seat | None = None) -> Factor:
    return Factor(fid, zh, en, Op.TIMES, value, seat)


def cap(fid: str, zh: str, en: str, value: int | Fraction) -> Factor:
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
    discarder_alone: bool, payers: Sequence[Seat] | None = None, label: str = "", label_en: str = "",
) -> list[Payment]:
    """One line per payer to the winner: ``base`` through the payer's ``factors``."""
    paying = payers if payers is not None else pairwise.payers(hand.context, players, discarder_only=discarder_alone)

    def why(payer: Seat) -> tuple[str, str]:
        zh, en = what_win(hand, payer, players)
        return label + zh, (label_en + " " if label_en else "") + en

    return pairwise.settle_pairs(hand.context.seat, paying, base, factors, why)
