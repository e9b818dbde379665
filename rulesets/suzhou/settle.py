"""Who pays a 苏州 win (rules/vague-systems.md §2.1): V = 花 × 底分 (×2 in a doubled hand). Self-drawn:
each other player pays V; on a discard the discarder alone pays V. A robbed kong: the robbed player pays
3V; 送杠 (the winner self-draws on the replacement of a kong of someone's discard): that player pays 3V
for everybody. No dealer factor."""

from __future__ import annotations

from typing import Any

from ..hand import Hand, WinMethod
from ..pairwise import times, win_lines
from ..scoring import Factor, Payment, paid


def settle(hand: Hand, total: int, options: Any) -> list[Payment]:
    ctx = hand.context
    factors: list[Factor] = [times("hua", f"{total}花", f"{total} 花", total)]
    if ctx.get("fanbei", False):
        factors.append(times("fanbei", "翻倍", "doubled hand", 2))
    songgang = ctx.get("songgang")
    if options.baopai and songgang is not None and ctx.self_drawn:
        bao = times("bao", "送杠包三家 ×3", "送杠: pays for all ×3", 3, songgang)
        return [paid(songgang, ctx.seat, options.unit, [*factors, bao], "送杠", "送杠 (fed the kong)")]
    robbed = ctx.discarder()
    if options.baopai and ctx.win is WinMethod.ROB_KONG and robbed is not None:
        bao = times("bao", "抢杠包三家 ×3", "robbed kong pays ×3", 3, robbed)
        return [paid(robbed, ctx.seat, options.unit, [*factors, bao], "被抢杠", "robbed kong")]
    return win_lines(hand, 4, options.unit, lambda payer: factors, discarder_alone=True)
