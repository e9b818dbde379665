"""长沙's quick entry: the hand's value for one payer (a small win's 分, or a big win's), how many big units it
holds (0: a small win; 庄闲 adds one per unit) and the birds. 起手小胡 are entered as adjustment lines."""

from __future__ import annotations

from ..context import BIRDS, Kind
from ..hand import Hand
from ..quick import Quick, QuickHand, own, value_field
from ..scoring import Score
from .options import ChangshaOptions
from .settle import ChangshaDetails

UNITS = own("units", Kind.INT, "大胡个数", "Big wins", 0, "大胡的个数（0 = 小胡）。",
            "How many big wins the hand holds (0: a small win).", 0, 20, source="rules/regional.md §3(c)")


def make(q: QuickHand, options: ChangshaOptions) -> tuple[Score, Hand]:
    units = q.values["units"]
    return q.score(q.value, extra={"units": units}, details=ChangshaDetails(units)), q.hand()


QUICK = Quick(value_field("分（每家）", "Points (each payer)", 0, 999, "每个付款人为这手牌付的分（不含庄闲和鸟）。",
                          "What one payer pays for the hand (before 庄闲 and birds).", "rules/regional.md §3(c)"),
              make, (UNITS, BIRDS))
