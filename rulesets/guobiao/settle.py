"""Who pays whom (1998 rules 第十条 一(二)(三), mcr.md §2.3).

F is the hand's value with flowers. Self-drawn: each of the three others pays base + F. On a discard
(or a robbed kong) the discarder pays base + F and the other two pay base. The 全铳 house rule makes a
self-draw cost each loser base + ⌈F/3⌉.

>>> from rulesets.hand import WinContext, Seat, WinMethod
>>> s = settle(12, WinContext(win=WinMethod.SELF_DRAWN), Options())
>>> s.as_dict()
{'E': 60, 'S': -20, 'W': -20, 'N': -20}
>>> settle(12, WinContext(seat=Seat.S, from_seat=Seat.N), Options()).as_dict()
{'E': -8, 'S': 36, 'W': -8, 'N': -20}
"""

from __future__ import annotations

from functools import lru_cache

from rulesets.hand import SEATS4, Hand, Seat, WinContext
from rulesets.scoring import Payment, Score, Settlement

from .options import Options, Payout


def _self_drawn_share(total: int, options: Options) -> int:
    if options.payout is Payout.QUAN_CHONG:
        return options.base_points + -(-total // 3)
    return options.base_points + total


def settle(total: int, ctx: WinContext, options: Options) -> Settlement:
    """The payments for a win worth ``total`` (flowers included) by ``ctx.seat``."""
    return _settle(total, ctx.seat, ctx.discarder(4), options)


def settle_score(score: Score, table: Hand, options: Options) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the payments of a scored hand, from its total (flowers included),
    at ``table`` — who won and who discarded. Another base (``base_points``), payout (全铳) or discarder settles
    again from the same total; whether the hand was self-drawn is a fan (自摸, 不求人), so a table that changes
    it needs a new score. The dealer plays no part in an MCR settlement."""
    return settle(score.total, table.context, options)


@lru_cache(maxsize=1024)
def _settle(total: int, winner: Seat, discarder: Seat | None, options: Options) -> Settlement:
    """The settlement of a win by ``winner``, self-drawn when ``discarder`` is None (a value: cached)."""
    base = options.base_points
    payments = []
    for seat in SEATS4:
        if seat == winner:
            continue
        if discarder is None:
            amount = _self_drawn_share(total, options)
            share = _share_text(total, options)
            why, why_en = f"自摸：底分{base}+{share}番", f"self-drawn: base {base} + {share}"
        elif seat == discarder:
            amount = base + total
            why, why_en = f"点和：底分{base}+{total}番", f"discarded the winning tile: base {base} + {total}"
        else:
            amount = base
            why, why_en = f"底分{base}", f"base {base}"
        payments.append(Payment(seat, winner, amount, why, why_en))
    return Settlement(tuple(payments), SEATS4)


def _share_text(total: int, options: Options) -> str:
    if options.payout is Payout.QUAN_CHONG:
        return f"⌈{total}/3⌉"
    return str(total)
