"""Who pays a 苏州 win: V = 花 × 底分 (×2 in a doubled hand). Self-drawn: each other player pays V; on a discard
the discarder alone pays V. A robbed kong: the robbed player pays 3V; 送杠 (the winner self-draws on the
replacement of a kong of someone's discard): that player pays 3V for everybody. No dealer factor
(NewProject SZMJRoom.cpp onPlayerHu, onPlayerZiMo).

The 花 are the Score's (``Score.total``): another 底分, another discarder, 送杠 or a doubled hand settles again
from them; how the hand was won (自摸, 杠开, 海底捞月) is in the 花 and the threshold: a table that changes it
needs a new score."""

from __future__ import annotations

from ..context import SONGGANG
from ..hand import Hand, WinMethod, seats
from ..pairwise import times, win_lines
from ..scoring import Factor, Payment, Score, Settlement, paid
from .context import FANBEI
from .options import SuzhouOptions


def _lines(hand: Hand, total: int, options: SuzhouOptions) -> list[Payment]:
    ctx = hand.context
    factors: list[Factor] = [times("hua", f"{total}花", f"{total} 花", total)]
    if FANBEI.of(ctx):
        factors.append(times("fanbei", "翻倍", "doubled hand", 2))
    songgang = SONGGANG.of(ctx)
    if options.baopai and songgang is not None and ctx.self_drawn:
        bao = times("bao", "送杠包三家 ×3", "送杠: pays for all ×3", 3, songgang)
        return [paid(songgang, ctx.seat, options.unit, [*factors, bao], "送杠", "送杠 (fed the kong)")]
    robbed = ctx.discarder()
    if options.baopai and ctx.win is WinMethod.ROB_KONG and robbed is not None:
        bao = times("bao", "抢杠包三家 ×3", "robbed kong pays ×3", 3, robbed)
        return [paid(robbed, ctx.seat, options.unit, [*factors, bao], "被抢杠", "robbed kong")]
    return win_lines(hand, 4, options.unit, lambda payer: factors, discarder_alone=True)


def settle(score: Score, table: Hand, options: SuzhouOptions) -> Settlement:
    """``Ruleset.settle``: the payments of the Score's 花 at ``table``."""
    return Settlement(tuple(_lines(table, score.total, options)), seats(4))
