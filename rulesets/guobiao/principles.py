"""The scoring principles that are not a row of the fan table.

- :func:`account_once`: 套算一次 (account-once), with 不拆移 (non-separation) and 不得相同
  (non-identical), for the repeatable 1-fan chow pairs 一般高 / 喜相逢 / 连六 / 老少副 (mcr.md §4.2–4.5).
- :func:`has_unique_wait`: wait fans count only when the hand had exactly one winning tile, counted
  formally (a tile the hand holds all four of still counts; mcr.md §5.5).

>>> from rulesets.guobiao.predicates import pair_edges
>>> choose_edges((0, 6, 18, 24), frozenset({"mixed_double_chow", "two_terminal_chows"}), None)
((0, 2, 'mixed_double_chow'), (1, 3, 'mixed_double_chow'), (0, 1, 'two_terminal_chows'))
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from itertools import combinations, permutations

from rulesets.hand import Hand
from rulesets.scoring import Exclusion, Item
from rulesets.tiles import ALL_TILES

from .predicates import FOUR_CHOW_FANS, PAIR_FANS, THREE_CHOW_FANS, pair_edges, triples
from .view import View

NON_SEPARATION = "non_separation"  # 不拆移: sets used for a fan are not re-paired among themselves
NON_IDENTICAL = "non_identical"  # 不得相同: a chow makes the same pair fan only once
ACCOUNT_ONCE = "account_once"  # 套算一次: each new pair must bring in a chow not yet combined

Edge = tuple[int, int, str]  # (chow position, chow position, pair fan id)


def account_once(kept: list[Item], view: View) -> tuple[list[Item], list[Exclusion]]:
    """Trim the 1-fan chow pairs that survived the table's exclusions to what the principles allow.

    Returns the new kept items and one :class:`Exclusion` per pair of chows dropped, naming the
    principle and the two chows."""
    live = frozenset(i.fan.id for i in kept if i.fan.id in PAIR_FANS)
    if not live:
        return kept, []
    ids = {i.fan.id for i in kept}
    multi = next((f for f in FOUR_CHOW_FANS + THREE_CHOW_FANS if f in ids), None)
    chosen = choose_edges(view.chows, live, multi)
    counts = {f: 0 for f in PAIR_FANS}
    for _, _, kind in chosen:
        counts[kind] += 1
    dropped = _dropped(view.chows, live, multi, chosen)
    by_fan = {i.fan.id: i.fan for i in kept}
    new_kept = [
        dataclasses.replace(i, count=counts[i.fan.id]) if i.fan.id in live else i
        for i in kept
        if i.fan.id not in live or counts[i.fan.id]
    ]
    exclusions = [
        Exclusion(by_fan[kind], principle, 1, f"{_chow_text(view.chows[a])}+{_chow_text(view.chows[b])}")
        for a, b, kind, principle in dropped
    ]
    return new_kept, exclusions


@lru_cache(maxsize=4096)
def choose_edges(chows: tuple[int, ...], live: frozenset[str], multi: str | None) -> tuple[Edge, ...]:
    """The pairs of chows that are counted.

    - with a 4-chow fan, none;
    - with a 3-chow fan, at most one pair, between the fourth chow and one chow of a triple making
      that fan (the first in the order 一般高 > 喜相逢 > 连六 > 老少副);
    - otherwise the largest set of pairs that forms a forest (each pair brings in a chow not yet
      combined) in which no chow takes part in two pairs of the same fan; among equals, the one
      keeping the most 一般高, then 喜相逢, then 连六.
    """
    edges = tuple(e for e in pair_edges(chows) if e[2] in live)
    if multi in FOUR_CHOW_FANS or not edges:
        return ()
    if multi in THREE_CHOW_FANS:
        return _fourth_chow_edge(chows, edges, multi)
    best: tuple[Edge, ...] = ()
    best_key: tuple[int, ...] = (-1,)
    for size in range(len(edges), 0, -1):
        for subset in combinations(edges, size):
            if _is_forest(subset, len(chows)) and _non_identical(subset):
                key = (size, *(-PAIR_FANS.index(k) for _, _, k in sorted(subset, key=_priority)))
                if key > best_key:
                    best, best_key = subset, key
        if best:
            return tuple(sorted(best, key=_priority))
    return ()


def _priority(edge: Edge) -> tuple[int, int, int]:
    return (PAIR_FANS.index(edge[2]), edge[0], edge[1])


def _fourth_chow_edge(chows: tuple[int, ...], edges: tuple[Edge, ...], multi: str) -> tuple[Edge, ...]:
    options: list[Edge] = []
    for members, kind in triples(chows):
        if kind != multi or len(chows) != 4:
            continue
        fourth = next(i for i in range(4) if i not in members)
        options.extend(e for e in edges if fourth in e[:2])
    return (min(options, key=_priority),) if options else ()


def _is_forest(edges: tuple[Edge, ...], n: int) -> bool:
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b, _ in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def _non_identical(edges: tuple[Edge, ...]) -> bool:
    seen = set()
    for a, b, kind in edges:
        for chow in (a, b):
            if (chow, kind) in seen:
                return False
            seen.add((chow, kind))
    return True


def _dropped(
    chows: tuple[int, ...], live: frozenset[str], multi: str | None, chosen: tuple[Edge, ...]
) -> list[tuple[int, int, str, str]]:
    """Each live pair not chosen, with the principle that drops it."""
    members = _multi_members(chows, multi, chosen)
    out = []
    for edge in pair_edges(chows):
        a, b, kind = edge
        if kind not in live or edge in chosen:
            continue
        if a in members and b in members:
            out.append((a, b, kind, NON_SEPARATION))
        elif any(kind == k and {a, b} & {x, y} for x, y, k in chosen):
            out.append((a, b, kind, NON_IDENTICAL))
        else:
            out.append((a, b, kind, ACCOUNT_ONCE))
    return out


def _multi_members(chows: tuple[int, ...], multi: str | None, chosen: tuple[Edge, ...]) -> set[int]:
    if multi in FOUR_CHOW_FANS:
        return set(range(len(chows)))
    for members, kind in triples(chows):
        if kind == multi and all(a in members or b in members for a, b, _ in chosen):
            return set(members)
    return set()


def _chow_text(first: int) -> str:
    t = ALL_TILES[first]
    return f"{t.rank}{t.rank + 1}{t.rank + 2}{t.suit.value}"


# --- unique wait ------------------------------------------------------------------------------------


def has_unique_wait(hand: Hand) -> bool:
    """Whether the hand, before its winning tile, waited on that tile alone (formally: a tile held
    four times still counts as a wait). Stops at the second winning tile found."""
    assert hand.winning_tile is not None
    counts = [0] * 34
    for t in hand.standing:
        counts[t.index] += 1
    win = hand.winning_tile.index
    melds = len(hand.melds)
    for i in _wait_candidates(hand):
        if i == win:
            continue
        counts[i] += 1
        done = _complete(tuple(counts), melds)
        counts[i] -= 1
        if done:
            return False
    return True


@lru_cache(maxsize=65536)
def _complete(counts: tuple[int, ...], melds: int) -> bool:
    """Whether 14 - 3×melds concealed tiles form any MCR winning shape (same shapes as
    :func:`rulesets.shapes.decompose`, answered yes/no)."""
    if any(_all_sets(counts[:i] + (counts[i] - 2,) + counts[i + 1 :]) for i in _pair_places(counts)):
        return True
    if melds == 0 and (_pairs_only(counts) or _orphans(counts) or _loose_knitted(counts)):
        return True
    return melds <= 1 and _knitted_plus(counts)


def _pair_places(counts: tuple[int, ...]) -> list[int]:
    """Where the pair of a sets-and-pair reading can be: only in the one suit (or honour) whose
    tile count leaves 2 modulo 3, all others leaving 0."""
    groups = [counts[0:9], counts[9:18], counts[18:27]] + [counts[i : i + 1] for i in range(27, 34)]
    rests = [sum(g) % 3 for g in groups]
    if rests.count(2) != 1 or rests.count(1):
        return []
    g = rests.index(2)
    start = 9 * g if g < 3 else 27 + g - 3
    return [i for i in range(start, start + len(groups[g])) if counts[i] >= 2]


@lru_cache(maxsize=65536)
def _all_sets(counts: tuple[int, ...]) -> bool:
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return True
    rest = list(counts)
    if rest[i] >= 3:
        rest[i] -= 3
        if _all_sets(tuple(rest)):
            return True
        rest[i] += 3
    if i < 27 and i % 9 < 7 and rest[i + 1] and rest[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return _all_sets(tuple(rest))
    return False


_ORPHAN_INDICES = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KNITS = tuple(
    tuple(base + r for base, first in zip((0, 9, 18), order, strict=True) for r in (first, first + 3, first + 6))
    for order in permutations((0, 1, 2))
)
"""The nine tile indices of each of the six 组合龙 (147/258/369 spread over the suits)."""


def _pairs_only(counts: tuple[int, ...]) -> bool:
    return all(c % 2 == 0 for c in counts)


def _orphans(counts: tuple[int, ...]) -> bool:
    return all(counts[i] for i in _ORPHAN_INDICES) and sum(counts[i] for i in _ORPHAN_INDICES) == 14


def _loose_knitted(counts: tuple[int, ...]) -> bool:
    if max(counts) > 1:
        return False
    held = {i for i, c in enumerate(counts) if c}
    return any(held <= set(knit) | set(range(27, 34)) for knit in _KNITS)


def _knitted_plus(counts: tuple[int, ...]) -> bool:
    for knit in _KNITS:
        if all(counts[i] for i in knit):
            rest = list(counts)
            for i in knit:
                rest[i] -= 1
            if _complete(tuple(rest), 4):  # the remainder is a set and a pair: any standard reading
                return True
    return False


def _wait_candidates(hand: Hand) -> list[int]:
    """Tiles that could complete the 13 tiles: next to a standing tile (or the same honour), a
    terminal/honour for 十三幺, a knitted partner for 组合龙, anything for 全不靠."""
    standing = {t.index for t in hand.standing}
    if not hand.melds and len(standing) == len(hand.standing):
        return list(range(34))
    out: set[int] = set()
    for i in standing:
        if i >= 27:
            out.add(i)
            continue
        base = i - i % 9
        out.update(range(max(base, i - 2), min(base + 8, i + 2) + 1))
        if len(hand.melds) <= 1:
            out.update(range(base + i % 3, base + 9, 3))
    if not hand.melds:
        out.update(_ORPHAN_INDICES)
    return sorted(out)
