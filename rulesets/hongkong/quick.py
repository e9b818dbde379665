"""香港's quick entry: the hand's 番, who is liable (包) and whether it is a win on the flowers (paid as a
self-draw). A false win (詐糊) is an adjustment line."""

from __future__ import annotations

from ..context import FLOWER_WIN
from ..hand import Hand
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .context import LIABLE
from .options import HongKongOptions
from .settle import HongKongDetails


def make(q: QuickHand, options: HongKongOptions) -> tuple[Score, Hand]:
    return q.score(q.value, details=HongKongDetails(flower_win=FLOWER_WIN.of(q.context))), q.hand()


QUICK = Quick(value_field("番", "Faan", 0, 13, "这手牌的番数（满糊按封顶番数写）。", "The hand's faan (a limit hand as "
                          "the limit's faan).", "rules/hongkong.md"), make, (LIABLE, FLOWER_WIN))
