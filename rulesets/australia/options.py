"""House rules of 澳大利亚麻将 — Mahjong Australia "Traditional Mahjong" = the Zung Jung pattern system
(rules/vague-systems.md §1.2).

>>> o = AustraliaOptions()
>>> o.minimum, o.cap, o.payoff.value, o.par
(15, 320, 'formal', 25)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._regional.table import meta as _o
from ..scoring import Choice

MA = "Mahjong Australia Tournament Rules §1–2 (mahjongaustralia.com.au)"
ZJ = "Zung Jung v3.3 (zj-mahjong.info zj33_rules_eng; DavidSWu147/zjmj shared/src/scoring.ts, tested)"
ZJPAY = "DavidSWu147/zjmj shared/src/payment.ts (tested); riichi_advanced zung_jung.json"


class Payoff(Choice):
    """AU-A2: how the other three pay the winner's value V."""

    FORMAL = ("formal", "ZJ 正式（par 25）", "ZJ formal competition (par)")
    UNIFORM = ("uniform", "ZJ 均付（每家付V）", "ZJ uniform (each pays V)")
    APM = ("apm", "APM：自摸各付V，点炮者付2V", "APM: self-drawn each pays V, a discard the discarder 2V")



@dataclass(frozen=True)
class AustraliaOptions:
    minimum: int = field(default=15, metadata=_o(
        "起和分", "Minimum points to win", f"§1.2 AU-A1; {MA} §1 (15; the MA pattern page says 5)"))
    cap: int = field(default=320, metadata=_o("封顶", "Maximum (unless a listed limit hand)", f"§1.1; {MA} §1"))
    chicken: bool = field(default=False, metadata=_o(
        "鸡和1分", "A hand without patterns scores 1 (Chicken Hand)", f"§1.1; {ZJ} (standard ZJ; off with a minimum)"))
    payoff: Payoff = field(default=Payoff.FORMAL, metadata=_o("付分方式", "Payoff scheme", f"§1.2 AU-A2; {ZJPAY}"))
    par: int = field(default=25, metadata=_o("par 值", "Par of the formal scheme", f"§1.1; {ZJPAY} (ParSetting)"))
    seven_pairs_four: bool = field(default=True, metadata=_o(
        "七对可含四张相同", "Seven pairs may hold four of a kind (not declared as a kong)",
        "§1.2 AU-A6; zjmj test 'seven pairs including duplicate pairs'"))


PRESETS: dict[str, dict[str, Any]] = {
    "ma-15": {},
    "wsom-5": {"minimum": 5},
    "zj-chicken": {"minimum": 0, "chicken": True},
    "apm": {"payoff": Payoff.APM},
    "uniform": {"payoff": Payoff.UNIFORM},
}
PRESET_INFO: dict[str, tuple[str, str, str]] = {
    "ma-15": ("Mahjong Australia：15分起和，320封顶", "Mahjong Australia: 15 to win, cap 320", MA),
    "wsom-5": ("MA 番型页 / WSOM：5分起和", "MA pattern page / WSOM: 5 to win", "§1.1 MA scoring page (5)"),
    "zj-chicken": ("标准中庸：鸡和1分，无起和", "Standard Zung Jung: Chicken Hand 1, no minimum", ZJ),
    "apm": ("Asia Pacific Mahjong（悉尼）付分", "Asia Pacific Mahjong (Sydney) payoff", "http://apmahjong.com.au/mahjongrules.php"),
    "uniform": ("ZJ 均付", "ZJ uniform payoff", "http://tarotgames.netfirms.com/zj_uniform_eng.html"),
}
