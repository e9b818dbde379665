"""温州's quick entry: the hand's level (软 1, 硬 2, 双翻 4, 四翻 8), the dealer's streak, who bought 买底/顶底, and the
财神 each player holds (财神钱, the winner's included: three or more double his).
Kong points (杠分) are read from the kongs: a quick entry does not carry them."""

from __future__ import annotations

from ..context import STREAK
from ..errors import ContextError
from ..hand import Hand
from ..messages import msg
from ..quick import Quick, QuickHand, value_field
from ..scoring import Score
from .context import CAISHEN, MAIDI
from .fans import LEVEL_NAMES
from .options import WenzhouOptions
from .settle import WenzhouDetails


def make(q: QuickHand, options: WenzhouOptions) -> tuple[Score, Hand]:
    if q.value not in LEVEL_NAMES:
        raise ContextError(msg("context.bad_value", key="value", shown=repr(q.value),
                               what=msg("what.choice", choices=", ".join(map(str, LEVEL_NAMES)))))
    zh, en = LEVEL_NAMES[q.value]
    held = dict(CAISHEN.of(q.context)).get(q.context.seat, 0)  # the winner's own count (three or more: ×2)
    details = WenzhouDetails(q.value, zh, en, "", held)
    return q.score(q.value, details=details), q.hand()


QUICK = Quick(value_field("级别（倍）", "Level (times)", 1, 8, "软 1、硬 2、双翻 4、四翻 8。",
                          "Soft 1, hard 2, double 4, quadruple 8.", "rules/regional.md §6(c)"), make,
              (STREAK, MAIDI, CAISHEN), ("杠分不含在快速记分里。", "Kong points are not in a quick entry."))
