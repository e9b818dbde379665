"""国标麻将 (Chinese Official / MCR): the 81 fans, the scoring principles, the 8-fan minimum, payouts.

On the one pipeline (:mod:`rulesets.pipeline`): validate (and the MCR context checks) → the readings (each
decomposition's :class:`~rulesets._mcr.view.View`) → the rows behind their gates (``fans.py``) → the table's
exclusions (不计) → the account-once principles → 无番和 → the flowers; then the best reading (就高不就低, ties
as summerinsects breaks them), the 8-番 minimum without the flowers, the settlement.

>>> from rulesets.hand import Hand
>>> from rulesets.tiles import tiles
>>> t = tiles("1112345678999m5m")
>>> s = RULESET.score(Hand(t[:-1], (), t[-1]), Options())
>>> s.valid, s.total, [(i.fan.zh, i.count) for i in s.items]
(True, 91, [('九莲宝灯', 1), ('双暗刻', 1), ('幺九刻', 1)])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import permutations

from rulesets._mcr.lights import light_items
from rulesets._mcr.principles import account_once, has_unique_wait
from rulesets._mcr.view import Facts, View, concealed_counts, facts_of, mask_of, reading_view, wait_reading
from rulesets.errors import HandError, MahjongError
from rulesets.hand import Hand
from rulesets.messages import Words, msg
from rulesets.pipeline import Minimum, Outcome, Pipeline, Problem, Valued
from rulesets.scoring import Exclusion, Fan, Item, Ruleset, Score
from rulesets.shapes import ALL_SHAPES, GroupKind, ShapeKind, shapes_of, winning_tiles
from rulesets.tiles import ALL_TILES, BY_INDEX, Tile

from . import context
from .fans import BOOK, CATEGORIES, FAN, FANS, ROWS, under
from .options import MixedKongs, Options, Payout
from .settle import settle_score
from .works import WORKS

__all__ = ["RULESET", "Options", "MixedKongs", "Payout", "waits", "fan_table", "FAN", "FANS", "CATEGORIES"]

RULES, UNIT = "guobiao", "番"
MINIMUM = 8  # 8番起和, flowers not counted (1998 rules 第十条 一(一)2; mcr.md §2.2)
TIE_PREFERENCE = ("pure_triple_chow", "triple_pung", "all_five")
"""Between readings of equal value, summerinsects reports one with 一色三同顺, 三同刻 or 全带五, and a
standard reading over seven pairs (mcr.md §3.5)."""


@lru_cache(maxsize=16)
def fan_table(options: Options) -> tuple[Fan, ...]:
    """The fan table in force under ``options``: 明暗杠 at its chosen value (or absent), and the strict
    1998 缺一门 exclusions when asked for (each row's ``under``)."""
    return tuple(f for fan in FANS if (f := under(fan, options)) is not None)


def validate(hand: Hand, options: Options) -> None:
    """Raise :class:`~rulesets.errors.HandError` / :class:`~rulesets.errors.ContextError` for a hand that cannot
    exist: no winning tile, not 14 tiles at a table of four, context MCR cannot have."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_no_score"))
    hand.validate(hand_size=14, players=4)
    context.check(hand)


def readings(hand: Hand, options: Options) -> list[View]:
    """Each decomposition's view. The unique-wait search runs only if some reading has a wait fan."""
    concealed = concealed_counts(hand)  # counted once: the facts, the shapes and the wait read them
    facts = facts_of(hand, concealed)
    shapes = shapes_of(hand, concealed, shape_kinds(facts, len(hand.melds)))
    waited = [wait_reading(s, options.knitted_wait_fans) for s in shapes]
    unique = any(waited) and has_unique_wait(hand, concealed)
    return [reading_view(s, facts, w if unique else None) for s, w in zip(shapes, waited, strict=True)]


def shape_kinds(facts: Facts, melds: int) -> frozenset[ShapeKind]:
    """The shape kinds worth asking :func:`~rulesets.shapes.decompose` for: a quick test on the
    hand's tiles that only leaves out kinds that cannot fit (decompose still decides). 七对, 十三幺
    and 全不靠 need a hand without melds: 七对 even counts, 十三幺 terminals and honours only, 全不靠 no
    tile twice; 组合龙 needs at most one meld and the nine tiles of a knitted straight."""
    if melds >= 2:
        return _KINDS[False, False, False, False]
    mask = facts.mask
    knitted = any([mask & m == m for m in _KNITTED])  # a list: six masks, no generator to run
    if melds:
        return _KINDS[False, False, False, knitted]
    counts = facts.counts  # no melds: the concealed tiles
    pairs = not counts.count(1) and not counts.count(3)  # every count even (a tile is held 0 to 4 times)
    orphans = not facts.mask & _SIMPLES
    distinct = max(counts) <= 1
    return _KINDS[pairs, orphans, distinct, knitted]


_KNITTED = tuple(
    mask_of(9 * suit + rank - 1 for suit, ranks in zip(order, ((1, 4, 7), (2, 5, 8), (3, 6, 9)), strict=True)
            for rank in ranks)
    for order in permutations(range(3))
)
"""The nine tiles of each 组合龙 (147, 258 and 369 in the three suits, in each order), as masks."""
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


def principles(view: View, kept: list[Item], options: Options) -> tuple[list[Item], list[Exclusion]]:
    """套算一次, 不拆移 and 不得相同 for the repeatable chow pairs (:func:`rulesets._mcr.principles.account_once`)."""
    return account_once(kept, view)


def lights(view: View, kept: list[Item], before: list[Item], excluded: list[Exclusion]
           ) -> Callable[[], Sequence[Item]]:
    """Each counted fan's tiles (:mod:`rulesets._mcr.lights`), made when a reader asks (the card, the result
    object), not for every completion of a wait."""
    return partial(light_items, kept, before, excluded, view.shape, view)


def _preference(v: Valued[View]) -> tuple[int, bool, bool, tuple[tuple[int, int], ...]]:
    """Sort key, best first: the highest total (就高不就低); on a tie, a reading with a
    :data:`TIE_PREFERENCE` fan, then a standard reading, then the reading summerinsects' search finds
    first (its sets in tile order, a pung before a chow on the same tile)."""
    ids = {i.fan.id for i in v.items}
    shape = v.reading.shape
    found_order = tuple(
        sorted((g.tiles[0].index, int(g.kind is GroupKind.CHOW)) for g in shape.groups if g.is_set and g.from_hand)
    )
    return (-v.total, not any(f in ids for f in TIE_PREFERENCE), shape.kind is not ShapeKind.STANDARD, found_order)


def choose(valued: Sequence[Valued[View]]) -> Valued[View]:
    return min(valued, key=_preference)


def _without_flowers(v: Valued[View], options: Options) -> int:
    return v.total - v.reading.facts.flowers


def _below_words(has: int, need: int) -> Problem:
    why = msg("guobiao.below_minimum", n=has, minimum=need, fans=Words("番", "fan" if has == 1 else "fans"))
    return why.zh, why.en


_BELOW = {has: _below_words(has, MINIMUM) for has in range(MINIMUM)}
"""Why a hand worth 0 to 7 番 without its flowers is no win: the words, made once (a hand below the minimum
reads its own from here instead of rendering the message again)."""


def _below(has: int, need: int, hand: Hand, options: Options) -> Problem:
    return _BELOW[has] if need == MINIMUM and has in _BELOW else _below_words(has, need)


def _notes(outcome: Outcome[Options, View]) -> list[dict[str, object]]:
    return context.notes(outcome.hand.context)


def waits(hand: Hand, options: Options | None = None) -> list[tuple[Tile, Score | None]]:
    """For a waiting hand (13 tiles, no winning tile): each tile that completes it, with its score
    under the hand's context. Tiles the hand already holds four of cannot arrive and are left out,
    as are tiles the context rules out (e.g. 和绝张 on a tile the hand holds)."""
    if hand.winning_tile is not None:
        raise HandError(msg("hand.waits_need_waiting"))
    hand.validate(hand_size=14, players=4)
    counts = [0] * 34
    for t in hand.standing:
        counts[t.index] += 1
    out: list[tuple[Tile, Score | None]] = []
    for i in winning_tiles(tuple(counts), ALL_SHAPES, len(hand.melds)):  # the tiles decompose would accept
        t = ALL_TILES[i]
        try:
            out.append((t, RULESET.score(hand.with_winning_tile(t), options or Options())))
        except MahjongError:
            continue
    return out


_NO_SHAPE = msg("guobiao.not_a_winning_shape")

PIPELINE: Pipeline[Options, View] = Pipeline(
    rows=ROWS, book=BOOK, readings=readings, settle=settle_score, validate=validate,
    no_reading=(_NO_SHAPE.zh, _NO_SHAPE.en), principles=principles, lights=lights, choose=choose,
    minimum=Minimum(need=lambda hand, options: MINIMUM, says=_below, counts=_without_flowers),
    notes=_notes, waits=waits,
)
PIPELINE.gated(Options())  # the table in force by default written out now, not during the first hand scored


CONTEXT_FIELDS = frozenset(
    {"win", "seat", "round_wind", "from_seat", "kong_replacement", "last_tile", "last_copy", "flowers"}
)
"""The context MCR reads: 和牌方式 (自摸, 抢杠和), the winds (门风刻, 圈风刻), the discarder (who pays),
杠上开花, 海底, 和绝张 and the flowers (花牌). It ignores the rest: 天和, 地和, 杠上炮 and a wildcard are
noted and not counted (:mod:`.context`); who already won and other players' kongs do not enter the
score (MCR has no 血战 and no kong money)."""


def _can_read(hand: Hand) -> bool:
    return hand.size() in (13, 14) and max(map(BY_INDEX, hand.standing), default=0) < 34  # no flower standing


RULESET = Ruleset(
    id=RULES,
    zh="国标麻将",
    en="Chinese Official (MCR)",
    unit=UNIT,
    players=4,
    options_type=Options,
    pipeline=PIPELINE,
    works=WORKS,
    aliases=("gb", "mcr", "国标", "guobiao", "chinese-official"),
    hand_size=14,
    can_read=_can_read,
    context_fields=CONTEXT_FIELDS,
    passes_deal=True,
    ranks_by_standard_score=True,
    description_zh="中国麻将竞赛规则（1998）与国际麻将联盟（MIL）实践：81番，8番起和，花牌不计起和。",
    description_en="Mahjong Competition Rules (1998 rulebook, MCR 2006) as MIL applies them: 81 fans, "
    "an 8-fan minimum without flowers.",
)
