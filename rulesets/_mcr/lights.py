"""Which tiles make each 国标 fan of a reading (:mod:`rulesets.lights`), from what the detection knows.

A fan of the whole hand (清一色, 七对, 碰碰和 …) lights every tile; a fan of some sets lights those sets:
the chows of the triple that makes a 3-chow fan, the two chows 套算一次 kept for each 一般高, the pungs
a 幺九刻 is counted for once the bigger fans took theirs (箭刻 takes a dragon pung's); a fan of how the
hand was won lights the winning tile (自摸, 海底, 和绝张, 杠上开花, 抢杠和) or nothing (门前清). 二人麻将,
which scores with this machinery, lights its 国标 rows here too.

>>> from rulesets.engine import evaluate
>>> r = evaluate("123m123m456p789s55z", "guobiao", {"win": "self_drawn"})["results"][0]
>>> r["shape"]["text"]
'123m 123m 456p 789s 55z'
>>> [(f["zh"], f["about"], f["tiles"]) for f in r["fans"] if f["value"] in (1, 4)]
[('不求人', 'win', [12]), ('一般高', 'sets', [0, 1, 2, 3, 4, 5]), ('单钓将', 'sets', [12, 13])]
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from functools import cached_property
from itertools import combinations

from rulesets.hand import WinContext
from rulesets.lights import HAND, NONE, SETS, WIN, concealed_pungs, lit, winning_tile
from rulesets.scoring import Exclusion, Item
from rulesets.shapes import GroupKind, Shape, ShapeKind

from .predicates import FOUR_CHOW_FANS, PAIR_FANS, THREE_CHOW_FANS, triples
from .principles import choose_edges
from .view import DRAGONS, WINDS, View

_POSITIONS = tuple(tuple(tuple(range(start, start + n)) for n in range(19 - start)) for start in range(19))
"""The positions ``start`` … ``start + n - 1`` of a group of ``n`` tiles (a reading holds at most 18: four
kongs and a pair), made once."""


_CHOW, _PUNG, _KONG = GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG


class Reading:
    """One reading, its groups numbered as :class:`~rulesets.shapes.Shape` lists them, for the lights
    (its groups' positions, chows and pungs found at once; what else a fan needs, when a fan first asks)."""

    def __init__(self, shape: Shape, view: View) -> None:
        self.shape, self.view = shape, view
        # in one pass over the groups: the positions of each (nearly every fan reads them, from the table) and
        # of every tile; (tile index, group number) of each chow and of each pung and kong
        where: list[tuple[int, ...]] = []
        chows: list[tuple[int, int]] = []
        pungs: list[tuple[int, int]] = []
        p = 0
        for i, g in enumerate(shape.groups):
            tiles = g.tiles
            n = len(tiles)
            where.append(_POSITIONS[p][n])
            p += n
            kind = g.kind
            if kind is _CHOW:
                chows.append((tiles[0].index, i))
            elif kind is _PUNG or kind is _KONG:
                pungs.append((tiles[0].index, i))
        self.where = where
        self.every = _POSITIONS[0][p]
        chows.sort()
        pungs.sort()
        self.chows = [i for _, i in chows]  # the chow groups in the order of the view's chows (sorted by tile)
        self._pung_tiles = pungs  # the pungs and kongs in the order of the view's pungs

    @cached_property
    def pungs(self) -> list[int]:
        """The pung and kong groups in the order of the view's pungs."""
        return [i for _, i in self._pung_tiles]

    def tile(self, group: int) -> int:
        return self.shape.groups[group].tiles[0].index

    def of(self, groups: Iterable[int]) -> tuple[int, ...]:
        """The positions of the tiles of ``groups``, in order, each once."""
        where = self.where
        out: tuple[int, ...] = ()
        for g in sorted(set(groups)):  # a few sets: their positions joined
            out += where[g]
        return out

    def pungs_in(self, tiles: Container[int]) -> list[int]:
        """The pung and kong groups on one of ``tiles``, in the order of the view's pungs."""
        return [g for t, g in self._pung_tiles if t in tiles]

    def pair(self) -> list[int]:
        return [i for i, g in enumerate(self.shape.groups) if g.kind is GroupKind.PAIR]

    def kongs(self, concealed: bool | None = None) -> list[int]:
        out = []
        for i, g in enumerate(self.shape.groups):
            if g.kind is not GroupKind.KONG:
                continue
            hidden = g.meld is None or g.meld.is_concealed
            if concealed is None or hidden is concealed:
                out.append(i)
        return out

    def copies(self, index: int) -> tuple[int, ...]:
        out, p = [], 0
        for g in self.shape.groups:
            for t in g.tiles:
                if t.index == index:
                    out.append(p)
                p += 1
        return tuple(out)


# --- the sets of each pattern ----------------------------------------------------------------------


def _triple(r: Reading, fan: str) -> list[int]:
    """The chows of the first triple making the 3-chow fan ``fan``."""
    for members, kind in triples(r.view.chows):
        if kind == fan:
            return [r.chows[k] for k in members]
    return []


def _suited_pungs(r: Reading) -> list[int]:
    return r.pungs_in(_SUITED)


def _triple_pung(r: Reading) -> list[int]:
    by_rank: dict[int, list[int]] = {}
    for g in _suited_pungs(r):
        by_rank.setdefault(r.tile(g) % 9, []).append(g)
    return [g for gs in by_rank.values() if len(gs) == 3 for g in gs]


def _double_pung(r: Reading) -> list[int]:
    by_rank: dict[int, list[int]] = {}
    for g in _suited_pungs(r):
        by_rank.setdefault(r.tile(g) % 9, []).append(g)
    return [g for gs in by_rank.values() if len(gs) >= 2 for g in gs]


def _shifted_pungs(r: Reading, length: int) -> list[int]:
    """The pungs of one suit shifted by one each, ``length`` of them (一色三节高, 一色四节高)."""
    at = {r.tile(g): g for g in _suited_pungs(r)}
    for t in sorted(at):
        run = [t + k for k in range(length)]
        if t % 9 <= 9 - length and all(x in at for x in run):
            return [at[x] for x in run]
    return []


def _mixed_shifted_pungs(r: Reading) -> list[int]:
    for trio in combinations(_suited_pungs(r), 3):
        tiles = [r.tile(g) for g in trio]
        ranks = sorted(t % 9 for t in tiles)
        if len({t // 9 for t in tiles}) == 3 and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return list(trio)
    return []


def _concealed_pungs(r: Reading) -> list[int]:
    return list(concealed_pungs(r.shape, r.view.facts.self_drawn))


def _wait(r: Reading) -> list[int]:
    """The concealed group the winning tile is read in for the wait fan counted (边张 and 坎张 a chow,
    单钓将 the pair)."""
    w, kind = r.shape.winning_tile.index, r.view.wait  # tiles by index: no comparison of tiles called
    for i, g in enumerate(r.shape.groups):
        if g.meld is not None:
            continue
        at = w - g.tiles[0].index  # the winning tile's place in the group, if it is there
        if g.kind is GroupKind.PAIR:
            if kind == "single" and at == 0:
                return [i]
        elif g.kind is GroupKind.CHOW and 0 <= at <= 2:
            first, rank = g.tiles[0].index % 9 + 1, w % 9 + 1
            closed = rank == first + 1
            edge = (first == 1 and rank == 3) or (first == 7 and rank == 7)
            if (kind == "closed" and closed) or (kind == "edge" and edge):
                return [i]
    return []


def _knitted(r: Reading) -> tuple[int, ...]:
    """The nine tiles of the 组合龙: its three knitted groups, or the suited singles of a 全不靠."""
    groups = [i for i, g in enumerate(r.shape.groups)
              if g.kind is GroupKind.KNITTED or (r.shape.kind is ShapeKind.HONORS_KNITTED and g.tiles[0].index < 27)]
    return r.of(groups)


_SUITED = frozenset(range(27))
_TERMINALS_OR_HONOURS = frozenset({0, 8, 9, 17, 18, 26} | DRAGONS | WINDS)
_DRAGON_FANS = frozenset({"dragon_pung", "two_dragons_pungs", "little_three_dragons", "big_three_dragons"})
_WIND_FANS = frozenset({"big_three_winds", "little_four_winds", "big_four_winds"})


def _terminal_or_honour_pungs(r: Reading, count: int, excluded: Iterable[Exclusion]) -> list[int]:
    """The pungs a 幺九刻 is counted for: the candidates of its predicate less those a bigger fan took
    (a dragon fan takes dragon pungs, a wind fan wind pungs, 圈风刻/门风刻 their wind; any other fan, such as
    九莲宝灯, takes terminal pungs), then the first ``count`` of those left."""
    f = r.view.facts
    pungs = r._pung_tiles
    # the wind pungs a wind fan does not take are the seat's and the round's own only with fewer than three
    own = (f.seat_wind, f.round_wind) if sum([t in WINDS for t, _ in pungs]) < 3 else ()
    free = [g for t, g in pungs if t in _TERMINALS_OR_HONOURS and t not in own]
    for e in excluded:
        if e.fan.id != "pung_of_terminals_or_honors":
            continue
        if e.by in _DRAGON_FANS:
            takes: Callable[[int], bool] = lambda t: t in DRAGONS  # noqa: E731
        elif e.by in _WIND_FANS:
            takes = lambda t: t in WINDS  # noqa: E731
        elif e.by == "prevalent_wind":
            takes = lambda t: t == f.round_wind  # noqa: E731
        elif e.by == "seat_wind":
            takes = lambda t: t == f.seat_wind  # noqa: E731
        else:
            takes = lambda t: t < 27  # noqa: E731
        mine = [g for g in free if takes(r.tile(g))][: e.count]
        free = [g for g in free if g not in mine]
    return free[:count]


def _pair_fan_chows(r: Reading, fan: str, before: Iterable[Item]) -> list[int]:
    """The chows of the pairs 套算一次 kept for the 1-fan chow fan ``fan`` (as :func:`.principles.account_once`
    chose them from the items the table's exclusions left, ``before``)."""
    ids = {i.fan.id for i in before}
    live = frozenset(f for f in ids if f in PAIR_FANS)
    multi = next((f for f in FOUR_CHOW_FANS + THREE_CHOW_FANS if f in ids), None)
    edges = choose_edges(r.view.chows, live, multi)
    return [r.chows[k] for a, b, kind in edges if kind == fan for k in (a, b)]


# --- what each fan lights --------------------------------------------------------------------------

Light = Callable[[Reading, Item, list[Item], list[Exclusion]], tuple[int, ...]]


def _sets(groups: Callable[[Reading], Iterable[int]]) -> tuple[str, Light]:
    return SETS, lambda r, item, before, excluded: r.of(groups(r))


_WHOLE: tuple[str, Light] = (HAND, lambda r, item, before, excluded: r.every)
_WINNING: tuple[str, Light] = (WIN, lambda r, item, before, excluded: winning_tile(r.shape))
_CONTEXT: tuple[str, Light] = (WIN, lambda r, item, before, excluded: ())
_NOTHING: tuple[str, Light] = (NONE, lambda r, item, before, excluded: ())


def _chow_pairs(fan: str) -> tuple[str, Light]:
    return SETS, lambda r, item, before, excluded: r.of(_pair_fan_chows(r, fan, before))


def _dragons(r: Reading) -> list[int]:
    return r.pungs_in(DRAGONS)


def _winds(r: Reading) -> list[int]:
    return r.pungs_in(WINDS)


LIGHTS: dict[str, tuple[str, Light]] = {
    # the whole hand
    **dict.fromkeys(
        ("all_green", "nine_gates", "seven_shifted_pairs", "thirteen_orphans", "all_terminals", "all_honors",
         "pure_terminal_chows", "all_terminals_and_honors", "seven_pairs", "greater_honors_and_knitted_tiles",
         "all_even_pungs", "full_flush", "upper_tiles", "middle_tiles", "lower_tiles",
         "three_suited_terminal_chows", "all_five", "lesser_honors_and_knitted_tiles", "upper_four", "lower_four",
         "reversible_tiles", "all_pungs", "half_flush", "all_types", "melded_hand", "outside_hand", "all_chows",
         "all_simples", "one_voided_suit", "no_honors", "chicken_hand"),
        _WHOLE),
    # winds and dragons
    "big_four_winds": _sets(_winds),
    "big_three_dragons": _sets(_dragons),
    "little_four_winds": _sets(lambda r: _winds(r) + r.pair()),
    "little_three_dragons": _sets(lambda r: _dragons(r) + r.pair()),
    "big_three_winds": _sets(_winds),
    "two_dragons_pungs": _sets(_dragons),
    "dragon_pung": _sets(_dragons),
    "prevalent_wind": _sets(lambda r: r.pungs_in((r.view.facts.round_wind,))),
    "seat_wind": _sets(lambda r: r.pungs_in((r.view.facts.seat_wind,))),
    "pung_of_terminals_or_honors": (
        SETS, lambda r, item, before, excluded: r.of(_terminal_or_honour_pungs(r, item.count, excluded))),
    # kongs
    "four_kongs": _sets(lambda r: r.kongs()),
    "three_kongs": _sets(lambda r: r.kongs()),
    "melded_and_concealed_kong": _sets(lambda r: r.kongs()),
    "two_concealed_kongs": _sets(lambda r: r.kongs(concealed=True)),
    "concealed_kong": _sets(lambda r: r.kongs(concealed=True)),
    "two_melded_kongs": _sets(lambda r: r.kongs(concealed=False)),
    "melded_kong": _sets(lambda r: r.kongs(concealed=False)),
    # concealed pungs
    "four_concealed_pungs": _sets(_concealed_pungs),
    "three_concealed_pungs": _sets(_concealed_pungs),
    "two_concealed_pungs": _sets(_concealed_pungs),
    # chow patterns: the four chows, the triple, the pairs kept
    **dict.fromkeys(("quadruple_chow", "four_pure_shifted_chows"), _sets(lambda r: r.chows)),
    **{fan: _sets(lambda r, fan=fan: _triple(r, fan)) for fan in THREE_CHOW_FANS},  # type: ignore[misc]
    **{fan: _chow_pairs(fan) for fan in PAIR_FANS},
    "knitted_straight": (SETS, lambda r, item, before, excluded: _knitted(r)),
    # pung patterns
    "four_pure_shifted_pungs": _sets(lambda r: _shifted_pungs(r, 4)),
    "pure_shifted_pungs": _sets(lambda r: _shifted_pungs(r, 3)),
    "triple_pung": _sets(_triple_pung),
    "mixed_shifted_pungs": _sets(_mixed_shifted_pungs),
    "double_pung": _sets(_double_pung),
    "tile_hog": (SETS, lambda r, item, before, excluded: tuple(sorted(
        p for i, n in enumerate(r.view.facts.counts) if n == 4 and i not in r.view.facts.kong_tiles
        for p in r.copies(i)))),
    # waits
    **dict.fromkeys(("edge_wait", "closed_wait", "single_wait"), _sets(_wait)),
    # how the hand was won: the winning tile, or nothing
    **dict.fromkeys(("last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
                     "fully_concealed_hand", "last_tile", "self_drawn"), _WINNING),
    "concealed_hand": _CONTEXT,
    # not a tile of the reading
    "flower_tiles": _NOTHING,
}
"""What each 国标 fan is about and the positions that make it in one reading."""


def light_items(kept: list[Item], before: list[Item], excluded: Iterable[Exclusion], shape: Shape, view: View,
                ctx: WinContext | None = None) -> list[Item]:
    """The counted items of one reading with their lights. ``before``: the items the table's exclusions
    left (before 套算一次), ``excluded``: what was not counted. A row that is not 国标's (二人麻将's own) is lit
    as its table declares (:func:`rulesets.lights.lit`, which needs ``ctx``)."""
    r = Reading(shape, view)
    excluded = list(excluded)
    out = []
    for item in kept:
        rule = LIGHTS.get(item.fan.id)
        if rule is None:
            out.append(lit(item, shape, ctx) if ctx is not None else item)
            continue
        about, light = rule
        out.append(Item(item.fan, item.count, item.note, item.value_override, about, light(r, item, before, excluded)))
    return out
