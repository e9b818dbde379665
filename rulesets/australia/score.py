"""Scoring a Mahjong Australia / Zung Jung hand: each pattern's predicate over a reading, the series
rule (data in the table), then the limit and the 320 maximum (rules/vague-systems.md §1.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .._regional.pipeline import Problem
from .._regional.table import capped
from ..hand import Hand, WinMethod
from ..reading import Reading
from ..scoring import Item
from ..shapes import Group, ShapeKind
from ..tiles import Suit, Tile
from .fans import BY_ID, LIMITS

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS, ShapeKind.THIRTEEN_ORPHANS})
_SUITS = (Suit.M, Suit.P, Suit.S)


def check(hand: Hand, options: Any) -> Problem | None:
    if hand.context.flowers:
        return "澳大利亚麻将（Mahjong Australia）用136张，没有花牌", "Mahjong Australia uses 136 tiles: no flowers"
    return None


def legal(r: Reading, options: Any) -> Problem | None:
    if r.kind is ShapeKind.SEVEN_PAIRS and not options.seven_pairs_four and r.held_fours:
        return "本桌七对不能含四张相同", "At this table seven pairs may not hold four of a kind"
    return None


def _pungs(r: Reading) -> list[Tile]:
    return [g.tile for g in r.pung_likes]


def _chow_keys(r: Reading) -> Counter[tuple[Suit, int]]:
    return Counter((g.tile.suit, g.tile.rank) for g in r.chows)


def _nine_gates(r: Reading) -> bool:
    if r.hand.melds or not r.one_suit:
        return False
    ranks = Counter(t.rank for t in r.tiles)
    need = {1: 3, 9: 3, **{k: 1 for k in range(2, 9)}}
    return all(ranks[k] >= n for k, n in need.items())


def _value_honours(r: Reading) -> int:
    seat = r.hand.context.seat.wind_tile
    return sum(1 for t in _pungs(r) if t.is_dragon or t == seat)


def _dragons(r: Reading) -> tuple[int, bool]:
    pair = r.pair
    return sum(1 for t in _pungs(r) if t.is_dragon), pair is not None and pair.tile.is_dragon


def _winds(r: Reading) -> tuple[int, bool]:
    pair = r.pair
    return sum(1 for t in _pungs(r) if t.is_wind), pair is not None and pair.tile.is_wind


def _identical(r: Reading) -> list[str]:
    """The identical-sequence patterns that hold (the series keeps the highest)."""
    counts = sorted(_chow_keys(r).values(), reverse=True) + [0, 0]
    held = [("two_identical_sequences", counts[0] >= 2),
            ("two_identical_sequences_twice", counts[0] >= 4 or counts[1] >= 2),
            ("three_identical_sequences", counts[0] >= 3), ("four_identical_sequences", counts[0] >= 4)]
    return [f for f, ok in held if ok]


def _similar_sequences(r: Reading) -> bool:
    keys = _chow_keys(r)
    return any(all((s, k) in keys for s in _SUITS) for k in range(1, 8))


def _similar_triplets(r: Reading) -> int:
    """2 three similar triplets, 1 the small one (two triplets + the pair in the third suit), 0 none."""
    suited = {(t.suit, t.rank) for t in _pungs(r) if t.is_suited}
    pair = r.pair
    best = 0
    for k in range(1, 10):
        have = [s for s in _SUITS if (s, k) in suited]
        if len(have) == 3:
            return 2
        if len(have) == 2 and pair is not None and pair.tile.is_suited and pair.tile.rank == k \
                and pair.tile.suit not in have:
            best = 1
    return best


def _straight(r: Reading) -> bool:
    keys = _chow_keys(r)
    return any(all((s, k) in keys for k in (1, 4, 7)) for s in _SUITS)


def _consecutive(r: Reading) -> int:
    suited = {(t.suit, t.rank) for t in _pungs(r) if t.is_suited}
    longest = 0
    for s in _SUITS:
        run = 0
        for k in range(1, 10):
            run = run + 1 if (s, k) in suited else 0
            longest = max(longest, run)
    return longest


def _group_has_terminal(g: Group) -> bool:
    return any(t.is_terminal_or_honour for t in g.tiles)


def _terminals(r: Reading) -> list[str]:
    """The terminal patterns that hold: lesser (every group has a terminal or honour), greater (every tile
    is one); mixed with honours, pure without."""
    if not any(t.is_terminal for t in r.tiles):
        return []
    greater = all(t.is_terminal_or_honour for t in r.tiles)
    lesser = greater or (r.kind is ShapeKind.STANDARD and all(_group_has_terminal(g) for g in r.groups))
    kind = "mixed" if r.has_honours else "pure"
    return [f"{kind}_{size}_terminals" for size, ok in (("lesser", lesser), ("greater", greater)) if ok]


def _levels(r: Reading) -> list[str]:
    """Every pattern of the counted series that holds; each higher one excludes the lower (fans.py)."""
    found = _identical(r) + _terminals(r)
    found += ["two_concealed_triplets", "three_concealed_triplets", "four_concealed_triplets"][:max(
        0, min(r.concealed_triplets, 4) - 1)]
    found += ["one_kong", "two_kongs", "three_kongs", "four_kongs"][:len(r.kongs)]
    found += ["three_consecutive_triplets", "four_consecutive_triplets"][:max(0, min(_consecutive(r), 4) - 2)]
    similar = _similar_triplets(r)
    if similar:
        found.append(("small_three_similar_triplets", "three_similar_triplets")[similar - 1])
    dragons, dragon_pair = _dragons(r)
    winds, wind_pair = _winds(r)
    held = [("small_three_dragons", dragons >= 2 and dragon_pair), ("big_three_dragons", dragons == 3),
            ("small_three_winds", winds >= 2 and wind_pair), ("big_three_winds", winds >= 3),
            ("small_four_winds", winds >= 3 and wind_pair), ("big_four_winds", winds == 4)]
    return found + [f for f, ok in held if ok]


_PREDICATES: tuple[tuple[str, Callable[[Reading], bool]], ...] = (
    ("all_sequences", lambda r: r.all_chows),
    ("concealed", lambda r: r.kind is ShapeKind.STANDARD and r.menqing),
    ("no_terminals", lambda r: all(t.is_suited and 2 <= t.rank <= 8 for t in r.tiles)),
    ("mixed_one_suit", lambda r: r.mixed_one_suit),
    ("pure_one_suit", lambda r: r.one_suit),
    ("nine_gates", _nine_gates),
    ("all_honours", lambda r: r.all_honours),
    ("all_triplets", lambda r: r.all_pungs),
    ("three_similar_sequences", _similar_sequences),
    ("nine_tile_straight", _straight),
    ("seven_pairs", lambda r: r.kind is ShapeKind.SEVEN_PAIRS),
    ("thirteen_terminals", lambda r: r.kind is ShapeKind.THIRTEEN_ORPHANS),
)
"""The patterns decided by one predicate; the levelled series are read by :func:`_levels`."""

_WIN: tuple[tuple[str, Callable[[Hand], bool]], ...] = (
    ("final_draw", lambda h: h.context.last_tile and h.context.self_drawn),
    ("final_discard", lambda h: h.context.last_tile and not h.context.self_drawn),
    ("win_on_kong", lambda h: h.context.kong_replacement),
    ("robbing_a_kong", lambda h: h.context.win is WinMethod.ROB_KONG),
    ("blessing_of_heaven", lambda h: h.context.heavenly),
    ("blessing_of_earth", lambda h: h.context.earthly),
)

SEVEN_PAIRS_PATTERNS = frozenset({
    "no_terminals", "mixed_one_suit", "pure_one_suit", "all_honours", "mixed_greater_terminals",
    "pure_greater_terminals", "seven_pairs"})
"""What a seven-pairs hand combines with (ZJ 10.2: the composition patterns); 十三幺 combines with none."""


def items(r: Reading, options: Any) -> list[Item]:
    found = [fid for fid, present in _PREDICATES if present(r)] + _levels(r)
    if r.kind is ShapeKind.SEVEN_PAIRS:
        found = [f for f in found if f in SEVEN_PAIRS_PATTERNS]
    elif r.kind is ShapeKind.THIRTEEN_ORPHANS:
        found = ["thirteen_terminals"]
    out = [Item(BY_ID[f]) for f in found]
    honours = _value_honours(r) if r.kind is ShapeKind.STANDARD else 0
    if honours:
        out.append(Item(BY_ID["value_honour"], honours))
    out += [Item(BY_ID[fid]) for fid, present in _WIN if present(r.hand)]
    if not out and options.chicken:
        out.append(Item(BY_ID["chicken"]))
    return out


def value(kept: list[Item], options: Any) -> tuple[int, list[Item]]:
    """Add; a listed limit pattern makes the hand worth the highest one alone; else at most the cap."""
    total = sum(i.total for i in kept)
    limits = [i.value for i in kept if i.fan.id in LIMITS]
    if limits:
        top = max(limits)
        return top, kept + ([Item(BY_ID["limit"], 1, f"{total}→{top}", value_override=top - total)]
                            if total != top else [])
    return capped(kept, options.cap, BY_ID["cap"])


def admit(total: int, options: Any) -> Problem | None:
    if total < options.minimum:
        return (f"不够起和：{total} 分，最少 {options.minimum} 分",
                f"Below the minimum: {total} points, {options.minimum} needed to win")
    return None
