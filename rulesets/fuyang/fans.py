"""The 富阳 台 table (the article 《富阳麻将》), each row with its predicate: every row adds its 台. 清一色 excludes
混一色; 全风子 (as a limit, the default) excludes every other row; with the option ``quanfengzi=adds`` the row that
adds is used instead.

A reading (:class:`FuyangReading`) is a shape with the 财神 standing where they stand; what the rows read of it
(:class:`Facts`) comes from a key of plain values, so readings alike in it are valued once
(``Pipeline.alike``): a hand with four 财神 can have a hundred readings that differ only in where they stand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ..lights import declare
from ..pipeline import Line, Row
from ..scoring import Excludes, Fan
from ..shapes import GroupKind, Shape
from ..sources import Source
from ..tiles import ALL_TILES, Suit, Tile, tile
from .options import FuyangOptions, QuanFengzi
from .works import WORKS


@dataclass(frozen=True)
class Facts:
    """What the rows read besides the shape."""

    ganghua: int  # 杠花 tiles held (the tile after the 财神)
    menfeng: Tile  # the winner's 门风 (the dealer's is 东)
    kong_replacement: bool
    options: FuyangOptions
    # of the reading being scored (see ``of``): the suits it plays, its pungs and kongs of a dragon or of the
    # seat wind (the only pungs a row reads), whether every set is a pung or kong
    suits: frozenset[Suit] = frozenset()
    honours: bool = False
    pungs: tuple[Tile, ...] = ()
    all_pungs: bool = False

    def of(self, shape: Shape) -> Facts:
        """These facts with what the reading plays (a 财神 counts as what it stands for). Readings with equal
        facts are worth the same."""
        return self.played(self.key(shape))

    def key(self, shape: Shape) -> Played:
        """What :meth:`of` takes from a reading, as plain values (cheap to compare): the suits its groups
        play (a bit each, honours the fourth), its pungs and kongs of a dragon or of the seat wind, whether
        every set is a pung or kong."""
        suits = chows = 0
        counted = []
        for g in shape.groups:
            i = g.tiles[0].index  # a group plays one suit
            suits |= 1 << i // 9
            if g.kind is GroupKind.CHOW:
                chows += 1
            elif g.kind in _PUNG_LIKE and (i >= 31 or i == self.menfeng.index):
                counted.append(i)
        return suits, tuple(sorted(counted)), chows == 0

    def played(self, key: Played) -> Facts:
        """These facts with a reading's :meth:`key`."""
        suits, counted, all_pungs = key
        return Facts(self.ganghua, self.menfeng, self.kong_replacement, self.options,
                     frozenset(s for b, s in enumerate(_SUITED) if suits >> b & 1), bool(suits & 8),
                     tuple(ALL_TILES[i] for i in counted), all_pungs)


Played = tuple[int, tuple[int, ...], bool]
_SUITED = (Suit.M, Suit.P, Suit.S)
_PUNG_LIKE = (GroupKind.PUNG, GroupKind.KONG)


@dataclass(frozen=True)
class FuyangReading:
    """One reading: its shape, the key of what the rows read of it, and the hand's facts (its 杠花, 门风 …)."""

    shape: Shape
    key: Played
    hand: Facts

    @cached_property
    def facts(self) -> Facts:
        """The facts of this reading (a 财神 counted as what it stands for)."""
        return self.hand.played(self.key)


Predicate = Callable[[FuyangReading, FuyangOptions], int]


def _pungs_of(t: Tile) -> Predicate:
    return lambda r, o: r.facts.pungs.count(t)


def _qingyise(r: FuyangReading, o: FuyangOptions) -> int:
    return int(len(r.facts.suits) == 1 and not r.facts.honours)


def _hunyise(r: FuyangReading, o: FuyangOptions) -> int:
    return int(len(r.facts.suits) == 1 and r.facts.honours)


def _quanfengzi(mode: QuanFengzi) -> Predicate:
    return lambda r, o: int(o.quanfengzi is mode and not r.facts.suits)


OTHERS = ("ganghua", "zhong", "fa", "bai", "menfeng", "pengpenghu", "hunyise", "qingyise", "gangshangkaihua")


def _row(fid: str, zh: str, en: str, value: int, excludes: tuple[str, ...], definition: tuple[str, str],
         source: Source, predicate: Predicate) -> Row[FuyangReading, FuyangOptions]:
    return Row(Fan(fid, zh, en, value, tuple(Excludes(x) for x in excludes), definition[0], definition[1], source,
                   EXAMPLES[fid], "tai"), predicate)


def _cite(where: str, note: str = "") -> Source:
    return WORKS.cite("article", where, note=note)


def _dragon(fid: str, zh: str, en: str, t: str) -> Row[FuyangReading, FuyangOptions]:
    return _row(fid, f"{zh}刻", f"Pung of {en}", 1, (), (f"{zh}的刻子或杠（硬货），每副1台", f"A pung or kong of {en} "
                "(硬货): 1 台 each"), _cite("中，发，白的刻各为一台（俗称‘硬货’）"), _pungs_of(tile(t)))


EXAMPLES: dict[str, str] = {
    "ganghua": "v1.123456m789p1s-1s.P555z.ES.s.indicator-3m~fuyang",
    "zhong": "v1.123345789m1z-1z.P555z.ES.s~fuyang",
    "fa": "v1.123m456p1s-1s.P666z.P777z.ES.s~fuyang",
    "bai": "v1.123m456p1s-1s.P666z.P777z.ES.s~fuyang",
    "menfeng": "v1.123m456p1s-1s.P222z.P555z.ES.s~fuyang",
    "pengpenghu": "v1.999s7z-7z.P111m.P555p.P555z.ES.s~fuyang",
    "hunyise": "v1.123345789m1z-1z.P555z.ES.s~fuyang",
    "qingyise": "v1.1223344556789p-5p.EW.dN~fuyang",
    "quanfengzi": "v1.1112223335556z-6z.ES.s~fuyang",
    "quanfengzi_adds": "v1.1112223335556z-6z.ES.s~fuyang.quanfengzi-adds",
    "gangshangkaihua": "v1.123456m1p-1p.A7777s.P555z.ES.sk~fuyang",
}
"""Each row's example: a share code with the context (and house rules) it needs.
The context is part of the example (a row such as 四个白板 needs house rules too)."""


ROWS: tuple[Line[FuyangReading, FuyangOptions], ...] = (
    _row("ganghua", "杠花", "杠花 tile", 1, (),
         ("财神的下一张牌（下滚翻）；手上每一只杠花1台",
          "The tile after the 财神 (若财神是三万，即四万为杠花): 1 台 for each one held"),
         _cite("杠花则是按照财神实行下滚翻；一只杠花即为一台", "regional.md §5 errata"), lambda r, o: r.facts.ganghua),
    _dragon("zhong", "中", "red dragons", "5z"),
    _dragon("fa", "发", "green dragons", "6z"),
    _dragon("bai", "白", "white dragons", "7z"),
    _row("menfeng", "门风刻", "Pung of the seat wind", 1, (),
         ("自己门风的刻子或杠（庄家东风，下家南风，依次类推）",
          "A pung or kong of one's seat wind (the dealer's is East, the next player's South, …)"),
         _cite("门风刻也为一台"), lambda r, o: r.facts.pungs.count(r.facts.menfeng)),
    _row("pengpenghu", "碰碰胡", "All pungs", 1, (), ("四组都是刻子或杠（对对胡）", "All four sets are pungs or kongs"),
         _cite("碰碰胡（也称‘对对胡’）为一台"), lambda r, o: int(r.facts.all_pungs)),
    _row("hunyise", "混一色", "Half flush", 1, (), ("一门数牌加字牌", "One suit and honours"),
         _cite("混一色为一台"), _hunyise),
    _row("qingyise", "清一色", "Full flush", 3, ("hunyise",), ("全是同一门数牌", "Every tile of one suit"),
         _cite("清一色有三台", "regional.md §5 worked example FY-B"), _qingyise),
    _row("quanfengzi", "全风子", "All honours", 13, OTHERS,
         ("全是字牌；就是13台，不再加别的台", "Every tile an honour: 13 台 in all"),
         _cite("全风子，为十三台", "option quanfengzi=limit (default)"), _quanfengzi(QuanFengzi.LIMIT)),
    _row("quanfengzi_adds", "全风子（另加台）", "All honours (adding)", 13, ("hunyise", "qingyise"),
         ("全是字牌：13台，另加硬货、门风刻、碰碰胡等", "Every tile an honour: 13 台 plus the other 台"),
         _cite("全风子，为十三台", "option quanfengzi=adds"), _quanfengzi(QuanFengzi.ADDS)),
    _row("gangshangkaihua", "杠上开花", "Win on a kong replacement", 1, (),
         ("杠后补牌自摸和牌", "Winning on the replacement tile of one's own kong"),
         _cite("杠上开花为一台", "regional.md §5 errata"), lambda r, o: int(r.facts.kong_replacement)),
)

FANS: tuple[Fan, ...] = tuple(r.fan for r in ROWS if isinstance(r, Row))
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {
    "ganghua": "@ganghua",  # the 杠花 tile the score names (extra["ganghua"])
    "zhong": "pungs&5z", "fa": "pungs&6z", "bai": "pungs&7z", "menfeng": "pungs&seat_wind",
    **dict.fromkeys(("pengpenghu", "hunyise", "qingyise", "quanfengzi", "quanfengzi_adds"), "hand"),
    "gangshangkaihua": "win",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
