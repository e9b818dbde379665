"""Who pays a 香港 win. Every payment is counted in **portions**: P = B × mult(番), the stake's base B times the
schedule's multiplier of the 番 the hand is paid at (mahjong-scorer: portion = base points × multiplier).

* self-drawn (and a win on the flowers): each of the three others pays P;
* on a discard, 半銃: the discarder pays P and each of the two others P/2; 全銃: the discarder alone 2P;
* a robbed kong: the robbed player pays the whole self-draw, 3P (搶槓當自摸，開槓的一家包), or as a discard;
* 包: the liable player pays the whole self-draw, 3P; on a discard the discarder pays the whole 2P;
* 詐糊 (:func:`false_win`): the declarer pays each other player P at the limit (or 3P).

No dealer factor, no kong money. The 番 are the Score's (its total); another stake, schedule, responsibility,
discarder or liable player settles again from them.

>>> [multiplier(f, Schedule.HALF_SPICY) for f in range(14)]
[1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
>>> [multiplier(f, Schedule.TIERED) for f in (3, 4, 6, 7, 9, 10, 13)]
[8, 16, 16, 32, 32, 64, 64]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..hand import Hand, Seat, WinMethod, seats
from ..pairwise import others, times
from ..scoring import Details, Factor, Payment, Score, Settlement, paid
from .context import DECLARED_WIN, LIABLE
from .options import FalseWin, HongKongOptions, Responsibility, RobKong, Schedule

HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
"""半辣: doubling up to 4 番, then ×1.5 and ×4/3 in turn (mahjong-scorer's table, 0–13 番)."""


@dataclass(frozen=True)
class HongKongDetails(Details):
    """What a 香港 result adds: whether it is a win on the flowers (花糊, 八仙過海), paid as a self-draw."""

    flower_win: bool


def multiplier(faan: int, schedule: Schedule) -> int:
    """The portion's multiplier for ``faan`` under the schedule."""
    if schedule is Schedule.HALF_SPICY:
        return HALF_SPICY[min(faan, len(HALF_SPICY) - 1)]
    if schedule is Schedule.SPICY:
        return 1 << faan
    if faan <= 3:
        return 1 << faan
    return 16 if faan <= 6 else 32 if faan <= 9 else 64


def portion(faan: int, options: HongKongOptions) -> Factor:
    """The factor that makes the base a portion: ``faan`` 番 ×mult."""
    m = multiplier(faan, options.schedule)
    return times("faan", f"{faan}番 ×{m}", f"{faan} faan ×{m}", m)


def _lines(score: Score, table: Hand, options: HongKongOptions) -> list[Payment]:
    ctx = table.context
    base, unit, winner = options.base_amount, portion(score.total, options), ctx.seat
    liable = LIABLE.of(ctx) if options.bao else None
    if ctx.self_drawn or HongKongDetails.of(score).flower_win:
        if liable is not None:
            bao = times("bao", "包自摸 ×3", "liable (包) for the self-draw ×3", 3, liable)
            return [paid(liable, winner, base, [unit, bao], "包自摸", "liable for the self-draw (包)")]
        return [paid(p, winner, base, [unit], "自摸", "self-drawn") for p in others(table, 4)]
    discarder = ctx.discarder(4)
    assert discarder is not None
    if ctx.win is WinMethod.ROB_KONG and options.rob_kong_payment is RobKong.BAO_SELFDRAW:
        robbed = times("robbed", "抢杠当自摸，被抢者包 ×3", "robbed kong: pays the self-draw ×3", 3, discarder)
        return [paid(discarder, winner, base, [unit, robbed], "被抢杠", "robbed kong")]
    if liable is not None or options.responsibility is Responsibility.FULL:
        zh, en = ("包：出铳者全付 ×2", "包: the discarder pays all ×2") if liable is not None else (
            "全铳 ×2", "full responsibility (全銃) ×2")
        return [paid(discarder, winner, base, [unit, times("all", zh, en, 2, discarder)], "出铳", "discarder")]
    half = times("half", "半铳 ×1/2", "half (半銃) ×1/2", Fraction(1, 2))
    return [paid(p, winner, base, [unit], "出铳", "discarder") if p is discarder
            else paid(p, winner, base, [unit, half], "半铳陪付", "pays half (半銃)") for p in others(table, 4)]


def settle(score: Score, table: Hand, options: HongKongOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 番 at ``table``."""
    return Settlement(tuple(_lines(score, table, options)), seats(4))


def false_win(score: Score, table: Hand, options: HongKongOptions) -> Settlement | None:
    """``Pipeline.penalty``: a hand declared a win (``declared_win``) that is none — 詐糊 — costs the declarer one
    portion at the limit to each other player (bigproduction), or a limit self-draw, three portions, to each
    (mahjong-scorer). A hand nobody declared costs nothing."""
    ctx = table.context
    if not DECLARED_WIN.of(ctx):
        return None
    factors = [portion(options.max_faan, options)]
    if options.false_win_penalty is FalseWin.THREE_PORTIONS:
        factors.append(times("three", "满糊自摸 ×3", "a limit self-draw ×3", 3))
    offender: Seat = ctx.seat
    lines = [paid(offender, p, options.base_amount, factors, "诈糊", "false win (詐糊)") for p in others(table, 4)]
    return Settlement(tuple(lines), seats(4))
