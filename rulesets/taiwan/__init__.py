"""台灣十六張 (``taiwan``): Taiwanese 16-tile mahjong. 144 tiles with eight flowers, a win of five sets and a pair
(17 tiles), 台 that add, and money 底 + 每台 × 台 per payer, the dealer's 莊家 1 + 連 n 拉 n only on the payments the
dealer makes or receives. 八仙過海 and 七搶一 are wins by the flowers, whatever the tiles.

The rules come from a Taiwanese association's rule page, the common 台數表 pages, a software vendor's rule text
and a tested implementation that agree wherever they overlap (``works.py``); docs/taiwan.md records every choice.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m456m234s567s88s23p4p", "taiwan", {"seat": "S", "from_seat": "W"})["results"][0]
>>> r["total"], r["payouts"]
(3, {'E': 0, 'S': 160, 'W': -160, 'N': 0})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..context import FLOWER_REPLACEMENT, FLOWER_WIN
from ..errors import ContextError, HandError, MahjongError
from ..hand import Hand, WinMethod
from ..messages import msg, register
from ..pipeline import Outcome, Pipeline, Problem, score
from ..scoring import Details, Ruleset, Score
from ..shapes import ShapeKind, decompose, winning_tiles
from ..tiles import ALL_TILES, Tile
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import BOOK, ROWS
from .options import PRESET_INFO, PRESETS, TaiwanOptions
from .reading import TwReading, ligu_shapes, readings, seat_wind
from .settle import dealer_tai, settle
from .works import WORKS

SIZE = 17

register({
    "taiwan.flower_win_count": (
        "花牌胡（flower_win）要八张花（八仙过海）或七张花（七抢一），这手只有 {n} 张",
        "flower_win needs all eight flowers (八仙過海) or seven (七搶一); this hand has {n}"),
    "taiwan.eight_self_drawn": (
        "八张花是八仙过海（flower_win），按自摸付：请选自摸",
        "flower_win with all eight flowers is 八仙過海, paid as a self-draw: say it was self-drawn"),
    "taiwan.seven_robbed": (
        "七张花是七抢一（flower_win）：胡的是别家补出的第八张花，请选点炮并写明是哪家",
        "flower_win with seven flowers is 七搶一, won from the player who laid out the 8th flower: say it was on "
        "that player's discard"),
    "taiwan.flower_replacement_self_drawn": (
        "补花自摸（flower_replacement）必须是自摸",
        "flower_replacement: a win on a flower's replacement is self-drawn"),
    "taiwan.flower_replacement_no_flower": (
        "补花自摸（flower_replacement）要有花牌：请写出补出的花",
        "flower_replacement needs a flower laid out (flowers)"),
})


def validate(hand: Hand, options: TaiwanOptions) -> None:
    """17 tiles, or a win by the flowers (16 tiles with no winning tile); the flower facts agree with themselves."""
    ctx = hand.context
    if hand.winning_tile is None and not FLOWER_WIN.of(ctx):
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    complete = hand.winning_tile is not None
    hand.validate(hand_size=hand.size() + (not complete), players=4)  # copies and the context first, then the size
    if hand.size() != SIZE - (not complete):
        key = "hand.count" if complete else "hand.count_waiting"
        raise HandError(msg(key, n=hand.size(), expected=SIZE - (not complete)))
    flowers = len(ctx.flowers)
    if FLOWER_REPLACEMENT.of(ctx) and not ctx.self_drawn:
        raise ContextError(msg("taiwan.flower_replacement_self_drawn"))
    if FLOWER_REPLACEMENT.of(ctx) and not flowers:
        raise ContextError(msg("taiwan.flower_replacement_no_flower"))
    if not FLOWER_WIN.of(ctx):
        return
    if flowers == 8 and not ctx.self_drawn:
        raise ContextError(msg("taiwan.eight_self_drawn"))
    if flowers == 7 and ctx.win is not WinMethod.DISCARD:
        raise ContextError(msg("taiwan.seven_robbed"))
    if flowers < 7:
        raise ContextError(msg("taiwan.flower_win_count", n=flowers))


def check(hand: Hand, options: TaiwanOptions) -> Problem | None:
    """Seven pairs and a pung is no win unless the table plays 嚦咕嚦咕 (there are no seven pairs in Taiwan)."""
    if options.ligu or FLOWER_WIN.of(hand.context) or not ligu_shapes(hand):
        return None
    if decompose(hand, frozenset({ShapeKind.STANDARD})):
        return None
    return ("七对加一刻（呖咕呖咕）不是胡牌，除非桌上约定（house rule ligu）；台湾十六张没有七对",
            "Seven pairs and a pung (嚦咕嚦咕) is no win unless the table plays it (house rule ligu); there are no "
            "seven pairs in Taiwanese 16-tile mahjong")


@dataclass(frozen=True)
class TaiwanDetails(Details):
    """What a 台灣 result adds: the winner's wind counted from the dealer (門風, as a tile), and the dealer's 台
    (莊家 1 + 連 n 拉 n) on each payment the dealer makes or receives."""

    seat_wind: str
    dealer_tai: int


def details(outcome: Outcome[TaiwanOptions, TwReading]) -> TaiwanDetails:
    return TaiwanDetails(str(seat_wind(outcome.hand)), sum(dealer_tai(outcome.hand, outcome.options)))


def waits(hand: Hand, options: TaiwanOptions) -> Sequence[tuple[Tile, Score | None]]:
    """Each tile that completes the 16 tiles (five sets and a pair; 嚦咕嚦咕 where played), with its Score; a tile
    the hand already holds all four of is no wait."""
    held = {t: n for t in ALL_TILES if (n := hand.all_tiles.count(t))}
    counts = [0] * 34
    for t in hand.standing:
        counts[t.index] += 1
    found = {ALL_TILES[i] for i in winning_tiles(tuple(counts), frozenset({ShapeKind.STANDARD}), len(hand.melds))}
    if options.ligu and not hand.melds:
        found |= {t for t in ALL_TILES if ligu_shapes(hand.with_winning_tile(t))}
    out: list[tuple[Tile, Score | None]] = []
    for t in sorted(found):
        if held.get(t, 0) >= 4:
            continue
        try:
            out.append((t, score(RULESET, hand.with_winning_tile(t), options)))
        except MahjongError:
            out.append((t, None))
    return out


PIPELINE: Pipeline[TaiwanOptions, TwReading] = Pipeline(
    rows=ROWS, book=BOOK, readings=readings, settle=settle, validate=validate, check=check, details=details,
    waits=waits, no_reading=("不是胡牌型：五副一将（17 张）；台湾十六张没有七对",
                             "Not a winning shape: five sets and a pair (17 tiles); Taiwanese 16-tile mahjong has no "
                             "seven pairs"),
)

RULESET: Ruleset[TaiwanOptions] = Ruleset(
    id="taiwan", zh="台湾十六张", en="Taiwanese 16-tile", unit="台", players=4, options_type=TaiwanOptions,
    pipeline=PIPELINE, works=WORKS, hand_size=SIZE,
    aliases=("台湾", "台灣", "台麻", "台湾麻将", "台灣麻將", "台湾十六张", "台灣十六張", "十六张", "十六張",
             "台湾16张", "台灣16張", "taiwanese", "taiwan-16", "tw"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False,
    description_zh="台湾十六张：144张（含八张花），手上16张、胡牌17张＝五副一将；台数相加；每家付底＋台×每台，"
    "庄家的庄家1台、连n拉n（2n台）只加在庄家付或收的那几笔；正花、花杠按门风（从庄家数起）；八仙过海、七抢一不看牌型。",
    description_en="Taiwanese 16-tile mahjong: 144 tiles with eight flowers, 16 in hand, a win of 17 = five sets and a "
    "pair; 台 add up; each payer pays base + 台 × stake, the dealer's 1 + 2n (連 n 拉 n) only on the payments the "
    "dealer makes or receives; own flowers and flower sets by the wind counted from the dealer; 八仙過海 and 七搶一 "
    "need no shape.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)

__all__ = ["PIPELINE", "RULESET", "TaiwanDetails", "TaiwanOptions"]
