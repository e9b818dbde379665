"""澳大利亚 / 中庸's quick entry: the hand's points V (the payoff reads V alone)."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import AustraliaOptions


def make(q: QuickHand, options: AustraliaOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("分", "Points", 0, 9999, "这手牌的分数 V。", "The hand's points V.",
                          "rulesets/australia/settle.py"), make)
