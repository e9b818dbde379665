"""二人麻将's quick entry: the hand's 番 (the other player pays 番 × 底分, capped: rules/regional.md §7(c) ER-1)."""

from __future__ import annotations

from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .options import ErrenOptions


def make(q: QuickHand, options: ErrenOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("番", "Fan", 0, 999, "这手牌的番数。", "The hand's fan.", "rules/regional.md §7(c) ER-1"),
              make)
