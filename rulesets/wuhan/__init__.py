"""武汉麻将 · 红中癞子杠 (开口翻 / 口口翻): 136 tiles, a 癞子 from the indicator, 红中 put out as 红中杠.

The spec is rules/regional.md §1 (its errata first); the primary text is seed 001 (武汉麻将). Values are
分: 屁胡 1, each 大胡 10 (additive); every payment multiplies the base by the winner's and the payer's
doubles (``settle.py``). docs/wuhan.md records every decision.

The pipeline's steps: validate (the table's tallies and 承包 facts) → check (flowers, a claimed 红中 or 癞子, 红中
held, no winning shape, not opened) → readings (the wild search, and 乱将/乱风) → rows → exclusions → the readings
the rules refuse once valued (a small win's 2/5/8 pair, the 癞子 it may use, 起胡) → the reading the winner
collects most from at this table.

>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("武汉", "红中癞子杠", "kaikoufan")]
['wuhan', 'wuhan', 'wuhan']
>>> RULESET.can_read(None)
False
>>> from rulesets.notation import parse_hand
>>> from rulesets.engine import context_from_mapping
>>> h = parse_hand("[234m1][777s1]2678m123p2m")
>>> h = h.with_context(context_from_mapping({"win": "self_drawn", "seat": "S", "indicator": "4p"}, h.context))
>>> s = RULESET.score(h, WuhanOptions())
>>> s.valid, s.total, [i.fan.zh for i in s.items], s.settlement.as_dict()
(True, 1, ['屁胡'], {'E': -16, 'S': 32, 'W': -8, 'N': -8})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..context import INDICATOR
from ..errors import ContextError, HandError
from ..hand import REPLACEMENT_NEEDS_KONG, Hand, Seat, seats
from ..messages import msg
from ..pipeline import Outcome, Pipeline, Problem, Valued
from ..scoring import Ruleset, Score
from ..shapes import Group, GroupKind, Shape, ShapeKind, Sub
from ..tiles import ALL_TILES, Tile
from ..wild import WildRule, decompose_wild, honour_cycle, is_winning_wild, successor, wild_waits
from .context import CONTEXT, CONTEXT_FIELDS, LAIZI_KONGS, OPENINGS, RED_KONG_DRAW, RED_KONGS, THIRD_OPENING
from .fans import ANY_PAIR, BIG, ROWS, Reading, is_jiang
from .options import PairRule, RedIndicator, WildLimit, WuhanOptions
from .settle import Outcome as Settled
from .settle import WuhanDetails, contractor, seating, settle, settle_score
from .works import WORKS

RULES = "wuhan"
UNIT = "分"
RED = ALL_TILES[31]  # 红中 (5z)
GREEN = ALL_TILES[32]  # 发财 (6z)
_E, _S, _W, _N, _F, _P = (ALL_TILES[i] for i in (27, 28, 29, 30, 32, 33))
HONOURS = {**honour_cycle((_E, _S, _W, _N, _F, _P)), RED: GREEN}
"""The 癞子 order of honours: 东→南→西→北→发→白→东, skipping 红中; a 红中 indicator gives 发 (seed 001:
"摸到北和中都是发作癞子"; rules/regional.md errata)."""
KINDS = frozenset({ShapeKind.STANDARD})


def wild_tile(hand: Hand, options: WuhanOptions | None = None) -> Tile | None:
    """The 癞子: ``wildcard`` when given, else the tile after ``indicator``; None when neither is given."""
    ctx = hand.context
    indicator = INDICATOR.of(ctx)
    if indicator == RED and options is not None and options.red_indicator is RedIndicator.REDRAW:
        raise ContextError(msg("wuhan.red_indicator"))
    derived = successor(indicator, HONOURS) if indicator is not None else None
    given = ctx.wildcard
    if given is not None:
        if given == RED:
            raise ContextError(msg("wuhan.red_never_laizi"))
        if derived is not None and given != derived:
            raise ContextError(msg("wuhan.wild_indicator", given=str(given), indicator=str(indicator),
                                   derived=str(derived)))
        return given
    return derived


def wild_rule(hand: Hand, options: WuhanOptions | None = None) -> WildRule | None:
    w = wild_tile(hand, options)
    return WildRule(frozenset({w}), zh="癞子", en="wild") if w is not None else None


def _wilds(wild: Tile | None) -> WildRule | None:
    return WildRule(frozenset({wild})) if wild is not None else None


# --- validate: a hand that cannot exist at a 武汉 table ------------------------------------------------------


def validate(hand: Hand, options: WuhanOptions) -> None:
    """Input errors (a hand that cannot exist at a 武汉 table): raises :class:`HandError`/:class:`ContextError`."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    _check_replacement(hand)
    hand.validate(hand_size=14, players=4, skip_checks=SKIP_CHECKS)
    _check_table(hand, wild_tile(hand, options))


SKIP_CHECKS = frozenset({REPLACEMENT_NEEDS_KONG})
"""The shared check 武汉 makes its own way (``Ruleset.skip_checks``): 杠上开花 needs a kong in the winner's
hand, or a 红中杠 or 癞子杠 of theirs (a single tile put out as a kong also gives a replacement draw)."""


def _check_replacement(hand: Hand) -> None:
    ctx = hand.context
    put_out = dict(RED_KONGS.of(ctx)).get(ctx.seat) or dict(LAIZI_KONGS.of(ctx)).get(ctx.seat)
    if ctx.kong_replacement and not hand.kongs and not put_out:
        raise ContextError(msg("wuhan.replacement_needs_kong"))


def _check_table(hand: Hand, wild: Tile | None) -> None:
    ctx = hand.context
    me = ctx.seat
    reds = dict(RED_KONGS.of(ctx))
    laizis = dict(LAIZI_KONGS.of(ctx))
    for f in (RED_KONGS, LAIZI_KONGS, OPENINGS):
        _check_seats(f.key, {s for s, _ in f.of(ctx)})
    _check_seats(THIRD_OPENING.key, {THIRD_OPENING.of(ctx)} - {None})
    if sum(reds.values()) > 4:
        raise ContextError(msg("wuhan.red_count", n=sum(reds.values())))
    if laizis and wild is None:
        raise ContextError(msg("wuhan.laizi_needs_wild"))
    every = hand.all_tiles
    if wild is not None and sum(laizis.values()) + every.count(wild) > 4:
        raise ContextError(msg("wuhan.laizi_count", n=sum(laizis.values()), wild=str(wild), held=every.count(wild)))
    indicator = INDICATOR.of(ctx)
    if indicator is not None and every.count(indicator) >= 4:
        raise ContextError(msg("wuhan.indicator_held", indicator=str(indicator)))
    claimed = sum(1 for m in hand.melds if not m.is_concealed)
    given = dict(OPENINGS.of(ctx))
    if me in given and given[me] != claimed:
        raise ContextError(msg("wuhan.openings", seat=me.value, claimed=claimed, given=given[me]))
    if any(k.seat is me for k in ctx.kongs):
        raise ContextError(msg("wuhan.own_kongs"))
    _check_contract_facts(hand, claimed, reds, laizis)


def _check_seats(key: str, named: Iterable[Seat | None]) -> None:
    outside = sorted(s.value for s in named if s is not None and s not in seats(4))
    if outside:
        raise ContextError(msg("wuhan.seat_outside", key_name=key, seat=outside[0]))


def _check_contract_facts(hand: Hand, claimed: int, reds: dict[Seat, int], laizis: dict[Seat, int]) -> None:
    ctx = hand.context
    me = ctx.seat
    third = THIRD_OPENING.of(ctx)
    if third is not None:
        if third is me:
            raise ContextError(msg("wuhan.own_opening"))
        if claimed < 3:
            raise ContextError(msg("wuhan.three_openings", claimed=claimed))
        suppliers = {me.source(m.source) for m in hand.melds if not m.is_concealed and m.source is not None}
        if third not in suppliers:
            shown = "".join(sorted((s.value for s in suppliers), key="ESWN".index))
            raise ContextError(msg("wuhan.third_supplier", third=third.value, from_seats=shown))
    if RED_KONG_DRAW.of(ctx):
        if not ctx.self_drawn:
            raise ContextError(msg("wuhan.red_draw_self_drawn"))
        if not reds.get(me) and not laizis.get(me):
            raise ContextError(msg("wuhan.red_draw_none"))


# --- check: what the rules refuse before any reading ----------------------------------------------------------


def _tile_problem(hand: Hand, wild: Tile | None) -> Problem | None:
    if hand.context.flowers:
        return "武汉麻将没有花牌（136张）", "Wuhan mahjong has no flowers (136 tiles)"
    red_meld = next((m for m in hand.melds if RED in m.tiles), None)
    if red_meld is not None:
        return (f"红中不能吃、碰、杠：{red_meld}（打出的红中算红中杠）",
                f"红中 cannot be claimed or konged: {red_meld} (a 红中 put out is a 红中杠)")
    if wild is not None:
        wild_meld = next((m for m in hand.melds if wild in m.tiles), None)
        if wild_meld is not None:
            return (f"癞子（{wild}）不能吃、碰、杠：{wild_meld}",
                    f"The 癞子 ({wild}) cannot be used in a chow, pung or kong: {wild_meld}")
    n = hand.standing.count(RED) + (hand.winning_tile == RED)
    if n:
        return (f"手上持有红中（{n}张）不能胡牌：红中须打出（红中杠）",
                f"Holding 红中 ({n}) is not a legal win: every 红中 must be put out (红中杠) first")
    return None


def check(hand: Hand, options: WuhanOptions) -> Problem | None:
    """No flowers, no claimed 红中 or 癞子, no 红中 held; a winning shape (four sets and a pair, 乱将 or 乱风, never
    seven pairs); opened (a chow, pung or exposed kong)."""
    wild = wild_tile(hand, options)
    problem = _tile_problem(hand, wild)
    if problem is not None:
        return problem
    rule = _wilds(wild)
    if not is_winning_wild(hand, rule, KINDS) and not _loose_shapes(hand, wild):
        if is_winning_wild(hand, rule, {ShapeKind.SEVEN_PAIRS}):
            return "武汉麻将没有七对", "no seven pairs in Wuhan mahjong"
        return ("不是和牌牌型：须四组一对（或乱将、乱风）",
                "not a winning shape: four sets and a pair (or all 2/5/8, or all honours)")
    if not any(not m.is_concealed for m in hand.melds):
        return ("没有开口不能胡：须吃、碰或明杠过（暗杠不算开口）",
                "not opened: a win needs a chow, pung or exposed kong (a concealed kong does not open)")
    return None


# --- readings ----------------------------------------------------------------------------------------------


def _played(shape: Shape) -> tuple[Tile, ...]:
    return tuple(t for g in shape.groups for t in g.tiles)


def _loose_shapes(hand: Hand, wild: Tile | None) -> list[Shape]:
    """乱将 / 乱风: every tile a 2/5/8 (or every tile an honour), in any arrangement (seed 胡牌要求 4).
    A 癞子 outside the class plays the first tile of the class that still has a free copy."""
    natural = [t for t in hand.all_tiles if t != wild]
    out = []
    for test in (is_jiang, lambda t: t.is_honour and t != RED):
        if not natural or not all(test(t) for t in natural):
            continue
        counts = Counter(natural)
        fixed = tuple(Group({"chow": GroupKind.CHOW, "pung": GroupKind.PUNG, "kong": GroupKind.KONG}[m.kind.value],
                            m.tiles, m) for m in hand.melds)
        singles = []
        for t in hand.concealed_tiles:
            if t != wild:
                singles.append(Group(GroupKind.SINGLE, (t,)))
                continue
            as_ = t if test(t) else next(c for c in ALL_TILES[:34] if test(c) and counts[c] < 4)
            counts[as_] += 1
            singles.append(Group(GroupKind.SINGLE, (as_,), None, (Sub(t, as_, True),)))
        assert hand.winning_tile is not None
        out.append(Shape(ShapeKind.STANDARD, fixed + tuple(singles), hand.winning_tile))
    return out


def readings(hand: Hand, options: WuhanOptions) -> list[Reading]:
    """Every reading: the standard shapes (4 sets + a pair, 癞子 wild) and the 乱将/乱风 ones, one of each kind that
    is worth the same (:func:`worth`)."""
    wild = wild_tile(hand, options)
    ctx = hand.context
    claimed = sum(1 for m in hand.melds if not m.is_concealed)
    kong_draw = ctx.kong_replacement or RED_KONG_DRAW.of(ctx)  # checked: a kong, 红中杠 or 癞子杠
    held = hand.standing.count(wild) + (hand.winning_tile == wild) if wild is not None else 0
    st = seating(hand)
    out = [Reading(s, _played(s), False, claimed, ctx, kong_draw, wild, held, st)
           for s in decompose_wild(hand, _wilds(wild), KINDS)]
    out += [Reading(s, _played(s), True, claimed, ctx, kong_draw, wild, held, st) for s in _loose_shapes(hand, wild)]
    kept: dict[tuple[object, ...], Reading] = {}
    for r in out:
        kept.setdefault(worth(r), r)
    return list(kept.values())


def worth(r: Reading) -> tuple[object, ...]:
    """What a reading's value can depend on under any 武汉 option: readings alike in all of it are worth the
    same, and one of them is kept (the fans read the kinds of sets, the suits and classes of the tiles, the
    pair's 2/5/8; the payments how many 癞子 play another tile)."""
    played = r.played
    pair = r.pair
    return (r.loose, all(g.is_pung_like for g in r.shape.sets), frozenset(t.suit for t in played),
            all(is_jiang(t) for t in played), all(t.is_honour for t in played),
            pair is None or is_jiang(pair), r.shape.wilds_as_others)


# --- the readings refused once valued, and the one kept ----------------------------------------------------


def _is_big(v: Valued[Reading]) -> bool:
    return any(i.fan.category == BIG for i in v.items)


def _shape_problem(v: Valued[Reading], options: WuhanOptions) -> Problem | None:
    r = v.reading
    fans = {i.fan.id for i in v.items}
    if r.loose and not fans & {"jiangyise", "fengyise"}:
        return "不是和牌牌型", "not a winning shape"
    big = _is_big(v)
    exempt = bool(fans & ANY_PAIR) if options.pair_rule is PairRule.SEED else big
    pair = r.pair
    if pair is not None and not exempt and not is_jiang(pair):
        return (f"将（{pair}）不是2、5、8：屁胡、全求人、杠上开花、海底捞、抢杠须258作将",
                f"the pair ({pair}) is not a 2, 5 or 8: only 风一色, 将一色, 碰碰胡 and 清一色 may have any pair")
    if big:
        return None
    if options.wild_limit is WildLimit.HELD and r.held >= 2:
        return (f"手上有{r.held}个癞子不能胡小胡（须打出一个）",
                f"{r.held} 癞子 held: no small win (one must be put out)")
    if options.wild_limit is WildLimit.AS_WILD and r.shape.wilds_as_others > 1:
        return (f"小胡最多一个癞子当万能牌（这里{r.shape.wilds_as_others}个）",
                f"a small win may use at most one 癞子 as a wild ({r.shape.wilds_as_others} here)")
    return None


def _min_fan_problem(v: Valued[Reading], settled: Settled, options: WuhanOptions) -> Problem | None:
    if not options.min_fan or _is_big(v):
        return None
    if settled.winner_doubles >= options.min_fan:
        return None
    if v.reading.ctx.self_drawn and max(settled.payer_doubles.values(), default=0) >= options.min_fan:
        return None
    return (f"未达起胡：小胡须{options.min_fan}番（和牌者{settled.winner_doubles}番）",
            f"below the minimum: a small win needs {options.min_fan} 番 (the winner has {settled.winner_doubles})")


def judged(v: Valued[Reading], options: WuhanOptions) -> tuple[Problem | None, Settled | None]:
    """Why a valued reading is no win (its pair, its 癞子, 起胡), else its settlement at the table (worked out once
    per reading and options value)."""
    r = v.reading
    known = r.judged.get(options)
    if known is not None:
        return known
    problem = _shape_problem(v, options)
    found: tuple[Problem | None, Settled | None] = (problem, None)
    if problem is None:
        fans = {i.fan.id for i in v.items}
        settled = settle(r.seating, v.total, _is_big(v), r.ctx.self_drawn, r.shape.wilds_as_others == 0,
                         contractor(r.ctx, fans, options), options)
        minimum = _min_fan_problem(v, settled, options)
        found = (minimum, None) if minimum is not None else (None, settled)
    r.judged[options] = found
    return found


def refuse(v: Valued[Reading], options: WuhanOptions) -> Problem | None:
    return judged(v, options)[0]


def prefer(v: Valued[Reading], options: WuhanOptions) -> tuple[object, int, bool]:
    """The reading kept: what the winner collects at this table, then the higher value, then a hard one."""
    settled = judged(v, options)[1]
    collected = settled.settlement.net[v.reading.ctx.seat] if settled is not None else 0
    return collected, v.total, v.reading.shape.wilds_as_others == 0


def details(outcome: Outcome[WuhanOptions, Reading]) -> WuhanDetails | None:
    best = outcome.best
    if best is None or outcome.refused is not None:
        return None
    settled = judged(best, outcome.options)[1]
    who = settled.contractor if settled is not None else None
    wild = best.reading.wild
    return WuhanDetails(str(wild) if wild is not None else None, best.reading.shape.wilds_as_others == 0,
                        _is_big(best), who.value if who is not None else None)


# --- waits -------------------------------------------------------------------------------------------------


def waits(hand: Hand, options: WuhanOptions) -> list[tuple[Tile, Score | None]]:
    """Each tile that completes a waiting hand (乱将/乱风 included), with its score. Tiles the hand could not
    receive (a fifth copy) are left out."""
    if hand.winning_tile is not None:
        raise HandError(msg("hand.waits_need_waiting"))
    _check_replacement(hand)
    hand.validate(hand_size=14, players=4, skip_checks=SKIP_CHECKS)
    wild = wild_tile(hand, options)
    copies = Counter(hand.all_tiles)
    standard = {t.index for t in wild_waits(hand, _wilds(wild), KINDS, ALL_TILES[:34])}
    out: list[tuple[Tile, Score | None]] = []
    for t in ALL_TILES[:34]:
        if copies[t] >= 4:
            continue
        complete = hand.with_winning_tile(t)
        if t.index not in standard and not _loose_shapes(complete, wild):
            continue
        try:
            out.append((t, RULESET.score(complete, options)))
        except (HandError, ContextError):
            continue
    return out


PIPELINE: Pipeline[WuhanOptions, Reading] = Pipeline(
    rows=ROWS, readings=readings, settle=settle_score, validate=validate, check=check, wild=wild_rule,
    refuse=refuse, prefer=prefer, details=details, waits=waits,
)

RULESET = Ruleset(
    id=RULES,
    zh="武汉麻将·红中癞子杠",
    en="Wuhan Mahjong (红中癞子杠)",
    unit=UNIT,
    players=4,
    options_type=WuhanOptions,
    pipeline=PIPELINE,
    works=WORKS,
    aliases=("武汉", "武汉麻将", "红中癞子杠", "红中赖子杠", "开口翻", "kaikoufan", "hzlzg"),
    hand_size=14,
    compared=False,  # asked for by name; not in the default comparison
    description_zh="武汉麻将（红中癞子杠）：136张，翻牌加一为癞子，红中打出为红中杠，须开口，2、5、8作将；屁胡1分、"
    "大胡各10分可累计；每家的番（开口、杠、红中杠、癞子杠、庄、自摸、硬胡、放冲）逐家相乘。",
    description_en="Wuhan 红中癞子杠: 136 tiles, the 癞子 is the tile after the indicator, each 红中 put out is a "
    "红中杠, a win must be opened with a 2/5/8 pair; a small win is worth 1, each big win 10 (additive); every "
    "payment multiplies in the winner's and the payer's doubles.",
    context_fields=CONTEXT_FIELDS,
    context=CONTEXT,
    skip_checks=SKIP_CHECKS,
)

__all__ = ["HONOURS", "RULESET", "WuhanOptions", "wild_rule", "wild_tile"]
