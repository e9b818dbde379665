"""国标's quick entry: the hand's 番 with the flowers (the total the payment reads, mcr.md §2.3); a win needs the
8-番 minimum without flowers, so a value below it is no win."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from . import MINIMUM
from .options import Options


def make(q: QuickHand, options: Options) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("番（含花）", "Fan (flowers included)", MINIMUM, 999,
                          f"这手牌的番数，花牌算在内（起和 {MINIMUM} 番）。",
                          f"The hand's fan, flowers included (at least {MINIMUM}).", "mcr.md §2.2, §2.3"), make)
