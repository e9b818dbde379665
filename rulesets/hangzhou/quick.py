"""杭州's quick entry: the hand's multiplier (倍), the dealer's streak (the dealer's factor) and who claimed three
times from the winner (反承包). 承包 is read from the winner's melds: a quick entry does not carry it."""

from __future__ import annotations

from ..context import STREAK
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Fan, Item, Score, ShapeScore
from ..shapes import Shape, ShapeKind
from ..tiles import Tile
from .context import CLAIMS_FROM_WINNER
from .options import HangzhouOptions


def make(q: QuickHand, options: HangzhouOptions) -> tuple[Score, Hand]:
    items = (Item(Fan("quick_times", "倍数", "Multiplier", q.value)),) if q.value > 1 else ()
    best = ShapeScore(Shape(ShapeKind.STANDARD, (), Tile(0)), q.value, items)
    return q.score(q.value, items, shape=best), q.hand()


QUICK = Quick(value_field("倍", "Times", 1, 999, "这手牌的倍数。", "The hand's multiplier.", "seed 001 杭州麻将"), make,
              (STREAK, CLAIMS_FROM_WINNER), ("承包（被吃碰三次）要从和牌者的副露算，快速记分不含。",
                                             "承包 (three claims fed) is read from the winner's melds: not in a "
                                             "quick entry."))
