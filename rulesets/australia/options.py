"""House rules of 澳大利亚麻将 — Mahjong Australia "Traditional Mahjong" = the Zung Jung pattern system.

>>> o = AustraliaOptions()
>>> o.minimum, o.cap, o.payoff.value, o.par
(15, 320, 'formal', 25)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..scoring import Choice, house_rule
from ..sources import Source
from .works import WORKS


class Payoff(Choice):
    """How the other three pay the winner's value V."""

    FORMAL = ("formal", "ZJ 正式（par 25）", "ZJ formal competition (par)")
    UNIFORM = ("uniform", "ZJ 均付（每家付V）", "ZJ uniform (each pays V)")
    APM = ("apm", "APM：自摸各付V，点炮者付2V", "APM: self-drawn each pays V, a discard the discarder 2V")


@dataclass(frozen=True)
class AustraliaOptions:
    minimum: int = house_rule(15, "起和分", "Minimum points to win",
                              WORKS.cite("ma", "section 1",
                                         note="vague-systems.md §1.2 AU-A1 (the MA pattern page says 5)"))
    cap: int = house_rule(320, "封顶", "Maximum (unless a listed limit hand)", WORKS.cite("ma", "section 1",
                                                                                          note="§1.1"))
    chicken: bool = house_rule(False, "鸡和1分", "A hand without patterns scores 1 (Chicken Hand)",
                               WORKS.cite("zj", "Chicken Hand", note="§1.1: standard ZJ; off with a minimum"))
    payoff: Payoff = house_rule(Payoff.FORMAL, "付分方式", "Payoff scheme",
                                WORKS.cite("zjmj", "shared/src/payment.ts", note="§1.2 AU-A2"))
    par: int = house_rule(25, "par 值", "Par of the formal scheme",
                          WORKS.cite("zjmj", "shared/src/payment.ts (ParSetting)", note="§1.1"))
    seven_pairs_four: bool = house_rule(
        True, "七对可含四张相同", "Seven pairs may hold four of a kind (not declared as a kong)",
        WORKS.cite("zjmj", "test 'seven pairs including duplicate pairs'", note="§1.2 AU-A6"))


PRESETS: dict[str, dict[str, Any]] = {
    "ma-15": {},
    "wsom-5": {"minimum": 5},
    "zj-chicken": {"minimum": 0, "chicken": True},
    "apm": {"payoff": Payoff.APM},
    "uniform": {"payoff": Payoff.UNIFORM},
}
PRESET_INFO: dict[str, tuple[str, str, str | Source]] = {
    "ma-15": ("Mahjong Australia：15分起和，320封顶", "Mahjong Australia: 15 to win, cap 320", WORKS.cite("ma",
                                                                                                          "section 1")),
    "wsom-5": ("MA 番型页 / WSOM：5分起和", "MA pattern page / WSOM: 5 to win", WORKS.cite("ma-patterns", note="§1.1")),
    "zj-chicken": ("标准中庸：鸡和1分，无起和", "Standard Zung Jung: Chicken Hand 1, no minimum", WORKS.cite("zj")),
    "apm": ("Asia Pacific Mahjong（悉尼）付分", "Asia Pacific Mahjong (Sydney) payoff", WORKS.cite("apm")),
    "uniform": ("ZJ 均付", "ZJ uniform payoff", WORKS.cite("zj-uniform")),
}
