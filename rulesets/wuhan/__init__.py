"""武汉麻将 · 红中癞子杠 (开口翻 / 口口翻): 136 tiles, a 癞子 from the indicator, 红中 put out as 红中杠.

The spec is rules/regional.md §1 (its errata first); the primary text is seed 001 (武汉麻将). Values are
分: 屁胡 1, each 大胡 10 (additive); every payment multiplies the base by the winner's and the payer's
doubles (``settle.py``). docs/wuhan.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("武汉", "红中癞子杠", "kaikoufan")]
['wuhan', 'wuhan', 'wuhan']
>>> RULESET.can_read(None)
False
"""

from __future__ import annotations

from ..scoring import Ruleset
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import WuhanOptions
from .score import RULES, SKIP_CHECKS, UNIT, score, waits, wild_rule
from .settle import settle_score
from .works import WORKS

RULESET = Ruleset(
    id=RULES,
    zh="武汉麻将·红中癞子杠",
    en="Wuhan Mahjong (红中癞子杠)",
    unit=UNIT,
    players=4,
    fans=FANS,
    options_type=WuhanOptions,
    score=score,
    works=WORKS,
    aliases=("武汉", "武汉麻将", "红中癞子杠", "红中赖子杠", "开口翻", "kaikoufan", "hzlzg"),
    hand_size=14,
    can_read=lambda hand: False,  # asked for by name; not in the default comparison
    description_zh="武汉麻将（红中癞子杠）：136张，翻牌加一为癞子，红中打出为红中杠，须开口，2、5、8作将；屁胡1分、"
    "大胡各10分可累计；每家的番（开口、杠、红中杠、癞子杠、庄、自摸、硬胡、放冲）逐家相乘。",
    description_en="Wuhan 红中癞子杠: 136 tiles, the 癞子 is the tile after the indicator, each 红中 put out is a "
    "红中杠, a win must be opened with a 2/5/8 pair; a small win is worth 1, each big win 10 (additive); every "
    "payment multiplies in the winner's and the payer's doubles.",
    waits=waits,
    context_fields=CONTEXT_FIELDS,
    context=CONTEXT,
    wild=wild_rule,
    skip_checks=SKIP_CHECKS,
    settle=settle_score,
)
