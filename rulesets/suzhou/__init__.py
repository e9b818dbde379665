"""苏州麻将 (``suzhou``, provisional): 中发白 are flowers, no chow; a hand is worth 底花 + its hold 花 +
pattern bonuses (rules/vague-systems.md §2); a 小胡 needs 2 花 self-drawn and 3 on a discard (两摸三冲).

>>> from rulesets.engine import evaluate
>>> r = evaluate("[111m1]456p789p22s34s2s||abc", "suzhou", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], r["payouts"]
(8, {'E': 0, 'S': 8, 'W': -8, 'N': 0})
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .._regional import pipeline
from .._regional.pipeline import System
from ..hand import Hand
from ..scoring import Ruleset, Score
from . import score as _score
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, SuzhouOptions
from .settle import settle

PROVISIONAL = (
    "暂定：苏州规则来自同一作者的两代游戏服务器代码（没有测试），不是规则书；假设见 docs/suzhou.md。",
    "Provisional: the Suzhou rules come from two generations of one vendor's game server (no tests), not a "
    "rule book; the assumptions are in docs/suzhou.md.",
)

SYSTEM = System(
    id="suzhou", unit="花", players=4, kinds=lambda options: _score.KINDS, items=_score.items,
    settle=settle, check=_score.check,
    admit=_score.admit, extra=_score.extra, provisional=PROVISIONAL,
)


def score_hand(hand: Hand, options: Any) -> Score:
    return pipeline.score(SYSTEM, hand, options)


RULESET = Ruleset(
    id="suzhou", zh="苏州麻将", en="Suzhou Mahjong", unit="花", players=4, fans=FANS,
    options_type=SuzhouOptions, score=score_hand, aliases=("苏州", "sz", "suzhou-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False, provisional=True,
    description_zh="苏州麻将（暂定）：中发白当花，不能吃；底花5 + 花（花牌、风碰风杠、暗杠）+ 番型；"
    "小胡两摸三冲，大胡不限；自摸三家各付，点炮者一家付；抢杠、送杠包三家；翻倍局 ×2。",
    description_en="Suzhou mahjong (provisional): 中发白 are flowers, no chow; 5 base 花 + the hold 花 (flowers, wind "
    "pungs and kongs, concealed kongs) + pattern bonuses; a 小胡 needs 2 花 self-drawn, 3 on a discard; "
    "each loser pays a self-draw, the discarder alone a discard; a robbed kong and 送杠 pay ×3; a doubled hand ×2.",
    settle=partial(pipeline.settle, SYSTEM), context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
