"""The 陕西麻将 table: 推倒胡 has one winning hand (平胡); 七对 and 清一色 are options that double it.
Values are multipliers (倍) of the per-payer payment.

>>> [f.id for f in FANS]
['pinghu', 'qidui', 'qingyise']
"""

from __future__ import annotations

from ..lights import declare
from ..scoring import Fan
from .works import WORKS

SEED = "seed 004 (陕西麻将规则介绍)"

FANS: tuple[Fan, ...] = (
    Fan("pinghu", "平胡", "Basic win", 1, (), "四组（顺子或刻子）加一对将（推倒胡：不计番）。",
        "Four sets and a pair (推倒胡: no patterns).", WORKS.cite("article", "牌型：放冲",
                                                               note="seed 004 (陕西麻将规则介绍) "
                                                                    "“只要行程平胡牌型就能胡”; rules/regional.md "
                                                                    "§4(a)"),
        "123m456p789s123s55z", "shape"),
    Fan("qidui", "七对", "Seven pairs", 2, (), "七个对子（选项：可胡，或可胡且×2）。",
        "Seven pairs (option: allowed, or allowed and ×2).", WORKS.cite("billee", "Table_ShanXi",
                                                                        note="rules/regional.md §4(a)-(b) "
                                                                             "(billee1011 option)"),
        "v1.1133m5577p99s112z-2z.ES.dW~shaanxi.seven_pairs-double", "shape"),
    Fan("qingyise", "清一色", "Full flush", 2, (), "全手一种花色（选项：×2）。", "One suit only (option: ×2).",
        WORKS.cite("billee", "Table_ShanXi", note="rules/regional.md §4(b) (billee1011 option)"),
        "v1.1122334556789m-5m.ES.dW~shaanxi.qingyise_double-true",
        "suits"),
)
BY_ID = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {"pinghu": "hand", "qidui": "hand", "qingyise": "hand"}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
