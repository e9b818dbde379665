"""Our table's rules (``custom``): a system a table defines itself, entirely from its options.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456p789s234m11s", "custom", {"win": "self_drawn"}, {"zimo": 2})["results"][0]
>>> r["total"], r["payouts"]
(4, {'E': 12, 'S': -4, 'W': -4, 'N': -4})
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .._regional import pipeline
from .._regional.pipeline import System, Valued
from ..hand import Hand
from ..reading import Reading
from ..scoring import Ruleset, Score
from . import score as _score
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, CustomOptions
from .settle import settle

SYSTEM = System(
    id="custom", unit="番", players=4, kinds=_score.kinds, items=_score.items,
    settle=settle,
    check=_score.check, legal=_score.legal, value=_score.value,
    admit=lambda valued, options: _score.admit(valued.total, options),
    extra=lambda hand, valued, options: _score.extra(valued.total, options),
    shape_problem=("不是和牌型：四组一将（本桌许可时也可七对）",
                   "Not a winning shape: four sets and a pair (or seven pairs where the table allows them)"),
)


def score_hand(hand: Hand, options: Any) -> Score:
    return pipeline.score(SYSTEM, hand, options)


RULESET = Ruleset(
    id="custom", zh="自定义规则", en="Our table rules", unit="番", players=4, fans=FANS,
    options_type=CustomOptions, score=score_hand, aliases=("自定义", "our-rules", "house", "table-rules"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False,
    description_zh="自定义：本桌自己定的规则——哪些牌型能和、每个番种几番、相加还是翻倍、底分、谁付、自摸/庄家倍数、封顶和起胡。"
    "整套规则都在选项里，分享链接带着它。可以从任何一个内置规则开始改（模板）。",
    description_en="Our table's rules: the table picks the legal shapes, a value for each pattern, adding or doubling, "
    "the base, who pays, the self-draw and dealer factors, a cap and a minimum. The whole definition is in the "
    "options, so a share link carries it. Start from any built-in system as a template.",
    settle=partial(pipeline.settle, SYSTEM), context_fields=CONTEXT_FIELDS, context=CONTEXT,
)

__all__ = ["RULESET", "CustomOptions", "Reading", "Valued"]
