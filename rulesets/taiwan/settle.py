"""Who pays a 台灣十六張 win: each payer pays 底 + 每台 × 台, where the 台 of a payment are the hand's and, when the
dealer makes or receives it, the dealer's 莊家 1 + 連 n 拉 n (n: the dealer's streak).

A self-draw (八仙過海 too) is paid by the three others; a discard by the discarder alone; a robbed kong by the
player robbed; 七搶一 by the player who laid out the 8th flower (the context's discarder). With a cap the 台 of each
payment are held to it. (Four Winds, Taiwanese rules 4winsc27; manjong-unity's settle and its tests.)

The 台 are the Score's (``Score.total``): another stake, another dealer, streak or payer settles again from them;
how the hand was won (自摸, the winner's wind, the flowers) is in the 台, so a table that changes it needs a new
score.
"""

from __future__ import annotations

from ..context import STREAK
from ..hand import Hand, Seat, seats
from ..pairwise import cap, payers, settle_pairs, what_win
from ..scoring import Factor, Op, Payment, Score, Settlement
from .options import DealerScope, TaiwanOptions

LIANLA = "零一二三四五六七八九十"


def _plus(fid: str, zh: str, en: str, value: int, seat: Seat | None = None) -> Factor:
    return Factor(fid, zh, en, Op.PLUS, value, seat)


def dealer_tai(table: Hand, options: TaiwanOptions) -> tuple[int, int]:
    """The dealer's 台 on a payment he is part of: (莊家 1, 連 n 拉 n = ``streak_tai`` × n)."""
    return 1, options.streak_tai * STREAK.of(table.context)


def _streak_words(n: int, options: TaiwanOptions) -> tuple[str, str]:
    number = LIANLA[n] if n < len(LIANLA) else str(n)
    if options.streak_tai == 1:
        return f"连{number}", f"kept deal ×{n}"
    return f"连{number}拉{number}", f"kept deal ×{n} (連 and 拉)"


def _factors(score: Score, table: Hand, payer: Seat, options: TaiwanOptions) -> list[Factor]:
    ctx = table.context
    dealer = ctx.dealer
    out: list[Factor] = []
    dealer_in = ctx.seat is dealer or (options.dealer_bonus_scope is DealerScope.INVOLVED and payer is dealer)
    if dealer_in:
        zhuang, lianla = dealer_tai(table, options)
        out.append(_plus("zhuang", "庄家", "dealer", zhuang, dealer))
        if lianla:
            zh, en = _streak_words(STREAK.of(ctx), options)
            out.append(_plus("lianzhuang", zh, en, lianla, dealer))
    if options.cap and score.total + sum(int(f.value) for f in out) > options.cap:
        out.append(cap("cap", "台数", "台", options.cap))
    # each label names what its value is, said once by the payment line ("每台 ×20 · 底 +100")
    out.append(Factor("per_tai", "每台", "per 台", Op.TIMES, options.per_tai))
    out.append(_plus("di", "底", "base", options.base))
    return out


def _why(table: Hand, payer: Seat, seven_rob_one: bool) -> tuple[str, str]:
    if seven_rob_one and payer is table.context.discarder(4):
        return "补出第八张花（七抢一）", "laid out the 8th flower (七搶一)"
    return what_win(table, payer, 4)


def lines(score: Score, table: Hand, options: TaiwanOptions) -> list[Payment]:
    """One payment per payer: the hand's 台 (the base), the dealer's 台, the cap, × 每台, + 底."""
    seven_rob_one = any(i.fan.id == "qiqiangyi" for i in score.items)
    ctx = table.context
    return settle_pairs(ctx.seat, payers(ctx, 4), score.total, lambda payer: _factors(score, table, payer, options),
                        lambda payer: _why(table, payer, seven_rob_one))


def settle(score: Score, table: Hand, options: TaiwanOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 台 at ``table``."""
    return Settlement(tuple(lines(score, table, options)), seats(4))
