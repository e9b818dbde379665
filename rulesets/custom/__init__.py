"""Our table's rules (``custom``): a system a table defines itself, entirely from its options.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456p789s234m11s", "custom", {"win": "self_drawn"}, {"zimo": 2})["results"][0]
>>> r["total"], r["payouts"]
(4, {'E': 12, 'S': -4, 'W': -4, 'N': -4})
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand, MeldKind
from ..pipeline import Minimum, Outcome, Pipeline, Problem, Value
from ..reading import Reading, placed
from ..scoring import Details, Ruleset
from ..shapes import ShapeKind
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import BOOK, FENGDING, ROWS
from .options import PRESET_INFO, PRESETS, CustomOptions
from .settle import multiplier, settle
from .works import WORKS

_STANDARD = frozenset({ShapeKind.STANDARD})
_WITH_PAIRS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def kinds(options: CustomOptions) -> frozenset[ShapeKind]:
    return _WITH_PAIRS if options.seven_pairs else _STANDARD


def check(hand: Hand, options: CustomOptions) -> Problem | None:
    """What the table's shape rules refuse before any reading: claimed chows, three suits."""
    chow = next((m for m in hand.melds if m.kind is MeldKind.CHOW), None)
    if chow is not None and not options.chow:
        return f"本桌不能吃：{chow} 是吃进的顺子", f"This table does not allow chows: {chow} was claimed"
    if options.void_suit and len({t.suit for t in hand.all_tiles if t.is_suited}) == 3:
        return "万、筒、条三门都有：本桌必须缺一门", "The hand holds all three suits: this table requires a void suit"
    return None


def legal(reading: Reading, options: CustomOptions) -> Problem | None:
    """必须开门 (seven pairs exempt) and a 2/5/8 pair, where the table asks for them."""
    if options.must_open and reading.kind is ShapeKind.STANDARD and reading.menqing:
        return ("本桌必须开门：至少要有一组吃、碰或明杠（七对除外）",
                "This table requires an open hand: at least one claimed meld (seven pairs exempt)")
    pair = reading.pair
    if options.pair_258 and reading.kind is ShapeKind.STANDARD and pair is not None:
        if not (pair.tile.is_suited and pair.tile.rank in (2, 5, 8)):
            return (f"本桌要二五八将：{pair} 不是", f"This table needs a 2, 5 or 8 pair: {pair} is not one")
    return None


def _below(has: int, need: int, hand: Hand, options: CustomOptions) -> Problem:
    return f"不够起胡：{has} 番，本桌 {need} 番起胡", f"Below this table's minimum: {has}, the minimum is {need}"


@dataclass(frozen=True)
class CustomDetails(Details):
    """What one payer pays per base (the value, or 2^value when values double), and how values combine."""

    multiplier: int
    combine: str


def details(outcome: Outcome[CustomOptions, Reading]) -> CustomDetails | None:
    best, options = outcome.best, outcome.options
    return None if best is None else CustomDetails(multiplier(best.total, options), options.combine.value)


PIPELINE: Pipeline[CustomOptions, Reading] = Pipeline(
    rows=ROWS, book=BOOK, readings=placed(kinds), settle=settle, check=check, legal=legal, details=details,
    value=Value(cap=lambda o: o.cap, cap_row=FENGDING),
    minimum=Minimum(need=lambda hand, o: o.minimum, says=_below),
    no_reading=("不是和牌型：四组一将（本桌许可时也可七对）",
                "Not a winning shape: four sets and a pair (or seven pairs where the table allows them)"),
)

RULESET = Ruleset(
    id="custom", zh="自定义规则", en="Our table rules", unit="番", players=4, options_type=CustomOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("自定义", "our-rules", "house", "table-rules"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False,
    description_zh="自定义：本桌自己定的规则——哪些牌型能和、每个番种几番、相加还是翻倍、底分、谁付、自摸/庄家倍数、封顶和起胡。"
    "整套规则都在选项里，分享链接带着它。可以从任何一个内置规则开始改（模板）。",
    description_en="Our table's rules: the table picks the legal shapes, a value for each pattern, adding or doubling, "
    "the base, who pays, the self-draw and dealer factors, a cap and a minimum. The whole definition is in the "
    "options, so a share link carries it. Start from any built-in system as a template.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)

__all__ = ["RULESET", "CustomOptions"]
