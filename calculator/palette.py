"""The hand editor's view: the tiles entered so far (each a button that takes it back) and the palette.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.core.signals import setting_changed
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from rulesets.tiles import ALL_TILES, FLOWERS, Suit, Tile

from . import editor, wording
from .keyed import Drawn
from .lang import HANT, common_words, html_lang, is_hant, language, pick, script, zh
from .markup import text as _e
from .tiles_view import TileView, tile_view


def placed_context(hand: editor.EditorHand | None, full: int = editor.FULL, hu: bool = False) -> dict[str, Any]:
    """The tiles entered so far (``full``: the tiles of a complete hand at this table): what the ``placed``
    partial of calculator.html reads, its buttons drawn here (:func:`_tiles_html`), each with the remove token
    it sends, and the words of "make it the winning tile" in the table's spelling (``hu``: 胡这张 rather than
    和这张; 香港's 糊 on a 繁體 page, ``lang.system_words``)."""
    win_hint = wording.word("“win?” under a tile makes it the winning tile.", hu)
    if hand is None:
        return {"size": 0, "full": full, "text": "", "winning": False, "win_hint": win_hint,
                "pack_tokens": "", "tile_tokens": "", "tiles_html": _tiles_html((), (), None, 0, hu)}
    size, standing = hand.size, hand.standing
    win = standing[-1] if size == hand.full and standing else None  # hand.winning_tile, its size counted once
    return {"size": size, "full": hand.full, "text": editor.write(hand), "winning": win is not None,
            "win_hint": win_hint, **model_tokens(hand),
            "tiles_html": _tiles_html(hand.packs, hand.held, win, size, hu)}


def placed_html(part: Mapping[str, Any], oob: bool, sig: str) -> SafeString:
    """The ``placed`` part (``#placed``: the hand's problem, the count and the tiles entered) drawn from its
    context alone (``placed``, ``hand_error``, ``notice``, ``left_csv``), swapped out of band when ``oob``,
    with its signature ``sig``: the markup the partial drew, in Python (it changes with every tap)."""
    placed, error, notice = part["placed"], part["hand_error"], part["notice"]
    out = ['\n  <div id="placed" class="placed"', ' hx-swap-oob="true"' if oob else "",
           f' data-sig="{_e(sig)}" data-left="{_e(part["left_csv"])}" data-size="{_e(placed["size"])}"'
           f' data-hand="{_e(placed["text"])}" data-read="{_e(placed["read"])}"'
           f' data-packs="{_e(placed["pack_tokens"])}" data-tiles="{_e(placed["tile_tokens"])}"'
           f' data-full="{_e(placed["full"])}">\n    <div id="hand-problem" class="placed__problem">\n    ']
    if error:
        out.append(f'\n      <div class="alert alert--error" role="alert">\n        <p>{_e(error["message"])}</p>')
        out += [f"<p>{_e(m)}</p>" for m in error["more"]]
        out.append("\n        ")
        if error["position"] is not None:
            out.append(f'<p class="echo"><code>{_e(error["before"])}<mark>{_e(error["at"])}</mark>'
                       f'{_e(error["after"])}</code></p>')
        out.append("\n      </div>\n    ")
    out.append("\n    ")
    if notice:
        out.append(f'<p class="alert alert--notice" role="status">{_e(notice)}</p>')
    out.append(f'\n    </div>\n    <div class="placed__head">\n      <span class="placed__count"><strong>'
               f'{_e(placed["size"])}</strong> / {_e(placed["full"])}</span>\n      ')
    hint, entered = _placed_words(language())
    if placed["size"]:
        win_hint = f' {_e(placed["win_hint"])}' if placed["winning"] else ""
        out.append(f'<span class="hint">{hint}{win_hint}</span>')
    # the tiles' markup (most of the part) joined once, from its pieces: not copied into a text of its own first
    out.append(f'\n    </div>\n    <div class="placed__tiles" role="group" aria-label="{entered}">')
    tiles = placed["tiles_html"]
    out += tiles.pieces if type(tiles) is Drawn else [str(tiles)]
    out.append("\n    </div>\n  </div>\n  ")
    return SafeString("".join(out))  # every value escaped above


@lru_cache(maxsize=16)
def _placed_words(code: str) -> tuple[str, str]:
    """The ``placed`` part's own texts in the active language (``code``, ``lang.language``), translated once."""
    return gettext("Tap a placed tile to take it back."), gettext("Tiles entered")


_GAP = "\n      "
"""The whitespace between the placed tiles' buttons, as the partial's loops drew it."""

_drawings = [0]
"""How many times the static files' settings changed (their URLs are in the tiles' markup): an input of every
drawing of the placed tiles, so a drawing made before a change never has the inputs of one made after it."""


def _tiles_html(packs: tuple[editor.Pack, ...], held: tuple[Tile, ...], win: Tile | None, size: int,
                hu: bool) -> Drawn:
    """The inside of the ``placed`` partial's tiles (calculator.html): a button per pack, per standing tile
    (with "win?" beside it once a winning tile is placed) and for the winning tile, each taking it back;
    "No tiles yet." when there are none. Drawn here rather than by the template's loops, in the same markup,
    its whitespace included: a hand has 14 of them, each a dozen template nodes. The packs' and the winning
    tile's pictures are named in the common words, as the template drew them (its drawing is outside
    ``lang.system_words``); the standing tiles' in the system's own. Drawn with its inputs (``keyed.Drawn``):
    the ``placed`` part's signature encodes them, not the markup."""
    language = script()
    inputs = ("placed-tiles", tuple([(p.kind, p.tile.index, p.digit) for p in packs]), bytes([t.index for t in held]),
              None if win is None else win.index, size, hu, language, _drawings[0])
    out = [_GAP]
    out += [_pack_button(n, p, language) for n, p in enumerate(packs, 1)]
    out.append(_GAP)
    pieces = _standing_row(win is not None, hu, language)
    for n, t in enumerate(held, 1):
        before, after = pieces[t.index] or _standing_piece(pieces, t, win is not None, hu, language)
        out += (before, _PLACES[n] if n < 64 else str(n), after)
    out.append(_GAP)
    if win is not None:
        out.append(_winning_button(win, hu, language))
    out.append(_GAP)
    if not size:
        out.append(f'<p class="placed__empty">{_e(gettext("No tiles yet."))}</p>')
    return Drawn(out, inputs)  # every piece escaped above


def _pack_button(n: int, p: editor.Pack, language: str) -> str:
    """The button of the ``n``-th pack ``p`` that takes it back, in ``language`` (``lang.script``): its place
    written here, the rest drawn once per pack and language (:func:`_pack_rest`), as a standing tile's is
    (:func:`_standing_pieces`)."""
    return f'{_GAP}<button type="submit" name="remove" value="p:{n - 1}" id="placed-p{n}" {_pack_rest(p, language)}'


@lru_cache(maxsize=1024)
def _pack_rest(p: editor.Pack, language: str) -> str:
    """:func:`_pack_button` after its place: the same for the pack wherever it stands in the hand."""
    label = _pack_label(p)
    names = " ".join(pick(t.zh, t.en) for t in p.tiles)
    aria = gettext("Remove %(what)s") % {"what": f"{label} {names}"}
    with common_words():
        pictures = "".join(v.html for v in _pack_view(p))
    return (f'class="placed__item placed__item--pack" aria-label="{_e(aria)}">\n        '
            f'<span class="placed__pack">{pictures}</span>\n        <small class="placed__caption">'
            f"{_e(label)}</small>\n      </button>{_GAP}")


@lru_cache(maxsize=256)
def _winning_button(win: Tile, hu: bool, language: str) -> str:
    """The button that takes the winning tile ``win`` back, spelt with 胡 when ``hu``, in ``language``
    (``lang.script``): drawn once per tile, spelling and language."""
    with common_words():
        picture = tile_view(win, winning=True).html
    remove = wording.word("Remove the winning tile %(tile)s", hu) % {"tile": pick(win.zh, win.en)}
    return (f'{_GAP}<button type="submit" name="remove" value="w" id="placed-w" '
            f'class="placed__item placed__item--winning" aria-label="{_e(remove)}">\n        {picture}\n'
            f'        <small class="placed__caption">{_e(wording.word("winning tile", hu))}</small>\n'
            f"      </button>{_GAP}")


@lru_cache(maxsize=64)
def _standing_row(winnable: bool, hu: bool, language: str) -> list[tuple[str, str] | None]:
    """:func:`_standing_pieces` of every tile (by its index), as each is first drawn, with the whitespace around
    them (:func:`_standing_piece`), per ``winnable``, spelling and ``language``: a hand's fourteen looked up by
    place, none hashed."""
    return [None] * (len(ALL_TILES) + len(FLOWERS))  # a tile's index is below 42


def _standing_piece(row: list[tuple[str, str] | None], t: Tile, winnable: bool, hu: bool,
                    language: str) -> tuple[str, str]:
    """:func:`_standing_pieces` with the whitespace around the button (:data:`_GAP`) written into them, kept in
    ``row`` at the tile's index."""
    before, after = _standing_pieces(t, winnable, hu, language)
    pieces = row[t.index] = (_GAP + before, after + _GAP)
    return pieces


_PLACES = tuple(str(n) for n in range(64))
"""The places a standing tile can have, as written (a hand's fourteen looked up, not formatted)."""


@lru_cache(maxsize=1024)
def _standing_pieces(t: Tile, winnable: bool, hu: bool, language: str) -> tuple[str, str]:
    """The markup of a standing tile's button that takes it back, before and after its place number, and,
    once a winning tile is placed (``winnable``), the one that makes it the winning tile: per tile, spelling
    and ``language`` (``lang.script``: the active language and the words of the system being drawn)."""
    before = format_html('<span class="placed__slot"><button type="submit" name="remove" value="{}" id="placed-t',
                         f"t:{t}")
    after = format_html('" class="placed__item" aria-label="{}">{}</button>', _remove_label(t), tile_view(t).html)
    if winnable:  # said after the button's visible "win?": its name holds what it shows
        after += format_html('<button type="submit" name="make_winning" value="{}" class="placed__make-win">{}'
                             '<span class="visually-hidden"> {}</span></button>', str(t), wording.word("win?", hu),
                             wording.word("Make %(tile)s the winning tile", hu) % {"tile": pick(t.zh, t.en)})
    return before, after + "</span>"


def model_tokens(hand: editor.EditorHand) -> dict[str, str]:
    """The editor's model of ``hand`` as tokens, for calculator.js (which reads no hand strings): the packs
    (``chow-1m-2 pung-5p-3 concealed_kong-7s``: kind, lowest tile, digit) and the standing tiles in the
    order written (the last one the last tapped, the winning tile when full: ``hand.ordered``)."""
    packs = " ".join([f"{p.kind}-{p.tile}" + (f"-{p.digit}" if p.digit is not None else "") for p in hand.packs])
    return {"pack_tokens": packs, "tile_tokens": " ".join([_NOTATION[t.index] for t in hand.ordered])}


_NOTATION = tuple(str(t) for t in (*ALL_TILES, *FLOWERS))
"""Each tile's notation (``str(tile)``: 5m, 7z) by its index: a hand's fourteen looked up, not formatted."""


def _remove_label(t: Tile) -> str:
    return gettext("Remove %(what)s") % {"what": pick(t.zh, t.en)}


_PACK_ZH = {"chow": "吃", "pung": "碰", "exposed_kong": "明杠", "concealed_kong": "暗杠", "added_kong": "加杠"}


_PACK_EN = {"chow": "Chow", "pung": "Pung", "exposed_kong": "Exposed kong", "concealed_kong": "Concealed kong",
            "added_kong": "Added kong"}


_FROM_ZH = {1: "上家", 2: "对家", 3: "下家"}


_FROM_EN = {1: "from the left", 2: "from across", 3: "from the right"}


def _pack_view(p: editor.Pack) -> list[TileView]:
    tiles = p.tiles
    last = len(tiles) - 1
    if p.kind == "concealed_kong":
        return [tile_view(t, back=i in (0, last)) for i, t in enumerate(tiles)]
    rotated = (p.digit or 1) - 1 if p.kind == "chow" else {1: 0, 2: 1, 3: last}[p.digit or 1]
    return [tile_view(t, rotated=i == rotated) for i, t in enumerate(tiles)]


def _pack_label(p: editor.Pack) -> str:
    if p.kind == "chow" or p.kind == "concealed_kong":
        return pick(_PACK_ZH[p.kind], _PACK_EN[p.kind])
    digit = p.digit or 1
    return pick(f"{_PACK_ZH[p.kind]} · {_FROM_ZH[digit]}", f"{_PACK_EN[p.kind]} {_FROM_EN[digit]}")


def palette_context(hand: editor.EditorHand | None, flowers: Iterable[Tile]) -> dict[str, Any]:
    """The palette's state: the copies left of each tile (its rows are drawn from them on a whole page only,
    :func:`palette_rows`: a tap changes them in the browser), whether the hand is full, and the flower row
    with what is chosen."""
    left = editor.tiles_left(hand)
    chosen = set(flowers)
    return {
        "tiles_left": tuple(left), "hand_full": hand is not None and hand.size >= hand.full,
        "left_csv": ",".join([_DIGITS[n] for n in left]),
        "flower_row": _flower_row(tuple(f in chosen for f in FLOWERS) if chosen else _NO_FLOWERS),
    }


_DIGITS = ("0", "1", "2", "3", "4")
"""The copies a tile can have left (0 to 4) as written: a palette's 34 looked up, not formatted."""

_NO_FLOWERS = (False,) * len(FLOWERS)


_FLOWER_VIEWS = tuple((f, tile_view(f)) for f in FLOWERS)


@lru_cache(maxsize=256)
def _flower_row(checked: tuple[bool, ...]) -> Any:
    """The flower row with the flowers ``checked`` (one flag per flower): a frozen view (``parts.frozen``), built
    once per choice, whose digest the flowers part's signature takes instead of encoding its eight tiles."""
    from .parts import frozen  # calculator.parts draws this module's parts: imported when first asked

    return frozen([{"tile": view, "checked": c} for (_f, view), c in zip(_FLOWER_VIEWS, checked, strict=True)])


def palette_rows(left: tuple[int, ...]) -> list[dict[str, Any]]:
    """The palette: a row per suit, each tile with the copies ``left`` (by tile index)."""
    rows = []
    for suit in editor.SUIT_ROWS:
        tiles = [t for t in _suit_tiles(suit)]
        rows.append({
            "suit": suit.value, "name": pick(suit.zh, suit.en), "glyph": zh(suit.zh),
            "glyph_lang": html_lang(HANT if is_hant() else "zh-hans"),
            "tiles": [_palette_cell(t, left[t.index]) for t in tiles],
        })
    return rows


def _palette_cell(t: Tile, left: int) -> dict[str, Any]:
    return {"tile": tile_view(t), "left": left, "disabled": left == 0}


def _suit_tiles(suit: Suit) -> list[Tile]:
    return [Tile.of(suit, rank) for rank in range(1, (7 if suit is Suit.Z else 9) + 1)]


def _static_changed(*, setting: str, **kwargs: Any) -> None:
    """The tiles' markup holds static URLs: a test that changes them starts afresh."""
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT"):
        _drawings[0] += 1
        _standing_pieces.cache_clear()
        _standing_row.cache_clear()
        _pack_rest.cache_clear()
        _winning_button.cache_clear()


setting_changed.connect(_static_changed)
