"""澳大利亚麻将 (``australia``, provisional): Mahjong Australia's "Traditional Mahjong" — 136 tiles, the
Zung Jung pattern system (44 additive patterns, one per series), 15 points to win, 320 maximum unless a
listed limit hand, the ZJ formal (par 25) payoff (rules/vague-systems.md §1).

>>> from rulesets.engine import evaluate
>>> r = evaluate("111m444p777s999s55z", "australia", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], r["payouts"]
(160, {'E': -25, 'S': 480, 'W': -430, 'N': -25})
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .._regional import pipeline
from .._regional.pipeline import System
from ..hand import Hand
from ..scoring import Ruleset, Score
from . import score as _score
from .fans import FANS
from .options import PRESET_INFO, PRESETS, AustraliaOptions
from .settle import settle

PROVISIONAL = (
    "暂定：番型、起和与封顶出自 Mahjong Australia（即中庸麻将 Zung Jung），但 MA 的付分规则没能取得，"
    "按中庸正式赛（par 25）计；假设见 docs/australia.md。",
    "Provisional: the patterns, minimum and maximum are Mahjong Australia's (= Zung Jung), but MA's payoff "
    "paragraph could not be obtained: the ZJ formal scheme (par 25) is assumed; see docs/australia.md.",
)

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "last_tile", "heavenly", "earthly",
                            "flowers"})
"""How it was won and who discarded (who pays), the seat wind (Value Honour; the round wind is not
recognised), 岭上开花, 海底/河底, 天和/地和; flowers only to refuse them."""

SYSTEM = System(
    id="australia", unit="分", players=4, kinds=lambda options: _score.KINDS, items=_score.items,
    settle=settle, check=_score.check,
    legal=_score.legal, value=_score.value, admit=lambda valued, options: _score.admit(valued.total, options),
    provisional=PROVISIONAL,
    shape_problem=("不是和牌型：四组一将、七对子或十三幺", "Not a winning shape: four sets and a pair, seven pairs or "
                   "thirteen terminals"),
)


def score_hand(hand: Hand, options: Any) -> Score:
    return pipeline.score(SYSTEM, hand, options)


RULESET = Ruleset(
    id="australia", zh="澳大利亚麻将", en="Mahjong Australia (Zung Jung)", unit="分", players=4, fans=FANS,
    options_type=AustraliaOptions, score=score_hand, aliases=("澳大利亚", "澳洲", "mahjong-australia", "zung-jung",
                                                              "zj", "au"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False, provisional=True,
    description_zh="澳大利亚麻将（Mahjong Australia 传统麻将，暂定）：136张无花；中庸麻将44个番型相加，同系列只取最高；"
    "15分起和，320封顶（限牌除外）；中庸正式赛 par 25 付分。",
    description_en="Mahjong Australia \"Traditional Mahjong\" (provisional): 136 tiles, no flowers; the 44 Zung Jung "
    "patterns added, the highest of each series; 15 to win, 320 maximum unless a listed limit hand; the ZJ formal "
    "(par 25) payoff.",
    settle=partial(pipeline.settle, SYSTEM), context_fields=CONTEXT_FIELDS,
)
