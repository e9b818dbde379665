"""富阳麻将: 136 tiles, the 财神 turned up by dice, 杠花 (the tile after the 财神, 1 台 each), 台 that add (硬货,
门风刻, 碰碰胡, 混一色, 清一色 3, 全风子 13, 杠上开花), 两台起胡 and 两摸三放.

The spec is ``rules/regional.md`` §5 with its errata; the primary text is seed 000 (富阳麻将); docs/fuyang.md
records every decision, among them the payout, which the seed does not give. Not in the "all systems"
comparison: ask for it by name.

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("富阳", "fy", "富阳麻将")]
['fuyang', 'fuyang', 'fuyang']
"""

from __future__ import annotations

from ..scoring import Ruleset
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, FuyangOptions
from .score import score_hand, wild_rule
from .settle import settle_score

RULESET = Ruleset(
    id="fuyang", zh="富阳麻将", en="Fuyang Mahjong", unit="台", players=4, fans=FANS,
    options_type=FuyangOptions, score=score_hand, aliases=("富阳", "fy", "fuyang-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False,
    description_zh="富阳麻将：136张；财神按骰子翻出（兜底翻/大骰子倒滚翻），财神的下一张为杠花，每只1台；硬货、门风刻、碰碰胡、"
    "混一色各1台，清一色3台，全风子13台，杠上开花1台；两台起胡，三台以上可放冲（两摸三放）。付法种子没有给出，是假设。",
    description_en="Fuyang: 136 tiles; the 财神 is turned up by dice; the tile after it is 杠花, 1 台 each held; "
    "dragon pungs, the seat-wind pung, all pungs and a half flush 1 台 each, full flush 3, all honours 13, "
    "win on a kong replacement 1; 2 台 to win, 3 台 to win on a discard (两摸三放). The seed gives no payout: it is an "
    "assumption.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT, wild=lambda hand, options: wild_rule(hand, options),
    settle=settle_score,
)

__all__ = ["FANS", "RULESET", "FuyangOptions"]
