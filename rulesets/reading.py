"""The readings of a hand most systems score: each shape with the group its winning tile completed, and
what fan rows read of it — its groups, the suits, the concealed triplets, the wait.

A reading is a shape plus the group the winning tile completed (a hand like 1112m + 2m can be read
with the winning tile in a pung or in a chow): the wait and "was this triplet completed by the
discard" depend on it, so every placement is read and the best one is kept. :func:`placed` is the
readings step of a :class:`~rulesets.pipeline.Pipeline` that reads hands this way.

>>> from rulesets.notation import parse_hand
>>> h = parse_hand("1233m456p789s555z3m")
>>> sorted({(r.wait.value, r.concealed_triplets) for r in readings(h, decompose(h))})
[('edge', 1), ('pair', 1)]
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from .hand import Hand, KongKind, MeldKind, Relative
from .shapes import Group, GroupKind, Shape, ShapeKind, decompose
from .tiles import Suit, Tile

__all__ = ["Reading", "Wait", "decompose", "placed", "readings"]


class Wait(enum.Enum):
    """What the winning tile completed (边 嵌 单吊 对倒 两面), or a shape without sets."""

    __hash__ = object.__hash__  # members compare by identity; Enum's own hash is a Python call

    EDGE = "edge"  # 边张: 3 to 12, 7 to 89
    CLOSED = "closed"  # 嵌张 / 夹: the middle of a chow
    PAIR = "pair"  # 单吊: the pair
    DOUBLE_PUNG = "double_pung"  # 对倒: one of two pairs becomes a pung
    OPEN = "open"  # 两面
    OTHER = "other"  # seven pairs, thirteen orphans


@dataclass(frozen=True)
class Reading:
    """One shape with the winning tile placed in the group ``win_group`` (-1: a shape without sets)."""

    hand: Hand
    shape: Shape
    win_group: int

    @property
    def kind(self) -> ShapeKind:
        return self.shape.kind

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.shape.groups

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        return self.shape.sets

    @property
    def pair(self) -> Group | None:
        return self.shape.pair

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @cached_property
    def suits(self) -> frozenset[Suit]:
        """The suits (万 筒 条) the hand holds, melds included."""
        return frozenset(t.suit for t in self.tiles if t.is_suited)

    @cached_property
    def has_honours(self) -> bool:
        return any(t.is_honour for t in self.tiles)

    @property
    def self_drawn(self) -> bool:
        return self.hand.context.self_drawn

    @cached_property
    def wait(self) -> Wait:
        if self.win_group < 0:
            return Wait.OTHER
        g = self.groups[self.win_group]
        w = self.shape.winning_tile
        if g.kind is GroupKind.PAIR:
            return Wait.PAIR
        if g.kind is GroupKind.PUNG:
            return Wait.DOUBLE_PUNG
        if g.kind is GroupKind.CHOW:
            if w == g.tiles[1]:
                return Wait.CLOSED
            if (g.tile.rank == 1 and w == g.tiles[2]) or (g.tile.rank == 7 and w == g.tiles[0]):
                return Wait.EDGE
            return Wait.OPEN
        return Wait.OTHER

    def completed_by_discard(self, index: int) -> bool:
        """Whether group ``index`` was completed by another player's tile (the winning discard)."""
        return index == self.win_group and not self.self_drawn

    @cached_property
    def pung_likes(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.is_pung_like)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.kind is GroupKind.CHOW)

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.sets if g.kind is GroupKind.KONG)

    @cached_property
    def concealed_pungs(self) -> tuple[Group, ...]:
        """Concealed triplets and concealed kongs; a triplet completed by the winning discard is exposed."""
        out = []
        for i, g in enumerate(self.groups):
            if not g.is_pung_like:
                continue
            if g.meld is not None:
                if g.meld.kong is KongKind.CONCEALED:
                    out.append(g)
            elif not self.completed_by_discard(i):
                out.append(g)
        return tuple(out)

    @property
    def concealed_triplets(self) -> int:
        return len(self.concealed_pungs)

    def is_concealed_group(self, g: Group) -> bool:
        return any(g is c for c in self.concealed_pungs)

    @property
    def menqing(self) -> bool:
        """No claimed meld (concealed kongs allowed)."""
        return self.hand.is_concealed

    @cached_property
    def claimed(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_claimed)

    @property
    def all_pungs(self) -> bool:
        return self.kind is ShapeKind.STANDARD and not self.chows

    @property
    def all_chows(self) -> bool:
        return self.kind is ShapeKind.STANDARD and len(self.chows) == len(self.sets)

    @property
    def one_suit(self) -> bool:
        """清一色: one suit, no honours."""
        return len(self.suits) == 1 and not self.has_honours

    @property
    def mixed_one_suit(self) -> bool:
        """混一色: one suit plus honours."""
        return len(self.suits) == 1 and self.has_honours

    @property
    def all_honours(self) -> bool:
        return not self.suits

    @cached_property
    def held_fours(self) -> int:
        """根-like fours: four identical tiles in the hand that are not a declared kong."""
        kong_tiles = {m.tile for m in self.hand.melds if m.kind is MeldKind.KONG}
        return sum(1 for t in set(self.tiles) if self.tiles.count(t) == 4 and t not in kong_tiles)

    @property
    def single_tile_left(self) -> bool:
        """大吊车 / 全求: four melds declared, one standing tile waiting on its pair."""
        return len(self.hand.melds) == 4

    def fed_by(self) -> dict[Relative, int]:
        """How many claimed melds came from each other player (relative to the winner)."""
        out: dict[Relative, int] = {}
        for m in self.hand.melds:
            if m.source is not None:
                out[m.source] = out.get(m.source, 0) + 1
        return out


def readings(hand: Hand, shapes: Iterable[Shape]) -> list[Reading]:
    """Every (shape, placement of the winning tile) of a complete hand."""
    out: list[Reading] = []
    for shape in shapes:
        places = shape.win_groups() if shape.kind is ShapeKind.STANDARD else ()
        out.extend(Reading(hand, shape, i) for i in places) if places else out.append(Reading(hand, shape, -1))
    return out


def placed[O](kinds: Callable[[O], frozenset[ShapeKind]]) -> Callable[[Hand, O], list[Reading]]:
    """The readings step of a system that reads every placement of the winning tile in each shape of the
    kinds it allows (``kinds(options)``: the house rules may allow seven pairs or not)."""

    def read(hand: Hand, options: O) -> list[Reading]:
        return readings(hand, decompose(hand, kinds(options)))

    return read
