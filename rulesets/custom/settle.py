"""Who pays whom under a table's own rules: self-drawn, all three; on a discard the discarder alone or all
three; each line base × the hand's value (or 2^番) × the self-draw, discarder and dealer factors.

The value is the Score's: another base, payers, factor or dealer settles again from it."""

from __future__ import annotations

from ..hand import Hand, Seat, seats
from ..pairwise import times, win_lines
from ..scoring import Factor, Payment, Score, Settlement
from .options import Combine, CustomOptions, Payers


def multiplier(total: int, options: CustomOptions) -> int:
    """What one payer pays per base: the value itself, or 2^value when values double."""
    return 2 ** total if options.combine is Combine.DOUBLE else total


def _factors(hand: Hand, total: int, options: CustomOptions, payer: Seat) -> list[Factor]:
    ctx = hand.context
    if options.combine is Combine.DOUBLE:
        out = [times("fan", f"{total}番 ×{multiplier(total, options)}", f"{total} fan ×{multiplier(total, options)}",
                     multiplier(total, options))]
    else:
        out = [times("fan", f"{total}番", f"{total} fan", total)]
    if ctx.self_drawn and options.zimo_multiplier > 1:
        out.append(times("zimo", "自摸", "self-drawn", options.zimo_multiplier))
    if not ctx.self_drawn and payer is ctx.discarder() and options.discarder_multiplier > 1:
        out.append(times("discarder", "放炮", "discarder", options.discarder_multiplier, payer))
    dealer = ctx.dealer
    if options.dealer_factor > 1 and dealer in (ctx.seat, payer):
        out.append(times("dealer", "庄", "dealer", options.dealer_factor, dealer))
    return out


def _lines(hand: Hand, total: int, options: CustomOptions) -> list[Payment]:
    return win_lines(hand, 4, options.base, lambda payer: _factors(hand, total, options, payer),
                     discarder_alone=options.payers is Payers.DISCARDER)


def settle(score: Score, table: Hand, options: CustomOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's value at ``table``."""
    return Settlement(tuple(_lines(table, score.total, options)), seats(4))
