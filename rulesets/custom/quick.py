"""自定义规则's quick entry: the hand's value (番, or the exponent when values double); the dealer is the table's."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import CustomOptions


def make(q: QuickHand, options: CustomOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("番", "Fan", 0, 999, "这手牌的番数。", "The hand's value.", "rulesets/custom/settle.py"),
              make)
