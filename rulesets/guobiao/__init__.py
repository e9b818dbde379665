"""国标麻将 (Chinese Official / MCR): the 81 fans, the scoring principles, the 8-fan minimum, payouts.

The pipeline (:func:`score`): validate → decompose → for each decomposition: view → detect every fan
(one predicate per table row) → table exclusions (不计) → account-once → 无番和 → total; then the best
decomposition (就高不就低), the minimum, the flowers, the settlement.

>>> from rulesets.hand import Hand
>>> from rulesets.tiles import tiles
>>> t = tiles("1112345678999m5m")
>>> s = RULESET.score(Hand(t[:-1], (), t[-1]), Options())
>>> s.valid, s.total, [(i.fan.zh, i.count) for i in s.items]
(True, 91, [('九莲宝灯', 1), ('双暗刻', 1), ('幺九刻', 1)])
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from rulesets.hand import Hand
from rulesets.scoring import Excludes, Exclusion, Fan, Item, Ruleset, Score, ShapeScore, apply_exclusions, options_dict
from rulesets.shapes import GroupKind, Shape, ShapeKind, decompose

from . import context
from .fans import FAN, FANS, STRICT_VOIDED_SUIT
from .options import MixedKongs, Options, Payout
from .payout import settle
from .predicates import PREDICATES
from .principles import account_once, has_unique_wait
from .view import Facts, facts_of, view_of, wait_reading

__all__ = ["RULESET", "Options", "MixedKongs", "Payout", "score", "fan_table"]

MINIMUM = 8  # 8番起和, flowers not counted (1998 rules 第十条 一(一)2; mcr.md §2.2)
CHICKEN = FAN["chicken_hand"]
FLOWERS = FAN["flower_tiles"]
TIE_PREFERENCE = ("pure_triple_chow", "triple_pung", "all_five")
"""Between readings of equal value, summerinsects reports one with 一色三同顺, 三同刻 or 全带五, and a
standard reading over seven pairs (mcr.md §3.5)."""


@lru_cache(maxsize=16)
def fan_table(options: Options) -> tuple[Fan, ...]:
    """The fan table in force under ``options``: 明暗杠 at its chosen value (or absent), and the strict
    1998 缺一门 exclusions when asked for."""
    out = []
    for fan in FANS:
        if fan.id == "melded_and_concealed_kong":
            value = options.mixed_kongs.value_fan
            if value is None:
                continue
            fan = dataclasses.replace(fan, value=value)
        if options.strict_voided_suit and fan.id in STRICT_VOIDED_SUIT:
            fan = dataclasses.replace(fan, excludes=fan.excludes + (Excludes("one_voided_suit"),))
        out.append(fan)
    return tuple(out)


def score(hand: Hand, options: Options | None = None) -> Score:
    """Score a complete hand. Raises :class:`~rulesets.errors.HandError` /
    :class:`~rulesets.errors.ContextError` for a hand that cannot exist."""
    options = options or Options()
    hand.validate(hand_size=14, players=4)
    context.check(hand)
    echo = options_dict(options)
    extra = {"notes": notes} if (notes := context.notes(hand.context)) else {}
    shapes = decompose(hand)
    if not shapes:
        return Score("guobiao", False, "番", reason="不是和牌型", reason_en="not a winning shape", options=echo, extra=extra)
    facts = facts_of(hand)
    unique = any(wait_reading(s, options.knitted_wait_fans) for s in shapes) and has_unique_wait(hand)
    table = fan_table(options)
    scored = tuple(score_shape(s, facts, table, unique, options.knitted_wait_fans) for s in shapes)
    best = min(scored, key=_preference)
    fans = best.total - facts.flowers
    common = {"items": best.items, "excluded": best.excluded, "shape": best, "shapes": scored, "options": echo, "extra": extra}
    if fans < MINIMUM:
        return Score(
            "guobiao", False, "番", total=best.total,
            reason=f"{fans}番，不足{MINIMUM}番起和", reason_en=f"{fans} fans: below the {MINIMUM}-fan minimum",
            **common,  # type: ignore[arg-type]
        )
    return Score("guobiao", True, "番", total=best.total, settlement=settle(best.total, hand.context, options), **common)  # type: ignore[arg-type]


def _preference(s: ShapeScore) -> tuple[int, bool, bool, tuple[tuple[int, int], ...]]:
    """Sort key, best first: the highest total (就高不就低); on a tie, a reading with a
    :data:`TIE_PREFERENCE` fan, then a standard reading, then the reading summerinsects' search finds
    first (its sets in tile order, a pung before a chow on the same tile)."""
    ids = {i.fan.id for i in s.items}
    found_order = tuple(
        sorted((g.tiles[0].index, 0 if g.kind is not GroupKind.CHOW else 1) for g in s.shape.groups if g.is_set and g.from_hand)
    )
    return (-s.total, not any(f in ids for f in TIE_PREFERENCE), s.shape.kind is not ShapeKind.STANDARD, found_order)


def score_shape(shape: Shape, facts: Facts, table: tuple[Fan, ...], unique_wait: bool, knitted_waits: bool) -> ShapeScore:
    """Value one decomposition: detect, exclude (table, then account-once), 无番和, flowers."""
    view = view_of(shape, facts, unique_wait, knitted_waits)
    items = []
    for fan in table:
        if fan is FLOWERS or fan is CHICKEN:
            continue
        n = PREDICATES[fan.id](view)
        if n:
            items.append(Item(fan, n))
    kept, excluded = apply_exclusions(items)
    kept, trimmed = account_once(kept, view)
    if not kept:
        kept = [Item(CHICKEN)]
    if facts.flowers:
        kept.append(Item(FLOWERS, facts.flowers))
    return ShapeScore(shape, sum(i.total for i in kept), tuple(kept), tuple(excluded) + tuple(trimmed))


def _can_read(hand: Hand) -> bool:
    return hand.size() == 14 and all(not t.is_flower for t in hand.standing)


RULESET = Ruleset(
    id="guobiao",
    zh="国标麻将",
    en="Chinese Official (MCR)",
    unit="番",
    players=4,
    fans=FANS,
    options_type=Options,
    score=score,
    aliases=("gb", "mcr", "国标", "guobiao", "chinese-official"),
    hand_size=14,
    can_read=_can_read,
    description_zh="中国麻将竞赛规则（1998）与国际麻将联盟（MIL）实践：81番，8番起和，花牌不计起和。",
    description_en="Mahjong Competition Rules (1998 rulebook, MCR 2006) as MIL applies them: 81 fans, "
    "an 8-fan minimum without flowers.",
)

_ = Exclusion  # re-exported type used in results
