"""国标's quick entry: the hand's 番 with the flowers (the total the payment reads, mcr.md §2.3)."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import Options


def make(q: QuickHand, options: Options) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("番（含花）", "Fan (flowers included)", 0, 999, "这手牌的番数，花牌算在内。",
                          "The hand's fan, flowers included.", "mcr.md §2.3"), make)
