"""温州麻将 (财神/百搭): 136 tiles, 16-tile hands (17 with the winning tile: five sets and a pair, or 八对),
the 财神 wild with 白板 playing its face, three 财神 a win, hand levels 软/硬/双翻/四翻 (the highest
applies), the dealer's streak ladder, 买底/顶底, and everyone paying.

The works read are a four-player server (qipai_wenzhoumajiang), a two-player rules spec (wenzhou_mahjong_ai)
and the TestHu exercise on 百搭 hands (``works.py``); docs/wenzhou.md records every decision.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123456789m234s67s55p1z", "wenzhou", {"seat": "S", "wildcard": "5p"})["results"][0]
>>> r["total"], [f["id"] for f in r["fans"]], r["shape"]["text"]
(1, ['ruan'], '123m 456m 789m 234s 567s(5p→5s) 11z(5p→1z)')
>>> from rulesets.registry import get_ruleset
>>> r = get_ruleset("温州")
>>> r.id, r.hand_size, [f.key for f in r.context]
('wenzhou', 17, ['dealer', 'streak', 'indicator', 'maidi', 'caishen'])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..context import INDICATOR
from ..errors import ContextError, HandError, MahjongError
from ..hand import Hand, MeldKind
from ..messages import Words, msg
from ..pipeline import Combine, Outcome, Pipeline, Problem, Value, Valued, value_all
from ..scoring import Ruleset, Score, options_dict
from ..shapes import ShapeKind, is_winning
from ..tiles import ALL_TILES, Tile
from ..wild import WildRule, decompose_wild, is_winning_wild, successor
from .context import CAISHEN, FIELDS
from .fans import LEVEL_NAMES, ROWS, Facts
from .options import IndicatorRule, WenzhouOptions
from .pairs import eight_pairs
from .settle import WenzhouDetails, settle
from .works import WORKS

RULES_ID, UNIT, SIZE, PLAYERS = "wenzhou", "倍", 17, 4
BAI = Tile.parse("7z")
_STANDARD = frozenset({ShapeKind.STANDARD})

CONTEXT_FIELDS = frozenset({"win", "seat", "from_seat", "kong_replacement", "heavenly", "earthly", "wildcard", "kongs"})
"""The shared context 温州 reads: how it was won (自摸 and 抢杠胡 can make a soft hand hard), the winner's
seat (the dealer comes from the declared ``dealer``), the discarder (a 财神 is never discarded), 杠开,
天胡, 地胡, the 财神 itself (``wildcard``) and the others' kongs (杠分). Not read: the round wind and
seat winds (no wind rows), 杠上炮, 海底, 和绝张 (no such rows), flowers (none in the game: refused),
players already won (one winner a hand)."""


# --- the 财神 -----------------------------------------------------------------------------------------


def caishen(hand: Hand, options: WenzhouOptions) -> Tile | None:
    """The 财神 of this hand: the ``wildcard`` the context names (the TestHu exercise gives the 百搭 itself),
    else the one the ``indicator`` gives by the option's rule; None when the context names neither.
    Raises :class:`ContextError` when both are given and disagree."""
    given = hand.context.wildcard
    indicator = INDICATOR.of(hand.context)
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


def _check_caishen_counts(hand: Hand, rule: WildRule | None) -> None:
    counts = dict(CAISHEN.of(hand.context))
    if hand.context.seat in counts:
        raise ContextError(msg("wenzhou.caishen_winner", seat=hand.context.seat.value))
    if counts and rule is None:
        raise ContextError(msg("wenzhou.caishen_unnamed"))
    if sum(counts.values()) + wilds_held(hand, rule) > 4:
        raise ContextError(msg("wenzhou.caishen_count"))


def validate(hand: Hand, options: WenzhouOptions) -> None:
    """Raise for a hand that cannot exist at a 温州 table: not 17 tiles (16 + the winning tile), a fifth
    copy, seats that are not at the table, 财神 counts that are more than the four copies."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win_waits", n=hand.size()))
    hand.validate(hand_size=hand.size(), players=PLAYERS)  # copies and the context first, then the size
    if hand.size() != SIZE:
        raise HandError(msg("wenzhou.count", n=hand.size(), expected=SIZE))
    _check_caishen_counts(hand, wild_rule(hand, options))


def check(hand: Hand, options: WenzhouOptions) -> Problem | None:
    """Why the rules refuse this hand, in 中文 and English, or None."""
    if hand.context.flowers:
        return "温州麻将没有花牌", "Wenzhou mahjong has no flowers"
    rule = wild_rule(hand, options)
    c = next(iter(rule.wilds)) if rule is not None else None
    for meld in hand.melds:
        if c is not None and meld.kind is not MeldKind.CHOW and meld.tile == c:
            return (f"财神不能碰、杠：{meld} 是财神（{c}）的{meld.zh}",
                    f"The 财神 cannot be ponged or konged: {meld} is a meld of the 财神 ({c})")
    if c is not None and hand.winning_tile == c and not hand.context.self_drawn:
        return ("财神不能打出，也不能被抢杠：不能胡别人的财神（百搭规则：百搭牌不允许被打出）",
                "The 财神 is never discarded or konged, so no one wins on another player's 财神 "
                "(the 百搭 rules: 百搭牌不允许被打出)")
    return None


# --- readings --------------------------------------------------------------------------------------


def readings(hand: Hand, options: WenzhouOptions) -> list[Facts]:
    """Five sets and a pair (财神 wild, 白板 at the 财神's face), then 八对; with none, a hand holding three (or
    four) 财神 is still a win with no shape (the TestHu exercise: 当有3张或4张百搭牌时，也直接算胡)."""
    rule = wild_rule(hand, options)
    c = next(iter(rule.wilds)) if rule is not None else None
    n = wilds_held(hand, rule)
    found = [Facts(hand, s, c, n, options) for s in decompose_wild(hand, rule, _STANDARD) + eight_pairs(hand, rule)]
    return found or ([Facts(hand, None, c, n, options)] if n >= 3 else [])


def _alike(f: Facts) -> tuple[object, ...] | None:
    """Without 特殊双翻 the rows read of a reading only its kind and how many 财神 play another tile (the rest is
    the hand's): readings alike in those are valued once."""
    return None if f.options.teshu_shuangfan else (f.kind, f.as_others)


def _rank(v: Valued[Facts]) -> tuple[int, int, bool]:
    """The best reading: the highest level, then fewer 财神 as other tiles, then five sets over 八对."""
    return v.total, -v.reading.as_others, v.reading.kind is ShapeKind.STANDARD


def details(outcome: Outcome[WenzhouOptions, Facts]) -> WenzhouDetails | None:
    best = outcome.best
    if best is None or outcome.refused is not None:
        return None
    zh, en = LEVEL_NAMES[best.total]
    c = best.reading.caishen
    return WenzhouDetails(best.total, zh, en, str(c) if c is not None else None, best.reading.wilds)


# --- waits -----------------------------------------------------------------------------------------


def is_win(hand: Hand, rule: WildRule | None) -> bool:
    """Whether a complete hand wins at all (any reading, or three 财神)."""
    return (wilds_held(hand, rule) >= 3 or is_winning_wild(hand, rule, _STANDARD) or bool(eight_pairs(hand, rule)))


def _at_face(hand: Hand, rule: WildRule) -> Hand:
    """The hand with every 财神 and stand-in read as the 财神's face: its readings are the hard ones."""
    c = next(iter(rule.wilds))
    faces = rule.wilds | {t for t, _ in rule.stand_ins}
    standing = tuple(c if t in faces else t for t in hand.standing)
    assert hand.winning_tile is not None
    return Hand(standing, hand.melds, c if hand.winning_tile in faces else hand.winning_tile, hand.context)


def quick_level(hand: Hand, rule: WildRule | None, options: WenzhouOptions) -> int | None:
    """The level a complete hand scores (None: not a win), from yes/no searches instead of every reading:
    which kinds of reading the hand has (a hard five sets, its 八对, a soft five sets, or none with three 财神),
    each valued by the rows of the table. Only without 特殊双翻, whose rows read a reading's groups."""
    assert not options.teshu_shuangfan
    c = next(iter(rule.wilds)) if rule is not None else None
    n = wilds_held(hand, rule)
    pairs = eight_pairs(hand, rule)
    hard = is_winning(hand if rule is None else _at_face(hand, rule), _STANDARD)
    kinds: list[tuple[ShapeKind, int]] = [(ShapeKind.STANDARD, 0)] if hard else []
    if pairs:
        kinds.append((ShapeKind.EIGHT_PAIRS, pairs[0].wilds_as_others))
    if not kinds and is_winning_wild(hand, rule, _STANDARD):
        kinds.append((ShapeKind.STANDARD, 1))
    found = [Facts(hand, None, c, n, options, kind) for kind in kinds]
    if not found and n >= 3:
        found = [Facts(hand, None, c, n, options)]
    return max((v.total for v in value_all(PIPELINE, found, options)), default=None)


def _wait_score(hand: Hand, rule: WildRule | None, options: WenzhouOptions) -> Score | None:
    """What a waiting hand's completion is worth: the level alone (the waits list shows no more) when
    :func:`quick_level` can tell, else the full score; None when the hand is not a win."""
    if options.teshu_shuangfan:
        return RULESET.score(hand, options) if is_win(hand, rule) else None
    validate(hand, options)
    problem = check(hand, options)
    level = quick_level(hand, rule, options)
    if level is None:
        return None
    if problem is not None:
        return Score(RULES_ID, False, UNIT, reason=problem[0], reason_en=problem[1], options=options_dict(options))
    return Score(RULES_ID, True, UNIT, total=level, options=options_dict(options))


def waits(hand: Hand, options: WenzhouOptions) -> Sequence[tuple[Tile, Score | None]]:
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


PIPELINE: Pipeline[WenzhouOptions, Facts] = Pipeline(
    rows=ROWS, readings=readings, settle=settle, validate=validate, check=check, wild=wild_rule,
    value=Value(combine=Combine.HIGHEST), alike=_alike, rank=_rank, details=details, waits=waits,
    no_reading=("不是胡牌型：五组一将，或八对（八个对子加一张），或三张财神",
                "Not a winning hand: five sets and a pair, eight pairs and one tile, or three 财神"),
)

RULESET = Ruleset(
    id=RULES_ID, zh="温州麻将", en="Wenzhou Mahjong (财神/百搭)", unit=UNIT, players=PLAYERS,
    options_type=WenzhouOptions, pipeline=PIPELINE, works=WORKS, aliases=("温州", "wz", "wenzhou-baida", "温州百搭"),
    hand_size=SIZE, compared=False, context_fields=CONTEXT_FIELDS, context=FIELDS,
    description_zh="温州麻将：136张，每人16张，胡牌17张＝五组一将或八对；财神（百搭）万能，白板当财神本身的牌；"
    "三张财神直接胡；软×1、硬×2、双翻×4、四翻×8取最高；连庄底分、买底/顶底，三家都付。",
    description_en="Wenzhou mahjong: 136 tiles, 16-tile hands, a win of 17 = five sets and a pair or eight pairs; "
    "the 财神 is wild and 白板 plays its face; three 财神 win outright; soft ×1, hard ×2, 双翻 ×4, 四翻 ×8, the "
    "highest applies; the dealer's streak, 买底/顶底; all three others pay.",
)

__all__ = ["PIPELINE", "RULESET", "Facts", "WenzhouOptions", "eight_pairs", "is_win", "quick_level", "wild_rule",
           "wilds_held"]
