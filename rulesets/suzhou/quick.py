"""苏州's quick entry: the hand's 花, whether it is a doubled hand (翻倍) and who fed a 送杠 (pays for all)."""

from __future__ import annotations

from ..context import SONGGANG
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .context import FANBEI
from .options import SuzhouOptions


def make(q: QuickHand, options: SuzhouOptions) -> tuple[Score, Hand]:
    return q.score(q.value), q.hand()


QUICK = Quick(value_field("花", "Hua", 0, 999, "这手牌的花数。", "The hand's 花.", "rules/vague-systems.md §2.1"), make,
              (FANBEI, SONGGANG))
