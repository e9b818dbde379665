"""The preview image of a share link (``/h/<code>/og.png``): a 1200×630 PNG drawn with Pillow.

It shows the hand's tiles from ``static/tiles/png/`` (claimed tiles sideways, the outer tiles of a
concealed kong face down, the winning tile raised and outlined, flowers small) and one line per
system: its name, the total (or "not a win") and the top fans (or the reason).

Fonts: every text is drawn with the font shipped in ``calculator/fonts/`` (a subset of Noto Sans CJK SC
Bold, OFL: see its README), or with ``settings.PREVIEW_FONT`` when that names a file; the server's own
fonts are never looked at, so a Chinese preview looks the same on every machine. Only if the shipped file
were missing would Pillow's built-in font draw the English text instead (:func:`can_draw_chinese`).
Nothing here raises on odd input: text that does not fit is shortened with an ellipsis.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from PIL import Image, ImageDraw, ImageFont

from .tiles_view import GroupView, HandView, TileView

log = logging.getLogger(__name__)

SIZE = (1200, 630)
MARGIN = 48
# The calculator's colours (static/css/site.css): the header's green under the tiles, then a result card.
FELT = (23, 105, 79)  # --accent
PANEL = (255, 253, 248)  # --panel
CREAM = (255, 255, 255)  # --accent-ink: text on the green
MUTED = (91, 103, 112)  # --muted
GOLD = (224, 161, 0)  # --gold: the winning tile, the rule under the tiles
RED = (179, 38, 30)  # --no: not a win
INK = (31, 42, 46)  # --ink
OK = (29, 122, 62)  # --ok: a total
TILE_DIR = Path(settings.BASE_DIR) / "static" / "tiles" / "png"

SHIPPED_FONT = Path(__file__).resolve().parent / "fonts" / "NotoSansCJKsc-Bold-subset.otf"
"""The font the preview is drawn with (tools/build_font.py makes it)."""


@dataclass(frozen=True)
class SystemLine:
    """One system's line on the image: ``name``, ``headline`` (total or "not a win"), ``detail``."""

    name: str
    headline: str
    detail: str
    valid: bool
    pays: str = ""  # who pays whom


def _font_candidates() -> list[tuple[str, int]]:
    configured = getattr(settings, "PREVIEW_FONT", "")
    first = [(configured, 0)] if configured else []
    return first + [(str(SHIPPED_FONT), 0)]


@lru_cache(maxsize=1)
def cjk_font_file() -> tuple[str, int] | None:
    """The CJK font the image is drawn with (the shipped one), or None when it is missing."""
    for path, index in _font_candidates():
        if not Path(path).is_file():
            continue
        try:
            ImageFont.truetype(path, 20, index=index).getbbox("国标")
        except OSError:
            continue
        return path, index
    log.warning("the preview font %s is missing; drawing English text (tools/build_font.py)", SHIPPED_FONT)
    return None


def can_draw_chinese() -> bool:
    return cjk_font_file() is not None


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    found = cjk_font_file()
    if found is not None:
        return ImageFont.truetype(found[0], size, index=found[1])
    return ImageFont.load_default(size)


@lru_cache(maxsize=64)
def _tile_image(name: str) -> Image.Image:
    path = TILE_DIR / f"{name}.png"
    if not path.is_file():  # a name we have no art for: draw it face down rather than fail
        path = TILE_DIR / "back.png"
    return Image.open(path).convert("RGBA")


def _tile(view: TileView, width: int) -> Image.Image:
    img = _tile_image("back" if view.back else view.str)
    scale = width / img.width * (0.72 if view.small else 1)
    img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))), Image.Resampling.LANCZOS)
    if view.winning:
        img = _outlined(img, _outline_width(width))
    if view.rotated:
        img = img.rotate(90, expand=True)
    return img


def _outline_width(tile_width: int) -> int:
    return max(3, tile_width // 18)


def _outlined(img: Image.Image, thickness: int) -> Image.Image:
    out = Image.new("RGBA", (img.width + 2 * thickness, img.height + 2 * thickness), (0, 0, 0, 0))
    ImageDraw.Draw(out).rounded_rectangle(
        (0, 0, out.width - 1, out.height - 1), radius=thickness * 4, fill=GOLD
    )
    out.alpha_composite(img, (thickness, thickness))
    return out


def _row_units(hand: HandView) -> float:
    """The row's width in tile widths: sideways tiles count 4/3, gaps between groups 0.35."""
    tiles = sum((4 / 3 if t.rotated else 1) * (0.72 if t.small else 1) for g in hand.groups for t in g.tiles)
    return tiles + 0.35 * max(0, len(hand.groups) - 1) + 0.3


def _draw_tiles(canvas: Image.Image, hand: HandView, top: int, max_width: int) -> int:
    """Draw the row of tiles, centred, bottoms aligned; returns the y just below it."""
    width = int(min(96, max_width / max(_row_units(hand), 1)))
    height = round(width * 4 / 3)
    bottom = height + width // 5 + 2 * _outline_width(width) + 1  # room for the raised, outlined winning tile
    layer = Image.new("RGBA", (SIZE[0] * 2, bottom + 1), (0, 0, 0, 0))
    x = 0
    for group in hand.groups:
        x = _draw_group(layer, group, x, bottom, width) + round(width * 0.35)
    used = min(layer.width, x - round(width * 0.35))
    if used > 0:
        canvas.alpha_composite(layer.crop((0, 0, used, layer.height)), (max(MARGIN, (SIZE[0] - used) // 2), top))
    return top + bottom + width // 8


def _draw_group(canvas: Image.Image, group: GroupView, x: int, bottom: int, width: int) -> int:
    for view in group.tiles:
        img = _tile(view, width)
        lift = width // 5 if view.winning else 0
        canvas.alpha_composite(img, (x, bottom - img.height - lift))
        x += img.width + max(1, width // 40)
    return x


def _fit(draw: ImageDraw.ImageDraw, text: str, fnt: object, width: float) -> str:
    """``text`` shortened with an ellipsis so that it fits in ``width`` pixels."""
    if draw.textlength(text, font=fnt) <= width:  # type: ignore[arg-type]
        return text
    while text and draw.textlength(text + "…", font=fnt) > width:  # type: ignore[arg-type]
        text = text[:-1]
    return text.rstrip(" ·,") + "…"


def _draw_lines(draw: ImageDraw.ImageDraw, lines: Sequence[SystemLine], top: int, bottom: int) -> None:
    """Each system's name and headline in large type (smaller for a long name: it is shown whole), its
    detail below, then who pays whom; the block centred in its room."""
    shown = list(lines[:4])
    if not shown:
        return
    pays = any(line.pays for line in shown)
    big = ({1: 56, 2: 44, 3: 34} if pays else {1: 60, 2: 52, 3: 40}).get(len(shown), 28)
    small = max(19, round(big * 0.55))
    step = round(big * 1.25 + small * (2.7 if pays else 1.45))
    y = top + max(0, (bottom - top - step * len(shown)) // 2)
    width = SIZE[0] - 2 * MARGIN
    for line in shown:
        size = _title_size(draw, line, big, width)
        name_font, detail_font = font(size), font(small)
        headline = _fit(draw, line.headline, name_font, SIZE[0] * 0.4)  # the total keeps its room; the name fits
        room = width - size * 0.6 - draw.textlength(headline, font=name_font)
        name = _fit(draw, line.name, name_font, room)
        title_y = y + (big - size) // 2
        draw.text((MARGIN, title_y), name, fill=INK, font=name_font)
        head_x = MARGIN + draw.textlength(name, font=name_font) + size * 0.6
        draw.text((head_x, title_y), headline, fill=OK if line.valid else RED, font=name_font)
        detail = _fit(draw, line.detail, detail_font, width)
        draw.text((MARGIN, y + round(big * 1.22)), detail, fill=MUTED, font=detail_font)
        if line.pays:
            draw.text((MARGIN, y + round(big * 1.22 + small * 1.3)), _fit(draw, line.pays, detail_font, width),
                      fill=INK, font=detail_font)
        y += step


def _title_size(draw: ImageDraw.ImageDraw, line: SystemLine, big: int, width: float) -> int:
    """The largest type, down to 60% of ``big``, in which the system's name and its total fit on one line."""
    size = big
    while size > big * 0.6:
        fnt = font(size)
        if draw.textlength(f"{line.name}  {line.headline}", font=fnt) + size * 0.2 <= width:
            break
        size -= 2
    return size


CONTEXT_SIZE = 26


def render_preview(hand: HandView, lines: Sequence[SystemLine], footer: str = "", context: str = "") -> bytes:
    """The 1200×630 PNG of ``hand`` (a :class:`HandView`, e.g. ``tiles_view.hand_view``) and ``lines``;
    ``context`` (how the hand was won: 东风圈 · 南风位 · 自摸 …) is drawn on a band just below the tiles."""
    canvas = Image.new("RGBA", SIZE, FELT + (255,))
    draw = ImageDraw.Draw(canvas)
    tiles_bottom = _draw_tiles(canvas, hand, MARGIN, SIZE[0] - 2 * MARGIN)
    panel_top = tiles_bottom + 12
    if context:
        context_font = font(CONTEXT_SIZE)
        text = _fit(draw, context, context_font, SIZE[0] - 2 * MARGIN)
        width = draw.textlength(text, font=context_font)
        draw.text(((SIZE[0] - width) / 2, tiles_bottom - 4), text, fill=CREAM, font=context_font)
        panel_top = tiles_bottom + CONTEXT_SIZE + 16
    draw.rectangle((0, panel_top, SIZE[0], SIZE[1]), fill=PANEL + (255,))
    draw.rectangle((0, panel_top, SIZE[0], panel_top + 3), fill=GOLD + (255,))
    footer_font = font(22)
    footer_top = SIZE[1] - MARGIN // 2 - 26
    _draw_lines(draw, lines, panel_top + 24, footer_top - 8)
    if footer:
        text = _fit(draw, footer, footer_font, SIZE[0] - 2 * MARGIN)
        draw.text((MARGIN, footer_top), text, fill=MUTED, font=footer_font)
    return _png(canvas)


def _png(canvas: Image.Image) -> bytes:
    """A 256-colour PNG (fast octree): ~15 ms and ~35 KB instead of 60–80 ms and ~125 KB in full colour,
    with no visible loss; the page's own colours (felt, panel, text) are kept exact."""
    image = canvas.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    palette = image.getpalette() or []
    entries = len(palette) // 3
    for colour in (FELT, PANEL, CREAM, MUTED, GOLD, RED, INK, OK):
        nearest = min(range(entries), key=lambda i: sum((palette[3 * i + j] - colour[j]) ** 2 for j in range(3)))
        palette[3 * nearest : 3 * nearest + 3] = colour
    image.putpalette(palette)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
