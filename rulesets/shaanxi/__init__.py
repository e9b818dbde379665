"""陕西麻将 (Shaanxi): 推倒胡 with 下炮子 — any four sets and a pair win; the payment is
底分 × (1, or 2 with the dealer, + both sides' cannons) × (2 self-drawn, 1 on a discard), and kong money.

The spec is rules/regional.md §4; the seed is 004 (陕西麻将规则介绍). docs/shaanxi.md records every decision.

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("陕西").id, get_ruleset("推倒胡").id
('shaanxi', 'shaanxi')
>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456p789s123s5z5z", "shaanxi", {"seat": "S", "win": "self_drawn",
...              "cannons": {"E": 2, "S": 1, "N": 4}})["results"][0]
>>> r["payouts"]
{'E': -10, 'S': 26, 'W': -4, 'N': -12}
"""

from __future__ import annotations

from ..errors import HandError
from ..hand import Hand
from ..messages import msg, text
from ..pipeline import Combine, Outcome, Pipeline, Problem, Value
from ..scoring import Ruleset
from ..shapes import ShapeKind, decompose
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import FANS, ROWS, ShaanxiReading
from .options import SevenPairs, ShaanxiOptions
from .settle import robbed_kong, settle
from .works import WORKS

__all__ = ["FANS", "RULESET", "ShaanxiOptions"]

JIANG = frozenset({2, 5, 8})


def validate(hand: Hand, options: ShaanxiOptions) -> None:
    """A complete hand of 14 tiles at a table of four."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_13"))
    hand.validate(hand_size=14, players=4)


def check(hand: Hand, options: ShaanxiOptions) -> Problem | None:
    """No flowers; the honours only at a table that plays with them (带风)."""
    if hand.context.flowers:
        return "陕西麻将没有花牌", "Shaanxi mahjong has no flowers"
    if options.honours:
        return None
    odd = next((t for t in hand.all_tiles if not t.is_suited), None)
    if odd is not None:
        return (f"本桌不带风（108张）：{odd.zh}（{odd}）不是本桌的牌",
                f"This table plays without honours (108 tiles): {odd} ({odd.en}) is not one of them")
    return None


def kinds(options: ShaanxiOptions) -> frozenset[ShapeKind]:
    """Four sets and a pair; seven pairs too where the house rules allow them."""
    if options.seven_pairs is SevenPairs.OFF:
        return frozenset({ShapeKind.STANDARD})
    return frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def readings(hand: Hand, options: ShaanxiOptions) -> list[ShaanxiReading]:
    """Each shape of the kinds the table allows, read once (推倒胡 counts no wait)."""
    held = (*hand.standing, *(t for m in hand.melds for t in m.tiles))
    suits = {t.suit for t in held} | ({hand.winning_tile.suit} if hand.winning_tile is not None else set())
    one_suit = len(suits) == 1 and next(iter(suits)).is_suited
    return [ShaanxiReading(shape, one_suit) for shape in decompose(hand, kinds(options))]


def legal(reading: ShaanxiReading, options: ShaanxiOptions) -> Problem | None:
    """二五八将: at a table that asks for it, the pair of four sets and a pair is a 2, 5 or 8."""
    shape = reading.shape
    if not options.jiang258 or shape.kind is not ShapeKind.STANDARD:
        return None
    pair = shape.pair
    if pair is not None and pair.tile.is_suited and pair.tile.rank in JIANG:
        return None
    return "本桌要二五八做将", "This table needs a pair of 2, 5 or 8"


def no_shape(hand: Hand, options: ShaanxiOptions) -> Problem:
    """Not a winning shape, naming the shapes this table allows."""
    if options.seven_pairs is SevenPairs.OFF:
        return "不是和牌型：四组一将（推倒胡）", "Not a winning shape: four sets and a pair"
    return "不是和牌型：四组一将或七对", "Not a winning shape: four sets and a pair or seven pairs"


def notes(outcome: Outcome[ShaanxiOptions, ShaanxiReading]) -> tuple[str, ...]:
    """A win robbing a kong says that the robbed 补杠 pays no kong money."""
    if outcome.best is None or outcome.refused is not None:
        return ()
    void = robbed_kong(outcome.hand)
    return () if void is None else (text(msg("shaanxi.robbed_kong", seat=void.seat.value)),)


PIPELINE: Pipeline[ShaanxiOptions, ShaanxiReading] = Pipeline(
    rows=ROWS, readings=readings, settle=settle, value=Value(Combine.MULTIPLY), validate=validate, check=check,
    legal=legal, no_reading_says=no_shape, notes=notes,
)


RULESET = Ruleset(
    id="shaanxi", zh="陕西麻将", en="Shaanxi Mahjong", unit="倍", players=4, options_type=ShaanxiOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("陕西", "陕西麻将", "推倒胡", "sx", "xian", "西安"),
    compared=False, context_fields=CONTEXT_FIELDS, context=CONTEXT,
    description_zh="陕西麻将（推倒胡）：四组一将即可胡，不计番；每家付 底分×(1或庄家2+双方炮子)×(自摸2/点炮1)；"
    "开局每家可下0–4个炮子；暗杠每家2、补杠每家1、直杠引杠者2。",
    description_en="Shaanxi (推倒胡): any four sets and a pair win, no patterns; each payer pays base × (1, 2 with "
    "the dealer, + both sides' cannons) × (2 self-drawn, 1 on a discard); cannons 0-4 per seat; kong money.",
)
