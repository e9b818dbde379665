"""香港麻雀 (``hongkong``, 廣東牌, Hong Kong old style): 144 tiles with eight flowers, four sets and a pair or 十三么,
番 added item by item, 三番起糊 (the minimum, on the total before the limit), 十番爆棚 (the limit), and money in
portions that rise with the 番 (半辣 or 辣上), paid by all three on a self-draw and mostly by the discarder on a
discard (半銃 or 全銃); 包, 搶槓 and 詐糊 as the HK tables play them. docs/hongkong.md records every choice.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[777z1]12345678m11z9m", "hongkong", {"seat": "S", "from_seat": "N"})["results"][0]
>>> r["total"], r["payouts"]
(5, {'E': -12, 'S': 48, 'W': -12, 'N': -24})
"""

from __future__ import annotations

from typing import Any

from ..context import FLOWER_REPLACEMENT, FLOWER_WIN
from ..errors import ContextError, HandError, RulesError
from ..hand import Hand, Seat
from ..messages import msg, register
from ..pipeline import Minimum, Outcome, Pipeline, Problem, Value, Valued
from ..reading import readings
from ..scoring import Fan, Ruleset
from ..shapes import ShapeKind, decompose
from ..tiles import DRAGONS, WINDS
from .context import CONTEXT, CONTEXT_FIELDS, DECLARED_WIN, KONG_ON_KONG, LIABLE
from .fans import FLOWER_ITEMS, FLOWER_WINS, LIMIT, ROWS, FlowerWin, Read
from .options import Dihu, HongKongOptions
from .settle import HongKongDetails, false_win, settle
from .works import WORKS

register({
    "hongkong.no_flowers": ("这桌不打花（136 张）：手里不能有花 {tile}",
                            "This table plays without flowers (136 tiles): {tile} cannot be held"),
    "hongkong.flower_win_count": ("以花糊要有七只花（花糊）或八只花（八仙过海），这手有 {n} 只",
                                  "A win on the flowers needs seven flowers (花糊) or eight (八仙過海); this hand "
                                  "has {n}"),
    "hongkong.flower_win_self_drawn": ("以花糊按自摸计，不能写成食别人的牌",
                                       "A win on the flowers is a self-draw, not a win on a discard"),
    "hongkong.flower_replacement": ("花上自摸：糊张是补花摸到的，要自摸，手里也要有花",
                                    "A win on a flower's replacement (花上自摸) is self-drawn, with a flower held"),
    "hongkong.kong_on_kong": ("杠上杠是连开两个杠后在补牌上自摸：要有两个杠，并标杠上开花",
                              "A kong on kong (槓上槓) is self-drawn on the replacement after two kongs: the hand "
                              "needs two kongs and kong_replacement"),
    "hongkong.dihu_discard": ("本桌的地糊是闲家食庄家打出的第一只牌：不能自摸，出铳的是庄家",
                              "An earthly hand (地糊) here is a win on the dealer's first discard: not self-drawn, "
                              "and the dealer discards"),
    "hongkong.dihu_draw": ("本桌的地糊是闲家第一次摸牌自摸",
                           "An earthly hand (地糊) here is a self-draw on the first draw"),
    "hongkong.bao_off": ("本桌不玩包：不能指定包牌的人", "This table plays without 包 (bao is off): nobody is liable"),
    "hongkong.bao_not_fed": ("{seat} 没有供出十二张落地、大三元或大四喜的副露，不能包",
                             "{seat} fed none of the melds of a 包 hand (twelve tiles shown, 大三元, 大四喜), so "
                             "cannot be liable"),
    "hongkong.option_range": ("{key} 要在 {low} 到 {high} 之间，不能是 {value}",
                              "{key} must be between {low} and {high}, not {value}"),
})

RANGES = {"min_faan": (0, 13), "max_faan": (1, 13), "base": (1, 10000)}
"""The house rules with numbers, and the numbers they take (the multiplier tables stop at 13 番)."""


def kinds(options: HongKongOptions) -> frozenset[ShapeKind]:
    """Four sets and a pair, 十三么, and 七對 where the table plays it."""
    base = {ShapeKind.STANDARD, ShapeKind.THIRTEEN_ORPHANS}
    return frozenset(base | ({ShapeKind.SEVEN_PAIRS} if options.seven_pairs else set()))


def read(hand: Hand, options: HongKongOptions) -> list[Read]:
    """The readings: every shape with every placement of the winning tile; a win on the flowers has one reading
    with no shape (declared ``flower_win``, or all eight flowers held, 八仙過海 whatever the tiles)."""
    if FLOWER_WIN.of(hand.context):
        return [FlowerWin(hand)]
    found: list[Read] = list(readings(hand, decompose(hand, kinds(options))))
    if len(hand.context.flowers) == 8:
        found.append(FlowerWin(hand))
    return found


def fed(hand: Hand) -> set[Seat]:
    """Who fed a meld that makes a 包 hand: any claimed meld of four (十二張落地), a dragon meld of 大三元, a wind
    meld of 大四喜 (the hand cannot say which was claimed last)."""
    ctx = hand.context
    claimed = [m for m in hand.melds if m.source is not None]
    tiles = hand.all_tiles
    out: set[Seat] = set()
    if len(claimed) == 4:
        out |= {ctx.seat.source(m.source) for m in claimed if m.source is not None}
    for honours in (DRAGONS, WINDS):
        if all(tiles.count(t) >= 3 for t in honours):
            out |= {ctx.seat.source(m.source) for m in claimed if m.source is not None and m.tile in honours}
    return out


def _numbers(options: HongKongOptions) -> None:
    for key, (low, high) in RANGES.items():
        value = getattr(options, key)
        if not low <= value <= high:
            raise RulesError(msg("hongkong.option_range", key=key, low=low, high=high, value=value))


def _flowers(hand: Hand, options: HongKongOptions) -> None:
    """Flowers at a table without them; a win on the flowers (seven or eight, self-drawn); 花上自摸 (a flower held)."""
    ctx = hand.context
    if ctx.flowers and not options.flowers_in_play:
        raise HandError(msg("hongkong.no_flowers", tile=str(ctx.flowers[0])))
    if FLOWER_WIN.of(ctx) and len(ctx.flowers) < 7:
        raise ContextError(msg("hongkong.flower_win_count", n=len(ctx.flowers)))
    if FLOWER_WIN.of(ctx) and not ctx.self_drawn:
        raise ContextError(msg("hongkong.flower_win_self_drawn"))
    if FLOWER_REPLACEMENT.of(ctx) and not (ctx.flowers and ctx.self_drawn):
        raise ContextError(msg("hongkong.flower_replacement"))


def _table(hand: Hand, options: HongKongOptions) -> None:
    """槓上槓 (two kongs), 地糊 as the table defines it, and 包 (played here, and fed by that player)."""
    ctx = hand.context
    if KONG_ON_KONG.of(ctx) and not (ctx.kong_replacement and len(hand.kongs) >= 2):
        raise ContextError(msg("hongkong.kong_on_kong"))
    if ctx.earthly and options.dihu is Dihu.FIRST_DISCARD and (ctx.self_drawn or ctx.discarder(4) is not ctx.dealer):
        raise ContextError(msg("hongkong.dihu_discard"))
    if ctx.earthly and options.dihu is Dihu.FIRST_DRAW and not ctx.self_drawn:
        raise ContextError(msg("hongkong.dihu_draw"))
    liable = LIABLE.of(ctx)
    if liable is not None and not options.bao:
        raise ContextError(msg("hongkong.bao_off"))
    if liable is not None and liable not in fed(hand):
        raise ContextError(msg("hongkong.bao_not_fed", seat=liable.value))


def validate(hand: Hand, options: HongKongOptions) -> None:
    """A hand that cannot be at a 香港 table (raises): the house rules' numbers, the size (no winning tile only for
    a win on the flowers), the flowers, and the table facts that contradict the tiles."""
    _numbers(options)
    if hand.winning_tile is None and not FLOWER_WIN.of(hand.context):
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    hand.validate(hand_size=14, players=4)
    _flowers(hand, options)
    _table(hand, options)


def _is_limit(fan: Fan) -> bool:
    return fan.category == LIMIT or fan.id in FLOWER_WINS


def counted(valued: Valued[Read], options: HongKongOptions) -> int:
    """What the minimum is compared with: the 番 before the limit (the 爆棚 line left out), without the flower
    items where they do not count toward it."""
    return sum(i.total for i in valued.items if i.fan.id != BAOPENG.id
               and (options.flowers_count_for_minimum or i.fan.id not in FLOWER_ITEMS))


NO_SHAPE: Problem = ("不是糊牌型：四组一对，或十三幺（七对只在开七对时）",
                     "Not a winning shape: four sets and a pair, or thirteen orphans (seven pairs only where played)")


def _false(problem: Problem, hand: Hand) -> Problem:
    """A declared win that is none says it is a false win (詐糊), and why."""
    if not DECLARED_WIN.of(hand.context):
        return problem
    return f"诈糊：{problem[0]}", f"False win (詐糊): {problem[1]}"


def check(hand: Hand, options: HongKongOptions) -> Problem | None:
    """A declared win with no shape at all is a false win (詐糊), said so; any other hand goes on to its readings."""
    if DECLARED_WIN.of(hand.context) and not read(hand, options):
        return _false(NO_SHAPE, hand)
    return None


def _below(has: int, need: int, hand: Hand, options: HongKongOptions) -> Problem:
    return _false((f"{has} 番，不够 {need} 番起糊", f"{has} faan: below the table's minimum of {need} (起糊)"), hand)


def details(outcome: Outcome[HongKongOptions, Any]) -> HongKongDetails | None:
    best = outcome.best
    if best is None:
        return None
    return HongKongDetails(any(i.fan.id in FLOWER_WINS for i in best.items))


BAOPENG = Fan("baopeng", "爆棚", "Over the limit", 0, (), "番数超过满糊，按满糊计",
              "More 番 than the limit: paid at the limit", WORKS.cite("ynews", "爆棚", note="rules/hongkong.md §3.5"),
              "[222p1][555p1]777p999p3p3p|EN1000", "cap")
"""The line a card shows when the hand is held to the limit (12→10)."""

PIPELINE: Pipeline[HongKongOptions, Any] = Pipeline(
    rows=ROWS, readings=read, settle=settle, validate=validate, penalty=false_win,
    value=Value(cap=lambda o: o.max_faan, cap_row=BAOPENG),
    minimum=Minimum(need=lambda hand, o: o.min_faan, says=_below, counts=counted,
                    waived=lambda v, o: any(_is_limit(i.fan) for i in v.items)),
    no_reading=NO_SHAPE, check=check, details=details,
)

RULESET = Ruleset(
    id="hongkong", zh="香港麻雀", en="Hong Kong Mahjong", unit="番", players=4, options_type=HongKongOptions,
    pipeline=PIPELINE, works=WORKS,
    aliases=("香港", "香港麻雀", "港式", "港式麻雀", "广东牌", "廣東牌", "老番", "hkos", "hong-kong", "hk",
             "cantonese"),
    compared=False,
    # 香港 writes 糊 where the mainland writes 胡, and calls the bamboo suit 索 (索子), not 條
    hant_terms={"胡": "糊", **{f"{n}条": f"{n}索" for n in "一二三四五六七八九"}, "条子": "索子"},
    description_zh="香港麻雀（广东牌）：144 张连花，番数相加，三番起糊，十番爆棚（满糊）；例牌作满糊；"
    "正花、一台花、无花、花糊、八仙过海；半辣或辣上，自摸三家各付，出铳半铳或全铳；包、抢杠、诈糊。",
    description_en="Hong Kong old style (廣東牌): 144 tiles with flowers, 番 added, 3 to win, the limit 10 (爆棚); "
    "limit hands at the limit; own flowers, a set of flowers, no flowers, seven and eight flowers as wins; "
    "half-spicy or spicy money, everyone pays a self-draw, the discarder half or all; 包, robbing a kong, false wins.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)
