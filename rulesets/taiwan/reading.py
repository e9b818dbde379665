"""The readings of a 台灣十六張 hand and the facts its rows read once per hand.

A hand is read three ways (the pipeline's readings step, :func:`readings`):

* five sets and a pair, each with every place the winning tile can sit (:func:`rulesets.reading.placed`);
* 嚦咕嚦咕, seven pairs and a pung of a concealed hand, where the table plays it (option ``ligu``);
* a win by the flowers (:class:`FlowerWin`: 八仙過海, 七搶一), which has no shape at all.

The facts every reading of one hand shares are worked out once: the winner's wind counted from the dealer
(門風, and so his own flowers) and the tiles its 16 tiles before the win wait on (獨聽). This module is kept
apart from ``fans.py`` because both the rows and the system's waits read it.

>>> from rulesets.notation import parse_hand
>>> [str(t) for t in waits_before(parse_hand("[234p1]111p567p678p99p45p6p"), ligu=False)]
['3p', '6p', '9p']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..context import DEALER, FLOWER_WIN
from ..hand import Hand, Seat
from ..reading import Reading
from ..reading import readings as placed_readings
from ..shapes import Group, GroupKind, Shape, ShapeKind, decompose, winning_tiles
from ..tiles import ALL_TILES, Tile
from .options import FlowerOrder, TaiwanOptions

__all__ = ["FlowerWin", "TwReading", "ligu_shapes", "own_flowers", "readings", "seat_wind", "waits_before"]

STANDARD = frozenset({ShapeKind.STANDARD})
WINDS = tuple(Tile.parse(f"{i}z") for i in range(1, 5))
PLANTS = tuple(Tile.parse(f"{i}f") for i in range(1, 5))  # 梅 蘭 竹 菊
SEASONS = tuple(Tile.parse(f"{i}f") for i in range(5, 9))  # 春 夏 秋 冬


@dataclass(frozen=True)
class FlowerWin:
    """A win by the flowers: all eight (八仙過海), or seven with the 8th robbed from the player who laid it out
    (七搶一). The tiles are not read: it has no shape."""

    hand: Hand
    eight: bool

    @property
    def shape(self) -> None:
        return None


type TwReading = Reading | FlowerWin


def wind_index(hand: Hand) -> int:
    """The winner's wind counted from the dealer: 0 東 (the dealer), 1 南, 2 西, 3 北."""
    dealer = DEALER.of(hand.context) or Seat.E
    return (hand.context.seat.order - dealer.order) % 4


def seat_wind(hand: Hand) -> Tile:
    """The tile of the winner's 門風 (the dealer is 東, the next seat 南 …)."""
    return WINDS[wind_index(hand)]


def own_flowers(hand: Hand, order: FlowerOrder) -> frozenset[Tile]:
    """The winner's two own flowers (正花): by the number on the tile, or as some pages pair the plants."""
    i = wind_index(hand)
    plant = PLANTS[i] if order is FlowerOrder.NUMBER or i < 2 else PLANTS[5 - i]  # pages: 西 菊, 北 竹
    return frozenset({plant, SEASONS[i]})


def _counts(tiles: tuple[Tile, ...]) -> tuple[int, ...]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return tuple(counts)


@lru_cache(maxsize=4096)
def waits_before(hand: Hand, ligu: bool) -> tuple[Tile, ...]:
    """The tiles the 16 tiles before the win are completed by, by shape; a tile the winner already holds all four
    of is no wait (獨聽 counts one wait)."""
    before = Hand(hand.standing, hand.melds, None, hand.context)
    held = Counter(before.all_tiles)
    found = {ALL_TILES[i] for i in winning_tiles(_counts(before.standing), STANDARD, len(before.melds))}
    if ligu and not before.melds:
        found |= {t for t in ALL_TILES if ligu_shapes(before.with_winning_tile(t))}
    return tuple(t for t in ALL_TILES if t in found and held[t] < 4)


def ligu_shapes(hand: Hand) -> list[Shape]:
    """嚦咕嚦咕: the 17 tiles of a hand with no meld as seven pairs and a pung (four of a kind: two pairs)."""
    if hand.melds or hand.winning_tile is None or len(hand.concealed_tiles) != 17:
        return []
    counts = Counter(hand.concealed_tiles)
    out = []
    for pung in sorted(t for t, n in counts.items() if n >= 3):
        rest = counts.copy()
        rest[pung] -= 3
        if all(n % 2 == 0 for n in rest.values()):
            pairs = [Group(GroupKind.PAIR, (t, t)) for t in sorted(rest) for _ in range(rest[t] // 2)]
            groups = (*pairs, Group(GroupKind.PUNG, (pung, pung, pung)))
            out.append(Shape(ShapeKind.SEVEN_PAIRS_PUNG, groups, hand.winning_tile))
    return out


def readings(hand: Hand, options: TaiwanOptions) -> list[TwReading]:
    """Every reading of the hand: a flower win when the context says so (with all eight flowers and a complete
    self-drawn hand, its tile readings too: the better is kept), else five sets and a pair with every place of
    the winning tile, and 嚦咕嚦咕 where the table plays it."""
    out: list[TwReading] = []
    ctx = hand.context
    if FLOWER_WIN.of(ctx):
        eight = len(ctx.flowers) == 8
        out.append(FlowerWin(hand, eight))
        if not (eight and ctx.self_drawn and hand.winning_tile is not None):
            return out
    out += placed_readings(hand, decompose(hand, STANDARD))
    if options.ligu:
        out += [Reading(hand, shape, -1) for shape in ligu_shapes(hand)]
    return out
