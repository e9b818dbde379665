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
from functools import lru_cache, partial
from operator import itemgetter
from typing import Any

from rulesets._mcr.detection import Plan
from rulesets._mcr.lights import light_items
from rulesets._mcr.principles import account_once, has_unique_wait
from rulesets._mcr.view import Facts, View, facts_of, mask_of, reading_view, wait_reading
from rulesets.errors import HandError, MahjongError
from rulesets.hand import Hand
from rulesets.messages import Words, msg
from rulesets.scoring import Excludes, Fan, Item, Ruleset, Score, ShapeScore, apply_exclusions, options_dict
from rulesets.settle import settled
from rulesets.shapes import ALL_SHAPES, GroupKind, Shape, ShapeKind, decompose, winning_tiles
from rulesets.tiles import ALL_TILES, Tile

from . import context
from .fans import CATEGORIES, FAN, FANS, STRICT_VOIDED_SUIT
from .options import MixedKongs, Options, Payout
from .payout import settle_score
from .works import WORKS

__all__ = ["RULESET", "Options", "MixedKongs", "Payout", "score", "waits", "fan_table", "FAN", "FANS", "CATEGORIES"]

RULES, UNIT = "guobiao", "番"
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
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_no_score"))
    hand.validate(hand_size=14, players=4)
    context.check(hand)
    notes = context.notes(hand.context)
    base: dict[str, Any] = {"options": dict(_options_echo(options)), "extra": {"notes": notes} if notes else {}}
    facts = facts_of(hand)
    shapes = decompose(hand, shape_kinds(facts, len(hand.melds)))
    if not shapes:
        why = msg("guobiao.not_a_winning_shape")
        return Score(RULES, False, UNIT, reason=why.zh, reason_en=why.en, **base)
    scored = score_shapes(hand, facts, shapes, options)
    best = scored[0] if len(scored) == 1 else min(scored, key=_preference)
    base.update(total=best.total, items=best.items, excluded=best.excluded, shape=best, shapes=scored)
    fans = best.total - len(hand.context.flowers)
    if fans < MINIMUM:
        why = msg("guobiao.below_minimum", n=fans, minimum=MINIMUM, fans=Words("番", "fan" if fans == 1 else "fans"))
        return Score(RULES, False, UNIT, reason=why.zh, reason_en=why.en, **base)
    return settled(Score(RULES, True, UNIT, **base), settle_score, hand, options)


@lru_cache(maxsize=16)
def _options_echo(options: Options) -> tuple[tuple[str, object], ...]:
    """The options as the result echoes them (each score gets its own dict of these)."""
    return tuple(options_dict(options).items())


def shape_kinds(facts: Facts, melds: int) -> frozenset[ShapeKind]:
    """The shape kinds worth asking :func:`~rulesets.shapes.decompose` for: a quick test on the
    hand's tiles that only leaves out kinds that cannot fit (decompose still decides). 七对, 十三幺
    and 全不靠 need a hand without melds: 七对 even counts, 十三幺 terminals and honours only, 全不靠 no
    tile twice; 组合龙 needs at most one meld and nine different suited tiles."""
    if melds >= 2:
        return _KINDS[False, False, False, False]
    knitted = (facts.mask & _SUITED).bit_count() >= 9
    if melds:
        return _KINDS[False, False, False, knitted]
    counts = facts.counts  # no melds: the concealed tiles
    pairs = all(c % 2 == 0 for c in counts)
    orphans = not facts.mask & _SIMPLES
    distinct = max(counts) <= 1
    return _KINDS[pairs, orphans, distinct, knitted]


_SUITED = (1 << 27) - 1
_SIMPLES = mask_of(t.index for t in ALL_TILES if t.is_suited and not t.is_terminal)
_KINDS = {
    (pairs, orphans, distinct, knitted): frozenset(
        {ShapeKind.STANDARD}
        | ({ShapeKind.SEVEN_PAIRS} if pairs else set())
        | ({ShapeKind.THIRTEEN_ORPHANS} if orphans else set())
        | ({ShapeKind.HONORS_KNITTED} if distinct else set())
        | ({ShapeKind.KNITTED_STRAIGHT} if knitted else set())
    )
    for pairs in (False, True)
    for orphans in (False, True)
    for distinct in (False, True)
    for knitted in (False, True)
}
"""The kind sets :func:`shape_kinds` answers with, made once."""


def score_shapes(hand: Hand, facts: Facts, shapes: list[Shape], options: Options) -> tuple[ShapeScore, ...]:
    """Every decomposition valued. The unique-wait search runs only if some reading has a wait fan;
    the fans of the whole hand are detected once, on the first reading."""
    readings = [wait_reading(s, options.knitted_wait_fans) for s in shapes]
    unique = any(readings) and has_unique_wait(hand)
    plan = _plan(options)
    views = [reading_view(s, facts, wait if unique else None) for s, wait in zip(shapes, readings, strict=True)]
    whole_hand = plan.detect(plan.whole_hand, views[0])
    return tuple(score_shape(view, shape, plan, whole_hand) for view, shape in zip(views, shapes, strict=True))


def _preference(s: ShapeScore) -> tuple[int, bool, bool, tuple[tuple[int, int], ...]]:
    """Sort key, best first: the highest total (就高不就低); on a tie, a reading with a
    :data:`TIE_PREFERENCE` fan, then a standard reading, then the reading summerinsects' search finds
    first (its sets in tile order, a pung before a chow on the same tile)."""
    ids = {i.fan.id for i in s.items}
    found_order = tuple(
        sorted((g.tiles[0].index, int(g.kind is GroupKind.CHOW)) for g in s.shape.groups if g.is_set and g.from_hand)
    )
    return (-s.total, not any(f in ids for f in TIE_PREFERENCE), s.shape.kind is not ShapeKind.STANDARD, found_order)


@lru_cache(maxsize=16)
def _plan(options: Options) -> Plan:
    return Plan.of(fan_table(options), _NOT_DETECTED)


def score_shape(view: View, shape: Shape, plan: Plan, whole_hand: list[tuple[int, Item]]) -> ShapeScore:
    """Value one decomposition: detect (in table order), exclude (table, then account-once), 无番和,
    flowers; each counted fan says which tiles make it (:mod:`.lights`) when a reader asks
    (:func:`rulesets.lights.light`: the card, the result object), not for every completion of a wait."""
    found = whole_hand + plan.detect(plan.reading, view)
    found.sort(key=itemgetter(0))
    before, excluded = apply_exclusions(item for _, item in found)
    kept, trimmed = account_once(before, view)
    if not kept:
        kept = [Item(CHICKEN)]
    if view.facts.flowers:
        kept.append(Item(FLOWERS, view.facts.flowers))
    lighter = partial(light_items, list(kept), list(before), list(excluded), shape, view)  # when asked for
    return ShapeScore(shape, sum(i.total for i in kept), tuple(kept), tuple(excluded) + tuple(trimmed), lighter)


_NOT_DETECTED = frozenset({"chicken_hand", "flower_tiles"})
"""无番和 is what remains when nothing else does; flowers are added after the exclusions and the minimum."""


def waits(hand: Hand, options: Options | None = None) -> list[tuple[Tile, Score]]:
    """For a waiting hand (13 tiles, no winning tile): each tile that completes it, with its score
    under the hand's context. Tiles the hand already holds four of cannot arrive and are left out,
    as are tiles the context rules out (e.g. 和绝张 on a tile the hand holds)."""
    if hand.winning_tile is not None:
        raise HandError(msg("hand.waits_need_waiting"))
    hand.validate(hand_size=14, players=4)
    counts = [0] * 34
    for t in hand.standing:
        counts[t.index] += 1
    out = []
    for i in winning_tiles(tuple(counts), ALL_SHAPES, len(hand.melds)):  # the tiles decompose would accept
        t = ALL_TILES[i]
        try:
            out.append((t, score(hand.with_winning_tile(t), options)))
        except MahjongError:
            continue
    return out


CONTEXT_FIELDS = frozenset(
    {"win", "seat", "round_wind", "from_seat", "kong_replacement", "last_tile", "last_copy", "flowers"}
)
"""The context MCR reads: 和牌方式 (自摸, 抢杠和), the winds (门风刻, 圈风刻), the discarder (who pays),
杠上开花, 海底, 和绝张 and the flowers (花牌). It ignores the rest: 天和, 地和, 杠上炮 and a wildcard are
noted and not counted (:mod:`.context`); who already won and other players' kongs do not enter the
score (MCR has no 血战 and no kong money)."""


def _can_read(hand: Hand) -> bool:
    return hand.size() in (13, 14) and all(not t.is_flower for t in hand.standing)


RULESET = Ruleset(
    id=RULES,
    zh="国标麻将",
    en="Chinese Official (MCR)",
    unit=UNIT,
    players=4,
    fans=FANS,
    options_type=Options,
    score=score,
    works=WORKS,
    aliases=("gb", "mcr", "国标", "guobiao", "chinese-official"),
    hand_size=14,
    can_read=_can_read,
    waits=waits,
    context_fields=CONTEXT_FIELDS,
    settle=settle_score,
    passes_deal=True,
    ranks_by_standard_score=True,
    description_zh="中国麻将竞赛规则（1998）与国际麻将联盟（MIL）实践：81番，8番起和，花牌不计起和。",
    description_en="Mahjong Competition Rules (1998 rulebook, MCR 2006) as MIL applies them: 81 fans, "
    "an 8-fan minimum without flowers.",
)
