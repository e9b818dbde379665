"""陕西's quick entry: the hand's doubles (倍: 七对 ×2, 清一色 ×2 …) and each player's cannons (下炮子). Kong money
is paid from the winner's melds and the others' kongs: a quick entry does not carry it."""

from __future__ import annotations

from ..context import CANNONS
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Fan, Item, Score
from .options import ShaanxiOptions

DOUBLES = Fan("quick_doubles", "倍数", "Doubles", 1)


def make(q: QuickHand, options: ShaanxiOptions) -> tuple[Score, Hand]:
    items = (Item(DOUBLES, value_override=q.value),) if q.value > 1 else ()
    return q.score(q.value, items), q.hand()


QUICK = Quick(value_field("倍", "Times", 1, 64, "这手牌的倍数（平胡 1，七对 2 …）。",
                          "The hand's multiplier (a plain win 1, seven pairs 2 …).", "rules/regional.md §4(c)"),
              make, (CANNONS,), ("杠钱不含在快速记分里。", "Kong money is not in a quick entry."))
