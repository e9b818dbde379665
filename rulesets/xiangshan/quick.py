"""象山's quick entry: the hand's 台 and who fed a 送杠 (pays 5M alone). 三包 is read from the winner's melds (who
fed three of them): a quick entry does not carry it."""

from __future__ import annotations

from ..context import SONGGANG
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import XiangshanOptions


def make(q: QuickHand, options: XiangshanOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("台", "Tai", 0, 99, "这手牌的台数（种子规则：倍数）。",
                          "The hand's tai (the seed's model: its multiplier).", "rules/vague-systems.md §3.1"),
              make, (SONGGANG,),
              ("三包（被吃碰三次）要从和牌者的副露算，快速记分不含。",
               "三包 (three melds fed by one player) is read from the winner's melds: not in a quick entry."))
