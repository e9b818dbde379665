"""Scoring one 温州 hand: check → readings (five sets and a pair with 财神, 八对, or three 财神) → the level
rows each reading meets → ``apply_exclusions`` (the highest level applies) → best reading → settle.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123456789m234s67s55p1z", "wenzhou", {"seat": "S", "wildcard": "5p"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["shape"]["text"]
(1, ['ruan'], '123m 456m 789m 234s 567s(5p→5s) 11z(5p→1z)')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ContextError, HandError, MahjongError
from ..hand import Hand, MeldKind, WinMethod
from ..messages import Words, msg
from ..scoring import Exclusion, Item, Score, ShapeScore, apply_exclusions, options_dict
from ..settle import settled
from ..shapes import GroupKind, Shape, ShapeKind, is_winning
from ..tiles import ALL_TILES, Tile
from ..wild import WildRule, decompose_wild, is_winning_wild, successor
from .fans import BY_ID, FANS, LEVEL_NAMES
from .options import EightPairsLevel, ForcedLevel, IndicatorRule, WenzhouOptions
from .pairs import eight_pairs
from .settle import settle_score

RULES_ID = "wenzhou"
UNIT = "倍"
SIZE = 17
PLAYERS = 4
BAI = Tile.parse("7z")
DRAGONS = tuple(Tile.parse(t) for t in ("5z", "6z", "7z"))
Problem = tuple[str, str]


# --- the 财神 -----------------------------------------------------------------------------------------


def caishen(hand: Hand, options: WenzhouOptions) -> Tile | None:
    """The 财神 of this hand: the ``wildcard`` the context names (the seed's TestHu gives the 百搭 itself),
    else the one the ``indicator`` gives by the option's rule; None when the context names neither.
    Raises :class:`ContextError` when both are given and disagree."""
    given = hand.context.wildcard
    indicator = hand.context.get("indicator")
    derived = None
    if indicator is not None:
        derived = successor(indicator) if options.indicator_rule is IndicatorRule.NEXT else indicator
    if given is not None and derived is not None and given != derived:
        rule = Words(options.indicator_rule.zh, options.indicator_rule.en.lower())
        raise ContextError(msg("wenzhou.wild_indicator", given=str(given), indicator=str(indicator),
                               derived=str(derived), rule=rule))
    return given or derived


def wild_rule(hand: Hand, options: WenzhouOptions) -> WildRule | None:
    """财神 wild; 白板 plays the 财神's face and is not wild, unless 白板 is itself the 财神."""
    c = caishen(hand, options)
    if c is None:
        return None
    return WildRule(frozenset({c}), () if c == BAI else ((BAI, c),), zh="财神", en="财神 (wild)")


def wilds_held(hand: Hand, rule: WildRule | None) -> int:
    return sum(1 for t in hand.concealed_tiles if rule is not None and t in rule.wilds)


# --- checks ----------------------------------------------------------------------------------------


def validate(hand: Hand) -> None:
    """Raise for a hand that cannot exist at a 温州 table: not 17 tiles (16 + the winning tile), a fifth
    copy, seats that are not at the table, 财神 counts that are more than the four copies."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win_waits", n=hand.size()))
    hand.validate(hand_size=hand.size(), players=PLAYERS)  # copies and the context first, then the size
    if hand.size() != SIZE:
        raise HandError(msg("wenzhou.count", n=hand.size(), expected=SIZE))


def _check_caishen_counts(hand: Hand, rule: WildRule | None) -> None:
    counts = dict(hand.context.get("caishen", ()))
    if hand.context.seat in counts:
        raise ContextError(msg("wenzhou.caishen_winner", seat=hand.context.seat.value))
    if counts and rule is None:
        raise ContextError(msg("wenzhou.caishen_unnamed"))
    if sum(counts.values()) + wilds_held(hand, rule) > 4:
        raise ContextError(msg("wenzhou.caishen_count"))


def check(hand: Hand, rule: WildRule | None) -> Problem | None:
    """Why the rules refuse this hand, in 中文 and English, or None."""
    if hand.context.flowers:
        return "温州麻将没有花牌", "Wenzhou mahjong has no flowers"
    c = next(iter(rule.wilds)) if rule is not None else None
    for meld in hand.melds:
        if c is not None and meld.kind is not MeldKind.CHOW and meld.tile == c:
            return (f"财神不能碰、杠：{meld} 是财神（{c}）的{meld.zh}",
                    f"The 财神 cannot be ponged or konged: {meld} is a meld of the 财神 ({c})")
    if c is not None and hand.winning_tile == c and not hand.context.self_drawn:
        return ("财神不能打出，也不能被抢杠：不能胡别人的财神（种子：百搭牌不允许被打出）",
                "The 财神 is never discarded or konged, so no one wins on another player's 财神 "
                "(seed: 百搭牌不允许被打出)")
    return None


# --- what a reading is worth -------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the level rows read of one reading (``shape`` None: three 财神 with no winning shape)."""

    hand: Hand
    shape: Shape | None
    caishen: Tile | None
    wilds: int  # 财神 held
    options: WenzhouOptions

    @property
    def kind(self) -> ShapeKind | None:
        return self.shape.kind if self.shape is not None else None

    @property
    def as_others(self) -> int:
        """财神 playing another tile in this reading."""
        return self.shape.wilds_as_others if self.shape is not None else 0

    @property
    def soft(self) -> bool:
        return self.as_others > 0

    @property
    def played(self) -> tuple[Tile, ...]:
        """Every tile as the reading plays it (a 财神 as what it stands for, 白板 as the 财神's face)."""
        return tuple(t for g in self.shape.groups for t in g.tiles) if self.shape is not None else ()

    @property
    def single_wait(self) -> bool:
        """单张吊: all five sets melded, the last standing tile waits for its pair."""
        return self.kind is ShapeKind.STANDARD and len(self.hand.melds) == 5

    @property
    def teshu(self) -> bool:
        return self.options.teshu_shuangfan

    def count(self, tile: Tile) -> int:
        """Physical copies of ``tile`` in the hand, melds included."""
        return self.hand.all_tiles.count(tile)


def _flush(f: Facts, honours: bool) -> bool:
    suits = {t.suit for t in f.played if t.is_suited}
    has_honours = any(not t.is_suited for t in f.played)
    return len(suits) == 1 and has_honours == honours


def _three_dragons(f: Facts) -> bool:
    """中、发、白 at least a pair each (anbang: counts > 1); with a dragon 财神, a 财神 held and pungs of the
    other two (anbang's comment: 手上需包含财神和除财神外另外两者的刻子或杠牌)."""
    if f.caishen in DRAGONS:
        return f.wilds >= 1 and all(f.count(d) >= 3 for d in DRAGONS if d != f.caishen)
    return all(f.count(d) >= 2 for d in DRAGONS)


def _caishen_pair(f: Facts) -> bool:
    pairs = [g for g in f.shape.groups if g.kind is GroupKind.PAIR] if f.shape is not None else []
    return f.caishen is not None and sum(1 for g in pairs if g.tiles[0] == f.caishen) == 1


RULES: dict[str, Callable[[Facts], bool]] = {
    "ruan": lambda f: f.shape is not None and f.soft,
    "ying": lambda f: f.shape is not None and not f.soft,
    "zimo": lambda f: f.options.hard_extras and f.soft and f.hand.context.self_drawn,
    "qianggang": lambda f: f.options.hard_extras and f.soft and f.hand.context.win is WinMethod.ROB_KONG,
    "ruan_badui": lambda f: f.options.hard_extras and f.soft and f.kind is ShapeKind.EIGHT_PAIRS,
    "qiangzhi": lambda f: f.shape is None and f.options.forced_level is ForcedLevel.HARD,
    "tianhu": lambda f: f.hand.context.heavenly,
    "dihu": lambda f: f.hand.context.earthly,
    "sancaishen": lambda f: f.wilds >= 3 and (f.shape is not None or f.options.forced_level is ForcedLevel.DOUBLE),
    "ying_badui": lambda f: f.kind is ShapeKind.EIGHT_PAIRS and not f.soft
    and (f.options.hard_eight_pairs is EightPairsLevel.ALWAYS or f.teshu),
    "danzhangdiao": lambda f: f.teshu and f.single_wait,
    "quanqiushen": lambda f: f.teshu and f.single_wait and f.wilds == 1,
    "shuangcai_guiwei": lambda f: f.teshu and f.shape is not None and (f.wilds, f.as_others) in ((2, 0), (3, 1)),
    "pengpenghu": lambda f: f.teshu and f.kind is ShapeKind.STANDARD
    and all(g.kind is not GroupKind.CHOW for g in f.shape.groups),  # type: ignore[union-attr]
    "gangkai": lambda f: f.teshu and f.hand.context.kong_replacement,
    "qingyise": lambda f: f.teshu and _flush(f, honours=False),
    "hunyise": lambda f: f.teshu and _flush(f, honours=True),
    "zhongfabai": lambda f: f.teshu and f.shape is not None and _three_dragons(f),
    "caishen_niudui": lambda f: f.teshu and _caishen_pair(f),
    "sancai_guiwei": lambda f: f.options.lazila and f.shape is not None and f.wilds == 3 and f.as_others == 0,
}
"""One predicate per row of the fan table (same ids, same order)."""

assert list(RULES) == [f.id for f in FANS]


@dataclass(frozen=True)
class Valued:
    facts: Facts
    items: tuple[Item, ...]
    excluded: tuple[Exclusion, ...]
    total: int

    def shape_score(self) -> ShapeScore | None:
        if self.facts.shape is None:
            return None
        return ShapeScore(self.facts.shape, self.total, self.items, self.excluded)


def value(f: Facts) -> Valued:
    """The level of one reading: every row it meets, the lower levels not counted, the highest level."""
    kept, dropped = apply_exclusions(Item(BY_ID[fan_id]) for fan_id, meets in RULES.items() if meets(f))
    return Valued(f, tuple(kept), tuple(dropped), max(i.value for i in kept))


def values(facts: list[Facts], options: WenzhouOptions) -> list[Valued]:
    """:func:`value` of each reading of one hand. Without 特殊双翻 the rows read of a reading only whether there
    is one, its kind and how many 财神 play another tile (the rest is the hand's, the same for all its
    readings; :func:`quick_level` reads no more), so readings alike in those are valued once."""
    if options.teshu_shuangfan:
        return [value(f) for f in facts]
    done: dict[tuple[object, ...], Valued] = {}
    out = []
    for f in facts:
        key = (f.kind, f.as_others)  # kind None: no reading
        v = done.get(key)
        if v is None:
            v = done[key] = value(f)
        out.append(v if v.facts is f else Valued(f, v.items, v.excluded, v.total))
    return out


def readings(hand: Hand, rule: WildRule | None) -> list[Shape]:
    """Five sets and a pair (财神 wild, 白板 at the 财神's face), then 八对."""
    return decompose_wild(hand, rule, {ShapeKind.STANDARD}) + eight_pairs(hand, rule)


def is_win(hand: Hand, rule: WildRule | None) -> bool:
    """Whether a complete hand wins at all (any reading, or three 财神)."""
    return (wilds_held(hand, rule) >= 3 or is_winning_wild(hand, rule, {ShapeKind.STANDARD})
            or bool(eight_pairs(hand, rule)))


def _best_key(v: Valued) -> tuple[int, int, bool]:
    return (v.total, -v.facts.as_others, v.facts.kind is ShapeKind.STANDARD)


def score_hand(hand: Hand, options: WenzhouOptions) -> Score:
    validate(hand)
    rule = wild_rule(hand, options)
    _check_caishen_counts(hand, rule)
    opts = options_dict(options)
    problem = check(hand, rule)
    if problem is not None:
        return Score(RULES_ID, False, UNIT, reason=problem[0], reason_en=problem[1], options=opts)
    c = next(iter(rule.wilds)) if rule is not None else None
    n = wilds_held(hand, rule)
    valued = values([Facts(hand, shape, c, n, options) for shape in readings(hand, rule)], options)
    if not valued and n >= 3:  # the seed: 当有3张或4张百搭牌时，也直接算胡
        valued = [value(Facts(hand, None, c, n, options))]
    if not valued:
        return Score(RULES_ID, False, UNIT, reason="不是胡牌型：五组一将，或八对（八个对子加一张），或三张财神",
                     reason_en="Not a winning hand: five sets and a pair, eight pairs and one tile, or three 财神",
                     options=opts)
    best = max(valued, key=_best_key)
    shapes = tuple(s for s in (v.shape_score() for v in sorted(valued, key=_best_key, reverse=True)) if s)
    level_zh, level_en = LEVEL_NAMES[best.total]
    return settled(Score(
        RULES_ID, True, UNIT, total=best.total, items=best.items, excluded=best.excluded,
        shape=best.shape_score(), shapes=shapes,
        options=opts, extra={"level": best.total, "level_zh": level_zh, "level_en": level_en,
                             "caishen": str(c) if c is not None else None, "caishen_held": n},
    ), settle_score, hand, options)


# --- waits ---------------------------------------------------------------------------------------


def _at_face(hand: Hand, rule: WildRule) -> Hand:
    """The hand with every 财神 and stand-in read as the 财神's face: its readings are the hard ones."""
    c = next(iter(rule.wilds))
    faces = rule.wilds | {t for t, _ in rule.stand_ins}
    standing = tuple(c if t in faces else t for t in hand.standing)
    assert hand.winning_tile is not None
    return Hand(standing, hand.melds, c if hand.winning_tile in faces else hand.winning_tile, hand.context)


def quick_level(hand: Hand, rule: WildRule | None, options: WenzhouOptions) -> int | None:
    """The level :func:`score_hand` gives a complete hand, by yes/no searches instead of every reading
    (None: not a win). Only without 特殊双翻, whose rows depend on the reading's groups.

    Each kind of reading has a best level: a hard reading 硬 (双翻 with 天胡, 地胡 or three 财神; 硬八对
    双翻; 四翻 with 辣子辣 and three 财神), a soft one 软 (硬 by 自摸, 抢杠 or 八对 with the extras; 双翻 as
    above), no reading with three 财神 the forced level; the hand is worth the best of the kinds it has."""
    assert not options.teshu_shuangfan
    ctx = hand.context
    n = wilds_held(hand, rule)
    pairs = eight_pairs(hand, rule)
    hard_pairs = bool(pairs) and pairs[0].wilds_as_others == 0
    hard = hard_pairs or is_winning(hand if rule is None else _at_face(hand, rule), {ShapeKind.STANDARD})
    soft = (bool(pairs) and not hard_pairs) or (not hard and is_winning_wild(hand, rule, {ShapeKind.STANDARD}))
    double = ctx.heavenly or ctx.earthly or n >= 3
    levels = []
    if hard:
        levels.append(8 if options.lazila and n == 3 else 4 if double else 2)
    if hard_pairs and options.hard_eight_pairs is EightPairsLevel.ALWAYS:
        levels.append(8 if options.lazila and n == 3 else 4)
    if soft:
        extra = options.hard_extras and (ctx.self_drawn or ctx.win is WinMethod.ROB_KONG or bool(pairs))
        levels.append(4 if double else 2 if extra else 1)
    if not levels and n >= 3:
        forced = 4 if options.forced_level is ForcedLevel.DOUBLE else 2
        levels.append(4 if ctx.heavenly or ctx.earthly else forced)
    return max(levels) if levels else None


def _wait_score(hand: Hand, rule: WildRule | None, options: WenzhouOptions) -> Score | None:
    """What a waiting hand's completion is worth: the level alone (the waits list shows no more) when
    :func:`quick_level` can tell, else the full score; None when the hand is not a win."""
    if options.teshu_shuangfan:
        return score_hand(hand, options) if is_win(hand, rule) else None
    validate(hand)
    _check_caishen_counts(hand, rule)
    problem = check(hand, rule)
    level = quick_level(hand, rule, options)
    if level is None:
        return None
    if problem is not None:
        return Score(RULES_ID, False, UNIT, reason=problem[0], reason_en=problem[1], options=options_dict(options))
    return Score(RULES_ID, True, UNIT, total=level, options=options_dict(options))


def waits(hand: Hand, options: WenzhouOptions) -> list[tuple[Tile, Score | None]]:
    """Each tile that completes a waiting 16-tile hand, with what it is worth (None where the completed
    hand cannot exist, e.g. a fifth copy)."""
    rule = wild_rule(hand, options)
    out: list[tuple[Tile, Score | None]] = []
    for t in ALL_TILES:
        try:
            found = _wait_score(hand.with_winning_tile(t), rule, options)
        except MahjongError:
            if is_win(hand.with_winning_tile(t), rule):
                out.append((t, None))
            continue
        if found is not None:
            out.append((t, found))
    return out
