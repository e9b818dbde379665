"""杭州麻将: 136 tiles, the 财神 (the turned-up tile, 白板 playing its face), multipliers that multiply (七对 ×2 …
三豪华七对 ×16, 暴头 ×2, 财飘 ×2 each, 杠开 ×2 each), who may win on a discard, 承包 and 反承包.

The spec is ``rules/regional.md`` §2 with its errata; the primary text is seed 001 (杭州麻将); docs/hangzhou.md
records every decision. Not in the "all systems" comparison: ask for it by name.

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("杭州", "hz", "杭州麻将")]
['hangzhou', 'hangzhou', 'hangzhou']
"""

from __future__ import annotations

from ..scoring import Ruleset
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, HangzhouOptions
from .score import score_hand, wild_rule
from .settle import settle_score
from .works import WORKS

RULESET = Ruleset(
    id="hangzhou", zh="杭州麻将", en="Hangzhou Mahjong", unit="倍", players=4, fans=FANS,
    options_type=HangzhouOptions, score=score_hand, works=WORKS,
    aliases=("杭州", "hz", "杭麻", "hangzhou-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False,
    description_zh="杭州麻将：136张；翻出的牌即财神，白板代替它；七对、豪华七对（×4/×8/×16）、暴头×2、财飘×2、"
    "杠开×2 连乘；平庄只能自摸，连庄2次以上庄闲之间可放冲；承包、反承包。",
    description_en="Hangzhou: 136 tiles; the turned-up tile is the 财神 and 白板 plays its face; seven pairs, luxury "
    "seven pairs (×4/×8/×16), 暴头 ×2, 财飘 ×2, 杠开 ×2, all multiplied; self-draw only until the dealer has kept "
    "the deal twice, then dealer ↔ non-dealer discards; 承包 and 反承包.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT, wild=lambda hand, options: wild_rule(hand, options),
    settle=settle_score,
)

__all__ = ["FANS", "RULESET", "HangzhouOptions"]
