"""Scoring one 二人麻将 hand with the 国标 machinery: facts → readings → each reading's fans (the 国标 predicates
for the 国标 rows, :data:`OWN_PREDICATES` for the rest) → ``apply_exclusions`` → 套算一次 → best reading → the
13-番 cap in the payment.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123456789m11z55z1z", "erren", {"win": "self_drawn", "flowers": ["5f", "1f"]})["results"][0]
>>> r["total"], r["payouts"]
(29, {'E': 13, 'S': -13})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any

from .._mcr.detection import Plan
from .._mcr.lights import light_items
from .._mcr.principles import account_once, has_unique_wait
from .._mcr.view import DRAGONS, HONOURS, WINDS, View, facts_of, reading_view, wait_reading
from ..context import BAOTING
from ..errors import HandError
from ..hand import Hand, WinMethod
from ..messages import msg
from ..scoring import Item, Score, ShapeScore, apply_exclusions, options_dict
from ..settle import settled
from ..shapes import ShapeKind, decompose
from ..tiles import FLOWERS
from .context import TIANTING
from .fans import FANS, OWN
from .options import ErrenOptions
from .settle import capped, settle_score

RULES, UNIT, PLAYERS = "erren", "番", 2
KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
Problem = tuple[str, str]
OwnPredicate = Callable[[Hand, View], int]


def _pairs_of(v: View, tiles: frozenset[int]) -> bool:
    return v.kind is ShapeKind.SEVEN_PAIRS and all(v.facts.counts[i] >= 2 for i in tiles)


def _pung_count(v: View, tiles: frozenset[int]) -> int:
    return sum(1 for p in v.pungs if p in tiles)


OWN_PREDICATES: dict[str, OwnPredicate] = {
    "tianhu": lambda h, v: int(h.context.heavenly),
    "dihu": lambda h, v: int(h.context.earthly and h.context.self_drawn),
    "renhu": lambda h, v: int(h.context.earthly and not h.context.self_drawn),
    "big_seven_stars": lambda h, v: int(_pairs_of(v, HONOURS)),
    "three_dragons_seven_pairs": lambda h, v: int(_pairs_of(v, DRAGONS)),
    "four_winds_seven_pairs": lambda h, v: int(_pairs_of(v, WINDS)),
    "four_honour_pungs": lambda h, v: int(_pung_count(v, HONOURS) == 4),
    "little_three_winds": lambda h, v: int(v.standard and _pung_count(v, WINDS) == 2 and v.pair in WINDS),
    "tianting": lambda h, v: int(TIANTING.of(h.context)),
    "baoting": lambda h, v: int(h.context.seat in BAOTING.of(h.context)),
    "all_flowers": lambda h, v: int(len(h.context.flowers) == 8),
    "seasons": lambda h, v: int(set(FLOWERS[4:]) <= set(h.context.flowers)),
    "plants": lambda h, v: int(set(FLOWERS[:4]) <= set(h.context.flowers)),
    "no_flowers": lambda h, v: int(not h.context.flowers),
}
"""The rows 国标 has no predicate for: ``predicate(hand, view) -> count``."""
assert set(OWN_PREDICATES) == set(OWN)

POSITION = {f.id: k for k, f in enumerate(FANS)}
PLAN = Plan.of(FANS, frozenset(OWN))


def _invalid(problem: Problem, options: ErrenOptions, **more: Any) -> Score:
    return Score(RULES, False, UNIT, reason=problem[0], reason_en=problem[1], options=_echo(options), **more)


@lru_cache(maxsize=16)
def _echo(options: ErrenOptions) -> Any:
    return options_dict(options)


def _tile_problem(hand: Hand) -> Problem | None:
    odd = next((t for t in hand.all_tiles if t.is_suited and t.suit.value != "m"), None)
    if odd is not None:
        return (f"二人麻将只用万、风、箭和花牌：没有{odd.suit.zh}（{odd}）",
                f"Two-player mahjong uses characters, winds, dragons and flowers only: no {odd.suit.en} ({odd})")
    return None


def _context_problem(hand: Hand) -> Problem | None:
    ctx = hand.context
    if (ctx.heavenly or ctx.earthly) and any(not m.is_concealed for m in hand.melds):
        return "天胡/地胡/人胡在第一巡，不能有吃碰杠", "天胡/地胡/人胡 happen on the first turn: no claimed meld"
    if TIANTING.of(ctx) and ctx.seat not in BAOTING.of(ctx):
        return "天听是第一巡报听：和牌者须在报听名单里", "天听 is a ready declaration: list the winner in baoting too"
    return None


def score_readings(hand: Hand, options: ErrenOptions) -> list[ShapeScore]:
    """Every reading of a complete hand, valued."""
    # no 圈风刻/门风刻 at this table: no wind is the seat's or the round's, so every wind pung is a 幺九刻
    facts = dataclasses.replace(facts_of(hand), seat_wind=-1, round_wind=-1)
    if hand.context.win is WinMethod.ROB_KONG and options.rob_kong_self_drawn:
        facts = dataclasses.replace(facts, self_drawn=True)  # seed 003: 抢杠 记分按自摸计
    shapes = decompose(hand, KINDS)
    if not shapes:
        return []
    waits = [wait_reading(s) for s in shapes]
    unique = any(waits) and has_unique_wait(hand)
    views = [reading_view(s, facts, w if unique else None) for s, w in zip(shapes, waits, strict=True)]
    whole = PLAN.detect(PLAN.whole_hand, views[0])
    out = []
    for shape, view in zip(shapes, views, strict=True):
        found = whole + PLAN.detect(PLAN.reading, view)
        found += [(POSITION[fid], Item(FANS[POSITION[fid]], n)) for fid, pred in OWN_PREDICATES.items()
                  if (n := pred(hand, view))]
        found.sort(key=itemgetter(0))
        before, excluded = apply_exclusions(item for _, item in found)
        kept, trimmed = account_once(before, view)
        kept = light_items(kept, before, excluded, shape, view, hand.context)
        out.append(ShapeScore(shape, sum(i.total for i in kept), tuple(kept), tuple(excluded) + tuple(trimmed)))
    return out


def score(hand: Hand, options: ErrenOptions) -> Score:
    """Score a complete two-player hand (seats E and S)."""
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_13"))
    hand.validate(hand_size=14, players=PLAYERS)
    problem = _tile_problem(hand) or _context_problem(hand)
    if problem:
        return _invalid(problem, options)
    readings = score_readings(hand, options)
    if not readings:
        return _invalid(("不是和牌型：四组一将或七对", "Not a winning shape: four sets and a pair, or seven pairs"),
                        options)
    best = max(readings, key=lambda r: r.total)
    parts: dict[str, Any] = {"items": best.items, "excluded": best.excluded, "shape": best, "shapes": tuple(readings)}
    if best.total < options.minimum:
        return _invalid((f"{best.total}番，不足{options.minimum}番起和",
                         f"{best.total} fan: below the {options.minimum}-fan minimum"), options,
                        total=best.total, **parts)
    points = min(best.total, options.cap) if options.cap else best.total
    return settled(Score(RULES, True, UNIT, best.total, options=_echo(options),
                         extra={"capped": capped(best.total, options), "points": points * options.base}, **parts),
                   settle_score, hand, options)
