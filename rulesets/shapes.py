"""Decompositions of a hand into legal winning shapes, and the waits of a waiting hand.

Every decomposition is returned, not just one: a ruleset scores each and keeps the best (就高不就低).

Shape kinds:

- ``STANDARD``: four sets (chow/pung/kong, melds included) + a pair (fewer sets for smaller hands);
- ``SEVEN_PAIRS``: seven pairs of the 14 concealed tiles (four of a kind counts as two pairs);
- ``THIRTEEN_ORPHANS``: 十三幺;
- ``HONORS_KNITTED``: 全不靠 / 七星不靠: 14 distinct tiles from one knitted pattern + honours;
- ``KNITTED_STRAIGHT``: 组合龙 (147/258/369 in three suits) + one set + a pair;
- ``EIGHT_PAIRS``: 八对 (温州: eight pairs and one more tile of a 17-tile hand): a kind a system finds
  itself; :func:`decompose` has no finder for it and skips it;
- ``SEVEN_PAIRS_PUNG``: 嚦咕嚦咕 (台湾's house rule: seven pairs and a pung of a concealed 17-tile hand): also
  found by the system that plays it.

>>> from rulesets.tiles import tiles
>>> from rulesets.hand import Hand
>>> t = tiles("11223344556677m")
>>> h = Hand(standing=t[:-1], winning_tile=t[-1])
>>> sorted({s.kind.value for s in decompose(h)})
['seven_pairs', 'standard']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement, permutations, product

from .hand import Hand, Meld, MeldKind
from .tiles import ALL_TILES, TERMINALS_AND_HONOURS, Tile
from .values import keep, quick


class ShapeKind(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_KNITTED = "honors_knitted"  # 全不靠 (七星不靠 when all seven honours)
    KNITTED_STRAIGHT = "knitted_straight"  # 组合龙 + one set + pair
    EIGHT_PAIRS = "eight_pairs"  # 八对: eight pairs + one tile (温州, 17 tiles); found by the system, not here
    SEVEN_PAIRS_PUNG = "seven_pairs_pung"  # 嚦咕嚦咕: seven pairs + a pung (台湾, 17 tiles); found by the system

    @property
    def zh(self) -> str:
        return _SHAPE_ZH[self]

    @property
    def en(self) -> str:
        return _SHAPE_EN[self]


_SHAPE_ZH = {
    ShapeKind.STANDARD: "四组一将",
    ShapeKind.SEVEN_PAIRS: "七对",
    ShapeKind.THIRTEEN_ORPHANS: "十三幺",
    ShapeKind.HONORS_KNITTED: "全不靠",
    ShapeKind.KNITTED_STRAIGHT: "组合龙",
    ShapeKind.EIGHT_PAIRS: "八对",
    ShapeKind.SEVEN_PAIRS_PUNG: "七对加一刻",
}
_SHAPE_EN = {
    ShapeKind.STANDARD: "Sets and a pair",
    ShapeKind.SEVEN_PAIRS: "Seven pairs",
    ShapeKind.THIRTEEN_ORPHANS: "Thirteen orphans",
    ShapeKind.HONORS_KNITTED: "Honours and knitted tiles",
    ShapeKind.KNITTED_STRAIGHT: "Knitted straight",
    ShapeKind.EIGHT_PAIRS: "Eight pairs",
    ShapeKind.SEVEN_PAIRS_PUNG: "Seven pairs and a pung",
}

ALL_SHAPES: frozenset[ShapeKind] = frozenset(ShapeKind)
SETS_AND_PAIRS: frozenset[ShapeKind] = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})


class GroupKind(enum.Enum):
    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # three knitted tiles of one suit (147, 258 or 369): a third of 组合龙
    SINGLE = "single"  # one lone tile of 十三幺 / 全不靠


@dataclass(frozen=True)
class Sub:
    """A tile that plays another: a wild (癞子/财神/百搭) standing for ``as_``, or a stand-in (白板 playing the
    百搭's face; ``wild`` False). A wild at its own face is a Sub with ``tile == as_``."""

    tile: Tile
    as_: Tile
    wild: bool = True

    @property
    def substitutes(self) -> bool:
        """A wild used as another tile (what makes a hand soft)."""
        return self.wild and self.tile != self.as_

    def __str__(self) -> str:
        return f"{self.tile}→{self.as_}"

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"tile": str(self.tile), "as": str(self.as_)}
        if not self.wild:
            d["stand_in"] = True
        return d


@quick
@dataclass(frozen=True)
class Group:
    """A group of a decomposition. ``meld`` is set for the hand's fixed melds (claimed or 暗杠).

    ``tiles`` are the tiles the group plays; ``subs`` says which of them a wild or a stand-in played."""

    kind: GroupKind
    tiles: tuple[Tile, ...]
    meld: Meld | None = None
    subs: tuple[Sub, ...] = ()

    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    @property
    def is_set(self) -> bool:
        return self.kind in (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)

    @property
    def is_pung_like(self) -> bool:
        """A pung or a kong."""
        return self.kind in (GroupKind.PUNG, GroupKind.KONG)

    @property
    def is_claimed(self) -> bool:
        """A meld claimed from another player (chow, pung, exposed or added kong)."""
        return self.meld is not None and not self.meld.is_concealed

    @property
    def from_hand(self) -> bool:
        """Formed by the standing tiles (and the winning tile), not a fixed meld."""
        return self.meld is None

    @cached_property
    def shown(self) -> _GroupParts:
        """What the result object shows of the group (:func:`_group_parts`), kept on the group as well: the
        concealed groups are made once (:data:`_GROUP_OF`), so most are found without hashing a group."""
        return _group_parts(self)

    @cached_property
    def shown_dict(self) -> dict[str, object]:
        """The group's entry in the result object (:meth:`Shape.as_dict`), made once and kept on the group: shared
        by every answer that shows the group, for a writer that changes nothing it is given (the API's)."""
        kind, names, meld, claimed, wilds, _ = self.shown
        d: dict[str, object] = {"kind": kind, "tiles": list(names), "meld": meld, "claimed": claimed}
        if wilds:
            d["wild"] = [dict(w) for w in wilds]
        return d

    def __str__(self) -> str:
        text = "".join(str(t.rank) for t in self.tiles) + self.tiles[0].suit.value
        if self.kind is GroupKind.KNITTED:
            return text
        return f"[{text}]" if self.meld is not None else text


@quick
@dataclass(frozen=True)
class Shape:
    """One reading of a complete hand. ``groups`` lists the fixed melds first, then the concealed groups."""

    kind: ShapeKind
    groups: tuple[Group, ...]
    winning_tile: Tile

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind is GroupKind.PAIR)

    @property
    def pair(self) -> Group | None:
        pairs = self.pairs
        return pairs[0] if len(pairs) == 1 else None

    def win_groups(self) -> tuple[int, ...]:
        """Indices of the concealed groups the winning tile can be counted in (its possible places)."""
        return tuple(i for i, g in enumerate(self.groups) if g.from_hand and self.winning_tile in g.tiles)

    def describe(self) -> str:
        return " ".join(str(g) + "".join(f"({s})" for s in g.subs if s.tile != s.as_) for g in self.groups)

    @cached_property
    def subs(self) -> tuple[Sub, ...]:
        """Every wild and stand-in of the reading."""
        return tuple(s for g in self.groups for s in g.subs)

    @cached_property
    def wilds_as_others(self) -> int:
        """How many wilds play another tile (0: a hard hand, 硬胡)."""
        return sum(1 for s in self.subs if s.wild and s.tile != s.as_)

    def as_dict(self, *, shared: bool = False) -> dict[str, object]:
        """The reading in the result object: each group's part from :attr:`Group.shown`, fresh lists and dicts
        each call (a caller may change what it is given); ``shared``: the groups' entries are the ones kept on
        them (:attr:`Group.shown_dict`), for a writer that changes nothing it is given."""
        if shared:
            groups_of = self.groups
            return {"kind": self.kind._value_, "groups": [g.shown_dict for g in groups_of],
                    "text": " ".join([g.shown[5] for g in groups_of])}
        parts = [g.shown for g in self.groups]
        groups: list[dict[str, object]] = [{"kind": kind, "tiles": list(names), "meld": meld, "claimed": claimed}
                                           for kind, names, meld, claimed, _, _ in parts]
        for d, part in zip(groups, parts, strict=True):
            if part[4]:  # the group's wilds, after its other keys
                d["wild"] = [dict(w) for w in part[4]]
        # _value_: the member's value, without the enum's property (a Python call)
        return {"kind": self.kind._value_, "groups": groups, "text": " ".join([part[5] for part in parts])}


type _GroupParts = tuple[str, tuple[str, ...], str | None, bool, tuple[dict[str, object], ...], str]

_GROUP_PARTS: dict[Group, _GroupParts] = {}
_GROUP_PARTS_MAX = 4096
"""The parts of a group's result object and its text in :meth:`Shape.describe`, by group value (a group is a
value: its kind, tiles, meld and wilds), worked out the first time a group is shown; at most this many kept."""


def _group_parts(g: Group) -> _GroupParts:
    """``g``'s kind, tile names, meld name, whether claimed, wilds (each :meth:`Sub.as_dict`) and text."""
    found = _GROUP_PARTS.get(g)
    if found is None:
        found = keep(_GROUP_PARTS, g, (
            g.kind.value, tuple(str(t) for t in g.tiles), g.meld.zh if g.meld is not None else None, g.is_claimed,
            tuple(s.as_dict() for s in g.subs), str(g) + "".join(f"({s})" for s in g.subs if s.tile != s.as_)),
            _GROUP_PARTS_MAX)
    return found


# --- the search ------------------------------------------------------------------------------------

_KNITTED_PATTERNS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(9 * suit + rank - 1 for rank in ranks)
        for suit, ranks in zip(order, ((1, 4, 7), (2, 5, 8), (3, 6, 9)), strict=True)
    )
    for order in permutations(range(3))
)
"""The six knitted dragons as index triples: for each permutation of suits, 147 / 258 / 369."""

_ORPHANS = tuple(t.index for t in TERMINALS_AND_HONOURS)


# The search works on groups' sort keys, small ints: a concealed group is one of a few hundred values, made
# once (:data:`_GROUP_OF`), and its key says how a reading lists it: by tile, a chow before a pung before a
# pair on the same tile, the knitted thirds of 组合龙 last. Finders return keys, and a reading is told from
# another by its sorted keys, so the search never builds, hashes or compares a group.
_KIND_ORDER = {k: i for i, k in enumerate(GroupKind)}
_KNITTED_KEYS = 1000  # above every other group's key: the knitted thirds come last


def _key_of(kind: GroupKind, index: int) -> int:
    """The sort key of the concealed group of ``kind`` on the tile ``index`` (the first of a knitted third)."""
    order = _KIND_ORDER[kind]
    return (_KNITTED_KEYS if kind is GroupKind.KNITTED else 0) + 8 * index + order


_CHOW_KEY = tuple(_key_of(GroupKind.CHOW, i) for i in range(34))
_PUNG_KEY = tuple(_key_of(GroupKind.PUNG, i) for i in range(34))
_PAIR_KEY = tuple(_key_of(GroupKind.PAIR, i) for i in range(34))
_SINGLE_KEY = tuple(_key_of(GroupKind.SINGLE, i) for i in range(34))


@lru_cache(maxsize=65536)
def _sets_only_cached(part: tuple[int, ...], base: int) -> tuple[tuple[int, ...], ...]:
    """All ways to split the counts of one part of the tiles (:data:`_PARTS`: a suit from ``base``, or the
    honours from 27, pungs only) into pungs and chows, each set as its sort key, lowest tile first, a pung
    before a chow. A set lies within one part, so a part's splits hold for every hand it is part of."""
    i = 0
    size = len(part)
    while i < size and part[i] == 0:
        i += 1
    if i == size:
        return ((),)
    out: list[tuple[int, ...]] = []
    c = list(part)
    if c[i] >= 3:
        c[i] -= 3
        key = (_PUNG_KEY[base + i],)
        for rest in _sets_only_cached(tuple(c), base):
            out.append(key + rest)
        c[i] += 3
    if base < 27 and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        key = (_CHOW_KEY[base + i],)
        for rest in _sets_only_cached(tuple(c), base):
            out.append(key + rest)
    return tuple(out)


_GROUP_OF: dict[int, Group] = {
    **{_CHOW_KEY[i]: Group(GroupKind.CHOW, ALL_TILES[i : i + 3]) for i in range(32)},
    **{_PUNG_KEY[i]: Group(GroupKind.PUNG, (t, t, t)) for i, t in enumerate(ALL_TILES)},
    **{_PAIR_KEY[i]: Group(GroupKind.PAIR, (t, t)) for i, t in enumerate(ALL_TILES)},
    **{_SINGLE_KEY[i]: Group(GroupKind.SINGLE, (t,)) for i, t in enumerate(ALL_TILES)},
    **{
        _key_of(GroupKind.KNITTED, triple[0]): Group(GroupKind.KNITTED, tuple(ALL_TILES[i] for i in triple))
        for pattern in _KNITTED_PATTERNS
        for triple in pattern
    },
}
"""Every concealed group a finder can return, by its sort key."""


def _meld_group(meld: Meld) -> Group:
    """The group of a fixed meld: made once per meld value (:data:`_MELD_GROUPS`), with what it shows."""
    key = (meld.kind, meld.tile.index, meld.kong, meld.source, meld.claimed)  # the meld's fields: hashed in C
    group = _MELD_GROUPS.get(key)
    if group is None:
        kind = meld.kind
        group = keep(_MELD_GROUPS, key, Group(GroupKind.CHOW if kind is MeldKind.CHOW else GroupKind.PUNG
                                              if kind is MeldKind.PUNG else GroupKind.KONG, meld.tiles, meld),
                     _MELD_GROUPS_MAX)
    return group


_MELD_GROUPS: dict[tuple[object, ...], Group] = {}
_MELD_GROUPS_MAX = 4096
"""The group of each fixed meld, by the meld's fields (a group is a value, and the melds played are a few
hundred): its result object's parts (:attr:`Group.shown`) are then worked out once too."""


def _standard(counts: list[int]) -> list[tuple[int, ...]]:
    """Sets + one pair of the concealed counts (the groups' keys). A set lies within one suit (or the honours),
    so the pair lies in the one part whose count leaves 2 when divided by 3, every other part leaving 0."""
    out: list[tuple[int, ...]] = []
    parts = [tuple(counts[a:b]) for a, b, _ in _PARTS]
    left = [n % 3 for n in map(sum, parts)]
    if left.count(2) != 1 or left.count(0) != 3:
        return out
    # each part split on its own (the others once for every pair), the hand's splits their product, in the
    # order of one search over the tiles from the lowest (a pung before a chow): the last part's vary fastest
    paired = left.index(2)
    held, parts[paired] = parts[paired], ()
    splits = list(map(_sets_only_cached, parts, _BASES))
    if not all(splits):
        return out
    base = _BASES[paired]
    for i, n in enumerate(held):
        if n >= 2:
            rest = list(held)
            rest[i] -= 2
            splits[paired] = _sets_only_cached(tuple(rest), base)
            pair = (_PAIR_KEY[base + i],)
            for s0, s1, s2, s3 in product(*splits):
                out.append(pair + s0 + s1 + s2 + s3)
    return out


def _seven_pairs(counts: list[int]) -> list[tuple[int, ...]]:
    if sum(counts) != 14 or any(c % 2 for c in counts):
        return []
    return [tuple(_PAIR_KEY[i] for i, c in enumerate(counts) for _ in range(c // 2))]


def _thirteen_orphans(counts: list[int]) -> list[tuple[int, ...]]:
    if sum(counts) != 14 or any(counts[i] == 0 for i in _ORPHANS):
        return []
    if sum(counts[i] for i in _ORPHANS) != 14:
        return []
    pair = next(i for i in _ORPHANS if counts[i] == 2)
    return [(_PAIR_KEY[pair],) + tuple(_SINGLE_KEY[i] for i in _ORPHANS if i != pair)]


def _honors_knitted(counts: list[int]) -> list[tuple[int, ...]]:
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return []
    held = {i for i, c in enumerate(counts) if c}
    for pattern in _KNITTED_PATTERNS:
        allowed = {i for triple in pattern for i in triple} | set(range(27, 34))
        if held <= allowed:
            return [tuple(_SINGLE_KEY[i] for i in sorted(held))]
    return []


def _knitted_straight(counts: list[int]) -> list[tuple[int, ...]]:
    if sum(counts) != 14 and sum(counts) != 11:
        return []
    out = []
    for pattern in _KNITTED_PATTERNS:
        if all(counts[i] for triple in pattern for i in triple):
            rest = list(counts)
            for triple in pattern:
                for i in triple:
                    rest[i] -= 1
            knitted = tuple(_key_of(GroupKind.KNITTED, triple[0]) for triple in pattern)
            for groups in _standard(rest):
                out.append(knitted + groups)
    return out


Finder = Callable[[list[int]], list[tuple[int, ...]]]
"""A finder of one shape kind: the readings of the concealed counts, each as its groups' keys."""

_FINDERS: tuple[tuple[ShapeKind, Finder, bool], ...] = (
    (ShapeKind.STANDARD, _standard, False),
    (ShapeKind.SEVEN_PAIRS, _seven_pairs, True),
    (ShapeKind.THIRTEEN_ORPHANS, _thirteen_orphans, True),
    (ShapeKind.HONORS_KNITTED, _honors_knitted, True),
    (ShapeKind.KNITTED_STRAIGHT, _knitted_straight, False),
)
"""The kinds :func:`decompose` finds, in the order it lists their readings: each with its finder and whether it
needs a hand without melds."""
_FINDERS_FOR: dict[tuple[frozenset[ShapeKind], bool], tuple[tuple[ShapeKind, Finder], ...]] = {}
"""The finders of each set of kinds asked for, with melds or without (a handful in all: each system asks for
a few sets, made once)."""


def _finders(kinds: Iterable[ShapeKind], melds: bool) -> tuple[tuple[ShapeKind, Finder], ...]:
    """The finders of ``kinds`` in order, less those of kinds needing a hand without melds when it has some."""
    asked = (kinds if isinstance(kinds, frozenset) else frozenset(kinds), melds)
    found = _FINDERS_FOR.get(asked)
    if found is None:
        found = _FINDERS_FOR[asked] = tuple(
            (kind, find) for kind, find, no_melds in _FINDERS if kind in asked[0] and not (no_melds and melds)
        )
    return found


def decompose(hand: Hand, kinds: Iterable[ShapeKind] = ALL_SHAPES) -> list[Shape]:
    """Every legal reading of a complete hand among ``kinds``, fixed melds first in each.

    The hand is not validated here (see :meth:`Hand.validate`). Duplicate readings are removed.
    """
    win = hand.winning_tile
    if win is None:
        raise ValueError("decompose needs a complete hand (with a winning tile)")
    if (len(hand.standing) + 1) % 3 != 2:
        return []
    counts = [0] * 34
    for t in hand.standing:
        if t.index >= 34:  # a flower
            return []
        counts[t.index] += 1
    if win.index >= 34:
        return []
    counts[win.index] += 1
    return shapes_of(hand, counts, kinds)


def shapes_of(hand: Hand, counts: list[int], kinds: Iterable[ShapeKind] = ALL_SHAPES) -> list[Shape]:
    """:func:`decompose`'s readings of a complete hand of 3n + 2 concealed tiles whose counts (its standing
    tiles and its winning tile, none a flower: 34 slots, left as they are) a scorer already holds."""
    win = hand.winning_tile
    assert win is not None
    melds = hand.melds
    fixed = tuple([_meld_group(m) for m in melds])
    out: list[Shape] = []
    group_of = _GROUP_OF.__getitem__
    for kind, find in _finders(kinds, bool(melds)):  # a kind without a finder is a system's own: it finds it
        found = find(list(counts))
        if len(found) == 1:
            out.append(Shape(kind, fixed + tuple(map(group_of, sorted(found[0]))), win))
            continue
        seen: set[tuple[int, ...]] = set()
        for keys in found:
            # a reading is told by its groups' sorted keys (kind and first tile)
            ordered = tuple(sorted(keys))
            if ordered in seen:
                continue
            seen.add(ordered)
            out.append(Shape(kind, fixed + tuple(map(group_of, ordered)), win))
    return out


def is_winning(hand: Hand, kinds: Iterable[ShapeKind] = ALL_SHAPES) -> bool:
    return bool(decompose(hand, kinds))


def waits(hand: Hand, kinds: Iterable[ShapeKind] = ALL_SHAPES, candidates: Iterable[Tile] = ALL_TILES) -> list[Tile]:
    """Every tile that completes a waiting hand into one of ``kinds``.

    Counted formally: a tile the hand already holds all four of is still listed (MCR counts such a
    tile as a wait); callers that need live tiles filter by counts.
    """
    if hand.winning_tile is not None:
        raise ValueError("waits needs a waiting hand (no winning tile)")
    kinds = frozenset(kinds)
    return [t for t in candidates if decompose(hand.with_winning_tile(t), kinds)]


# --- waits on tile counts (a fast path for scorers) -------------------------------------------------

_PARTS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_BASES = tuple(a for a, _, _ in _PARTS)
"""The tile ranges that sets cannot cross: the three suits (chows allowed) and the honours."""
_HONOUR_INDICES = frozenset(range(27, 34))
_KNIT_TILES = tuple(tuple(i for triple in pattern for i in triple) for pattern in _KNITTED_PATTERNS)


@lru_cache(maxsize=4096)  # a waiting hand asked again (e.g. for each of its winning tiles)
def winning_tiles(counts: tuple[int, ...], kinds: frozenset[ShapeKind] = ALL_SHAPES, melds: int = 0) -> tuple[int, ...]:
    """Indices of the tiles that complete a waiting hand into one of ``kinds``, in tile order.

    ``counts``: the 34 concealed-tile counts of the waiting hand (``13 - 3 × melds`` tiles);
    ``melds``: how many fixed melds it has. The answer is that of :func:`waits` (counted formally: a
    tile already held four times is listed), found on counts alone: each suit is solved once and
    cached, so the 34 trial decompositions are not needed.

    >>> from rulesets.tiles import tiles
    >>> counts = [0] * 34
    >>> for t in tiles("1112345678999m"):
    ...     counts[t.index] += 1
    >>> [str(ALL_TILES[i]) for i in winning_tiles(tuple(counts))]
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    """
    if len(counts) != 34 or sum(counts) % 3 != 1:
        return ()
    standard = _standard_waits(counts) if ShapeKind.STANDARD in kinds else []  # in tile order
    special: list[int] = []
    if melds == 0 and ShapeKind.SEVEN_PAIRS in kinds:
        special += _seven_pairs_waits(counts)
    if melds == 0 and ShapeKind.THIRTEEN_ORPHANS in kinds:
        special += _thirteen_orphans_waits(counts)
    if melds == 0 and ShapeKind.HONORS_KNITTED in kinds:
        special += _honors_knitted_waits(counts)
    if ShapeKind.KNITTED_STRAIGHT in kinds:
        special += _knitted_straight_waits(counts)
    return tuple(sorted(set(standard + special))) if special else tuple(standard)


_SUIT_ONE = tuple(1 << (8 * i) for i in range(9))
"""What one more tile of each rank adds to a suit's code (:func:`_suit_code`)."""
_SUIT_MOST = 14
"""The most tiles of a suit the tables answer for (four sets and a pair); a larger suit is split."""


def _suit_code(part: tuple[int, ...]) -> int:
    """The counts of a suit (each 0 to 4) as one int, a byte a rank."""
    return int.from_bytes(bytes(part), "little")


def _complete_suits() -> tuple[frozenset[int], frozenset[int]]:
    """Every complete suit of at most four sets and no rank held more than four times, as its
    :func:`_suit_code`: of sets only, and of sets and one pair.

    Three thousand and twenty thousand codes, made once: a suit of a new hand is then told complete or not by a
    lookup, where splitting it would try each pair and run over its tiles."""
    one = _SUIT_ONE
    sets = [one[i] + one[i + 1] + one[i + 2] for i in range(7)] + [3 * w for w in one]
    made = (sum(chosen) for k in range(5) for chosen in combinations_with_replacement(sets, k))
    only = frozenset(filter(_four_at_most, made))
    return only, frozenset(filter(_four_at_most, (code + 2 * w for code in only for w in one)))


def _four_at_most(code: int) -> bool:
    """No rank of the suit coded ``code`` (:func:`_suit_code`) held more than four times."""
    return max(code.to_bytes(9, "little")) <= 4


_SUIT_SETS, _SUIT_SETS_PAIR = _complete_suits()
"""The codes of the complete suits (:func:`_complete_suits`): of sets only, and of sets and a pair."""


@lru_cache(maxsize=65536)
def _part_state(part: tuple[int, ...], chows: bool) -> int:
    """0 if the counts of one suit (or of the honours) split into sets only, 2 if into sets and one
    pair, -1 if neither."""
    total = sum(part)
    left = total % 3
    if chows and total <= _SUIT_MOST and max(part) <= 4:
        if left == 0:
            return 0 if _suit_code(part) in _SUIT_SETS else -1
        return 2 if left == 2 and _suit_code(part) in _SUIT_SETS_PAIR else -1
    if left == 0:
        return 0 if _sets_fit(part, chows) else -1
    if left == 2:
        for i, c in enumerate(part):
            if c >= 2 and _sets_fit(part, chows, i):
                return 2
    return -1


def _sets_fit(part: tuple[int, ...], chows: bool, pair: int = -1) -> bool:
    """Whether the counts (less a pair on ``pair``, if given) split into pungs (and chows, if ``chows``)
    only. Linear: three equal chows are three pungs, so the lowest tile starts ``count % 3`` chows and
    the rest of it are pungs."""
    rest = list(part)
    if pair >= 0:
        rest[pair] -= 2
    for i, c in enumerate(rest):
        k = c % 3
        if not k:
            continue
        if not chows or i + 2 >= len(rest) or rest[i + 1] < k or rest[i + 2] < k:
            return False
        rest[i + 1] -= k
        rest[i + 2] -= k
    return True


@lru_cache(maxsize=65536)
def _part_completions(part: tuple[int, ...], chows: bool) -> tuple[tuple[int, int], ...]:
    """(position, state) for each tile of the part whose addition leaves a state of 0 or 2. Only a
    tile the part holds, or (with chows) one within two places of a held tile, can be used."""
    total = sum(part)
    if total % 3 == 0:
        return ()  # one more tile leaves a remainder of 1: neither sets nor sets and a pair
    if chows and total < _SUIT_MOST and max(part) < 4:  # each rank one more, looked up (a lone tile fits nowhere)
        code = _suit_code(part)
        state, complete = (0, _SUIT_SETS) if total % 3 == 2 else (2, _SUIT_SETS_PAIR)
        return tuple([(i, state) for i, one in enumerate(_SUIT_ONE) if code + one in complete])
    reach = 2 if chows else 0
    out = []
    for i in range(len(part)):
        if not any(part[max(0, i - reach) : i + reach + 1]):
            continue
        state = _part_state(part[:i] + (part[i] + 1,) + part[i + 1 :], chows)
        if state >= 0:
            out.append((i, state))
    return tuple(out)


def _standard_waits(counts: tuple[int, ...]) -> list[int]:
    """Winning tiles for sets and a pair: the tile goes into one part, every other part must already
    be complete, and exactly one part in all holds the pair."""
    parts = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])  # _PARTS
    states = [_part_state(parts[0], True), _part_state(parts[1], True), _part_state(parts[2], True),
              _part_state(parts[3], False)]
    broken = states.count(-1)
    if broken > 1:  # some other part is broken, whichever the tile goes into
        return []
    pairs = states.count(2)
    out: list[int] = []
    for j, state in enumerate(states):
        if broken and state != -1:  # the broken part is the one the tile must go into
            continue
        paired = pairs - (state == 2)  # the pairs of the other parts
        if paired > 1:
            continue
        wanted = 0 if paired else 2
        base = _BASES[j]
        for i, completed in _part_completions(parts[j], j < 3):
            if completed == wanted:
                out.append(base + i)
    return out


def _is_standard(counts: tuple[int, ...]) -> bool:
    """Whether the counts (of 3n + 2 tiles) are sets and one pair."""
    states = [_part_state(counts[a:b], chows) for a, b, chows in _PARTS]
    return -1 not in states and states.count(2) == 1


def _seven_pairs_waits(counts: tuple[int, ...]) -> list[int]:
    if sum(counts) != 13 or min(counts) >= 0 and max(counts) <= 4 and counts.count(1) + counts.count(3) != 1:
        return []  # counted in C: seven pairs but one wait on the one tile held an odd number of times
    odd = [i for i, c in enumerate(counts) if c % 2]
    return odd if len(odd) == 1 else []


def _thirteen_orphans_waits(counts: tuple[int, ...]) -> list[int]:
    if sum(counts) != 13 or any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]):
        return []  # a tile that is no terminal or honour: 2 to 8 of a suit
    missing = [i for i in _ORPHANS if counts[i] == 0]
    if not missing:
        return list(_ORPHANS)
    return missing if len(missing) == 1 else []


def _honors_knitted_waits(counts: tuple[int, ...]) -> list[int]:
    if sum(counts) != 13 or max(counts) > 1:
        return []
    held = {i for i, c in enumerate(counts) if c}
    out: set[int] = set()
    for knit in _KNIT_TILES:
        allowed = set(knit) | _HONOUR_INDICES
        if held <= allowed:
            out.update(allowed - held)
    return sorted(out)


def _knitted_straight_waits(counts: tuple[int, ...]) -> list[int]:
    """组合龙 + a set + a pair: the tile either fills the one gap in a knitted straight (the rest must
    then be sets and a pair) or, with the straight whole, completes the rest."""
    if sum(counts) not in (13, 10) or 27 - counts[:27].count(0) < 8:
        return []  # the straight's nine tiles must all be there once the tile is added
    out: set[int] = set()
    for knit in _KNIT_TILES:
        missing = [i for i in knit if counts[i] == 0]
        if len(missing) > 1:
            continue
        rest = list(counts)
        for i in knit:
            rest[i] -= 1
        if missing:
            rest[missing[0]] += 1
            if _is_standard(tuple(rest)):
                out.add(missing[0])
        else:
            out.update(_standard_waits(tuple(rest)))
    return sorted(out)
