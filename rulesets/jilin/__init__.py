"""吉林麻将 (``jilin``): the MIL 2024 长春 competition profile (rules/vague-systems.md §4).

136 tiles, no flowers; all three suits and a terminal or honour to win; 门清 1, 夹/单吊/单和 1, 飘和 2,
七对 3, 豪华七对 4, 冲宝 2, 摸宝 1; each other player pays 2^(番 + dealer + self-draw/discarder), capped at
2^6; a discarder who had not declared ready pays for all.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[111m1][999p1][777s1]55z11p1p", "jilin", {"win": "self_drawn"})["results"][0]
>>> r["total"], r["payouts"]
(2, {'E': 48, 'S': -16, 'W': -16, 'N': -16})
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from .._regional import pipeline
from .._regional.pipeline import System
from ..errors import MahjongError
from ..hand import Hand
from ..messages import msg, text
from ..scoring import Ruleset, Score
from ..shapes import waits
from . import score as _score
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, JilinOptions
from .settle import settle

SYSTEM = System(
    id="jilin", unit="番", players=4, kinds=lambda options: _score.KINDS, items=_score.items,
    settle=settle,
    check=_score.check, legal=_score.legal,
)


def _mobao(hand: Hand, options: Any) -> Score:
    """摸宝: the drawn 宝 stands for the best tile the 13 tiles wait on (MIL 2024; §4.1)."""
    context = hand.context.replace(table=tuple((k, v) for k, v in hand.context.table if k != "bao"))
    before = Hand(hand.standing, hand.melds, None, context)
    best: Score | None = None
    for t in waits(before, _score.KINDS):
        try:
            s = pipeline.score(SYSTEM, before.with_winning_tile(t), options)
        except MahjongError:
            continue
        if s.valid and (best is None or s.total > best.total):
            best, tile = s, t
    if best is None:
        return pipeline.invalid(SYSTEM, options, ("摸宝：这手牌没有听牌，宝牌当不了和张",
                                                  "摸宝: the 13 tiles are not ready, so the 宝 stands for nothing"))
    note = text(msg("jilin.bao_stands_for", bao=str(hand.winning_tile), tile=str(tile)))
    return replace(best, extra={**best.extra, "represented_win": str(tile), "notes": [note]})


def score_hand(hand: Hand, options: Any) -> Score:
    if hand.winning_tile is not None and _score.bao_win(hand) == "mo":
        pipeline.validate(SYSTEM, hand)
        problem = _score.check(hand, options)
        if problem:
            return pipeline.invalid(SYSTEM, options, problem)
        return _mobao(hand, options)
    return pipeline.score(SYSTEM, hand, options)


RULESET = Ruleset(
    id="jilin", zh="吉林麻将（长春）", en="Jilin Mahjong (Changchun)", unit="番", players=4, fans=FANS,
    options_type=JilinOptions, score=score_hand, aliases=("吉林", "长春", "长春麻将", "changchun", "jl"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False,
    description_zh="吉林麻将按 MIL 长春麻将竞赛规则（2024试行）：136张，三门齐带幺九才能和；"
    "门清1、夹/单吊/单和1、飘和2、七对3、豪华七对4、冲宝2、摸宝1；"
    "每家付 2^(番+庄+自摸或点炮)，6番封顶；未报听的点炮者包三家。",
    description_en="Jilin mahjong as the MIL Changchun competition rules (2024): 136 tiles; all three suits and a "
    "terminal or honour to win; 门清 1, closed/pair/single wait 1, all pungs 2, seven pairs 3, luxury 4, 冲宝 2, "
    "摸宝 1; each loser pays 2^(fan + dealer + self-draw or discarder), capped at 2^6; an unready discarder pays "
    "for all.",
    settle=partial(pipeline.settle, SYSTEM), context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
