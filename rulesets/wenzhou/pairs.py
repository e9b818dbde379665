"""八对: eight pairs and one more tile of a 17-tile concealed hand (rules/regional.md §6(a), WZ-2).

The two sources that give the count agree: 8 pairs + 1 tile (kongxg888/wenzhou_mahjong_ai SPEC.md §3.3
"AA×8 + 任意1张"; hangzhouanbang/qipai_wenzhoumajiang WenzhouMajiangGouXingPanHu: 8 对子 + 1 单牌).
A 财神 may complete a pair; four of a kind are two pairs (as 七对 in the engine). The search puts as
many 财神 as it can at their own face first (a 财神 at its face is natural: 硬八对), then gives one to
each odd tile but the single; each choice of the single is a reading (its suit can make a flush).

>>> from rulesets.hand import Hand
>>> from rulesets.tiles import Tile, tiles
>>> from rulesets.wild import WildRule
>>> t = tiles("1133557799m224466p3z")
>>> [s.describe() for s in eight_pairs(Hand(t[:-1], winning_tile=t[-1]), None)]
['11m 33m 55m 77m 99m 22p 44p 66p 3z']
>>> t = tiles("1133557799m22446p5p3z")
>>> rule = WildRule(frozenset({Tile.parse("5p")}), ((Tile.parse("7z"), Tile.parse("5p")),))
>>> sorted(s.describe() for s in eight_pairs(Hand(t[:-1], winning_tile=t[-1]), rule))
['11m 33m 55m 77m 99m 22p 44p 33z(5p→3z) 6p', '11m 33m 55m 77m 99m 22p 44p 66p(5p→6p) 3z']
"""

from __future__ import annotations

from ..hand import Hand
from ..shapes import Group, GroupKind, Shape, ShapeKind, Sub
from ..tiles import ALL_TILES, Tile
from ..wild import WildRule

PAIRS = 8
SIZE = 2 * PAIRS + 1

Piece = tuple[Tile, Sub | None]
"""One tile of a group as it is played: the face, and what played it when not a natural copy."""


def _pieces(hand: Hand, rule: WildRule | None) -> tuple[list[list[Piece]], list[Tile]]:
    """Per tile index, the natural pieces (stand-ins at their face), and the wilds held."""
    faces = dict(rule.stand_ins) if rule else {}
    wild_set = rule.wilds if rule else frozenset()
    by_index: list[list[Piece]] = [[] for _ in range(34)]
    wilds: list[Tile] = []
    for t in hand.concealed_tiles:
        if t in wild_set:
            wilds.append(t)
        elif t in faces:
            by_index[faces[t].index].append((faces[t], Sub(t, faces[t], False)))
        else:
            by_index[t.index].append((t, None))
    return by_index, wilds


def eight_pairs(hand: Hand, rule: WildRule | None) -> list[Shape]:
    """Every 八对 reading of a complete concealed 17-tile hand, fewest 财神 playing another tile first."""
    if hand.melds or hand.winning_tile is None or len(hand.concealed_tiles) != SIZE:
        return []
    by_index, wilds = _pieces(hand, rule)
    for at_face in range(len(wilds), -1, -1):  # wilds at their own face: natural copies of the face
        pieces = [list(p) for p in by_index]
        for w in wilds[:at_face]:
            pieces[w.index].append((w, Sub(w, w, True)))
        odd = [i for i, p in enumerate(pieces) if len(p) % 2]
        spare = wilds[at_face:]
        if len(spare) == len(odd) - 1:
            return [_reading(hand, pieces, odd, single, spare) for single in odd]
    return []


def _reading(hand: Hand, pieces: list[list[Piece]], odd: list[int], single: int, spare: list[Tile]) -> Shape:
    free = list(spare)
    groups: list[Group] = []
    for i, held in enumerate(pieces):
        held = list(held)
        if i in odd and i != single:
            w = free.pop()
            held.append((ALL_TILES[i], Sub(w, ALL_TILES[i], True)))
        if i == single:
            held.sort(key=lambda p: p[1] is not None)  # the single is a natural copy when there is one
            lone = held.pop(0)
            groups.append(_group(GroupKind.SINGLE, [lone]))
        for k in range(0, len(held), 2):
            groups.append(_group(GroupKind.PAIR, held[k : k + 2]))
    groups.sort(key=lambda g: (g.kind is GroupKind.SINGLE, g.tiles[0].index))
    assert hand.winning_tile is not None
    return Shape(ShapeKind.EIGHT_PAIRS, tuple(groups), hand.winning_tile)


def _group(kind: GroupKind, held: list[Piece]) -> Group:
    return Group(kind, tuple(t for t, _ in held), None, tuple(s for _, s in held if s is not None))
