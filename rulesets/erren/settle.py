"""Who pays whom at a two-player table: the other player pays 番 × 底分, capped at 13 番 (役满) by default
(rules/regional.md §7(c) ER-1; seed 003 上限封顶). A self-draw and a discard are paid by the same player."""

from __future__ import annotations

from ..hand import Hand, seats
from ..pairwise import payers, settle_pairs
from ..scoring import Factor, Op, Score, Settlement
from .options import ErrenOptions

PLAYERS = 2


def settle(hand: Hand, total: int, options: ErrenOptions) -> tuple[Settlement, bool]:
    """The payment of a win of ``total`` 番 and whether the cap cut it."""
    ctx = hand.context
    factors: list[Factor] = []
    if options.base != 1:
        factors.append(Factor("base", "底分", "base", Op.TIMES, options.base))
    cut = capped(total, options)
    if cut:
        cap = options.cap * options.base
        factors.append(Factor("cap", f"役满封顶（{options.cap}番）", f"cap ({options.cap} fan)", Op.CAP, cap))
    how = ("自摸", "self-drawn") if ctx.self_drawn else ("点和", "on a discard")
    said = (f"，封顶{options.cap}番", f", capped at {options.cap}") if cut else ("", "")
    lines = settle_pairs(ctx.seat, payers(ctx, PLAYERS), total, lambda p: factors,
                         lambda p: (f"{how[0]}：{total}番{said[0]}", f"{how[1]}: {total} fan{said[1]}"))
    return Settlement(tuple(lines), seats(PLAYERS)), cut


def capped(total: int, options: ErrenOptions) -> bool:
    """Whether the cap (役满封顶) cuts a win of ``total`` 番."""
    return bool(options.cap) and total > options.cap


def settle_score(score: Score, table: Hand, options: ErrenOptions) -> Settlement:
    """``Ruleset.settle`` (rulesets/settle.py): the payment of the Score's 番 at ``table`` (who won; the other
    player pays, self-drawn or not). Another base or cap settles again from the same 番; how the hand was won
    is in the 番 (自摸, 抢杠 counted as self-drawn): a table that changes it needs a new score."""
    return settle(table, score.total, options)[0]
