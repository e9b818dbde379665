"""The scoring principles that are not a row of the fan table.

- :func:`account_once`: 套算一次 (account-once), with 不拆移 (non-separation) and 不得相同
  (non-identical), for the repeatable 1-fan chow pairs 一般高 / 喜相逢 / 连六 / 老少副 (mcr.md §4.2–4.5).
- :func:`has_unique_wait`: wait fans count only when the hand had exactly one winning tile, counted
  formally (a tile the hand holds all four of still counts; mcr.md §5.5).

>>> from rulesets._mcr.predicates import pair_edges
>>> choose_edges((0, 6, 18, 24), frozenset({"mixed_double_chow", "two_terminal_chows"}), None)
((0, 2, 'mixed_double_chow'), (1, 3, 'mixed_double_chow'), (0, 1, 'two_terminal_chows'))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from rulesets.hand import Hand
from rulesets.scoring import Exclusion, Item
from rulesets.shapes import ALL_SHAPES, winning_tiles
from rulesets.tiles import ALL_TILES, counts34

from .predicates import FOUR_CHOW_FANS, PAIR_FANS, THREE_CHOW_FANS, pair_edges, triples
from .view import View

NON_SEPARATION = "non_separation"  # 不拆移: sets used for a fan are not re-paired among themselves
NON_IDENTICAL = "non_identical"  # 不得相同: a chow makes the same pair fan only once
ACCOUNT_ONCE = "account_once"  # 套算一次: each new pair must bring in a chow not yet combined

Edge = tuple[int, int, str]  # (chow position, chow position, pair fan id)
_PAIR_FAN_IDS = frozenset(PAIR_FANS)


def account_once(kept: list[Item], view: View) -> tuple[list[Item], list[Exclusion]]:
    """Trim the 1-fan chow pairs that survived the table's exclusions to what the principles allow.

    Returns the new kept items and one :class:`Exclusion` per pair of chows dropped, naming the
    principle and the two chows."""
    pairs = [i.fan.id for i in kept if i.fan.id in _PAIR_FAN_IDS]
    if not pairs:
        return kept, []
    live = frozenset(pairs)
    ids = {i.fan.id for i in kept}
    multi = next((f for f in FOUR_CHOW_FANS + THREE_CHOW_FANS if f in ids), None)
    chosen = choose_edges(view.chows, live, multi)
    counts = {f: 0 for f in PAIR_FANS}
    for _, _, kind in chosen:
        counts[kind] += 1
    dropped = _dropped(view.chows, live, multi, chosen)
    by_fan = {i.fan.id: i.fan for i in kept}
    new_kept = [  # an item with another count made by position (Item's fields in their order), not replaced
        Item(i.fan, counts[i.fan.id], i.note, i.value_override, i.about, i.tiles)
        if i.fan.id in live and counts[i.fan.id] != i.count else i
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
    for size in range(min(len(edges), len(chows) - 1), 0, -1):  # a forest on n chows has at most n - 1 pairs
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


def has_unique_wait(hand: Hand, concealed: Sequence[int] | None = None) -> bool:
    """Whether the hand, before its winning tile, waited on that tile alone (formally: a tile held
    four times still counts as a wait). The winning tiles come from
    :func:`rulesets.shapes.winning_tiles`, cached per tile-count tuple. ``concealed``: the counts of the
    standing tiles and the winning tile (:func:`rulesets._mcr.view.concealed_counts`), when the scorer holds them."""
    assert hand.winning_tile is not None
    win = hand.winning_tile.index
    if concealed is None:
        counts = counts34(hand.standing)
    else:
        counts = list(concealed)
        counts[win] -= 1
    # the winning tile is one of the tiles the hand waited on (it completes the hand): the only one, or not
    return winning_tiles(tuple(counts), ALL_SHAPES, len(hand.melds)) == (win,)
