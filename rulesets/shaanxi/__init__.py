"""陕西麻将 (Shaanxi): 推倒胡 with 下炮子 — any four sets and a pair win; the payment is
底分 × (1, or 2 with the dealer, + both sides' cannons) × (2 self-drawn, 1 on a discard), and kong money.

The spec is rules/regional.md §4; the seed is 004 (陕西麻将规则介绍). docs/shaanxi.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("陕西").id, get_ruleset("推倒胡").id
('shaanxi', 'shaanxi')
"""

from __future__ import annotations

from ..hand import Hand
from ..scoring import Ruleset
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import ShaanxiOptions
from .score import score
from .settle import settle_score
from .works import WORKS

__all__ = ["FANS", "RULESET", "ShaanxiOptions"]


def _can_read(hand: Hand) -> bool:
    return False  # asked for by name only (not in the "all systems" comparison)


RULESET = Ruleset(
    id="shaanxi", zh="陕西麻将", en="Shaanxi Mahjong", unit="倍", players=4, fans=FANS,
    options_type=ShaanxiOptions, score=score, works=WORKS, aliases=("陕西", "陕西麻将", "推倒胡", "sx", "xian", "西安"),
    can_read=_can_read, context_fields=CONTEXT_FIELDS, context=CONTEXT, settle=settle_score,
    description_zh="陕西麻将（推倒胡）：四组一将即可胡，不计番；每家付 底分×(1或庄家2+双方炮子)×(自摸2/点炮1)；"
    "开局每家可下0–4个炮子；暗杠每家2、补杠每家1、直杠引杠者2。",
    description_en="Shaanxi (推倒胡): any four sets and a pair win, no patterns; each payer pays base × (1, 2 with "
    "the dealer, + both sides' cannons) × (2 self-drawn, 1 on a discard); cannons 0-4 per seat; kong money.",
)
