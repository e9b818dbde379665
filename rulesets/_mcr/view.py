"""What the fan predicates look at: the hand's facts (once per hand) and a view of one decomposition.

The predicates never walk raw tiles: :class:`Facts` holds the tile-level and context facts of the
whole hand, :class:`View` the typed groups of one decomposition (chows, pungs, the pair, how many
pungs are concealed, which wait the winning tile can be read as).

>>> from rulesets.hand import Hand
>>> from rulesets.shapes import decompose
>>> from rulesets.tiles import tiles
>>> t = tiles("111m555p999s777z3z3z")
>>> hand = Hand(t[:-1], (), t[-1])
>>> v = view_of(decompose(hand)[0], facts_of(hand))
>>> v.pungs, v.pair, v.concealed_pungs
((0, 13, 26, 33), 29, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress

from rulesets.hand import SEATS4, Hand, KongKind, MeldKind, Seat, WinContext, WinMethod
from rulesets.shapes import GroupKind, Shape, ShapeKind
from rulesets.tiles import counts34
from rulesets.values import quick

EDGE, CLOSED, SINGLE = "edge", "closed", "single"
WAIT_PRIORITY = (EDGE, CLOSED, SINGLE)  # mcr.md §5.5: 边张 > 坎张 > 单钓将 when one tile reads several ways

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 发
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33})  # 1234589p 245689s 白
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
HONOURS = frozenset(range(27, 34))
WINDS = frozenset(range(27, 31))
DRAGONS = frozenset(range(31, 34))


_SUIT_OF = tuple(min(index // 9, 3) for index in range(34))
suit_of: Callable[[int], int] = _SUIT_OF.__getitem__
"""0, 1, 2 for 万 筒 条; 3 for honours, of a tile index 0..33 (looked up in a table: no Python call)."""


def rank_of(index: int) -> int:
    return index % 9 + 1


def mask_of(indices: Iterable[int]) -> int:
    """A bit set of tile indices (bit i for tile i), for fast subset tests."""
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


@quick
@dataclass(frozen=True)
class Facts:
    """Facts of the whole hand, the same for every decomposition (computed once by :func:`facts_of`)."""

    counts: tuple[int, ...]  # 34 slots, melds included (a kong counts 4)
    kong_tiles: frozenset[int]  # tiles declared as kongs
    win_tile: int
    self_drawn: bool
    rob_kong: bool
    last_tile: bool
    kong_replacement: bool
    last_copy: bool  # 和绝张: the flag, or three copies already in the winner's own melds
    seat_wind: int  # tile index of the seat wind (27..30)
    round_wind: int
    claimed: int  # claimed melds: chows, pungs, melded kongs
    melded_kongs: int
    concealed_kongs: int
    nine_gates: bool  # the 13 standing tiles are 1112345678999 of one suit, no melds
    flowers: int
    present: frozenset[int]  # tile indices in the hand
    mask: int  # the same as a bit set (see mask_of)
    suits: frozenset[int]  # suits (0..2) of the suited tiles
    has_honours: bool
    rank_mask: int  # bit r - 1 set when a suited tile of rank r is in the hand
    tile_hogs: int  # tiles whose four copies are all in the hand without being a kong
    context: WinContext = field(compare=False, repr=False)  # the win context (a system's own rows read it)

    @property
    def suited_ranks(self) -> frozenset[int]:
        return frozenset(r for r in range(1, 10) if self.rank_mask >> (r - 1) & 1)

    @property
    def concealed(self) -> bool:
        """No claimed meld (concealed kongs allowed)."""
        return self.claimed == 0


@quick
@dataclass(frozen=True)
class View:
    """One decomposition as the predicates see it. Indices are tile indices 0..33."""

    kind: ShapeKind
    chows: tuple[int, ...]  # first tile of every chow, fixed melds included, sorted
    pungs: tuple[int, ...]  # tile of every pung or kong, sorted
    pair: int | None
    knitted: bool  # holds the 组合龙 (knitted straight), alone or inside 全不靠
    concealed_pungs: int  # pungs/kongs counted as concealed (a pung finished on a discard is not)
    wait: str | None  # how the winning tile reads here as a unique wait (edge/closed/single), if it does
    facts: Facts
    shape: Shape = field(compare=False, repr=False)  # the decomposition itself (a reading of the pipeline)

    @property
    def standard(self) -> bool:
        return self.kind is ShapeKind.STANDARD

    @property
    def chow_like(self) -> int:
        """Chows, counting each third of a 组合龙 as one (for 平和)."""
        return len(self.chows) + (3 if self.kind is ShapeKind.KNITTED_STRAIGHT else 0)


def concealed_counts(hand: Hand) -> list[int]:
    """The 34 counts of a complete, validated hand's concealed tiles: its standing tiles and its winning tile."""
    assert hand.winning_tile is not None
    counts = counts34(hand.standing)
    counts[hand.winning_tile.index] += 1
    return counts


def facts_of(hand: Hand, concealed: Sequence[int] | None = None) -> Facts:
    """The whole-hand facts of a complete, validated hand (``concealed``: its :func:`concealed_counts`, when
    the scorer holds them already)."""
    assert hand.winning_tile is not None
    ctx = hand.context
    win = hand.winning_tile.index
    counts = concealed_counts(hand) if concealed is None else list(concealed)
    melded_copies = claimed = melded_kongs = concealed_kongs = 0
    kong_tiles = set()
    for m in hand.melds:  # each meld's tiles counted by its kind: a chow's three, a pung's or a kong's copies
        first = m.tile.index
        if m.kind is _CHOW_MELD:
            counts[first] += 1
            counts[first + 1] += 1
            counts[first + 2] += 1
            melded_copies += first <= win <= first + 2
            claimed += m.kong is not _CONCEALED_KONG  # Meld.is_concealed, without its call
            continue
        hidden = m.kong is _CONCEALED_KONG  # Meld.is_concealed, without its call
        claimed += not hidden
        if m.kind is _KONG_MELD:
            counts[first] += 4
            melded_copies += 4 if first == win else 0
            kong_tiles.add(first)
            melded_kongs += not hidden
            concealed_kongs += hidden
        else:
            counts[first] += 3
            melded_copies += 3 if first == win else 0
    present = list(compress(_INDICES, counts))  # the tiles held
    mask = sum(map(_BITS.__getitem__, present))
    # the fields in their order, passed by position: a call naming 22 keywords costs more than the rest of it
    return Facts(
        tuple(counts),  # counts
        frozenset(kong_tiles),  # kong_tiles
        win,  # win_tile
        ctx.self_drawn,  # self_drawn
        ctx.win is WinMethod.ROB_KONG,  # rob_kong
        ctx.last_tile,  # last_tile
        ctx.kong_replacement,  # kong_replacement
        ctx.last_copy or melded_copies == 3,  # last_copy
        _WIND_INDEX.get(ctx.seat, -1),  # seat_wind (_wind_index, without its call)
        _WIND_INDEX.get(ctx.round_wind, -1),  # round_wind
        claimed,  # claimed
        melded_kongs,  # melded_kongs
        concealed_kongs,  # concealed_kongs
        not hand.melds and _nine_gates(hand, counts),  # nine_gates (a hand with melds has none)
        len(ctx.flowers),  # flowers
        frozenset(present),  # present
        mask,  # mask
        _suits(mask),  # suits
        mask >= _HONOUR_BIT,  # has_honours
        (mask | mask >> 9 | mask >> 18) & _RANK_BITS,  # rank_mask
        _tile_hogs(counts, kong_tiles) if 4 in counts else 0,  # tile_hogs (none without a tile held four times)
        ctx,  # context
    )


_CHOW_MELD, _KONG_MELD, _CONCEALED_KONG = MeldKind.CHOW, MeldKind.KONG, KongKind.CONCEALED
_INDICES = range(34)
_BITS = tuple(1 << i for i in _INDICES)
_RANK_BITS = (1 << 9) - 1
_HONOUR_BIT = 1 << 27
_SUITS = tuple(frozenset(s for s in range(3) if code >> s & 1) for code in range(8))
"""The set of suits for each 3-bit code (bit s: suit s is present)."""


def _suits(mask: int) -> frozenset[int]:
    return _SUITS[bool(mask & _RANK_BITS) | bool(mask >> 9 & _RANK_BITS) << 1 | bool(mask >> 18 & _RANK_BITS) << 2]


def _tile_hogs(counts: list[int], kong_tiles: set[int]) -> int:
    if 4 not in counts:
        return 0
    return sum(1 for i, c in enumerate(counts) if c == 4 and i not in kong_tiles)


_WIND_INDEX = {seat: seat.wind_tile.index for seat in SEATS4}


def _wind_index(seat: Seat) -> int:
    """The index of ``seat``'s wind tile; −1 for a seat of six (X, Y), whose wind no tile is: a system that reads
    the winds refuses such a seat before any reading, and one that does not (二人麻将) reads the hand unharmed."""
    return _WIND_INDEX.get(seat, -1)


_NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _nine_gates(hand: Hand, counts: list[int]) -> bool:
    """No melds and the 13 standing tiles are 1112345678999 of the winning tile's suit (``counts``:
    the 14 tiles)."""
    win = hand.winning_tile
    if hand.melds or len(hand.standing) != 13 or win is None or not win.is_suited:
        return False
    base = win.index - win.index % 9
    standing = counts[base : base + 9]
    standing[win.index - base] -= 1
    return standing == _NINE_GATES


def view_of(shape: Shape, facts: Facts, unique_wait: bool = True, knitted_waits: bool = True) -> View:
    """The view of one decomposition. ``unique_wait``: the hand had exactly one winning tile."""
    return reading_view(shape, facts, wait_reading(shape, knitted_waits) if unique_wait else None)


def reading_view(shape: Shape, facts: Facts, wait: str | None) -> View:
    """The view of one decomposition whose wait fan reading (:func:`wait_reading`, or None when the
    hand had more than one winning tile) is already known."""
    chows: list[int] = []
    pungs: list[int] = []
    pair = None
    hand_chows: list[int] = []
    hand_pungs: list[int] = []
    paired = shape.kind in _PAIRED_KINDS
    for g in shape.groups:
        kind = g.kind
        if kind is _CHOW:
            index = g.tiles[0].index
            chows.append(index)
            if g.meld is None:
                hand_chows.append(index)
        elif kind is _PUNG or kind is _KONG:
            index = g.tiles[0].index
            pungs.append(index)
            if g.meld is None:
                hand_pungs.append(index)
        elif kind is _PAIR and paired:
            pair = g.tiles[0].index
    return View(  # the fields in their order, by position (as Facts)
        shape.kind,  # kind
        tuple(sorted(chows)),  # chows
        tuple(sorted(pungs)),  # pungs
        pair,  # pair
        _has_knitted(shape, facts),  # knitted
        _concealed_pungs(facts, hand_chows, hand_pungs),  # concealed_pungs
        wait,  # wait
        facts,  # facts
        shape,  # shape
    )


_CHOW, _PUNG, _KONG, _PAIR = GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR


_PAIRED_KINDS = (ShapeKind.STANDARD, ShapeKind.KNITTED_STRAIGHT)
"""The shapes with one pair (the pair of 十三幺 or the seven of 七对 are not "the pair")."""


def _has_knitted(shape: Shape, facts: Facts) -> bool:
    if shape.kind is ShapeKind.KNITTED_STRAIGHT:
        return True
    if shape.kind is not ShapeKind.HONORS_KNITTED:
        return False
    return sum(1 for i in facts.present if i < 27) == 9


def _concealed_pungs(facts: Facts, hand_chows: list[int], hand_pungs: list[int]) -> int:
    """Concealed pungs: those formed in hand plus concealed kongs; on a discard, the pung the winning
    tile completes is melded unless the tile can be read as part of a concealed chow (mcr.md §5.2)."""
    n = len(hand_pungs) + facts.concealed_kongs
    w = facts.win_tile
    if facts.self_drawn or w not in hand_pungs:
        return n
    if any(c <= w <= c + 2 for c in hand_chows):
        return n
    return n - 1


def wait_reading(shape: Shape, knitted_waits: bool = True) -> str | None:
    """The best wait fan the winning tile can be read as in this decomposition (边张 > 坎张 > 单钓将).

    Only the standing groups count; with ``knitted_waits`` off, a winning tile that can sit in the
    组合龙 gives no wait fan (mcr.md §6.6)."""
    if shape.kind not in _PAIRED_KINDS:
        return None
    w = shape.winning_tile.index
    win_rank = w % 9 + 1
    edge = closed = single = False
    for g in shape.groups:  # by index: cheaper than comparing tiles
        if g.meld is not None:
            continue
        kind = g.kind
        first = g.tiles[0].index
        if kind is GroupKind.CHOW:
            if first <= w <= first + 2:
                wait = _wait_in(kind, first % 9 + 1, win_rank)
                edge = edge or wait == EDGE
                closed = closed or wait == CLOSED
        elif kind is GroupKind.PAIR:
            single = single or first == w
        elif kind is GroupKind.KNITTED and not knitted_waits and any(t.index == w for t in g.tiles):
            return None
    return EDGE if edge else CLOSED if closed else SINGLE if single else None  # WAIT_PRIORITY


def _wait_in(kind: GroupKind, first_rank: int, win_rank: int) -> str | None:
    if kind is GroupKind.PAIR:
        return SINGLE
    if kind is not GroupKind.CHOW:
        return None
    if win_rank == first_rank + 1:
        return CLOSED
    if (first_rank == 1 and win_rank == 3) or (first_rank == 7 and win_rank == 7):
        return EDGE
    return None


def has_wait_reading(shape: Shape, knitted_waits: bool = True) -> bool:
    return wait_reading(shape, knitted_waits) is not None
