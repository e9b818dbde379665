"""The hand editor's view: the tiles entered so far (each a button that takes it back) and the palette.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from rulesets.tiles import FLOWERS, Suit, Tile

from . import editor, wording
from .lang import HANT, html_lang, is_hant, pick, zh
from .tiles_view import TileView, tile_view


def placed_context(hand: editor.EditorHand | None, full: int = editor.FULL, hu: bool = False) -> dict[str, Any]:
    """The tiles entered so far, each with the remove token its button sends (``full``: the tiles of a
    complete hand at this table), and the words of "make it the winning tile" in the table's spelling
    (``hu``: 胡这张 rather than 和这张; 香港's 糊 on a 繁體 page, ``lang.system_words``)."""
    words = {"win_word": wording.word("win?", hu),
             "win_hint": wording.word("“win?” under a tile makes it the winning tile.", hu),
             "win_caption": wording.word("winning tile", hu)}
    if hand is None:
        return {"packs": [], "standing": [], "winning": None, "size": 0, "full": full, "text": "",
                "pack_tokens": "", "tile_tokens": "", **words}
    packs = []
    for i, p in enumerate(hand.packs):
        meld = _pack_view(p)
        label = _pack_label(p)
        names = " ".join(pick(t.zh, t.en) for t in p.tiles)
        packs.append({"token": f"p:{i}", "tiles": meld, "label": label,
                      "aria": gettext("Remove %(what)s") % {"what": f"{label} {names}"}})
    standing = [{"token": f"t:{t}", "tile": tile_view(t), "aria": _remove_label(t), "str": str(t),
                 # said after the button's visible "win?": its name holds what it shows
                 "win_aria": wording.word("Make %(tile)s the winning tile", hu) % {"tile": pick(t.zh, t.en)}}
                for t in hand.held]
    win = hand.winning_tile
    winning = None
    if win is not None:
        winning = {"token": "w", "tile": tile_view(win, winning=True),
                   "aria": wording.word("Remove the winning tile %(tile)s", hu) % {"tile": pick(win.zh, win.en)}}
    win_label = words["win_word"] if winning is not None else ""
    for n, item in enumerate(standing, 1):
        item["html"] = _standing_html(item, n, win_label)
    return {"packs": packs, "standing": standing, "size": hand.size, "full": hand.full, "winning": winning,
            "text": editor.write(hand), **model_tokens(hand), **words}


def _standing_html(item: dict[str, Any], n: int, win_label: str) -> SafeString:
    """The markup of the ``placed`` partial (calculator.html) for the ``n``-th standing tile: the button that
    takes it back and, once a winning tile is placed (``win_label``: "win?"), the one that makes it the
    winning tile. Built here rather than by the template: a hand has 13 of them, each a dozen template
    nodes."""
    html = format_html('<span class="placed__slot"><button type="submit" name="remove" value="{}" id="placed-t{}" '
                       'class="placed__item" aria-label="{}">{}</button>', item["token"], n, item["aria"],
                       item["tile"].html)
    if win_label:
        html += format_html('<button type="submit" name="make_winning" value="{}" class="placed__make-win">{}'
                            '<span class="visually-hidden"> {}</span></button>', item["str"], win_label,
                            item["win_aria"])
    return SafeString(html + "</span>")


def model_tokens(hand: editor.EditorHand) -> dict[str, str]:
    """The editor's model of ``hand`` as tokens, for calculator.js (which reads no hand strings): the packs
    (``chow-1m-2 pung-5p-3 concealed_kong-7s``: kind, lowest tile, digit) and the standing tiles in the
    order written (the last one the last tapped, the winning tile when full)."""
    packs = " ".join(f"{p.kind}-{p.tile}" + (f"-{p.digit}" if p.digit is not None else "") for p in hand.packs)
    return {"pack_tokens": packs, "tile_tokens": " ".join(str(t) for t in hand.ordered)}


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
    """The palette: a row per suit, each tile with the copies left; the flower row with what is chosen."""
    left = editor.tiles_left(hand)
    full = hand is not None and hand.size >= hand.full
    rows = []
    for suit in editor.SUIT_ROWS:
        tiles = [t for t in _suit_tiles(suit)]
        rows.append({
            "suit": suit.value, "name": pick(suit.zh, suit.en), "glyph": zh(suit.zh),
            "glyph_lang": html_lang(HANT if is_hant() else "zh-hans"),
            "tiles": [_palette_cell(t, left[t.index]) for t in tiles],
        })
    chosen = set(flowers)
    return {
        "palette_rows": rows, "hand_full": full, "left_csv": ",".join(str(n) for n in left),
        "flower_row": [{"tile": tile_view(f), "checked": f in chosen} for f in FLOWERS],
    }


def _palette_cell(t: Tile, left: int) -> dict[str, Any]:
    return {"tile": tile_view(t), "left": left, "disabled": left == 0}


def _suit_tiles(suit: Suit) -> list[Tile]:
    return [Tile.of(suit, rank) for rank in range(1, (7 if suit is Suit.Z else 9) + 1)]
