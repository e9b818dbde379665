"""吉林's quick entry: the hand's 番, who declared ready (an undeclared discarder pays for all three) and the
winner's kongs (kong money: 明杠 1, 暗杠 2 from each; kongs of 一筒, 幺鸡 and 中发白 count double)."""

from __future__ import annotations

from ..context import BAOTING, Kind
from ..hand import Hand, KongKind, Meld, MeldKind
from ..quick import Quick, QuickHand, own, value_field
from ..scoring import Score
from ..tiles import tile
from .options import JilinOptions

_SOURCE = "rulesets/jilin/settle.py (MIL 2024 杠钱)"
FIELDS = (
    own("exposed_kongs", Kind.INT, "明杠", "Exposed kongs", 0, "和牌者的明杠、加杠个数。",
        "The winner's exposed and added kongs.", 0, 4, source=_SOURCE),
    own("concealed_kongs", Kind.INT, "暗杠", "Concealed kongs", 0, "和牌者的暗杠个数。",
        "The winner's concealed kongs.",
        0, 4, source=_SOURCE),
    own("double_kongs", Kind.INT, "加倍的杠", "Double kongs", 0,
        "其中一筒、幺鸡、中发白的杠有几个（杠钱加倍；先算明杠）。",
        "How many of them are of 一筒, 幺鸡 or a dragon (their money doubles).", 0, 4, source=_SOURCE),
)
_PLAIN, _DOUBLE = tile("2m"), (tile("1p"), tile("1s"), tile("5z"), tile("6z"))


def make(q: QuickHand, options: JilinOptions) -> tuple[Score, Hand]:
    kinds = [KongKind.EXPOSED] * q.values["exposed_kongs"] + [KongKind.CONCEALED] * q.values["concealed_kongs"]
    doubled = min(q.values["double_kongs"], len(kinds))
    melds = tuple(Meld(MeldKind.KONG, _DOUBLE[i] if i < doubled else _PLAIN.shifted(i) or _PLAIN, kind)
                  for i, kind in enumerate(kinds))
    return q.score(q.value), q.hand(melds)


QUICK = Quick(value_field("番", "Fan", 0, 20, "这手牌的番数（不含庄、自摸、点炮的加番）。",
                          "The hand's fan (without the dealer's, self-draw's and discarder's).",
                          "rules/vague-systems.md §4.1"), make, (BAOTING, *FIELDS))
