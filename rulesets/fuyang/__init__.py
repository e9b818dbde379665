"""富阳麻将: 136 tiles, the 财神 turned up by dice, 杠花 (the tile after the 财神, 1 台 each), 台 that add (硬货,
门风刻, 碰碰胡, 混一色, 清一色 3, 全风子 13, 杠上开花), 两台起胡 and 两摸三放.

The primary text is one article (《富阳麻将》, ``works.py``); docs/fuyang.md records every decision, among them the
payout, which the article does not give. Not in the "all systems" comparison: ask for it by name.

>>> from rulesets.engine import evaluate
>>> r = evaluate("[555z1]123m345m789m1z1z", "fuyang", {"win": "self_drawn", "seat": "S"})["results"][0]
>>> r["valid"], r["total"], sorted(f["id"] for f in r["fans"]), r["payouts"]
(True, 2, ['hunyise', 'zhong'], {'E': -2, 'S': 6, 'W': -2, 'N': -2})
>>> from rulesets.registry import get_ruleset
>>> [get_ruleset(n).id for n in ("富阳", "fy", "富阳麻将")]
['fuyang', 'fuyang', 'fuyang']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..caishen import claimed_wild, predecessor, table_problem
from ..context import INDICATOR
from ..hand import Hand, Seat
from ..messages import Words, msg, text
from ..pipeline import Minimum, Outcome, Pipeline, Problem
from ..scoring import Details, Ruleset
from ..shapes import ShapeKind
from ..tiles import Tile
from ..wild import WildRule, decompose_wild, successor
from .context import CONTEXT, CONTEXT_FIELDS
from .fans import ROWS, Facts, FuyangReading
from .options import PRESET_INFO, PRESETS, Fanfa, FuyangOptions, Payout
from .settle import ASSUMPTION, settle
from .works import WORKS

KINDS = frozenset({ShapeKind.STANDARD})
SELF_DRAWN_MIN, DISCARD_MIN = 2, 3  # the article: 两台起胡，三台或以上可以放闯（两摸三放）


def caishen(hand: Hand, options: FuyangOptions) -> Tile | None:
    """The 财神: the turned-up tile (兜底翻) or the tile before it (大骰子倒滚翻); None when no tile was given."""
    turned = INDICATOR.of(hand.context)
    if turned is None:
        return None
    return turned if options.fanfa is Fanfa.DOUDI else predecessor(turned)


def wild_rule(hand: Hand, options: FuyangOptions) -> WildRule | None:
    wild = caishen(hand, options)
    return None if wild is None else WildRule(frozenset({wild}), zh="财神", en="wild (财神)")


def menfeng(hand: Hand) -> Tile:
    """The winner's 门风: 东 for the dealer, 南 for the next player, and so on (the article: 门风刻)."""
    ctx = hand.context
    return Seat.E.offset((ctx.seat.order - ctx.dealer.order) % 4).wind_tile


def check(hand: Hand, options: FuyangOptions) -> Problem | None:
    """136 tiles (no flowers), and a 财神 is never claimed."""
    problem = table_problem(hand, "富阳麻将", "Fuyang mahjong")
    fed = claimed_wild(hand, wild_rule(hand, options))
    if problem is None and fed is not None:
        problem = (f"财神不能吃碰杠：{fed} 吃进了财神", f"A 财神 cannot be claimed: {fed} claims one")
    return problem


def _copies(hand: Hand, tile: Tile | None) -> int:
    """How many of ``tile`` the hand holds, melds included (as ``Hand.all_tiles``, without sorting them)."""
    if tile is None:
        return 0
    held = (*hand.standing, *(t for m in hand.melds for t in m.tiles))
    return sum(t.index == tile.index for t in held) + (hand.winning_tile == tile)


def readings(hand: Hand, options: FuyangOptions) -> list[FuyangReading]:
    """Four sets and a pair, the 财神 wild; each read with the hand's 杠花, 门风 and 杠上开花."""
    wild = caishen(hand, options)
    flower = successor(wild) if wild is not None else None
    facts = Facts(_copies(hand, flower), menfeng(hand), hand.context.kong_replacement, options)
    return [FuyangReading(shape, facts.key(shape), facts) for shape in decompose_wild(hand, wild_rule(hand, options),
                                                                                      KINDS)]


def _too_few(has: int, need: int, hand: Hand, options: FuyangOptions) -> Problem:
    if hand.context.self_drawn:
        return f"两台起胡：这手只有{has}台", f"A hand needs at least 2 台 to win (两台起胡): this one has {has}"
    return (f"两摸三放：放冲（点炮）要3台以上，这手只有{has}台，只能自摸",
            f"两摸三放: a win on a discard needs 3 台 or more; this hand has {has}, so it may only win by self-draw")


@lru_cache(maxsize=128)
def notes_of(wild: Tile | None, payout: Payout) -> tuple[str, ...]:
    """The notes of a hand with this 财神 and payout (the same words for every hand: a waiting hand's 34 tiles
    ask for them once): the payout assumed, and the 财神 and 杠花 (or that no tile was turned up)."""
    if wild is None:
        return ASSUMPTION[payout], text(msg("fuyang.no_indicator"))
    flower = successor(wild)
    return ASSUMPTION[payout], text(msg("fuyang.caishen", wild=Words(str(wild), wild.en),
                                        flower=Words(str(flower), flower.en)))


def notes(outcome: Outcome[FuyangOptions, FuyangReading]) -> tuple[str, ...]:
    return notes_of(caishen(outcome.hand, outcome.options), outcome.options.payout)


@dataclass(frozen=True)
class FuyangDetails(Details):
    """A win's 财神 and 杠花 (None when no tile was turned up)."""

    caishen: str | None
    ganghua: str | None


def details(outcome: Outcome[FuyangOptions, FuyangReading]) -> FuyangDetails | None:
    if outcome.best is None or outcome.refused is not None:
        return None
    wild = caishen(outcome.hand, outcome.options)
    return FuyangDetails(str(wild) if wild else None, str(successor(wild)) if wild is not None else None)


PIPELINE: Pipeline[FuyangOptions, FuyangReading] = Pipeline(
    rows=ROWS, readings=readings, settle=settle, check=check, wild=wild_rule, alike=lambda r: r.key,
    minimum=Minimum(need=lambda hand, o: SELF_DRAWN_MIN if hand.context.self_drawn else DISCARD_MIN, says=_too_few),
    notes=notes, details=details, no_reading=("不是和牌型：四组一将", "Not a winning shape: four sets and a pair"),
)

RULESET = Ruleset(
    id="fuyang", zh="富阳麻将", en="Fuyang Mahjong", unit="台", players=4, options_type=FuyangOptions,
    pipeline=PIPELINE, works=WORKS, aliases=("富阳", "fy", "fuyang-mahjong"),
    presets=PRESETS, preset_info=PRESET_INFO, compared=False,
    description_zh="富阳麻将：136张；财神按骰子翻出（兜底翻/大骰子倒滚翻），财神的下一张为杠花，每只1台；硬货、门风刻、碰碰胡、"
    "混一色各1台，清一色3台，全风子13台，杠上开花1台；两台起胡，三台以上可放冲（两摸三放）。付法原文没有给出，是假设。",
    description_en="Fuyang: 136 tiles; the 财神 is turned up by dice; the tile after it is 杠花, 1 台 each held; "
    "dragon pungs, the seat-wind pung, all pungs and a half flush 1 台 each, full flush 3, all honours 13, "
    "win on a kong replacement 1; 2 台 to win, 3 台 to win on a discard (两摸三放). The article gives no payout: it "
    "is an assumption.",
    context_fields=CONTEXT_FIELDS, context=CONTEXT,
)

__all__ = ["RULESET", "FuyangOptions", "caishen", "menfeng", "wild_rule"]
