"""One predicate per fan, all with the same signature: ``predicate(view, options) -> count`` (0 = absent).

A predicate says whether its fan's *definition* holds in one decomposition and how many times; it
never looks at other fans. What a bigger fan implies is removed afterwards by the table's
``excludes`` (:func:`rulesets.scoring.apply_exclusions`) and by :mod:`.principles`.

Chows and pungs are tile indices (0..33: 1m..9m, 1p..9p, 1s..9s, 东南西北中发白); a chow is named
by its first tile. The pattern helpers are cached on the tuples, so a pattern is computed once per
distinct set of chows or pungs, whatever the hand.

:data:`SCOPES` groups the fans for speed, never for meaning: each scope has a gate that all its fans
need (no pung: no pung fan), and the scopes that read only the hand's facts run once per hand
(:mod:`.detection`).

>>> from rulesets._mcr.view import View, Facts
>>> chows_fans((0, 3, 6, 9))["pure_straight"]
1
>>> pair_edges((1, 10))
((0, 1, 'mixed_double_chow'),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from rulesets.shapes import ShapeKind

from .view import DRAGONS, GREEN, HONOURS, REVERSIBLE, TERMINALS, WINDS, View, mask_of, rank_of, suit_of

Predicate = Callable[[View, Any], int]
"""``predicate(view, options=None) -> count``: a row's count of the pipeline (:class:`rulesets.pipeline.Row`) as
it is, reading no options."""

# --- chow patterns ----------------------------------------------------------------------------------

PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
"""The 1-fan chow pairs, in the order summerinsects keeps them (mcr.md §4.5)."""
THREE_CHOW_FANS = (
    "pure_triple_chow", "pure_shifted_chows", "pure_straight",
    "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows",
)
FOUR_CHOW_FANS = ("quadruple_chow", "four_pure_shifted_chows", "pure_terminal_chows", "three_suited_terminal_chows")


def pair_type(a: int, b: int) -> str | None:
    """The 1-fan fan two chows make together, if any (they are mutually exclusive)."""
    ra, rb = a % 9, b % 9
    if suit_of(a) != suit_of(b):
        return "mixed_double_chow" if ra == rb else None
    if ra == rb:
        return "pure_double_chow"
    if abs(ra - rb) == 3:
        return "short_straight"
    if {ra, rb} == {0, 6}:
        return "two_terminal_chows"
    return None


@lru_cache(maxsize=4096)
def pair_edges(chows: tuple[int, ...]) -> tuple[tuple[int, int, str], ...]:
    """Every pair of chows (by position) that makes a 1-fan fan, with that fan."""
    out = []
    for i, j in combinations(range(len(chows)), 2):
        kind = pair_type(chows[i], chows[j])
        if kind:
            out.append((i, j, kind))
    return tuple(out)


def triple_type(a: int, b: int, c: int) -> str | None:
    """The 3-chow fan of three chows (given sorted by index), if any."""
    suits = {suit_of(a), suit_of(b), suit_of(c)}
    ranks = sorted((a % 9, b % 9, c % 9))
    if len(suits) == 1:
        if a == b == c:
            return "pure_triple_chow"
        if ranks == [0, 3, 6]:
            return "pure_straight"
        step = ranks[1] - ranks[0]
        if step in (1, 2) and ranks[2] - ranks[1] == step:
            return "pure_shifted_chows"
        return None
    if len(suits) < 3:
        return None
    if ranks == [0, 3, 6]:
        return "mixed_straight"
    if ranks[0] == ranks[2]:
        return "mixed_triple_chow"
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return "mixed_shifted_chows"
    return None


@lru_cache(maxsize=4096)
def triples(chows: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], str], ...]:
    """Every triple of chow positions that makes a 3-chow fan, with the fan."""
    out = []
    for i, j, k in combinations(range(len(chows)), 3):
        kind = triple_type(chows[i], chows[j], chows[k])  # the three chows named: no generator per triple
        if kind:
            out.append(((i, j, k), kind))
    return tuple(out)


def _four_chow_fan(chows: tuple[int, ...]) -> str | None:
    if len(chows) != 4 or len({suit_of(c) for c in chows}) != 1:
        return None
    ranks = [c % 9 for c in chows]  # sorted, one suit
    if ranks[0] == ranks[3]:
        return "quadruple_chow"
    step = ranks[1] - ranks[0]
    if step in (1, 2) and all(ranks[i + 1] - ranks[i] == step for i in range(3)):
        return "four_pure_shifted_chows"
    return None


@lru_cache(maxsize=4096)
def chows_fans(chows: tuple[int, ...]) -> dict[str, int]:
    """Counts of the chow fans present in ``chows`` (sorted): pairs counted per pair of chows, a
    3-chow fan once however many triples make it (non-identical principle), 4-chow fans once."""
    out = dict.fromkeys(PAIR_FANS + THREE_CHOW_FANS + FOUR_CHOW_FANS, 0)
    for _, _, kind in pair_edges(chows):
        out[kind] += 1
    for _, kind in triples(chows):
        out[kind] = 1
    four = _four_chow_fan(chows)
    if four:
        out[four] = 1
    return out


def _terminal_chows(v: View) -> int:
    """一色双龙会 (1) or 三色双龙会 (2) shape: 123+789 twice and a pair of 5; else 0."""
    if len(v.chows) != 4 or v.pair is None or v.pair >= 27 or rank_of(v.pair) != 5:
        return 0
    by_suit: dict[int, list[int]] = {}
    for c in v.chows:
        by_suit.setdefault(suit_of(c), []).append(c % 9)
    if any(sorted(r) not in ([0, 6], [0, 0, 6, 6]) for r in by_suit.values()):
        return 0
    pair_suit = suit_of(v.pair)
    if len(by_suit) == 1:
        return 1 if pair_suit in by_suit else 0
    return 2 if pair_suit not in by_suit else 0


# --- pung patterns ----------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def pungs_fans(pungs: tuple[int, ...]) -> dict[str, int]:
    """Counts of the suited pung-pattern fans among ``pungs`` (sorted tile indices)."""
    suited = [p for p in pungs if p < 27]
    out = {"triple_pung": 0, "double_pung": 0, "four_pure_shifted_pungs": 0,
           "pure_shifted_pungs": 0, "mixed_shifted_pungs": 0}
    by_rank: dict[int, int] = {}
    for p in suited:
        by_rank[p % 9] = by_rank.get(p % 9, 0) + 1
    for n in by_rank.values():
        if n == 3:
            out["triple_pung"] = 1
        out["double_pung"] += n * (n - 1) // 2
    have = set(suited)
    for p in suited:
        if p % 9 <= 6 and p + 1 in have and p + 2 in have:
            out["pure_shifted_pungs"] = 1
            if p % 9 <= 5 and p + 3 in have:
                out["four_pure_shifted_pungs"] = 1
    # 三色三节高 needs a pung in each suit: asked of each three pungs only then
    if len(suited) >= 3 and len({p // 9 for p in suited}) == 3 and any(
            _mixed_shifted(a, b, c) for a, b, c in combinations(suited, 3)):
        out["mixed_shifted_pungs"] = 1
    return out


def _mixed_shifted(a: int, b: int, c: int) -> bool:
    if len({suit_of(a), suit_of(b), suit_of(c)}) != 3:
        return False
    r = sorted((a % 9, b % 9, c % 9))
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


def _winds(v: View) -> int:
    return len(WINDS.intersection(v.pungs))  # a reading holds one pung of a tile at most


def _dragons(v: View, o: object = None) -> int:
    return len(DRAGONS.intersection(v.pungs))


def _pung_of_terminals_or_honors(v: View, o: object = None) -> int:
    """Candidates for 幺九刻 (mcr.md §5.1): every pung of terminals or dragons (the dragon fans remove
    theirs through ``excludes``), and every wind pung except those of the seat or prevalent wind —
    unless three or four winds are pungs, when all count and 三风刻/小四喜/大四喜 remove them. This keeps
    one pung from being removed twice when it is both 圈风 and 门风, or both 三风刻 and 圈风刻."""
    n = len(_TERMINALS_OR_DRAGONS.intersection(v.pungs))
    winds = WINDS.intersection(v.pungs)
    if winds:
        f = v.facts
        n += len(winds) if len(winds) >= 3 else len(winds.difference((f.seat_wind, f.round_wind)))
    return n


_TERMINALS_OR_DRAGONS = TERMINALS | DRAGONS


# --- whole-hand helpers -----------------------------------------------------------------------------

EVEN = frozenset(i for i in range(27) if rank_of(i) % 2 == 0)


def _only(allowed: frozenset[int]) -> Predicate:
    """Every tile of the hand is in ``allowed``."""
    outside = ~mask_of(allowed)
    return lambda v, o: int(not v.facts.mask & outside)


def _ranks_within(low: int, high: int) -> Predicate:
    """No honours, and every suited tile's rank is between ``low`` and ``high``."""
    outside = ~mask_of(range(low - 1, high))
    return lambda v, o: int(not v.facts.has_honours and not v.facts.rank_mask & outside)


def _every_group(v: View, test: Callable[[int, bool], bool]) -> bool:
    """Standard shape only: ``test(tile, is_chow)`` holds for every set and the pair (the pair is
    tested first: a single test, and the likeliest to fail)."""
    if not v.standard or v.pair is None:
        return False
    return test(v.pair, False) and all(test(c, True) for c in v.chows) and all(test(p, False) for p in v.pungs)


def _has_terminal_or_honour(tile: int, is_chow: bool) -> bool:
    if is_chow:
        return tile % 9 in (0, 6)
    return tile in TERMINALS or tile in HONOURS


def _has_five(tile: int, is_chow: bool) -> bool:
    if tile >= 27:
        return False
    return 2 <= tile % 9 <= 4 if is_chow else tile % 9 == 4


_all_even = _only(EVEN)


def _kongs(v: View) -> int:
    return v.facts.melded_kongs + v.facts.concealed_kongs


def _seven_shifted(v: View) -> bool:
    present = v.facts.present
    return (
        v.kind is ShapeKind.SEVEN_PAIRS
        and len(present) == 7
        and max(present) < 27
        and max(present) - min(present) == 6
        and len(v.facts.suits) == 1
    )


def _chow(name: str) -> Predicate:
    return lambda v, o: chows_fans(v.chows)[name]


def _pung(name: str) -> Predicate:
    return lambda v, o: pungs_fans(v.pungs)[name]


# --- the predicates, by fan id ----------------------------------------------------------------------

PREDICATES: dict[str, Predicate] = {
    # 88
    "big_four_winds": lambda v, o: int(_winds(v) == 4),
    "big_three_dragons": lambda v, o: int(_dragons(v) == 3),
    "all_green": _only(GREEN),
    "nine_gates": lambda v, o: int(v.standard and v.facts.nine_gates),
    "four_kongs": lambda v, o: int(_kongs(v) == 4),
    "seven_shifted_pairs": lambda v, o: int(_seven_shifted(v)),
    "thirteen_orphans": lambda v, o: int(v.kind is ShapeKind.THIRTEEN_ORPHANS),
    # 64
    "all_terminals": _only(TERMINALS),
    "little_four_winds": lambda v, o: int(_winds(v) == 3 and v.pair in WINDS),
    "little_three_dragons": lambda v, o: int(_dragons(v) == 2 and v.pair in DRAGONS),
    "all_honors": lambda v, o: int(not v.facts.suits),
    "four_concealed_pungs": lambda v, o: int(v.concealed_pungs == 4),
    "pure_terminal_chows": lambda v, o: int(_terminal_chows(v) == 1),
    # 48
    "quadruple_chow": _chow("quadruple_chow"),
    "four_pure_shifted_pungs": _pung("four_pure_shifted_pungs"),
    # 32
    "four_pure_shifted_chows": _chow("four_pure_shifted_chows"),
    "three_kongs": lambda v, o: int(_kongs(v) >= 3),
    "all_terminals_and_honors": _only(TERMINALS | HONOURS),
    # 24
    "seven_pairs": lambda v, o: int(v.kind is ShapeKind.SEVEN_PAIRS),
    "greater_honors_and_knitted_tiles": lambda v, o: int(
        v.kind is ShapeKind.HONORS_KNITTED and HONOURS <= v.facts.present
    ),
    "all_even_pungs": lambda v, o: int(v.standard and len(v.pungs) == 4 and _all_even(v, o)),
    "full_flush": lambda v, o: int(len(v.facts.suits) == 1 and not v.facts.has_honours),
    "pure_triple_chow": _chow("pure_triple_chow"),
    "pure_shifted_pungs": _pung("pure_shifted_pungs"),
    "upper_tiles": _ranks_within(7, 9),
    "middle_tiles": _ranks_within(4, 6),
    "lower_tiles": _ranks_within(1, 3),
    # 16
    "pure_straight": _chow("pure_straight"),
    "three_suited_terminal_chows": lambda v, o: int(_terminal_chows(v) == 2),
    "pure_shifted_chows": _chow("pure_shifted_chows"),
    "all_five": lambda v, o: int(_every_group(v, _has_five)),
    "triple_pung": _pung("triple_pung"),
    "three_concealed_pungs": lambda v, o: int(v.concealed_pungs >= 3),
    # 12
    "lesser_honors_and_knitted_tiles": lambda v, o: int(v.kind is ShapeKind.HONORS_KNITTED),
    "knitted_straight": lambda v, o: int(v.knitted),
    "upper_four": _ranks_within(6, 9),
    "lower_four": _ranks_within(1, 4),
    "big_three_winds": lambda v, o: int(_winds(v) >= 3),
    # 8
    "mixed_straight": _chow("mixed_straight"),
    "reversible_tiles": _only(REVERSIBLE),
    "mixed_triple_chow": _chow("mixed_triple_chow"),
    "mixed_shifted_pungs": _pung("mixed_shifted_pungs"),
    "last_tile_draw": lambda v, o: int(v.facts.self_drawn and v.facts.last_tile),
    "last_tile_claim": lambda v, o: int(not v.facts.self_drawn and v.facts.last_tile),
    "out_with_replacement_tile": lambda v, o: int(v.facts.kong_replacement),
    "robbing_the_kong": lambda v, o: int(v.facts.rob_kong),
    # 6
    "all_pungs": lambda v, o: int(v.standard and len(v.pungs) == 4),
    "half_flush": lambda v, o: int(len(v.facts.suits) == 1 and v.facts.has_honours),
    "mixed_shifted_chows": _chow("mixed_shifted_chows"),
    "all_types": lambda v, o: int(
        len(v.facts.suits) == 3 and not v.facts.present.isdisjoint(WINDS) and not v.facts.present.isdisjoint(DRAGONS)
    ),
    "melded_hand": lambda v, o: int(v.facts.claimed == 4 and not v.facts.self_drawn),
    "two_concealed_kongs": lambda v, o: int(v.facts.concealed_kongs >= 2),
    "two_dragons_pungs": lambda v, o: int(_dragons(v) >= 2),
    # 4
    "outside_hand": lambda v, o: int(_every_group(v, _has_terminal_or_honour)),
    "fully_concealed_hand": lambda v, o: int(v.facts.concealed and v.facts.self_drawn),
    "two_melded_kongs": lambda v, o: int(v.facts.melded_kongs >= 2),
    "last_tile": lambda v, o: int(v.facts.last_copy),
    # 2
    "dragon_pung": _dragons,
    "prevalent_wind": lambda v, o: int(v.facts.round_wind in v.pungs),
    "seat_wind": lambda v, o: int(v.facts.seat_wind in v.pungs),
    "concealed_hand": lambda v, o: int(v.facts.concealed and not v.facts.self_drawn),
    "all_chows": lambda v, o: int(  # View.chow_like == 4, without its call (every reading asks)
        (len(v.chows) + (3 if v.kind is ShapeKind.KNITTED_STRAIGHT else 0)) == 4 and v.pair is not None
        and v.pair < 27),
    "tile_hog": lambda v, o: v.facts.tile_hogs,
    "double_pung": _pung("double_pung"),
    "two_concealed_pungs": lambda v, o: int(v.concealed_pungs >= 2),
    "concealed_kong": lambda v, o: int(v.facts.concealed_kongs >= 1),
    "all_simples": _ranks_within(2, 8),
    # 1
    "pure_double_chow": _chow("pure_double_chow"),
    "mixed_double_chow": _chow("mixed_double_chow"),
    "short_straight": _chow("short_straight"),
    "two_terminal_chows": _chow("two_terminal_chows"),
    "pung_of_terminals_or_honors": _pung_of_terminals_or_honors,
    "melded_kong": lambda v, o: int(v.facts.melded_kongs >= 1),
    "one_voided_suit": lambda v, o: int(len(v.facts.suits) == 2),
    "no_honors": lambda v, o: int(not v.facts.has_honours),
    "edge_wait": lambda v, o: int(v.wait == "edge"),
    "closed_wait": lambda v, o: int(v.wait == "closed"),
    "single_wait": lambda v, o: int(v.wait == "single"),
    "self_drawn": lambda v, o: int(v.facts.self_drawn),
    "flower_tiles": lambda v, o: v.facts.flowers,
    "melded_and_concealed_kong": lambda v, o: int(v.facts.melded_kongs >= 1 and v.facts.concealed_kongs >= 1),
}
"""Every fan of the table except 无番和, which is what remains when nothing else does (see
the fallback row of :data:`rulesets.guobiao.fans.ROWS`)."""


# --- when a predicate needs to run -------------------------------------------------------------------


@dataclass(frozen=True)
class Scope:
    """Fans detected together. ``gate`` is a condition every one of them needs: when it fails for a
    reading, their predicates cannot count anything there and are not run (None: no gate, the fans are counted
    in every reading). ``whole_hand`` fans read only :class:`~.view.Facts`, so they count the same in every
    reading and are detected once."""

    name: str
    gate: Callable[[View], bool] | None
    fans: tuple[str, ...]
    whole_hand: bool = False
    scan: Callable[[View], Mapping[str, int]] | None = None
    """Every fan's count in one call where the gate holds, by fan id: what the predicates count, read from a
    table made once (``rulesets.pipeline.Gate.scan``)."""


_SIMPLES = mask_of(i for i in range(27) if 2 <= rank_of(i) <= 8)
_NOT_GREEN_OR_REVERSIBLE = ~mask_of(GREEN | REVERSIBLE)
_NARROW_RANKS = tuple(~mask_of(range(low - 1, high)) & 0x1FF for low, high in ((6, 9), (4, 6), (1, 4)))
"""The ranks outside 6–9, 4–6 and 1–4: a hand of 上五门/大于五, 中五门 or 下五门/小于五 has none of one of them."""
_FIVE_OR_OUTSIDE_PAIRS = frozenset(i for i in range(34) if i >= 27 or rank_of(i) in (1, 5, 9))
"""The pairs 全带五 (a 5) and 全带幺 (a terminal or an honour) allow."""


def _narrow(v: View) -> bool:
    """The suited ranks fit in 6–9, 4–6 or 1–4 (what every rank-range fan needs)."""
    ranks = v.facts.rank_mask
    return any(not ranks & outside for outside in _NARROW_RANKS)


def _terminal_chows_gate(v: View) -> bool:
    """Four chows and a pair of 5 (what 一色双龙会 and 三色双龙会 need besides their chows)."""
    pair = v.pair
    return len(v.chows) == 4 and pair is not None and pair < 27 and pair % 9 == 4


_WAIT_FANS: dict[str | None, dict[str, int]] = {
    w: {f"{x}_wait": int(x == w) for x in ("edge", "closed", "single")} for w in ("edge", "closed", "single")
}
_CONCEALED_PUNGS = tuple(
    {"four_concealed_pungs": int(n == 4), "three_concealed_pungs": int(n >= 3), "two_concealed_pungs": int(n >= 2)}
    for n in range(5)
)
_WIN = {
    (concealed, self_drawn, melded): {
        "melded_hand": int(melded and not self_drawn),
        "fully_concealed_hand": int(concealed and self_drawn),
        "concealed_hand": int(concealed and not self_drawn),
        "self_drawn": int(self_drawn),
    }
    for concealed in (False, True) for self_drawn in (False, True) for melded in (False, True)
}
"""The counts of the wait, concealed-pung and win fans, by what their predicates read."""


def _win(v: View) -> Mapping[str, int]:
    f = v.facts
    return _WIN[bool(f.concealed), bool(f.self_drawn), f.claimed == 4]


_FIVE_CHOWS = frozenset(i for i in range(27) if _has_five(i, True))
_FIVE_PUNGS = frozenset(i for i in range(34) if _has_five(i, False))
_OUTSIDE_CHOWS = frozenset(i for i in range(27) if _has_terminal_or_honour(i, True))
_OUTSIDE_PUNGS = frozenset(i for i in range(34) if _has_terminal_or_honour(i, False))
_EVERYWHERE = {
    (five, outside): {"all_five": int(five), "outside_hand": int(outside)} for five in (False, True)
    for outside in (False, True)
}


def _everywhere(v: View) -> Mapping[str, int]:
    """全带五 and 全带幺 in one call: what :func:`_every_group` tests, read from the sets of tiles each set may be."""
    pair = v.pair
    if not v.standard or pair is None:
        return _EVERYWHERE[False, False]
    chows, pungs = v.chows, v.pungs
    five = pair in _FIVE_PUNGS and _FIVE_CHOWS.issuperset(chows) and _FIVE_PUNGS.issuperset(pungs)
    outside = pair in _OUTSIDE_PUNGS and _OUTSIDE_CHOWS.issuperset(chows) and _OUTSIDE_PUNGS.issuperset(pungs)
    return _EVERYWHERE[five, outside]


def _honour_pung(v: View) -> Mapping[str, int]:
    """箭刻, 圈风刻 and 门风刻 in one call."""
    pungs, f = v.pungs, v.facts
    return {"dragon_pung": len(DRAGONS.intersection(pungs)), "prevalent_wind": int(f.round_wind in pungs),
            "seat_wind": int(f.seat_wind in pungs)}


_NOT_SIMPLE_RANKS = ~mask_of(range(1, 8)) & 0x1FF
_NO_HONOURS = {
    (one_suit, simples): {"full_flush": int(one_suit), "all_simples": int(simples), "no_honors": 1}
    for one_suit in (False, True) for simples in (False, True)
}
_WIND_BITS, _DRAGON_BITS = mask_of(WINDS), mask_of(DRAGONS)
_SUIT_FANS = {
    (suits, honours, winds, dragons): {
        "half_flush": int(suits == 1 and honours),
        "all_types": int(suits == 3 and winds and dragons),
        "one_voided_suit": int(suits == 2),
    }
    for suits in range(4) for honours in (False, True) for winds in (False, True) for dragons in (False, True)
}


def _no_honours(v: View) -> Mapping[str, int]:
    """清一色, 断幺 and 无字 of a hand without honours."""
    f = v.facts
    return _NO_HONOURS[len(f.suits) == 1, not f.rank_mask & _NOT_SIMPLE_RANKS]


def _suit_fans(v: View) -> Mapping[str, int]:
    """混一色, 五门齐 and 缺一门."""
    f = v.facts
    mask = f.mask
    return _SUIT_FANS[len(f.suits), f.has_honours, bool(mask & _WIND_BITS), bool(mask & _DRAGON_BITS)]


def _win_flags(v: View) -> bool:
    f = v.facts
    return f.last_tile or f.kong_replacement or f.rob_kong or f.last_copy


_SCANS: dict[str, Callable[[View], Mapping[str, int]]] = {
    "win": _win,
    "pung_patterns": lambda v: pungs_fans(v.pungs),
    "concealed_pungs": lambda v: _CONCEALED_PUNGS[v.concealed_pungs],
    "chow_runs": lambda v: chows_fans(v.chows),
    "chow_pairs": lambda v: chows_fans(v.chows),
    "wait": lambda v: _WAIT_FANS[v.wait],
    "no_honours": _no_honours,
    "suits": _suit_fans,
    "pair_everywhere": _everywhere,
    "honour_pung": _honour_pung,
}
"""The scopes whose fans are counted in one call (:attr:`Scope.scan`)."""

SCOPES: tuple[Scope, ...] = tuple(
    Scope(name, gate, tuple(fans.split()), whole_hand, _SCANS.get(name))
    for name, gate, whole_hand, fans in (
        ("kongs", lambda v: bool(v.facts.kong_tiles), True,
         "four_kongs three_kongs two_concealed_kongs two_melded_kongs concealed_kong melded_kong "
         "melded_and_concealed_kong"),
        ("win_flags", _win_flags, True,
         "last_tile_draw last_tile_claim out_with_replacement_tile robbing_the_kong last_tile"),
        ("win", None, True, "melded_hand fully_concealed_hand concealed_hand self_drawn"),
        ("no_honours", lambda v: not v.facts.has_honours, True, "full_flush all_simples no_honors"),
        ("rank_ranges", lambda v: not v.facts.has_honours and _narrow(v), True,
         "upper_tiles middle_tiles lower_tiles upper_four lower_four"),
        ("no_simples", lambda v: not v.facts.mask & _SIMPLES, True,
         "all_terminals all_honors all_terminals_and_honors"),
        ("green_reversible", lambda v: not v.facts.mask & _NOT_GREEN_OR_REVERSIBLE, True,
         "all_green reversible_tiles"),
        ("suits", None, True, "half_flush all_types one_voided_suit"),
        ("tile_hogs", lambda v: v.facts.tile_hogs > 0, True, "tile_hog"),
        ("flowers", lambda v: v.facts.flowers > 0, True, "flower_tiles"),
        ("honour_pungs", lambda v: len(v.pungs) >= 2 and v.pungs[-2] >= 27, False,  # sorted: honours last
         "big_four_winds big_three_dragons little_four_winds little_three_dragons big_three_winds "
         "two_dragons_pungs"),
        ("honour_pung", lambda v: bool(v.pungs) and v.pungs[-1] >= 27, False, "dragon_pung prevalent_wind seat_wind"),
        # every pattern needs two suited pungs: sorted, the second is suited (asked before the patterns' counts,
        # which the scope's scan then reads again: made once per pungs)
        ("pung_patterns", lambda v: len(v.pungs) >= 2 and v.pungs[1] < 27 and any(pungs_fans(v.pungs).values()), False,
         "four_pure_shifted_pungs pure_shifted_pungs triple_pung mixed_shifted_pungs double_pung"),
        ("four_pungs", lambda v: len(v.pungs) == 4, False, "all_even_pungs all_pungs"),
        ("pungs", lambda v: bool(v.pungs), False, "pung_of_terminals_or_honors"),
        ("concealed_pungs", lambda v: v.concealed_pungs >= 2, False,
         "four_concealed_pungs three_concealed_pungs two_concealed_pungs"),
        ("terminal_chows", _terminal_chows_gate, False, "pure_terminal_chows three_suited_terminal_chows"),
        ("chow_runs", lambda v: len(v.chows) >= 3 and bool(triples(v.chows)), False,  # a 4-chow fan holds a run of 3
         "quadruple_chow four_pure_shifted_chows pure_triple_chow pure_straight pure_shifted_chows mixed_straight "
         "mixed_triple_chow mixed_shifted_chows"),
        ("chow_pairs", lambda v: len(v.chows) >= 2 and bool(pair_edges(v.chows)), False,
         "pure_double_chow mixed_double_chow short_straight two_terminal_chows"),
        ("special", lambda v: v.kind is not ShapeKind.STANDARD, False,  # not View.standard, without its call
         "seven_shifted_pairs thirteen_orphans seven_pairs greater_honors_and_knitted_tiles "
         "lesser_honors_and_knitted_tiles knitted_straight"),
        ("nine_gates", lambda v: v.facts.nine_gates, False, "nine_gates"),
        ("pair_everywhere", lambda v: v.pair in _FIVE_OR_OUTSIDE_PAIRS, False, "all_five outside_hand"),
        ("wait", lambda v: v.wait is not None, False, "edge_wait closed_wait single_wait"),
        ("reading", None, False, "all_chows"),
    )
)
"""Every predicate in exactly one scope (checked on import)."""

SCOPE: dict[str, Scope] = {fan: scope for scope in SCOPES for fan in scope.fans}


def _check_scopes() -> None:
    listed = [fan for scope in SCOPES for fan in scope.fans]
    if sorted(listed) != sorted(PREDICATES):
        raise RuntimeError("every predicate needs exactly one scope")


_check_scopes()
