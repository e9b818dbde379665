"""台灣's quick entry: the hand's 台 (without the dealer's) and the dealer's streak (連莊: 連 n 拉 n). The dealer's
莊家 and 連莊 台 are added by the payment for the payments the dealer makes or receives, as for a scored hand."""

from __future__ import annotations

from ..context import STREAK
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import TaiwanOptions


def make(q: QuickHand, options: TaiwanOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("台", "Tai", 0, 99, "这手牌的台数（不含庄家台和连庄台）。",
                          "The hand's tai (without the dealer's 莊家 and 連莊 tai).", "rules/taiwan.md §4"), make,
              (STREAK,), ("七抢一由第八张花的打出者付，快速记分不含。",
                          "七搶一 (paid by who laid out the 8th flower) is not in a quick entry."))
