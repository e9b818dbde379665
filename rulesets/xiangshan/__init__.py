"""象山麻将 (``xiangshan``, provisional): the 台 profile of two Xiangshan implementations
(rules/vague-systems.md §3): 144 tiles with flowers, 1 台 to win, M = 台 × base, each pays M on a
self-draw, the discarder 2M; 三包/互包, 拉杠, 送杠, 还杠. The seed's ×1/×2/×3/×4 table is the ``seed`` preset.

>>> from rulesets.engine import evaluate
>>> r = evaluate("12m456p789s555z22s3m", "xiangshan", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["payouts"]
(3, ['biandao', 'jianke', 'menqing'], {'E': 0, 'S': 6, 'W': -6, 'N': 0})
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .._regional import pipeline
from .._regional.pipeline import System
from ..hand import Hand
from ..messages import msg, text
from ..scoring import Ruleset, Score
from . import score as _score
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS
from .options import PRESET_INFO, PRESETS, Model, XiangshanOptions
from .settle import settle

PROVISIONAL = (
    "暂定：象山规则来自两个游戏实现（规则表与服务器代码，没有测试），不是规则书；假设见 docs/xiangshan.md。",
    "Provisional: the Xiangshan rules come from two game implementations (a rule sheet and server code, no "
    "tests), not a rule book; the assumptions are in docs/xiangshan.md.",
)


def _notes(hand: Hand, options: Any) -> list[str]:
    if options.model is Model.SEED and hand.context.flowers:
        return [text(msg("xiangshan.no_flowers"))]
    return []


SYSTEM = System(
    id="xiangshan", unit="台", players=4, kinds=_score.kinds, items=_score.items,
    settle=settle, value=_score.value,
    admit=lambda valued, options: _score.admit(valued.total, options), provisional=PROVISIONAL, notes=_notes,
    shape_problem=("不是和牌型：四组一将（种子表也可七对子）", "Not a winning shape: four sets and a pair (seven pairs "
                   "under the seed's table)"),
)


def score_hand(hand: Hand, options: Any) -> Score:
    return pipeline.score(SYSTEM, hand, options)


RULESET = Ruleset(
    id="xiangshan", zh="象山麻将", en="Xiangshan Mahjong", unit="台", players=4, fans=FANS,
    options_type=XiangshanOptions, score=score_hand, aliases=("象山", "xs", "ningbo-xiangshan"),
    presets=PRESETS, preset_info=PRESET_INFO, can_read=lambda hand: False, provisional=True,
    description_zh="象山麻将（暂定）：144张含花；数台，一台起胡；每台×底分，自摸三家各付，点炮者付双倍；三包/互包、拉杠、送杠、还杠"
    "由责任者包赔。种子的 平胡×1 碰胡×2 飘胡×3 七对子×4 是预设 seed。",
    description_en="Xiangshan mahjong (provisional): 144 tiles with flowers; count 台, 1 to win; money 台 × base, each "
    "loser pays on a self-draw, the discarder double on a discard; 三包/互包, 拉杠, 送杠 and 还杠 are paid by the "
    "responsible player. The seed's ×1/×2/×3/×4 table is the preset ``seed``.",
    settle=partial(pipeline.settle, SYSTEM), context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
