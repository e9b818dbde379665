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
from typing import NamedTuple

from .hand import Hand
from .shapes import ALL_SHAPES, Group, GroupKind, Shape, ShapeKind, Sub, decompose
from .tiles import ALL_TILES, BY_INDEX, Tile

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
#
# Sets never cross a suit, so a reading is one *piece* for each part of the hand that holds tiles (a suit,
# the honours) and at most one piece of wilds alone; each part is searched on its own counts, once for
# every hand, winning tile and system that has the same counts there (a waiting hand's 34 tiles change
# one part each). Asked for one reading per value, each level of the search keeps the first of the
# pieces alike in what a value reads (the kinds and tiles of their groups, the wilds they place and where
# they fill a wild's own face): a reading's value is made of its pieces', so the first reading of each
# value is made of the first pieces of theirs (:func:`_standard` keeps it).

_Spec = tuple[str, tuple[int, ...], tuple[int, ...]]
"""A group as the search finds it: kind (a :class:`GroupKind` value), the tile indices it plays (sorted),
the places wilds fill."""

PAIR, PUNG, CHOW = GroupKind.PAIR.value, GroupKind.PUNG.value, GroupKind.CHOW.value
_KIND = {k.value: k for k in GroupKind}


def _bag(kind: str, places: tuple[int, ...]) -> int:
    """A group's value key as a digit of one number: base 16, a digit for a pair and for a pung of each tile
    and for a chow of each suit (no wild system values which chow it is), so a reading's groups add up to
    one number that says exactly how many of each it has (:func:`value_key` on specs; a hand has at most six
    groups, so no digit carries)."""
    if kind == CHOW:
        return 1 << 4 * (68 + places[0] // 9)
    return 1 << 4 * (places[0] + (34 if kind == PUNG else 0))


def _fill(filled: tuple[int, ...], faces: tuple[int, ...]) -> int:
    """How many of ``filled`` are each wild face, a base-16 digit per face."""
    return sum(filled.count(f) << 4 * j for j, f in enumerate(faces))


class _Piece(NamedTuple):
    """The groups of one part of a reading, in the search's order."""

    specs: tuple[_Spec, ...]
    used: int  # wilds placed
    paired: bool  # holds the pair
    bag: int  # the groups' value keys (:func:`_bag`), added up
    fills: int  # the places of each wild face that wilds fill (:func:`_fill`)
    base: int  # the part's first tile index; -1 for groups of wilds alone


_new = tuple.__new__  # a NamedTuple built without its Python-level constructor
_PARTS = ((0, 9), (9, 18), (18, 27), (27, 34))
"""Where sets cannot cross: the three suits (chows allowed) and the honours."""

_Faces = tuple[int, ...] | None
"""The wild faces a search keeps one piece per value for (sorted, distinct), or None to keep every piece."""


_PAIR_SPECS = tuple(tuple((PAIR, (t, t), (t,) * (2 - n)) for n in range(3)) for t in range(34))
_PUNG_SPECS = tuple(tuple((PUNG, (t, t, t), (t,) * (3 - n)) for n in range(4)) for t in range(34))
_CHOW_SPECS = {(t, held): (CHOW, (t, t + 1, t + 2), tuple(t + k for k in range(3) if not held >> k & 1))
               for t in range(27) if t % 9 <= 6 for held in range(8)}
"""Every spec the search makes: a pair or pung of tile t with n natural tiles; a chow from t whose natural
tiles are the bits of ``held``."""
_HELD = tuple(tuple(tuple(s + k for k in range(3) if held >> k & 1) for held in range(8)) for s in range(7))
"""The places of a suit that a chow from place s takes natural tiles at, for each ``held`` of :data:`_CHOW_SPECS`."""


@lru_cache(maxsize=1 << 15)
def _part_pieces(part: tuple[int, ...], base: int, jokers: int, pair: bool, faces: _Faces) -> tuple[_Piece, ...]:
    """Every split of one part's natural counts (``part``, tile indices from ``base``) and up to ``jokers``
    wilds into sets, and one pair if ``pair``, in the search's order (one per value with ``faces``)."""
    if not any(part):
        return (_new(_Piece, ((), 0, False, 0, 0, base)),)
    i = 0
    while not part[i]:
        i += 1
    n = part[i]
    c = list(part)
    at = base + i
    # The groups that can hold the lowest natural tile, in the search's order: (spec, the natural tiles it
    # takes, whether the pair is still free after it, its value key). Each takes as many natural tiles as it
    # can: a reading that put a wild where a natural tile was free reads the same tiles with the two swapped.
    choices: list[tuple[_Spec, tuple[int, ...], bool, int]] = []
    if pair:
        choices.append((_PAIR_SPECS[at][min(n, 2)], (i,) * min(n, 2), False, 1 << 4 * at))
    choices.append((_PUNG_SPECS[at][min(n, 3)], (i,) * min(n, 3), pair, 1 << 4 * (34 + at)))
    if base < 27:
        chow = 1 << 4 * (68 + base // 9)
        for s in range(max(0, i - 2), min(i, 6) + 1):  # no natural tile below i: a chow takes those it finds
            held = (c[s] > 0) | (c[s + 1] > 0) << 1 | (c[s + 2] > 0) << 2
            choices.append((_CHOW_SPECS[base + s, held], _HELD[s][held], pair, chow))
    one = faces[0] if faces and len(faces) == 1 else None
    out: list[_Piece] = []
    kept: dict[tuple[int, int, int], _Piece] = {}
    for spec, naturals, still_pair, bag in choices:
        filled = spec[2]
        wilds = len(filled)
        if wilds > jokers:
            continue
        for p in naturals:
            c[p] -= 1
        here = pair and not still_pair
        fill = (filled.count(one) if one is not None else _fill(filled, faces)) if faces and filled else 0
        for rest in _part_pieces(tuple(c), base, jokers - wilds, still_pair, faces):
            piece = _new(_Piece, ((spec, *rest.specs), wilds + rest.used, here or rest.paired, bag + rest.bag,
                                  fill + rest.fills, base))
            if faces is None:
                out.append(piece)
            else:
                kept.setdefault((piece.bag, piece.used, piece.fills), piece)
        for p in naturals:
            c[p] += 1
    return tuple(out) if faces is None else tuple(kept.values())


_Split = tuple[tuple[_Piece, ...], int, int]
"""One split of the hand: its pieces, their value keys and their fills, added up."""


@lru_cache(maxsize=1 << 14)
def _pieces(parts: tuple[tuple[int, ...], ...], jokers: int, pair: bool, cands: tuple[int, ...],
            faces: _Faces) -> tuple[_Split, ...]:
    """Every split of the natural counts of the last ``len(parts)`` parts and exactly ``jokers`` wilds into sets
    (and one pair if ``pair``): the lowest part's pieces in the search's order, each followed by the splits
    of the parts above it, then groups of wilds alone (one split per value with ``faces``)."""
    if not parts:
        return tuple(((p,), p.bag, p.fills) for p in _wilds_alone(jokers, pair, cands, faces))
    base = _PARTS[len(_PARTS) - len(parts)][0]
    out: list[_Split] = []
    kept: dict[tuple[int, int], _Split] = {}
    for head in _part_pieces(parts[0], base, jokers, pair, faces):
        for pieces, bag, fills in _pieces(parts[1:], jokers - head.used, pair and not head.paired, cands, faces):
            if head.specs:
                pieces, bag, fills = (head, *pieces), bag + head.bag, fills + head.fills
            if faces is None:
                out.append((pieces, bag, fills))
            else:
                kept.setdefault((bag, fills), (pieces, bag, fills))
    return tuple(out) if faces is None else tuple(kept.values())


def _parts(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(counts[a:b] for a, b in _PARTS)


def _readings(
    counts: tuple[int, ...], jokers: int, pair: bool, cands: tuple[int, ...]
) -> tuple[tuple[_Spec, ...], ...]:
    """Every split of ``counts`` + ``jokers`` wilds into sets (and one pair if ``pair``), as specs."""
    return tuple(tuple(s for p in pieces for s in p.specs)
                 for pieces, _, _ in _pieces(_parts(counts), jokers, pair, cands, None))


def _wilds_alone(jokers: int, pair: bool, cands: tuple[int, ...], faces: _Faces) -> tuple[_Piece, ...]:
    need_pair = 2 if pair else 0
    if jokers < need_pair or (jokers - need_pair) % 3:
        return ()
    pungs = (jokers - need_pair) // 3
    out: list[_Piece] = []
    pair_choices = cands if pair else (None,)
    for p in pair_choices:
        head: tuple[_Spec, ...] = ((PAIR, (p, p), (p, p)),) if p is not None else ()
        for combo in _multisets(cands, pungs):
            specs = head + tuple((PUNG, (t, t, t), (t, t, t)) for t in combo)
            bag = sum(_bag(kind, places) for kind, places, _ in specs)
            fills = sum(_fill(filled, faces) for _, _, filled in specs) if faces else 0
            out.append(_new(_Piece, (specs, jokers, pair, bag, fills, -1)))
    return tuple(out)


def _multisets(items: tuple[int, ...], k: int, start: int = 0) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    return [(items[j], *rest) for j in range(start, len(items)) for rest in _multisets(items, k - 1, j)]


def _suit_bounds(i: int) -> tuple[int, int] | None:
    return (i - i % 9, i - i % 9 + 8) if i < 27 else None


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


def _pair_readings(counts: tuple[int, ...], jokers: int,
                   cands: tuple[int, ...]) -> tuple[tuple[_Spec, ...], list[tuple[int, ...]]] | None:
    """Seven-pairs readings: each odd count takes one wild, the rest of the wilds pair up on candidates
    (on a held pair they make four of a kind: two pairs). The pairs of the held tiles, and each choice of
    tiles the pairs of wilds alone play (None: no reading)."""
    cands = tuple(sorted(set(cands) | {i for i, n in enumerate(counts) if n}))  # a held pair can become four
    odd = [i for i, n in enumerate(counts) if n % 2]
    left = jokers - len(odd)
    if left < 0 or left % 2:
        return None
    base: list[_Spec] = []
    for i, n in enumerate(counts):
        for _ in range(n // 2):
            base.append((PAIR, (i, i), ()))
        if n % 2:
            base.append((PAIR, (i, i), (i,)))
    return tuple(base), _multisets(cands, left // 2)


def _candidates(counts: Iterable[int], wilds: Iterable[Tile]) -> tuple[int, ...]:
    """What a group of wilds alone may play: a wild's own face, an honour, or in each suit the hand holds
    one terminal (1), one 2/5/8 (2) and one other simple (3) — one tile of each kind that a value can
    depend on (a flush, 幺九, 将, 碰碰胡, a dragon or wind pung)."""
    held = {i for i, n in enumerate(counts) if n} | {t.index for t in wilds}
    suits = {i // 9 for i in held if i < 27}
    return tuple(sorted({t.index for t in wilds} | {9 * s + r for s in suits for r in (0, 1, 2)} | set(range(27, 34))))


def _split(hand: Hand, rule: WildRule) -> tuple[list[int], list[Tile], dict[int, list[Tile]]]:
    """The natural counts (stand-ins at their face), the wild tiles held, and the stand-ins by face."""
    wild = {t.index for t in rule.wilds}  # by index: a tile's own hash is slow, and a hand has many tiles
    faces = {t.index: face.index for t, face in rule.stand_ins}
    counts = [0] * 34
    wilds: list[Tile] = []
    stood: dict[int, list[Tile]] = {}
    held = hand.standing if hand.winning_tile is None else (*hand.standing, hand.winning_tile)
    for t in sorted(held, key=BY_INDEX):  # in tile order, as Hand.concealed_tiles (without its slower sort)
        i = t.index
        if i in wild:
            wilds.append(t)
        elif i in faces:
            counts[faces[i]] += 1
            stood.setdefault(faces[i], []).append(t)
        else:
            counts[i] += 1
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
    pairs = ShapeKind.SEVEN_PAIRS in kinds and not hand.melds and sum(counts) + len(wilds) == 14
    held = tuple(wilds)  # in tile order, as the hand's concealed tiles are
    standing = tuple((k, tuple(stood[k])) for k in sorted(stood))
    by_value = key is not None
    readings: tuple[tuple[ShapeKind, tuple[Group, ...]], ...] = ()
    if ShapeKind.STANDARD in kinds:
        readings += _standard(tuple(counts), held, standing, by_value)
    if pairs:
        readings += _seven_pairs(tuple(counts), held, standing, by_value)
    fixed = decompose_fixed(hand)
    out = [Shape(kind, fixed + groups, hand.winning_tile) for kind, groups in readings]
    if key is None or key is value_key:
        return out
    kept: dict[object, Shape] = {}
    for shape in out:
        kept.setdefault(key(shape), shape)
    return list(kept.values())


_Stood = tuple[tuple[int, tuple[Tile, ...]], ...]
"""The stand-ins held, by the face they play (index → the tiles)."""

_Readings = tuple[tuple[ShapeKind, tuple[Group, ...]], ...]


@lru_cache(maxsize=4096)
def _standard(counts: tuple[int, ...], wilds: tuple[Tile, ...], stood: _Stood, by_value: bool) -> _Readings:
    """The sets-and-a-pair readings of natural ``counts`` and ``wilds``, as groups: one per value (the
    spec-level :func:`value_key`: the groups' kinds and tiles, and how many wilds play another tile) when
    ``by_value``, else one per distinct set of groups. Kept per counts, wilds and stand-ins: one system
    asks again for a hand another one read."""
    faces = tuple(sorted({t.index for t in wilds}))
    own = tuple(sum(t.index == f for t in wilds) for f in faces)  # wilds of each face
    found = _pieces(_parts(counts), len(wilds), True, _candidates(counts, wilds), faces if by_value else None)
    kept: dict[object, tuple[_Piece, ...]] = {}
    for pieces, bag, fills in found:
        if by_value:  # the wilds that fill their own face play no other tile (as many as there are of it)
            if len(own) == 1:
                natural = min(fills, own[0])
            else:
                natural = sum(min(fills >> 4 * j & 15, n) for j, n in enumerate(own))
            kept.setdefault((bag, len(wilds) - natural), pieces)
        else:
            kept.setdefault(tuple(sorted(s for p in pieces for s in p.specs)), pieces)
    if len(faces) > 1:  # wilds of several faces: each place takes one of its own face first, hand-wide
        return tuple((ShapeKind.STANDARD, _groups(tuple(s for p in pieces for s in p.specs), wilds, stood))
                     for pieces in kept.values())
    wild = wilds[0].index if wilds else -1
    by_part = {a: tuple(x for x in stood if a <= x[0] < b) for a, b in _PARTS} if stood else {}
    out = []
    made: dict[int, tuple[Group, ...]] = {}  # a piece's groups, by the piece (alive until this returns)
    for pieces in kept.values():
        groups: tuple[Group, ...] = ()
        for p in pieces:  # each piece's groups in tile order, the parts in tile order
            these = made.get(id(p))
            if these is None:
                these = made[id(p)] = _piece_groups(p.specs, wild, by_part.get(p.base, ()))
            groups += these
        if pieces[-1].base < 0 and len(pieces) > 1:  # groups of wilds alone play any tile: put them in order
            groups = tuple(sorted(groups, key=_group_order))
        out.append((ShapeKind.STANDARD, groups))
    return tuple(out)


@lru_cache(maxsize=4096)
def _seven_pairs(counts: tuple[int, ...], wilds: tuple[Tile, ...], stood: _Stood, by_value: bool) -> _Readings:
    """The seven-pairs readings of natural ``counts`` and ``wilds``, as groups. Each has a value of its own
    (they differ in the tiles the pairs of wilds alone play), so one per value is every reading."""
    found = _pair_readings(counts, len(wilds), _candidates(counts, wilds))
    if found is None:
        return ()
    held, choices = found
    if len({t.index for t in wilds}) > 1:  # wilds of several faces: each place takes its own face first
        return tuple((ShapeKind.SEVEN_PAIRS, _groups(held + tuple((PAIR, (t, t), (t, t)) for t in combo), wilds, stood))
                     for combo in choices)
    base = _piece_groups(held, wilds[0].index if wilds else -1, stood)  # the pairs of held tiles, in every reading
    alone = {t: Group(GroupKind.PAIR, (ALL_TILES[t],) * 2, None, (Sub(wilds[0], ALL_TILES[t], True),) * 2)
             for t in {t for combo in choices for t in combo}}
    out = []
    for combo in choices:
        groups = base + tuple(alone[t] for t in combo)
        out.append((ShapeKind.SEVEN_PAIRS, tuple(sorted(groups, key=_group_order)) if combo else groups))
    return tuple(out)


def _group_order(g: Group) -> tuple[int, str]:
    return (g.tiles[0].index, g.kind._value_)  # the member's value, without the enum's property


def decompose_fixed(hand: Hand) -> tuple[Group, ...]:
    """The hand's fixed melds as groups."""
    kind = {"chow": GroupKind.CHOW, "pung": GroupKind.PUNG, "kong": GroupKind.KONG}
    return tuple(Group(kind[m.kind.value], m.tiles, m) for m in hand.melds)


def _subs_of_stand_ins(places: tuple[int, ...], filled: tuple[int, ...], standing: dict[int, list[Tile]]) -> list[Sub]:
    """The natural places of a group that a stand-in's face takes, shown as the stand-in tiles (which copy is
    which does not change any value)."""
    subs = []
    for p in sorted(set(places)):
        natural = places.count(p) - filled.count(p)
        while natural and standing.get(p):
            natural -= 1
            subs.append(Sub(standing[p].pop(), ALL_TILES[p], False))
    return subs


@lru_cache(maxsize=1 << 15)
def _piece_groups(specs: tuple[_Spec, ...], wild: int, stood: _Stood) -> tuple[Group, ...]:
    """The groups of one piece, in tile order, when every wild held is tile ``wild``: each wild place is a
    :class:`Sub` of it, and natural places of a stand-in's face are the stand-ins (``stood``: those of
    this part, which no other piece of a reading plays)."""
    standing = {k: list(v) for k, v in stood}
    out = []
    for spec in specs:
        kind, places, filled = spec
        if standing and any(p in standing for p in places):
            subs = [Sub(ALL_TILES[wild], ALL_TILES[p], True) for p in filled]
            subs += _subs_of_stand_ins(places, filled, standing)
            out.append(Group(_KIND[kind], tuple(ALL_TILES[p] for p in places), None, tuple(subs)))
        else:
            out.append(_spec_group(spec, wild))
    order = sorted((places[0], kind, j) for j, (kind, places, _) in enumerate(specs))  # tile order, stable
    return tuple(out[j] for _, _, j in order)


@lru_cache(maxsize=1 << 14)
def _spec_group(spec: _Spec, wild: int) -> Group:
    """The group of one spec with no stand-in in it, every wild place a :class:`Sub` of tile ``wild``: the
    same group wherever the spec stands (pieces of many hands share it)."""
    kind, places, filled = spec
    return Group(_KIND[kind], tuple(ALL_TILES[p] for p in places), None,
                 tuple(Sub(ALL_TILES[wild], ALL_TILES[p], True) for p in filled))


@lru_cache(maxsize=1 << 14)
def _groups(specs: tuple[_Spec, ...], wilds: tuple[Tile, ...], stood: _Stood) -> tuple[Group, ...]:
    """Groups from the search's specs, in tile order: each wild place takes a held wild (one of that face
    first, so a wild at its own face reads as natural); natural places of a stand-in's face are shown as
    the stand-in tiles first. Kept per (specs, wilds, stand-ins): the groups are values, and a waiting hand
    asks for the same ones for many tiles."""
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
    for kind, places, filled in specs:
        subs = [Sub(held[p].pop(), ALL_TILES[p], True) for p in filled]
        subs += _subs_of_stand_ins(places, filled, standing)
        out.append(Group(_KIND[kind], tuple(ALL_TILES[p] for p in places), None, tuple(subs)))
    return tuple(sorted(out, key=_group_order))


def is_winning_wild(hand: Hand, rule: WildRule | None, kinds: Iterable[ShapeKind] = ALL_SHAPES) -> bool:
    """Whether a complete hand has any reading (faster than :func:`decompose_wild` for yes/no)."""
    kinds = frozenset(kinds)
    if rule is None or not rule.active:
        return bool(decompose(hand, kinds))
    counts, wilds, _ = _split(hand, rule)
    return _complete(counts, len(wilds), ShapeKind.STANDARD in kinds, ShapeKind.SEVEN_PAIRS in kinds and not hand.melds)


def _complete(counts: list[int], jokers: int, standard: bool, pairs: bool) -> bool:
    """Whether natural ``counts`` and ``jokers`` wilds are sets and a pair (with ``standard``) or seven pairs
    (with ``pairs``, of 14 tiles)."""
    total = sum(counts) + jokers
    if total % 3 != 2:
        return False
    if standard and _fits(tuple(counts), jokers, True):
        return True
    if pairs and total == 14:
        return sum(n % 2 for n in counts) <= jokers
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
    if rule is None or not rule.active:
        return [t for t in candidates if is_winning_wild(hand.with_winning_tile(t), rule, kinds)]
    counts, wilds, _ = _split(hand, rule)  # the waiting hand's, then each candidate added on counts
    wild = {t.index for t in rule.wilds}
    faces = {t.index: face.index for t, face in rule.stand_ins}
    pairs = ShapeKind.SEVEN_PAIRS in kinds and not hand.melds
    out = []
    for t in candidates:
        c, jokers = list(counts), len(wilds)
        if t.index in wild:
            jokers += 1
        else:
            c[faces.get(t.index, t.index)] += 1
        if _complete(c, jokers, ShapeKind.STANDARD in kinds, pairs):
            out.append(t)
    return out


def clear_caches() -> None:
    """Empty every memo of the search (a benchmark that times cold calls starts each call from here)."""
    for memo in (_part_pieces, _pieces, _fits, _standard, _seven_pairs, _piece_groups, _spec_group,
                 _groups):
        memo.cache_clear()
