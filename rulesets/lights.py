"""Which tiles of the winning hand make each fan: what a result card lights up when a fan is tapped.

Each counted :class:`~rulesets.scoring.Item` says it in two fields:

- ``about``: what the fan is about. ``"hand"``: the whole hand (清一色, 七对, 碰碰和); ``"sets"``: some sets or
  tiles of it (箭刻, 一般高, 根); ``"win"``: how the hand was won (自摸, 海底, 门前清), with the winning tile lit
  or nothing; ``"none"``: no tile of the reading (the flowers, a cap, a display line). Empty until worked out.
- ``tiles``: positions into the tiles of the reading the item was scored in, as the card draws them: the
  groups of :attr:`Shape.groups <rulesets.shapes.Shape.groups>` in order (fixed melds first), each group's
  tiles in order, numbered from 0. A whole-hand fan has every position.

A system says it in one of three ways, the first that applies:

1. its scorer sets them, from what its detector knows (国标 and 二人 through :mod:`rulesets._mcr.lights`,
   四川 in :mod:`rulesets.sichuan.reading`): 一般高 names the two chows 套算一次 kept;
2. its fan table declares a selector for the fan (:func:`declare`, a word of :data:`SELECTORS`), next to
   the table: 中刻 ``"pungs&5z"``, 自摸 ``"win"``, 门清 ``"context"``;
3. the fan's category, when it is one of the common words of :data:`CATEGORY` (``"shape"`` → ``"hand"``).

Anything else is ``"none"``. :func:`light` applies 2 and 3 to a :class:`~rulesets.scoring.Score`; the
engine's front door (:func:`rulesets.engine.score`) and the web's result cards run it on every score.

>>> from rulesets.hand import Hand, WinContext, WinMethod
>>> from rulesets.scoring import Fan, Item, Score, ShapeScore
>>> from rulesets.shapes import decompose
>>> from rulesets.tiles import tiles
>>> t = tiles("123m456p789s555z22z")
>>> hand = Hand(t[:-1], (), t[-1], WinContext(win=WinMethod.SELF_DRAWN))
>>> shape = decompose(hand)[0]
>>> shape.describe()
'123m 456p 789s 22z 555z'
>>> zimo, zhong = Fan("zimo", "自摸", "Self-drawn", 1), Fan("zhong", "中刻", "Red pung", 1)
>>> declare((zimo, zhong), {"zimo": "win", "zhong": "pungs&5z"})
>>> items = (Item(zimo), Item(zhong))
>>> lit = light(Score("x", True, "番", 2, items, shape=ShapeScore(shape, 2, items)), hand.context)
>>> [(i.fan.id, i.about, i.tiles) for i in lit.items]
[('zimo', 'win', (9,)), ('zhong', 'sets', (11, 12, 13))]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from itertools import accumulate

from .hand import KongKind, Seat, WinContext
from .scoring import Fan, Item, Score, ShapeScore
from .shapes import Group, GroupKind, Shape, Sub
from .tiles import Tile

HAND, SETS, WIN, NONE = "hand", "sets", "win", "none"
ABOUT = (HAND, SETS, WIN, NONE)
"""What a fan can be about (:attr:`Item.about <rulesets.scoring.Item.about>`)."""

Positions = tuple[int, ...]


# --- positions in a reading ------------------------------------------------------------------------


def spans(shape: Shape) -> tuple[range, ...]:
    """The positions of each group's tiles, in the order the card draws them."""
    ends = tuple(accumulate([len(g.tiles) for g in shape.groups]))  # where each group's tiles stop
    return tuple(map(range, (0, *ends[:-1]), ends))


def every_tile(shape: Shape) -> Positions:
    return tuple(range(sum(len(g.tiles) for g in shape.groups)))


def of_groups(shape: Shape, indices: Iterable[int]) -> Positions:
    """The positions of the tiles of the groups ``indices`` (group numbers of ``shape.groups``)."""
    where = spans(shape)
    return tuple(sorted(p for i in set(indices) for p in where[i]))


def groups_where(shape: Shape, test: Callable[[Group], bool]) -> Positions:
    return of_groups(shape, (i for i, g in enumerate(shape.groups) if test(g)))


def tiles_where(shape: Shape, test: Callable[[Tile], bool]) -> Positions:
    """Every position whose tile passes ``test``."""
    out, p = [], 0
    for g in shape.groups:
        for t in g.tiles:
            if test(t):
                out.append(p)
            p += 1
    return tuple(out)


def winning_tile(shape: Shape) -> Positions:
    """The winning tile as the card marks it: its first copy in the first concealed group that holds it
    (none when no concealed group does, e.g. when a wild was the winning tile)."""
    p = 0
    for g in shape.groups:
        if g.meld is None and shape.winning_tile in g.tiles:
            return (p + g.tiles.index(shape.winning_tile),)
        p += len(g.tiles)
    return ()


def wait_group(shape: Shape) -> int | None:
    """The first concealed group that holds the winning tile (the set the hand waited in)."""
    return next((i for i, g in enumerate(shape.groups) if g.meld is None and shape.winning_tile in g.tiles), None)


def wild_positions(shape: Shape, test: Callable[[Sub], bool]) -> Positions:
    """The positions of the tiles played by a wild (or stand-in) whose :class:`~rulesets.shapes.Sub` passes
    ``test``: within its group, the first copy of the tile it played not already taken."""
    out: list[int] = []
    for g, where in zip(shape.groups, spans(shape), strict=True):
        taken: set[int] = set()
        for sub in g.subs:
            if not test(sub):
                continue
            k = next((k for k, t in enumerate(g.tiles) if t == sub.as_ and k not in taken), None)
            if k is not None:
                taken.add(k)
                out.append(where[k])
    return tuple(sorted(out))


def _counts(shape: Shape) -> dict[Tile, int]:
    counts: dict[Tile, int] = {}
    for g in shape.groups:
        for t in g.tiles:
            counts[t] = counts.get(t, 0) + 1
    return counts


def _fours(shape: Shape, with_kongs: bool) -> Positions:
    """Every copy of each tile the reading holds four of (a kong, or four copies in several groups; with
    ``with_kongs`` off, not the kongs)."""
    counts = _counts(shape)
    if not with_kongs:
        for g in shape.groups:
            if g.kind is GroupKind.KONG:
                counts[g.tile] = 0
    return tiles_where(shape, lambda t: counts[t] == 4)


def _wind(seat: Seat) -> Tile | None:
    try:
        return seat.wind_tile
    except ValueError:  # a fifth or sixth seat has no wind
        return None


def _pung(g: Group) -> bool:
    return g.kind in (GroupKind.PUNG, GroupKind.KONG)


def concealed_pungs(shape: Shape, self_drawn: bool) -> tuple[int, ...]:
    """The group numbers of the concealed pungs: those formed in hand and the concealed kongs; on a
    discard, the pung the winning tile completes is not concealed unless the tile can be read in a
    concealed chow (as 国标 counts them, mcr.md §5.2)."""
    groups = shape.groups
    pung, kong, chow = GroupKind.PUNG, GroupKind.KONG, GroupKind.CHOW
    out = tuple([i for i, g in enumerate(groups)
                 if (g.kind is pung or g.kind is kong) and (g.meld is None or g.meld.kong is KongKind.CONCEALED)])
    if self_drawn or not out:
        return out
    w = shape.winning_tile.index  # tiles by index: no comparison of tiles called
    for g in groups:  # loops, not generators: a few groups
        if g.kind is chow and g.meld is None and 0 <= w - g.tiles[0].index <= 2:  # a chow's three tiles follow
            return out
    for i in out:  # the first pung in hand on the winning tile is the one it completed
        g = groups[i]
        if g.meld is None and g.tiles[0].index == w:
            return tuple([j for j in out if j != i])
    return out


# --- selectors -------------------------------------------------------------------------------------

Extra = Mapping[str, object]
GroupTerm = Callable[[Shape, WinContext], Iterable[int]]  # group numbers
TileClass = Callable[[Tile, WinContext, Extra], bool]
TileTerm = Callable[[Shape, WinContext, Extra], Positions]  # positions

_GROUPS: dict[str, GroupTerm] = {
    "pungs": lambda s, c: (i for i, g in enumerate(s.groups) if _pung(g)),
    "kongs": lambda s, c: (i for i, g in enumerate(s.groups) if g.kind is GroupKind.KONG),
    "chows": lambda s, c: (i for i, g in enumerate(s.groups) if g.kind is GroupKind.CHOW),
    "pair": lambda s, c: (i for i, g in enumerate(s.groups) if g.kind is GroupKind.PAIR),
    "melds": lambda s, c: (i for i, g in enumerate(s.groups) if g.meld is not None),  # fixed: claimed or 暗杠
    "claimed": lambda s, c: (i for i, g in enumerate(s.groups) if g.is_claimed),
    "concealed": lambda s, c: (i for i, g in enumerate(s.groups) if not g.is_claimed),
    "triplets": lambda s, c: (i for i, g in enumerate(s.groups) if g.kind is GroupKind.PUNG),  # not kongs
    "concealed_pungs": lambda s, c: concealed_pungs(s, c.self_drawn),
    "open_pungs": lambda s, c: set(i for i, g in enumerate(s.groups) if _pung(g)) - set(
        concealed_pungs(s, c.self_drawn)),  # claimed, or completed on a discard
    "wait": lambda s, c: () if (i := wait_group(s)) is None else (i,),
    "identical_chows": lambda s, c: _identical_chows(s),
    "similar_chows": lambda s, c: _similar(s, GroupKind.CHOW),
    "similar_pungs": lambda s, c: _similar(s, None),
    "straight": lambda s, c: _straight(s),
    "shifted_pungs": lambda s, c: _shifted_pungs(s),
}
"""Words for sets: the group numbers of a reading they name."""

_CLASSES: dict[str, TileClass] = {
    "dragons": lambda t, c, e: t.is_dragon,
    "winds": lambda t, c, e: t.is_wind,
    "honours": lambda t, c, e: t.is_honour,
    "suited": lambda t, c, e: t.is_suited,
    "terminals": lambda t, c, e: t.is_terminal,
    "terminals_or_honours": lambda t, c, e: t.is_terminal_or_honour,
    "seat_wind": lambda t, c, e: t == _wind(c.seat),
    "round_wind": lambda t, c, e: t == _wind(c.round_wind),
}
"""Words for kinds of tile: alone, every tile of the kind; after ``&``, the sets of that kind."""

_TILES: dict[str, tuple[str, TileTerm]] = {
    "hand": (HAND, lambda s, c, e: every_tile(s)),
    "win": (WIN, lambda s, c, e: winning_tile(s)),
    "context": (WIN, lambda s, c, e: ()),
    "none": (NONE, lambda s, c, e: ()),
    "fours": (SETS, lambda s, c, e: _fours(s, with_kongs=True)),
    "hidden_fours": (SETS, lambda s, c, e: _fours(s, with_kongs=False)),
    "wilds": (SETS, lambda s, c, e: wild_positions(s, lambda sub: sub.wild)),
    "wilds_as_others": (SETS, lambda s, c, e: wild_positions(s, lambda sub: sub.substitutes)),
    "wilds_at_face": (SETS, lambda s, c, e: wild_positions(s, lambda sub: sub.wild and not sub.substitutes)),
}
"""Words that stand alone, each with what it makes the fan about."""

ALIASES: dict[str, str] = {
    "melded_kongs": "kongs&claimed", "concealed_kongs": "kongs&concealed", "dragon_pungs": "pungs&dragons",
    "wind_pungs": "pungs&winds", "honour_pungs": "pungs&honours", "seat_wind_pung": "pungs&seat_wind",
    "round_wind_pung": "pungs&round_wind", "terminal_or_honour_pungs": "pungs&terminals_or_honours",
}

SELECTORS: frozenset[str] = frozenset(_GROUPS) | frozenset(_CLASSES) | frozenset(_TILES) | frozenset(ALIASES)
"""The words a fan table can declare (:func:`declare`). ``a&b`` is the sets both name (``pungs&dragons``, a
set word and tile kinds: ``pungs&5z`` the pungs and kongs of 中); ``a+b`` lights what either lights
(``pungs&dragons+pungs&seat_wind``). A tile (``7z``) names its copies, and ``@key`` the copies of the tile
the score names in its extras under ``key`` (福阳's ``@ganghua``)."""

Selector = Callable[[Shape, WinContext, Extra], Positions]


def _class(word: str) -> TileClass:
    if word in _CLASSES:
        return _CLASSES[word]
    if word.startswith("@"):
        key = word[1:]
        return lambda t, c, e: str(t) == str(e.get(key) or "")
    try:
        t = Tile.parse(word)
    except Exception:  # noqa: BLE001 - the parser's own error says "not a tile"; here it is not a word
        raise ValueError(f"unknown light word {word!r}") from None
    return lambda x, c, e: x == t


def _term(term: str) -> tuple[str, Selector]:
    """One ``&``-joined term: a standing word, tile kinds, or a set word narrowed by tile kinds."""
    words = ALIASES.get(term, term).split("&")
    if len(words) == 1 and words[0] in _TILES:
        return _TILES[words[0]]
    if any(w in _TILES for w in words):
        raise ValueError(f"{term!r}: {', '.join(w for w in words if w in _TILES)} stands alone")
    sets = [_GROUPS[w] for w in words if w in _GROUPS]
    kinds = [_class(w) for w in words if w not in _GROUPS]
    if not sets:
        return SETS, lambda s, c, e: tiles_where(s, lambda t: all(k(t, c, e) for k in kinds))

    def select(s: Shape, c: WinContext, e: Extra) -> Positions:
        chosen = set.intersection(*(set(g(s, c)) for g in sets))
        return of_groups(s, (i for i in chosen if all(k(s.groups[i].tile, c, e) for k in kinds)))

    return SETS, select


def selector(word: str) -> tuple[str, Selector]:
    """What a declared word makes a fan about, and the positions it lights in a reading; raises
    ``ValueError`` for a word that is not one (see :data:`SELECTORS`)."""
    parts = [_term(t) for t in word.split("+")]
    if len(parts) == 1:
        return parts[0]
    abouts = {about for about, _ in parts}
    about = abouts.pop() if len(abouts) == 1 else SETS
    return about, lambda s, c, e: tuple(sorted({p for _, select in parts for p in select(s, c, e)}))


def _identical_chows(shape: Shape) -> list[int]:
    """The chows another chow repeats (一般高, 一色三同顺)."""
    chows = [(g.tiles, i) for i, g in enumerate(shape.groups) if g.kind is GroupKind.CHOW]
    return [i for tiles, i in chows if sum(1 for other, _ in chows if other == tiles) >= 2]


def _similar(shape: Shape, kind: GroupKind | None) -> list[int]:
    """The chows (``kind`` CHOW) or the pungs and pairs (None) of a number the sets of that kind hold in
    all three suits (三色同顺, 三色同刻; with the pair of that number, 三色小同刻)."""
    if kind is GroupKind.CHOW:
        mine = [(g.tile, i) for i, g in enumerate(shape.groups) if g.kind is GroupKind.CHOW]
    else:
        mine = [(g.tile, i) for i, g in enumerate(shape.groups) if _pung(g) or g.kind is GroupKind.PAIR]
    suits: dict[int, set[str]] = {}
    for t, _ in mine:
        if t.is_suited:
            suits.setdefault(t.rank, set()).add(t.suit.value)
    ranks = {r for r, held in suits.items() if len(held) == 3}
    return [i for t, i in mine if t.is_suited and t.rank in ranks]


def _straight(shape: Shape) -> list[int]:
    """The chows 123, 456 and 789 of one suit (一气通贯)."""
    out = []
    for suit in "mps":
        found = {g.tile.rank: i for i, g in enumerate(shape.groups)
                 if g.kind is GroupKind.CHOW and g.tile.suit.value == suit}
        if {1, 4, 7} <= set(found):
            out += [found[1], found[4], found[7]]
    return out


def _shifted_pungs(shape: Shape) -> list[int]:
    """The pungs of runs of three or more numbers in one suit (三连刻, 四连刻)."""
    at = {g.tile: i for i, g in enumerate(shape.groups) if _pung(g) and g.tile.is_suited}
    out: set[int] = set()
    for t in at:
        run = [t]
        while (n := run[-1].shifted(1)) is not None and n in at:
            run.append(n)
        if len(run) >= 3:
            out.update(at[x] for x in run)
    return sorted(out)


CATEGORY: dict[str, str] = {
    "shape": "hand", "pattern": "hand", "special": "hand", "suits": "hand", "ranks": "hand",
    "terminals": "hand", "win": "win", "waits": "wait", "concealment": "context", "kongs": "kongs",
    "chows": "chows", "pungs": "pungs", "honours": "honour_pungs", "gen": "fours", "flowers": "none",
    "cap": "none", "limit": "none", "display": "none", "base": "none",
}
"""The selector of a fan no table declared, by the fan's category, for the words several tables share."""


# --- declarations ----------------------------------------------------------------------------------


def _key(fan: Fan) -> tuple[str, str, str, str]:
    """A fan row, whatever its value under the house rules (a table may replace the value)."""
    return fan.id, fan.zh, fan.en, fan.definition_zh


_DECLARED: dict[tuple[str, str, str, str], str] = {}


def declare(fans: Iterable[Fan], spec: Mapping[str, str]) -> None:
    """Declare the selector of each fan of a table: ``spec`` maps fan ids to words (:data:`SELECTORS`).
    Unknown fan ids and words are refused."""
    fans = tuple(fans)
    unknown = set(spec) - {f.id for f in fans}
    if unknown:
        raise ValueError(f"light selectors for fans the table does not have: {sorted(unknown)}")
    for word in spec.values():
        selector(word)
    for f in fans:
        if f.id in spec:
            _DECLARED[_key(f)] = spec[f.id]


def declared(fan: Fan) -> str | None:
    """The word a fan's table declared, or the one of its category, or None."""
    return _DECLARED.get(_key(fan)) or CATEGORY.get(fan.category)


def lit(item: Item, shape: Shape | None, ctx: WinContext, extra: Extra | None = None) -> Item:
    """``item`` with its ``about`` and ``tiles`` as its fan is declared (``"none"`` if it is not); an item
    that already says them is returned as it is. Without a reading, nothing is lit."""
    if item.about:
        return item
    about, select = selector(declared(item.fan) or "none")
    tiles = select(shape, ctx, extra or {}) if shape is not None else ()
    return dataclasses.replace(item, about=about, tiles=tiles)


def with_tiles(item: Item, about: str, tiles: Iterable[int]) -> Item:
    """``item`` saying what it is about and which positions make it (sorted, each once)."""
    return dataclasses.replace(item, about=about, tiles=tuple(sorted(set(tiles))))


def _replaced[T](value: T, **changes: object) -> T:
    """``dataclasses.replace`` for a ShapeScore or a Score (frozen, every field set by ``__init__``, no
    ``__post_init__``, nothing cached on it): a copy of its fields with ``changes``, without going over the
    dataclass's fields one by one."""
    new: T = object.__new__(type(value))
    new.__dict__.update(value.__dict__, **changes)
    return new


def _lit_shape(s: ShapeScore, ctx: WinContext, extra: Extra) -> ShapeScore:
    if s.lighter is not None:  # the system's own lights, left until asked for
        s = _replaced(s, items=tuple(s.lighter()), lighter=None)
    if all([i.about for i in s.items]):  # a list: a few items, no generator to run
        return s
    return _replaced(s, items=tuple([lit(i, s.shape, ctx, extra) for i in s.items]))


def light(score: Score, ctx: WinContext) -> Score:
    """``score`` with every item saying what it is about and which tiles make it (the items of its
    readings too). Items its system already lit are kept; the others are lit as declared (:func:`lit`)."""
    shape, shapes = score.shape, score.shapes
    # lists, not generators: a few items and readings, no generator to run (the same below)
    if all([i.about for i in score.items]) and all([i.about for s in shapes for i in s.items]) and (
            shape is None or shape in shapes or all([i.about for i in shape.items])):
        return score
    extra = score.extra
    lit_shapes = tuple([_lit_shape(s, ctx, extra) for s in shapes])
    best = shape
    if shape is not None:
        best = None
        for old, new in zip(shapes, lit_shapes, strict=True):
            if old is shape:
                best = new
                break
        if best is None:
            best = _lit_shape(shape, ctx, extra)
    if best is not None and shape is not None and score.items == shape.items:
        items = best.items  # the score's items are its reading's: lit with it (by the system's own lights)
    else:
        reading = best.shape if best is not None else None
        items = tuple([lit(i, reading, ctx, extra) for i in score.items])
    return _replaced(score, items=items, shape=best, shapes=lit_shapes)
