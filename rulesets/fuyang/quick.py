"""富阳's quick entry: the hand's 台 (the payout reads the 台 alone: FY-1 / FY-2)."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import FuyangOptions


def make(q: QuickHand, options: FuyangOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("台", "Tai", 0, 99, "这手牌的台数。", "The hand's tai.", "rulesets/fuyang/settle.py"), make)
