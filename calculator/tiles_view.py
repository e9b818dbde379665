"""Template-friendly views of tiles, melds, hands and decompositions, for ``_tile.html`` and ``_hand.html``.

``_tile.html`` draws one :class:`TileView` (or anything with ``.str``, ``.zh``, ``.en`` and the optional
flags ``rotated``, ``back``, ``winning``, ``small``). ``_hand.html`` draws a :class:`HandView`: a row of
:class:`GroupView` s, each a few tiles with an optional caption.

The pages draw many tiles (the palette alone has 34), so the views also render themselves: ``view.html``
is the same markup as the partial, in the active language, built in Python and memoised per tile,
flags and language (an ``{% include %}`` per tile was most of a page's time). Every value is escaped
as ``format_html`` escapes it; tests/calculator/test_tiles_view.py checks both spellings give the same markup.

>>> from rulesets.tiles import tiles
>>> [t.str for t in tiles_view(tiles("19m7z"))]
['1m', '9m', '7z']
>>> view = tile_view("5m", winning=True)
>>> view.str, view.zh, view.en, view.winning, view.rotated, view.plays
('5m', '五万', '5 Character', True, False, '')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative
from rulesets.shapes import Group, GroupKind, Shape
from rulesets.tiles import TILES_BY_INDEX, Tile
from rulesets.values import keep

from .lang import pick, script, zh
from .markup import text as _escape

_Text = str


@dataclass(frozen=True)
class TileView:
    """One tile as a template draws it: ``str`` is the notation (and the art's file name, ``5m.svg``)."""

    str: _Text
    zh: _Text  # (``str`` in the class body is the field above, not the type)
    en: _Text
    rotated: bool = False  # a claimed tile, turned sideways
    back: bool = False  # face down (the outer tiles of a concealed kong)
    winning: bool = False  # the winning tile, highlighted
    small: bool = False  # drawn smaller (flowers, compact lists)
    plays: _Text = ""  # a wild (or a stand-in) drawn as the tile held: the tile it plays ("2m"), marked 作 二万
    plays_zh: _Text = ""
    plays_en: _Text = ""

    def __post_init__(self) -> None:
        # hashed once: a view is a key of its memoised markup, looked up for every tile drawn
        object.__setattr__(self, "_hash", hash((self.str, self.rotated, self.back, self.winning, self.small,
                                                self.plays)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    @property
    def html(self) -> SafeString:
        """The markup of ``_tile.html`` for this tile, in the active language."""
        return _tile_html(self, _language())


@dataclass(frozen=True)
class GroupView:
    """A few tiles drawn together. ``kind`` is a CSS modifier (meld, standing, winning, flowers, chow, pair…)."""

    tiles: tuple[TileView, ...]
    kind: str = ""
    zh: str = ""  # caption, e.g. 碰 / 暗杠 (empty: none)
    en: str = ""

    def __post_init__(self) -> None:
        # hashed once: a view is a key of its memoised markup (:func:`_group_html`), and a reading's views are shared
        object.__setattr__(self, "_hash", hash((self.tiles, self.kind, self.zh, self.en)))
        object.__setattr__(self, "_winning", tuple(t for t in self.tiles if t.winning))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined,no-any-return]

    @property
    def winning(self) -> tuple[TileView, ...]:
        """The group's tiles drawn as the winning tile (most groups: none), found once: a card names the one
        of its reading."""
        return self._winning  # type: ignore[attr-defined,no-any-return]


@dataclass(frozen=True)
class HandView:
    """A row of groups: a hand (melds, standing tiles, winning tile, flowers) or a decomposition."""

    groups: tuple[GroupView, ...] = field(default_factory=tuple)
    zh: str = ""  # an accessible description of the whole row, e.g. the hand string
    en: str = ""

    @property
    def tile_count(self) -> int:
        return sum(len(g.tiles) for g in self.groups)

    @property
    def html(self) -> SafeString:
        """The markup of ``_hand.html`` for this row (captions shown), in the active language."""
        return hand_html(self)


# --- markup: the partials' output, built in Python ---------------------------------------------------


def _language() -> str:
    """The active language, and on a 繁體 page the system whose words are drawn (lang.script)."""
    return script()


@lru_cache(maxsize=2048)
def _tile_html(view: TileView, language: str) -> SafeString:
    """``_tile.html`` for ``view`` in ``language`` (the active one, :func:`_language`: gettext and
    ``lang.zh`` below read it)."""
    modifiers = "".join(
        f" tile--{flag}" for flag in ("rotated", "back", "winning", "small") if getattr(view, flag)
    )
    src = _sprite() + ("#back" if view.back else f"#{view.str}")  # one file for every tile
    notes = (("winning", "winning tile"), ("rotated", "claimed"), ("back", "face down"))
    alt = (zh(view.zh) if language[:2] == "zh" else view.en) + "".join(
        f" ({gettext(text)})" for flag, text in notes if getattr(view, flag)
    )
    mark = ""
    if view.plays:  # drawn as the tile held, with what it plays under it
        chinese = language[:2] == "zh"
        short = gettext("as %(tile)s") % {"tile": zh(view.plays_zh) if chinese else view.plays}
        alt += " (" + gettext("as %(tile)s") % {"tile": zh(view.plays_zh) if chinese else view.plays_en} + ")"
        modifiers += " tile--wild"
        mark = format_html('<small class="tile__plays" aria-hidden="true">{}</small>', short)
    return format_html(
        '<span class="tile{}"><img src="{}" alt="{}" width="30" height="40" decoding="async">{}</span>',
        mark_safe(modifiers), src, alt, mark,  # noqa: S308 - the modifiers are the fixed class names above
    )


@lru_cache(maxsize=1)
def _sprite() -> str:
    """The address of the tiles' drawing (``static``: a look-up in the collected files' manifest), found once
    for every tile drawn."""
    return static("tiles/sprite.svg")


def hand_html(view: HandView, *, hide_captions: bool = False) -> SafeString:
    """``_hand.html`` for ``view`` in the active language (``hide_captions`` as the partial's option). Each
    text escaped as ``format_html`` would (the tiles' markup is safe), without its call per group."""
    out: list[str] = []
    hand_into(out, view, hide_captions=hide_captions)
    return SafeString("".join(out))


def hand_into(out: list[str], view: HandView, *, hide_captions: bool = False) -> None:
    """:func:`hand_html` written into ``out``, a page being drawn: its pieces, joined once with the page's."""
    language = _language()
    out += ('<div class="hand" role="group" aria-label="', _escape(pick(view.zh, view.en)), '">')
    out += [_group_html(g, hide_captions, language) for g in view.groups]
    out.append("</div>")


@lru_cache(maxsize=2048)
def _group_html(g: GroupView, hide_captions: bool, language: str) -> str:
    """One group of :func:`hand_html` in ``language`` (the active one, :func:`_language`): a group of a few tiles
    is drawn once, as its tiles are (a reading has five, most of them seen before)."""
    tiles = "".join([_tile_html(t, language) for t in g.tiles])
    caption = ""
    if not hide_captions and g.zh:
        caption = f'<small class="hand__caption">{_escape(pick(g.zh, g.en))}</small>'
    return f'<span class="hand__group {_escape(g.kind)}"><span class="hand__tiles">{tiles}</span>{caption}</span>'


def _static_changed(*, setting: str, **kwargs: Any) -> None:
    """Static URLs are memoised in the tiles' markup: a test that changes them starts afresh."""
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT"):
        _sprite.cache_clear()
        _tile_html.cache_clear()
        _group_html.cache_clear()


setting_changed.connect(_static_changed)


def tile_view(tile: Tile | str, **flags: bool) -> TileView:
    """A :class:`TileView` of a tile (or its notation ``"5m"``) with the given flags (a shared value)."""
    t = tile if isinstance(tile, Tile) else Tile.parse(tile)
    return _tile_view(t, **flags)


@lru_cache(maxsize=1024)
def _tile_view(t: Tile, **flags: Any) -> TileView:
    return TileView(str(t), t.zh, t.en, **flags)


def tiles_view(tiles: Iterable[Tile | str], **flags: bool) -> list[TileView]:
    return [tile_view(t, **flags) for t in tiles]


_MELD_EN = {"吃": "Chow", "碰": "Pung", "明杠": "Exposed kong", "暗杠": "Concealed kong", "加杠": "Added kong"}
_GROUP_ZH = {
    GroupKind.CHOW: "顺子", GroupKind.PUNG: "刻子", GroupKind.KONG: "杠", GroupKind.PAIR: "将",
    GroupKind.KNITTED: "组合龙", GroupKind.SINGLE: "",
}
_GROUP_EN = {
    GroupKind.CHOW: "Chow", GroupKind.PUNG: "Pung", GroupKind.KONG: "Kong", GroupKind.PAIR: "Pair",
    GroupKind.KNITTED: "Knitted", GroupKind.SINGLE: "",
}


def _rotated_position(meld: Meld) -> int | None:
    """Which of the meld's tiles is drawn sideways: the claimed one, placed by where it came from."""
    if meld.kind is MeldKind.CHOW:
        return (meld.claimed or 1) - 1
    if meld.kong is KongKind.CONCEALED:
        return None
    source = meld.source or Relative.LEFT
    if source == Relative.LEFT:
        return 0
    if source == Relative.ACROSS:
        return 1
    if source == Relative.RIGHT:
        return len(meld.tiles) - 1
    raise KeyError(source)  # no other direction


def meld_view(meld: Meld) -> GroupView:
    """A fixed meld: the claimed tile turned sideways; a concealed kong with its outer tiles face down. The
    same view for every meld of the same kind, tile, kong, source and claimed tile (made once, :data:`_MELD_VIEWS`)."""
    key = (meld.kind, meld.tile.index, meld.kong, meld.source, meld.claimed)
    view = _MELD_VIEWS.get(key)
    if view is None:
        view = keep(_MELD_VIEWS, key, _meld_view(meld), _VIEWS_MAX)
    return view


def _meld_view(meld: Meld) -> GroupView:
    tiles = meld.tiles
    if meld.kong is KongKind.CONCEALED:
        last = len(tiles) - 1
        views = tuple(_BACK[t.index] if i == 0 or i == last else _PLAIN[t.index] for i, t in enumerate(tiles))
    else:
        rotated = _rotated_position(meld)
        views = tuple(_ROTATED[t.index] if i == rotated else _PLAIN[t.index] for i, t in enumerate(tiles))
    return GroupView(views, f"meld meld--{meld.kind.value}", meld.zh, _MELD_EN[meld.zh])


def hand_view(hand: Hand, *, sort: bool = True) -> HandView:
    """A hand as it lies on the table: melds, the standing tiles, the winning tile apart, the flowers."""
    groups = [meld_view(m) for m in hand.melds]
    standing = sorted(hand.standing) if sort else list(hand.standing)
    if standing:
        groups.append(GroupView(tuple(tiles_view(standing)), "standing"))
    if hand.winning_tile is not None:
        groups.append(GroupView((tile_view(hand.winning_tile, winning=True),), "winning", "和牌", "Winning tile"))
    if hand.context.flowers:
        flowers = tuple(tiles_view(sorted(hand.context.flowers), small=True))
        groups.append(GroupView(flowers, "flowers", "花", "Flowers"))
    names = [t for g in groups for t in g.tiles]
    return HandView(tuple(groups), " ".join(t.zh for t in names), ", ".join(t.en for t in names))


def group_view(group: Group | Mapping[str, Any], winning: Tile | str | None = None) -> GroupView:
    """A group of a decomposition: a :class:`rulesets.shapes.Group` or its ``as_dict()`` form.

    ``winning`` marks the first copy of the winning tile in the group, when the group holds it.
    """
    if isinstance(group, Group):
        if not group.subs:  # no wild: each tile drawn as it is
            return _plain_group_view(group, winning)
        kind, names = group.kind, [str(t) for t in group.tiles]
        meld_zh = group.meld.zh if group.meld is not None else None
        claimed = group.is_claimed
        subs = [(str(s.tile), str(s.as_)) for s in group.subs]
    else:
        kind, names = GroupKind(group["kind"]), list(group["tiles"])
        meld_zh, claimed = group.get("meld"), bool(group.get("claimed"))
        subs = [(str(s["tile"]), str(s["as"])) for s in group.get("wild") or ()]
    held = _held(names, subs)
    win = str(winning) if winning is not None else None
    views = []
    for name, tile_held in zip(names, held, strict=True):
        if tile_held != name:  # a wild (or a stand-in) playing ``name``: drawn as held, marked
            played = Tile.parse(name)
            views.append(_tile_view(Tile.parse(tile_held), plays=name, plays_zh=played.zh, plays_en=played.en))
            continue
        views.append(tile_view(name, winning=name == win))
        win = None if name == win else win
    zh = meld_zh or _GROUP_ZH[kind]
    en = _MELD_EN.get(meld_zh, "") if meld_zh else _GROUP_EN[kind]
    css = f"group group--{kind.value}" + (" group--claimed" if claimed else "") + (" group--meld" if meld_zh else "")
    return GroupView(tuple(views), css, zh, en)


def _plain_group_view(group: Group, winning: Tile | str | None) -> GroupView:
    """:func:`group_view` of a group no wild plays in: its tiles' views are the shared ones (:data:`_PLAIN`)."""
    win = Tile.parse(winning) if isinstance(winning, str) else winning
    views = []
    for t in group.tiles:
        if win is not None and t == win:
            views.append(_WINNING[t.index])
            win = None
        else:
            views.append(_PLAIN[t.index])
    zh, en, css = _GROUP_CAPTION[group.kind]
    meld = group.meld
    if meld is not None:
        css += " group--claimed" if not meld.is_concealed else ""
        if meld.zh:
            zh, en, css = meld.zh, _MELD_EN.get(meld.zh, ""), css + " group--meld"
    return GroupView(tuple(views), css, zh, en)


_PLAIN = tuple(_tile_view(t) for t in TILES_BY_INDEX)
_WINNING = tuple(_tile_view(t, winning=True) for t in TILES_BY_INDEX)
_ROTATED = tuple(_tile_view(t, rotated=True) for t in TILES_BY_INDEX)
_BACK = tuple(_tile_view(t, back=True) for t in TILES_BY_INDEX)
"""Each tile's shared views by index: as it is, as the winning tile, claimed (sideways), face down."""
_GROUP_CAPTION = {kind: (_GROUP_ZH[kind], _GROUP_EN[kind], f"group group--{kind.value}") for kind in GroupKind}
"""A group's caption (中文, English) and CSS classes, by its kind."""

_MELD_VIEWS: dict[tuple[Any, ...], GroupView] = {}
""":func:`meld_view` by the meld's kind, tile index, kong, source and claimed tile: a few hundred melds there are."""
_CONCEALED_VIEWS: dict[tuple[Any, ...], GroupView] = {}
""":func:`reading_view`'s view of a concealed group no wild plays in, by what the group shows (``Group.shown``:
its kind and tiles) and the index of the winning tile it holds (-1: none)."""
_VIEWS_MAX = 4096
"""At most this many views kept in each (the groups and melds a hand can hold are fewer)."""


def _held(names: list[str], subs: list[tuple[str, str]]) -> list[str]:
    """The tile held at each place of a group that plays ``names``: a wild's own tile where it plays another."""
    held = list(names)
    for tile, plays in subs:
        if tile == plays:
            continue
        for i, name in enumerate(names):
            if name == plays and held[i] == name:
                held[i] = tile
                break
    return held


def shape_view(
    shape: Shape | Mapping[str, Any], winning: Tile | str | None = None, win_group: int | None = None
) -> HandView:
    """A decomposition (a :class:`rulesets.shapes.Shape` or its ``as_dict()``) as a row of groups.

    The winning tile is marked in group ``win_group`` when given, else in the first concealed group
    that holds it.
    """
    groups = list(shape.groups) if isinstance(shape, Shape) else list(shape["groups"])
    target = win_group if win_group is not None else _first_holder(groups, winning)
    views = tuple(group_view(g, winning if i == target else None) for i, g in enumerate(groups))
    return HandView(views, " ".join(g.zh for g in views if g.zh), " · ".join(g.en for g in views if g.en))


def reading_view(shape: Shape) -> HandView:
    """A reading drawn in tiles: fixed melds as they lie (:func:`meld_view`: the claimed tile sideways, a
    concealed kong face down at both ends), the concealed groups as :func:`shape_view` draws them, the
    winning tile marked."""
    groups = shape.groups
    winning: Tile | None = shape.winning_tile
    # told by index: ``in`` would call the tiles' dataclass ``__eq__`` for each tile it passes
    win = -1 if winning is None else winning.index
    views = []
    for g in groups:
        if g.meld is not None:
            views.append(meld_view(g.meld))
            continue
        # the winning tile is marked in the first concealed group that holds it
        held = winning if win >= 0 and win in [t.index for t in g.tiles] else None
        if held is not None:
            winning, win = None, -1
        if g.subs:
            views.append(group_view(g, held))
            continue
        key = (g.shown, -1 if held is None else held.index)
        view = _CONCEALED_VIEWS.get(key)
        if view is None:
            view = keep(_CONCEALED_VIEWS, key, _plain_group_view(g, held), _VIEWS_MAX)
        views.append(view)
    return HandView(tuple(views), " ".join([g.zh for g in views if g.zh]), " · ".join([g.en for g in views if g.en]))


def _first_holder(groups: Sequence[Any], winning: Tile | str | None) -> int | None:
    if winning is None:
        return None
    if isinstance(winning, Tile) and all(isinstance(g, Group) for g in groups):
        return next((i for i, g in enumerate(groups) if g.meld is None and winning in g.tiles), None)
    name = str(winning)
    for i, g in enumerate(groups):
        is_meld = g.meld is not None if isinstance(g, Group) else bool(g.get("meld"))
        names = [str(t) for t in g.tiles] if isinstance(g, Group) else list(g["tiles"])
        if not is_meld and name in names:
            return i
    return None


def as_small(view: HandView) -> HandView:
    """The same row with every tile drawn small."""
    groups = tuple(
        dataclasses.replace(g, tiles=tuple(dataclasses.replace(t, small=True) for t in g.tiles)) for g in view.groups
    )
    return dataclasses.replace(view, groups=groups)
