"""The 陕西麻将 table, each row with its predicate: 推倒胡 has one winning hand (平胡); 七对 and 清一色 are options
that double it. Values are multipliers (倍) of the per-payer payment: the rows counted are multiplied.

A reading is one shape of the hand (:class:`ShaanxiReading`): 推倒胡 counts no wait, so the placements of the
winning tile are not read apart.

>>> [f.id for f in FANS]
['pinghu', 'qidui', 'qingyise']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..lights import declare
from ..pipeline import Line, Row, book_order
from ..scoring import Fan
from ..shapes import Shape, ShapeKind
from .options import SevenPairs, ShaanxiOptions
from .works import WORKS


@dataclass(frozen=True)
class ShaanxiReading:
    """One shape of a hand, and whether the hand is of one suit (清一色)."""

    shape: Shape
    one_suit: bool


def _seven_pairs(fan: Fan, options: ShaanxiOptions) -> Fan | None:
    """七对 under the house rules: no such row (not a win), a plain win (×1), or ×2."""
    if options.seven_pairs is SevenPairs.OFF:
        return None
    return fan if options.seven_pairs is SevenPairs.DOUBLE else replace(fan, value=1)


def _qingyise(fan: Fan, options: ShaanxiOptions) -> Fan | None:
    return fan if options.qingyise_double else None


ROWS: tuple[Line[ShaanxiReading, ShaanxiOptions], ...] = (
    Row(Fan("pinghu", "平胡", "Basic win", 1, (), "四组（顺子或刻子）加一对将（推倒胡：不计番）。",
        "Four sets and a pair (推倒胡: no patterns).", WORKS.cite("article", "牌型：放冲",
                                                               note="seed 004 (陕西麻将规则介绍) "
                                                                    "“只要行程平胡牌型就能胡”; rules/regional.md "
                                                                    "§4(a)"),
        "123m456p789s123s55z", "shape"),
        lambda r, o: 1, shapes=frozenset({ShapeKind.STANDARD})),
    Row(Fan("qidui", "七对", "Seven pairs", 2, (), "七个对子（选项：可胡，或可胡且×2）。",
        "Seven pairs (option: allowed, or allowed and ×2).", WORKS.cite("billee", "Table_ShanXi",
                                                                        note="rules/regional.md §4(a)-(b) "
                                                                             "(billee1011 option)"),
        "v1.1133m5577p99s112z-2z.ES.dW~shaanxi.seven_pairs-double", "shape"),
        lambda r, o: 1, shapes=frozenset({ShapeKind.SEVEN_PAIRS}), under=_seven_pairs),
    Row(Fan("qingyise", "清一色", "Full flush", 2, (), "全手一种花色（选项：×2）。", "One suit only (option: ×2).",
        WORKS.cite("billee", "Table_ShanXi", note="rules/regional.md §4(b) (billee1011 option)"),
        "v1.1122334556789m-5m.ES.dW~shaanxi.qingyise_double-true",
        "suits"),
        lambda r, o: r.one_suit, under=_qingyise),
)
FANS = book_order(ROWS)

LIGHTS: dict[str, str] = {"pinghu": "hand", "qidui": "hand", "qingyise": "hand"}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
