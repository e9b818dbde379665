"""Wild tiles (癞子 / 财神 / 百搭) in the shape search.

A system with wild tiles gives a :class:`WildRule` for a hand: which tiles are wild, and which tiles
stand in for another face without being wild (温州/杭州: 白板 plays the 百搭's own face). The search
then reads every way the hand is complete, and every group records what each wild stood for
(:class:`~rulesets.shapes.Sub`), so the card can say "癞子 5p 作 3s" and a system can tell a hard hand
(no wild used as another tile; a wild at its own face is natural) from a soft one.

Readings: a wild may fill any place of a pung, chow or pair, next to natural tiles. Groups made of wilds
alone are read as a pung (or pair) of a tile the hand holds, of an honour, or of a 2/5/8 of a suit the
hand holds — the only readings whose value differs under the systems that have wilds (a flush, 碰碰胡,
将一色, 风一色, a dragon or wind pung); a chow of wilds alone is never worth more than their pung there.

>>> from rulesets.hand import Hand
>>> from rulesets.tiles import tiles
>>> rule = WildRule(frozenset(tiles("5p")))
>>> t = tiles("123m456m789p12s55s5p")  # the seed's TestHu example: 5p* plays 3s
>>> shapes = decompose_wild(Hand(standing=t[:-1], winning_tile=t[-1]), rule)
>>> sorted({" ".join(str(s) for g in sh.groups for s in g.subs) for sh in shapes})
['5p→3s']
>>> shapes[0].describe(), shapes[0].wilds_as_others
('123m 456m 789p 123s(5p→3s) 55s', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .hand import Hand
from .shapes import ALL_SHAPES, Group, GroupKind, Shape, ShapeKind, Sub, decompose
from .tiles import ALL_TILES, Tile

__all__ = ["STANDARD_HONOURS", "WildRule", "decompose_wild", "honour_cycle", "is_winning_wild", "splits_into_sets",
           "successor", "wild_waits"]


@dataclass(frozen=True)
class WildRule:
    """The wild tiles of one hand, and the tiles that play another face (``stand_ins``: tile → face)."""

    wilds: frozenset[Tile]
    stand_ins: tuple[tuple[Tile, Tile], ...] = ()
    zh: str = "癞子"
    en: str = "wild"

    @property
    def active(self) -> bool:
        return bool(self.wilds or self.stand_ins)


def honour_cycle(*cycles: Iterable[Tile]) -> dict[Tile, Tile]:
    """Successor mapping of honour tiles from cycles (each cycle wraps round)."""
    out: dict[Tile, Tile] = {}
    for cycle in cycles:
        ring = list(cycle)
        for i, t in enumerate(ring):
            out[t] = ring[(i + 1) % len(ring)]
    return out


_H = {name: ALL_TILES[27 + i] for i, name in enumerate("ESWNCFP")}
STANDARD_HONOURS: Mapping[Tile, Tile] = honour_cycle(
    (_H["E"], _H["S"], _H["W"], _H["N"]), (_H["C"], _H["F"], _H["P"])
)
"""The usual order: 东→南→西→北→东, 中→发→白→中."""


def successor(tile: Tile, honours: Mapping[Tile, Tile] = STANDARD_HONOURS) -> Tile:
    """The tile after ``tile``: suits 1→…→9→1; honours by ``honours`` (a system may give its own order).

    >>> str(successor(Tile.parse("9m"))), str(successor(Tile.parse("4z"))), str(successor(Tile.parse("7z")))
    ('1m', '1z', '5z')
    """
    if tile.is_suited:
        return Tile.of(tile.suit, tile.rank % 9 + 1)
    return honours[tile]


# --- the search --------------------------------------------------------------------------------------

_Spec = tuple[GroupKind, tuple[int, ...], tuple[int, ...]]
"""A group as the search finds it: kind, the tile indices it plays (sorted), the places wilds fill."""


def _suit_bounds(i: int) -> tuple[int, int] | None:
    return (i - i % 9, i - i % 9 + 8) if i < 27 else None


@lru_cache(maxsize=1 << 16)
def _readings(
    counts: tuple[int, ...], jokers: int, pair: bool, cands: tuple[int, ...]
) -> tuple[tuple[_Spec, ...], ...]:
    """Every split of ``counts`` + ``jokers`` wilds into sets (and one pair if ``pair``)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return _wilds_alone(jokers, pair, cands)
    out: list[tuple[_Spec, ...]] = []
    c = list(counts)

    def go(used: dict[int, int], spec: _Spec, wilds: int, still_pair: bool) -> None:
        if wilds > jokers:
            return
        for k, n in used.items():
            c[k] -= n
        for rest in _readings(tuple(c), jokers - wilds, still_pair, cands):
            out.append((spec, *rest))
        for k, n in used.items():
            c[k] += n

    # The group that holds the lowest natural tile takes as many natural tiles as it can: a reading that
    # put a wild where a natural tile was free reads the same tiles with the two swapped.
    if pair:
        natural = min(c[i], 2)
        go({i: natural}, (GroupKind.PAIR, (i, i), (i,) * (2 - natural)), 2 - natural, False)
    natural = min(c[i], 3)
    go({i: natural}, (GroupKind.PUNG, (i, i, i), (i,) * (3 - natural)), 3 - natural, pair)
    bounds = _suit_bounds(i)
    if bounds is not None:
        low, high = bounds
        for start in range(max(low, i - 2), min(i, high - 2) + 1):
            places = (start, start + 1, start + 2)
            used = {p: 1 for p in places if p >= i and c[p]}
            go(used, (GroupKind.CHOW, places, tuple(p for p in places if p not in used)), 3 - len(used), pair)
    return tuple(out)


def _wilds_alone(jokers: int, pair: bool, cands: tuple[int, ...]) -> tuple[tuple[_Spec, ...], ...]:
    need_pair = 2 if pair else 0
    if jokers < need_pair or (jokers - need_pair) % 3:
        return ()
    pungs = (jokers - need_pair) // 3
    out: list[tuple[_Spec, ...]] = []
    pair_choices = cands if pair else (None,)
    for p in pair_choices:
        head: tuple[_Spec, ...] = ((GroupKind.PAIR, (p, p), (p, p)),) if p is not None else ()
        for combo in _multisets(cands, pungs):
            out.append(head + tuple((GroupKind.PUNG, (t, t, t), (t, t, t)) for t in combo))
    return tuple(out)


def _multisets(items: tuple[int, ...], k: int, start: int = 0) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    return [(items[j], *rest) for j in range(start, len(items)) for rest in _multisets(items, k - 1, j)]


@lru_cache(maxsize=1 << 16)
def _fits(counts: tuple[int, ...], jokers: int, pair: bool) -> bool:
    """Whether ``counts`` + ``jokers`` split into sets (and one pair): the yes/no of :func:`_readings`."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return jokers >= (2 if pair else 0) and (jokers - (2 if pair else 0)) % 3 == 0
    c = list(counts)

    def rest(used: dict[int, int], wilds: int, still_pair: bool) -> bool:
        if wilds > jokers:
            return False
        for k, n in used.items():
            c[k] -= n
        ok = _fits(tuple(c), jokers - wilds, still_pair)
        for k, n in used.items():
            c[k] += n
        return ok

    if pair and rest({i: min(c[i], 2)}, 2 - min(c[i], 2), False):
        return True
    if rest({i: min(c[i], 3)}, 3 - min(c[i], 3), pair):
        return True
    bounds = _suit_bounds(i)
    if bounds is not None:
        low, high = bounds
        for start in range(max(low, i - 2), min(i, high - 2) + 1):
            used = {p: 1 for p in (start, start + 1, start + 2) if p >= i and c[p]}
            if rest(used, 3 - len(used), pair):
                return True
    return False


def _pair_readings(counts: tuple[int, ...], jokers: int, cands: tuple[int, ...]) -> list[tuple[_Spec, ...]]:
    cands = tuple(sorted(set(cands) | {i for i, n in enumerate(counts) if n}))  # a held pair can become four
    """Seven-pairs readings: each odd count takes one wild, the rest of the wilds pair up on candidates
    (on a held pair they make four of a kind: two pairs)."""
    odd = [i for i, n in enumerate(counts) if n % 2]
    left = jokers - len(odd)
    if left < 0 or left % 2:
        return []
    base: list[_Spec] = []
    for i, n in enumerate(counts):
        for _ in range(n // 2):
            base.append((GroupKind.PAIR, (i, i), ()))
        if n % 2:
            base.append((GroupKind.PAIR, (i, i), (i,)))
    pairs = _multisets(cands, left // 2)
    return [tuple(base) + tuple((GroupKind.PAIR, (t, t), (t, t)) for t in combo) for combo in pairs]


def _candidates(counts: Iterable[int], wilds: Iterable[Tile]) -> tuple[int, ...]:
    """What a group of wilds alone may play: a wild's own face, an honour, or in each suit the hand holds
    one terminal (1), one 2/5/8 (2) and one other simple (3) — one tile of each kind that a value can
    depend on (a flush, 幺九, 将, 碰碰胡, a dragon or wind pung)."""
    held = {i for i, n in enumerate(counts) if n} | {t.index for t in wilds}
    suits = {i // 9 for i in held if i < 27}
    return tuple(sorted({t.index for t in wilds} | {9 * s + r for s in suits for r in (0, 1, 2)} | set(range(27, 34))))


def _split(hand: Hand, rule: WildRule) -> tuple[list[int], list[Tile], dict[int, list[Tile]]]:
    """The natural counts (stand-ins at their face), the wild tiles held, and the stand-ins by face."""
    faces = dict(rule.stand_ins)
    counts = [0] * 34
    wilds: list[Tile] = []
    stood: dict[int, list[Tile]] = {}
    for t in hand.concealed_tiles:
        if t in rule.wilds:
            wilds.append(t)
        elif t in faces:
            counts[faces[t].index] += 1
            stood.setdefault(faces[t].index, []).append(t)
        else:
            counts[t.index] += 1
    return counts, wilds, stood


def value_key(shape: Shape) -> tuple[object, ...]:
    """What the values of the systems with wilds can depend on: each group's kind and tiles (a chow's
    suit only: no wild system values which chow it is), and how many wilds play another tile. Readings
    with the same key are worth the same, so :func:`decompose_wild` keeps one of them by default."""
    groups = sorted(
        (g.kind.value, g.tiles[0].suit.value if g.kind is GroupKind.CHOW else str(g.tiles[0]), g.meld is not None)
        for g in shape.groups
    )
    return (shape.kind, tuple(groups), shape.wilds_as_others)


def decompose_wild(
    hand: Hand, rule: WildRule | None, kinds: Iterable[ShapeKind] = ALL_SHAPES,
    key: Callable[[Shape], object] | None = value_key,
) -> list[Shape]:
    """Every reading of a complete hand with wilds (sets and a pair; seven pairs when asked for and the
    hand has no melds), one per ``key`` (None: every reading). Without wilds or stand-ins this is
    :func:`~rulesets.shapes.decompose`."""
    kinds = frozenset(kinds)
    if rule is None or not rule.active:
        return decompose(hand, kinds)
    if hand.winning_tile is None:
        raise ValueError("decompose_wild needs a complete hand (with a winning tile)")
    counts, wilds, stood = _split(hand, rule)
    if (sum(counts) + len(wilds)) % 3 != 2:
        return []
    faces = tuple(sorted(t.index for t in wilds))
    pairs = ShapeKind.SEVEN_PAIRS in kinds and not hand.melds and sum(counts) + len(wilds) == 14
    readings = _kept(tuple(counts), faces, ShapeKind.STANDARD in kinds, pairs, key is not None)
    fixed = decompose_fixed(hand)
    held = tuple(sorted(wilds))
    standing = tuple(sorted((k, tuple(v)) for k, v in stood.items()))
    out = [Shape(kind, fixed + _groups(specs, held, standing), hand.winning_tile) for kind, specs in readings]
    if key is None or key is value_key:
        return out
    kept: dict[object, Shape] = {}
    for shape in out:
        kept.setdefault(key(shape), shape)
    return list(kept.values())


@lru_cache(maxsize=4096)
def _kept(counts: tuple[int, ...], faces: tuple[int, ...], standard: bool, pairs: bool,
          by_value: bool) -> tuple[tuple[ShapeKind, tuple[_Spec, ...]], ...]:
    """The search's readings of natural ``counts`` and wilds of ``faces``: one per value (the spec-level
    :func:`value_key`) when ``by_value``, else one per distinct set of groups."""
    wilds = [ALL_TILES[i] for i in faces]
    cands = _candidates(counts, wilds)
    found: list[tuple[ShapeKind, tuple[_Spec, ...]]] = []
    if standard:
        found += [(ShapeKind.STANDARD, r) for r in _readings(counts, len(faces), True, cands)]
    if pairs:
        found += [(ShapeKind.SEVEN_PAIRS, r) for r in _pair_readings(counts, len(faces), cands)]
    kept: dict[object, tuple[ShapeKind, tuple[_Spec, ...]]] = {}
    for kind, specs in found:
        kept.setdefault(_spec_key(kind, specs, faces, by_value), (kind, specs))
    return tuple(kept.values())


def _spec_key(kind: ShapeKind, specs: tuple[_Spec, ...], faces: tuple[int, ...], by_value: bool) -> object:
    if not by_value:
        return (kind, tuple(sorted(specs, key=lambda g: (g[0].value, g[1], g[2]))))  # GroupKind has no order
    filled = [p for _, _, places in specs for p in places]
    own = sum(min(filled.count(f), faces.count(f)) for f in set(faces))
    groups = tuple(sorted((g.value, places[0] // 9 + 100 if g is GroupKind.CHOW else places[0])
                          for g, places, _ in specs))
    return (kind, groups, len(filled) - own)


def decompose_fixed(hand: Hand) -> tuple[Group, ...]:
    """The hand's fixed melds as groups."""
    kind = {"chow": GroupKind.CHOW, "pung": GroupKind.PUNG, "kong": GroupKind.KONG}
    return tuple(Group(kind[m.kind.value], m.tiles, m) for m in hand.melds)


@lru_cache(maxsize=1 << 14)
def _groups(specs: tuple[_Spec, ...], wilds: tuple[Tile, ...], stood: tuple[tuple[int, tuple[Tile, ...]], ...],
            ) -> tuple[Group, ...]:
    """Groups from the search's specs, in tile order: each wild place takes a held wild (one of that face
    first, so a wild at its own face reads as natural); natural places of a stand-in's face are shown as
    the stand-in tiles first (which copy is which does not change any value). Kept per (specs, wilds,
    stand-ins): the groups are values, and a waiting hand asks for the same ones for many tiles."""
    need: dict[int, int] = {}
    for _, _, filled in specs:
        for p in filled:
            need[p] = need.get(p, 0) + 1
    free = list(wilds)
    held: dict[int, list[Tile]] = {}  # place index → the wilds that fill it: own faces first
    for p, n in need.items():
        own = ALL_TILES[p]
        while n and own in free:
            free.remove(own)
            held.setdefault(p, []).append(own)
            n -= 1
        need[p] = n
    for p, n in need.items():
        for _ in range(n):
            held.setdefault(p, []).append(free.pop())
    standing = {k: list(v) for k, v in stood}
    out = []
    for kind, places, filled_here in specs:
        subs = [Sub(held[p].pop(), ALL_TILES[p], True) for p in filled_here]
        for p in sorted(set(places)):
            natural = places.count(p) - filled_here.count(p)
            while natural and standing.get(p):
                natural -= 1
                subs.append(Sub(standing[p].pop(), ALL_TILES[p], False))
        out.append(Group(kind, tuple(ALL_TILES[p] for p in places), None, tuple(subs)))
    return tuple(sorted(out, key=lambda g: (g.tiles[0].index, g.kind.value)))


def is_winning_wild(hand: Hand, rule: WildRule | None, kinds: Iterable[ShapeKind] = ALL_SHAPES) -> bool:
    """Whether a complete hand has any reading (faster than :func:`decompose_wild` for yes/no)."""
    kinds = frozenset(kinds)
    if rule is None or not rule.active:
        return bool(decompose(hand, kinds))
    counts, wilds, _ = _split(hand, rule)
    total = sum(counts) + len(wilds)
    if total % 3 != 2:
        return False
    if ShapeKind.STANDARD in kinds and _fits(tuple(counts), len(wilds), True):
        return True
    if ShapeKind.SEVEN_PAIRS in kinds and not hand.melds and total == 14:
        return sum(n % 2 for n in counts) <= len(wilds)
    return False


def splits_into_sets(tiles: Iterable[Tile], rule: WildRule, pair: bool = False) -> bool:
    """Whether ``tiles`` (concealed tiles; wilds and stand-ins read by ``rule``) split into sets alone, or
    sets and one pair with ``pair``: e.g. 杭州 暴头, where the 13 tiles before the draw, less one 财神, are
    four complete sets.

    >>> from rulesets.tiles import tiles
    >>> rule = WildRule(frozenset(tiles("5p")))
    >>> splits_into_sets(tiles("123m456m789p12s"), rule), splits_into_sets(tiles("123m456m789p12s5p"), rule)
    (False, True)
    """
    faces = dict(rule.stand_ins)
    counts = [0] * 34
    jokers = 0
    for t in tiles:
        if t in rule.wilds:
            jokers += 1
        else:
            counts[faces.get(t, t).index] += 1
    return _fits(tuple(counts), jokers, pair)


def wild_waits(hand: Hand, rule: WildRule | None, kinds: Iterable[ShapeKind] = ALL_SHAPES,
               candidates: Iterable[Tile] = ALL_TILES) -> list[Tile]:
    """Every tile that completes a waiting hand (a drawn wild is a candidate like any other tile)."""
    if hand.winning_tile is not None:
        raise ValueError("wild_waits needs a waiting hand (no winning tile)")
    kinds = frozenset(kinds)
    return [t for t in candidates if is_winning_wild(hand.with_winning_tile(t), rule, kinds)]
