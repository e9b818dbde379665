"""澳大利亚麻将 (``australia``, provisional): Mahjong Australia's "Traditional Mahjong" — 136 tiles, the Zung Jung
pattern system (44 additive patterns, one per series), 15 points to win, 320 maximum unless a listed limit hand,
the ZJ formal (par 25) payoff.

>>> from rulesets.engine import evaluate
>>> r = evaluate("111m444p777s999s55z", "australia", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], r["payouts"]
(160, {'E': -25, 'S': 480, 'W': -430, 'N': -25})
"""

from __future__ import annotations

from ..hand import Hand
from ..pipeline import Minimum, Pipeline, Problem, Value
from ..reading import Reading, placed
from ..scoring import Ruleset
from ..shapes import ShapeKind
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import BOOK, BY_ID, LIMITS, ROWS
from .options import PRESET_INFO, PRESETS, AustraliaOptions
from .settle import settle
from .works import WORKS

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS, ShapeKind.THIRTEEN_ORPHANS})

def check(hand: Hand, options: AustraliaOptions) -> Problem | None:
    if hand.context.flowers:
        return "澳大利亚麻将（Mahjong Australia）用136张，没有花牌", "Mahjong Australia uses 136 tiles: no flowers"
    return None


def legal(r: Reading, options: AustraliaOptions) -> Problem | None:
    if r.kind is ShapeKind.SEVEN_PAIRS and not options.seven_pairs_four and r.held_fours:
        return "本桌七对不能含四张相同", "At this table seven pairs may not hold four of a kind"
    return None


def _below(has: int, need: int, hand: Hand, options: AustraliaOptions) -> Problem:
    return f"不够起和：{has} 分，最少 {need} 分", f"Below the minimum: {has} points, {need} needed to win"


PIPELINE: Pipeline[AustraliaOptions, Reading] = Pipeline(
    rows=ROWS, book=BOOK, readings=placed(lambda options: KINDS), settle=settle, check=check, legal=legal,
    value=Value(limits=frozenset(LIMITS), limit_row=BY_ID["limit"], cap=lambda o: o.cap, cap_row=BY_ID["cap"]),
    minimum=Minimum(need=lambda hand, o: o.minimum, says=_below),
    no_reading=("不是和牌型：四组一将、七对子或十三幺", "Not a winning shape: four sets and a pair, seven pairs or "
                "thirteen terminals"),
)

RULESET = Ruleset(
    id="australia", zh="澳大利亚麻将", en="Mahjong Australia (Zung Jung)", unit="分", players=4,
    options_type=AustraliaOptions, pipeline=PIPELINE, works=WORKS,
    aliases=("澳大利亚", "澳洲", "mahjong-australia", "zung-jung", "zj", "au"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False, provisional=True,
    provisional_note=(
        "暂定：番型、起和与封顶出自 Mahjong Australia（即中庸麻将 Zung Jung），但 MA 的付分规则没能取得，"
        "按中庸正式赛（par 25）计；假设见本站的澳大利亚麻将说明。",
        "Provisional: the patterns, minimum and maximum are Mahjong Australia's (= Zung Jung), but MA's payoff "
        "paragraph could not be obtained: the ZJ formal scheme (par 25) is assumed; see this site's notes."),
    description_zh="澳大利亚麻将（Mahjong Australia 传统麻将，暂定）：136张无花；中庸麻将44个番型相加，同系列只取最高；"
    "15分起和，320封顶（限牌除外）；中庸正式赛 par 25 付分。",
    description_en="Mahjong Australia \"Traditional Mahjong\" (provisional): 136 tiles, no flowers; the 44 Zung Jung "
    "patterns added, the highest of each series; 15 to win, 320 maximum unless a listed limit hand; the ZJ formal "
    "(par 25) payoff.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
