"""二人麻将 (two players): 万, winds, dragons and 8 flowers; a 国标-derived fan table with exclusions as data;
报听, 天听, flowers; the seed's 13-番 cap (役满), uncapped as an option; 抢杠 scored as a self-draw.

The spec is rules/regional.md §7 (with its errata: ER-B misses 一色三步高); the seed is 003 (二人麻将).
docs/erren.md records every decision. Its table runs on the pipeline over the shared MCR detection
(:mod:`rulesets._mcr`): each reading's view → the 国标 rows and its own (``fans.py``) → the table's exclusions →
套算一次 → the best reading → the minimum → the payment, capped at 13 番.

>>> from rulesets.registry import get_ruleset
>>> get_ruleset("二人").id, get_ruleset("二人麻将").id, get_ruleset("两人两房").id
('erren', 'erren', 'sichuan-2p')
>>> from rulesets.engine import evaluate
>>> r = evaluate("123456789m11z55z1z", "erren", {"win": "self_drawn", "flowers": ["5f", "1f"]})["results"][0]
>>> r["total"], r["payouts"]
(29, {'E': 13, 'S': -13})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from .._mcr.lights import light_items
from .._mcr.principles import account_once, has_unique_wait
from .._mcr.view import View, facts_of, reading_view, wait_reading
from ..context import BAOTING
from ..errors import HandError
from ..hand import Hand, WinMethod
from ..messages import msg
from ..pipeline import Minimum, Outcome, Pipeline, Problem
from ..scoring import Details, Exclusion, Item, Ruleset
from ..shapes import ShapeKind, decompose
from .context import CONTEXT, CONTEXT_FIELDS, TIANTING
from .fans import BOOK, FANS, ROWS
from .options import ErrenOptions
from .settle import capped, settle_score
from .works import WORKS

__all__ = ["FANS", "RULESET", "ErrenOptions"]

PLAYERS = 2
KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


def validate(hand: Hand, options: ErrenOptions) -> None:
    """A complete hand of 14 at a table of two (seats E and S)."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_13"))
    hand.validate(hand_size=14, players=PLAYERS)


def check(hand: Hand, options: ErrenOptions) -> Problem | None:
    """Characters, winds, dragons and flowers only; 天胡/地胡/人胡 with no claim; 天听 declared ready."""
    odd = next((t for t in hand.all_tiles if t.is_suited and t.suit.value != "m"), None)
    if odd is not None:
        return (f"二人麻将只用万、风、箭和花牌：没有{odd.suit.zh}（{odd}）",
                f"Two-player mahjong uses characters, winds, dragons and flowers only: no {odd.suit.en} ({odd})")
    ctx = hand.context
    if (ctx.heavenly or ctx.earthly) and any(not m.is_concealed for m in hand.melds):
        return "天胡/地胡/人胡在第一巡，不能有吃碰杠", "天胡/地胡/人胡 happen on the first turn: no claimed meld"
    if TIANTING.of(ctx) and ctx.seat not in BAOTING.of(ctx):
        return "天听是第一巡报听：和牌者须在报听名单里", "天听 is a ready declaration: list the winner in baoting too"
    return None


def readings(hand: Hand, options: ErrenOptions) -> list[View]:
    """Each decomposition's view; the wait fans read only when the hand waited on its winning tile alone."""
    # no 圈风刻/门风刻 at this table: no wind is the seat's or the round's, so every wind pung is a 幺九刻
    facts = dataclasses.replace(facts_of(hand), seat_wind=-1, round_wind=-1)
    if hand.context.win is WinMethod.ROB_KONG and options.rob_kong_self_drawn:
        facts = dataclasses.replace(facts, self_drawn=True)  # seed 003: 抢杠 记分按自摸计
    shapes = decompose(hand, KINDS)
    waits = [wait_reading(s) for s in shapes]
    unique = any(waits) and has_unique_wait(hand)
    return [reading_view(s, facts, w if unique else None) for s, w in zip(shapes, waits, strict=True)]


def principles(view: View, kept: list[Item], options: ErrenOptions) -> tuple[list[Item], list[Exclusion]]:
    """套算一次 over the chows of the reading (:func:`rulesets._mcr.principles.account_once`)."""
    return account_once(kept, view)


def lights(view: View, kept: list[Item], before: list[Item], excluded: list[Exclusion]
           ) -> Callable[[], Sequence[Item]]:
    """Which chows a pair fan keeps, which pungs a 幺九刻 is counted for (:mod:`rulesets._mcr.lights`)."""
    return partial(light_items, kept, before, excluded, view.shape, view, view.facts.context)


def _too_few(has: int, need: int, hand: Hand, options: ErrenOptions) -> Problem:
    return f"{has}番，不足{need}番起和", f"{has} fan: below the {need}-fan minimum"


@dataclass(frozen=True)
class ErrenDetails(Details):
    """What a 二人麻将 result adds: whether the cap cut the payment, and the points paid (番 × 底分, capped)."""

    capped: bool
    points: int


def details(outcome: Outcome[ErrenOptions, View]) -> ErrenDetails | None:
    best, options = outcome.best, outcome.options
    if best is None or outcome.refused:
        return None
    points = min(best.total, options.cap) if options.cap else best.total
    return ErrenDetails(capped(best.total, options), points * options.base)


PIPELINE: Pipeline[ErrenOptions, View] = Pipeline(
    rows=ROWS, book=BOOK, readings=readings, settle=settle_score, validate=validate, check=check,
    no_reading=("不是和牌型：四组一将或七对", "Not a winning shape: four sets and a pair, or seven pairs"),
    principles=principles, lights=lights, light_now=True,
    minimum=Minimum(need=lambda hand, options: options.minimum, says=_too_few), details=details,
)


RULESET = Ruleset(
    id="erren", zh="二人麻将", en="Two-player Mahjong", unit="番", players=PLAYERS, pipeline=PIPELINE,
    options_type=ErrenOptions, works=WORKS, aliases=("二人", "二人麻将", "2人麻将", "er", "two-player"),
    compared=False, context_fields=CONTEXT_FIELDS, context=CONTEXT,
    description_zh="二人麻将：两人对战（东、南），万子加风、箭和8张花牌；源于国标的番表（不计照国标）；报听、天听、花牌；"
    "13番封顶（役满）；抢杠按自摸计。",
    description_en="Two players (E and S) with characters, winds, dragons and 8 flowers; a fan table derived from "
    "国标 with its exclusions; 报听, 天听, flowers; capped at 13 fan (役满); robbing a kong scores as a self-draw.",
)
