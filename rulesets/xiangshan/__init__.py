"""象山麻将 (``xiangshan``, provisional): the 台 profile of two Xiangshan implementations: 144 tiles with flowers,
1 台 to win, M = 台 × base, each pays M on a self-draw, the discarder 2M; 三包/互包, 拉杠, 送杠, 还杠. The seed
article's ×1/×2/×3/×4 table is the ``seed`` preset.

>>> from rulesets.engine import evaluate
>>> r = evaluate("12m456p789s555z22s3m", "xiangshan", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["payouts"]
(3, ['biandao', 'jianke', 'menqing'], {'E': 0, 'S': 6, 'W': -6, 'N': 0})
"""

from __future__ import annotations

from ..hand import Hand
from ..messages import msg, text
from ..pipeline import Minimum, Outcome, Pipeline, Problem, Value
from ..reading import Reading, placed
from ..scoring import Ruleset
from ..shapes import ShapeKind
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import BOOK, FENGDING, ROWS
from .options import PRESET_INFO, PRESETS, Model, XiangshanOptions
from .settle import settle
from .works import WORKS

_STANDARD = frozenset({ShapeKind.STANDARD})
_WITH_PAIRS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def kinds(options: XiangshanOptions) -> frozenset[ShapeKind]:
    """The 台 profile scores sets and a pair only (neither implementation lists seven pairs); the seed's
    table has 七对子."""
    return _WITH_PAIRS if options.model is Model.SEED else _STANDARD


def notes(outcome: Outcome[XiangshanOptions, Reading]) -> list[str]:
    """The seed's table has no flowers: a scored hand with flowers says they were not counted."""
    if outcome.best is not None and outcome.options.model is Model.SEED and outcome.hand.context.flowers:
        return [text(msg("xiangshan.no_flowers"))]
    return []


def _too_few(has: int, need: int, hand: Hand, options: XiangshanOptions) -> Problem:
    return f"不够起胡：{has} 台，要 {need} 台才能和", f"Not enough to win: {has} 台, {need} needed"


PIPELINE: Pipeline[XiangshanOptions, Reading] = Pipeline(
    rows=ROWS, book=BOOK, readings=placed(kinds), settle=settle, notes=notes,
    value=Value(cap=lambda o: o.cap if o.model is Model.TAI else 0, cap_row=FENGDING),
    minimum=Minimum(need=lambda hand, o: o.min_tai if o.model is Model.TAI else 0, says=_too_few),
    no_reading=("不是和牌型：四组一将（文章倍数表也可七对子）",
                "Not a winning shape: four sets and a pair (seven pairs under the article's table)"),
)

RULESET = Ruleset(
    id="xiangshan", zh="象山麻将", en="Xiangshan Mahjong", unit="台", players=4, options_type=XiangshanOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("象山", "xs", "ningbo-xiangshan"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False, provisional=True,
    provisional_note=(
        "暂定：象山规则来自两个游戏实现（规则表与服务器代码，没有测试），不是规则书；假设见本站的象山麻将说明。",
        "Provisional: the Xiangshan rules come from two game implementations (a rule sheet and server code, no "
        "tests), not a rule book; the assumptions are in this site's notes."),
    description_zh="象山麻将（暂定）：144张含花；数台，一台起胡；每台×底分，自摸三家各付，点炮者付双倍；三包/互包、拉杠、送杠、还杠"
    "由责任者包赔。《象山麻将规则》一文的 平胡×1 碰胡×2 飘胡×3 七对子×4 是一个预设。",
    description_en="Xiangshan mahjong (provisional): 144 tiles with flowers; count 台, 1 to win; money 台 × base, each "
    "loser pays on a self-draw, the discarder double on a discard; 三包/互包, 拉杠, 送杠 and 还杠 are paid by the "
    "responsible player. The ×1/×2/×3/×4 table of the article “Xiangshan mahjong rules” is a preset.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
