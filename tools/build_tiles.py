"""Build the tile art the site ships, under ``static/tiles/``.

Sources: the FluffyStuff riichi-mahjong-tiles set (public domain, CC0 1.0 since commit 26e127b; a copy
lives at ``../shared/tiles/fluffystuff``) for the 33 faces it has and the tile back, and nine faces
drawn here (the eight flowers 梅 兰 竹 菊 春 夏 秋 冬 and the framed Chinese 白板), released CC0 too.

Outputs, named by the project's notation (``1m`` … ``9s``, ``1z`` … ``7z``, ``1f`` … ``8f``, ``back``):

- ``static/tiles/<name>.svg``: one self-contained SVG per tile (Front + face composed), minified:
  editor metadata, comments and unused definitions removed, styles turned into attributes, numbers
  rounded, ids shortened;
- ``static/tiles/sprite.svg``: all 43 in one file, side by side, each with a ``<view id="<name>">``
  so a page asks for the file once and draws a tile as ``<img src="sprite.svg#5m">`` (each tile's
  ids are prefixed with its name there, so they stay apart; a style draws only the viewed tile, see
  ``ONLY_THE_VIEWED``); ``--sprite-only`` rebuilds it from the SVGs above;
- ``static/tiles/png/<name>.png``: a 120×160 raster of each tile for the Pillow preview image, made
  from FluffyStuff's 600×800 PNG exports (face over Front) and, for our own faces, drawn with Pillow
  from the same design as the SVG. Drawing them needs a CJK font (Debian: ``fonts-noto-cjk``); the
  generated PNGs are committed, so the site itself needs no font for the tiles.

Run from the repository root::

    .venv/bin/python tools/build_tiles.py [--source ../shared/tiles/fluffystuff]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "tiles"
PNG_SIZE = (120, 160)
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)

# Our notation → FluffyStuff file name (the Regular set). 7z and the flowers are drawn below.
SOURCE_FACES: dict[str, str] = {
    **{f"{n}m": f"Man{n}" for n in range(1, 10)},
    **{f"{n}p": f"Pin{n}" for n in range(1, 10)},
    **{f"{n}s": f"Sou{n}" for n in range(1, 10)},
    "1z": "Ton", "2z": "Nan", "3z": "Shaa", "4z": "Pei", "5z": "Chun", "6z": "Hatsu",
}

# --- the faces drawn here: one design, drawn both as SVG and with Pillow -------------------------

RED = "#b93c3c"  # FluffyStuff's red (中, 萬)
BLUE = "#142896"  # FluffyStuff's wind blue (東)
GREEN = "#004900"  # FluffyStuff's green (發)
CJK_FAMILY = (
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC',STSong,SimSun,"
    "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',serif"
)
DIGIT_FAMILY = "Georgia,'DejaVu Serif','Times New Roman',serif"


@dataclass(frozen=True)
class Text:
    """A glyph centred on (x, y) in the 300×400 face."""

    x: float
    y: float
    size: float
    fill: str
    text: str
    cjk: bool = True


@dataclass(frozen=True)
class Frame:
    """A rounded rectangle outline."""

    x: float
    y: float
    w: float
    h: float
    rx: float
    stroke: str
    width: float


@dataclass(frozen=True)
class Dot:
    """A filled circle."""

    cx: float
    cy: float
    r: float
    fill: str


FLOWERS = "梅兰竹菊春夏秋冬"


def flower_face(number: int) -> tuple[Text | Frame | Dot, ...]:
    """1f..8f: the character, coloured by group (flowers red, seasons blue), and its numeral 1–4."""
    colour = RED if number <= 4 else BLUE
    numeral = str((number - 1) % 4 + 1)
    return (
        Dot(66, 78, 34, colour),
        Text(66, 80, 48, "#f5f0eb", numeral, cjk=False),
        Text(156, 228, 200, colour, FLOWERS[number - 1]),
    )


def white_dragon_face() -> tuple[Text | Frame | Dot, ...]:
    """7z 白板: the Chinese white dragon, a blue rectangular frame (outer bold, inner fine)."""
    return (
        Frame(58, 70, 184, 260, 14, BLUE, 16),
        Frame(86, 98, 128, 204, 6, BLUE, 5),
    )


DRAWN_FACES = {**{f"{n}f": flower_face(n) for n in range(1, 9)}, "7z": white_dragon_face()}


def face_svg(shapes: tuple[Text | Frame | Dot, ...]) -> str:
    parts = []
    for s in shapes:
        if isinstance(s, Text):
            family = CJK_FAMILY if s.cjk else DIGIT_FAMILY
            parts.append(
                f'<text x="{s.x}" y="{s.y}" font-size="{s.size}" font-weight="700" font-family="{family}" '
                f'fill="{s.fill}" text-anchor="middle" dominant-baseline="central">{s.text}</text>'
            )
        elif isinstance(s, Frame):
            parts.append(
                f'<rect x="{s.x}" y="{s.y}" width="{s.w}" height="{s.h}" rx="{s.rx}" fill="none" '
                f'stroke="{s.stroke}" stroke-width="{s.width}"/>'
            )
        else:
            parts.append(f'<circle cx="{s.cx}" cy="{s.cy}" r="{s.r}" fill="{s.fill}"/>')
    return "".join(parts).replace(".0\"", "\"")


def draw_face_png(shapes: tuple[Text | Frame | Dot, ...], base: object, fonts: Fonts) -> object:
    """Draw ``shapes`` on ``base`` (a 600×800 Front image: scale 2 from the 300×400 design)."""
    from PIL import ImageDraw

    img = base.copy()  # type: ignore[attr-defined]
    draw = ImageDraw.Draw(img)
    k = img.width / 300
    for s in shapes:
        if isinstance(s, Text):
            font = fonts.cjk(int(s.size * k)) if s.cjk else fonts.digits(int(s.size * k))
            draw.text((s.x * k, s.y * k), s.text, fill=s.fill, font=font, anchor="mm")
        elif isinstance(s, Frame):
            box = (s.x * k, s.y * k, (s.x + s.w) * k, (s.y + s.h) * k)
            draw.rounded_rectangle(box, radius=s.rx * k, outline=s.stroke, width=round(s.width * k))
        else:
            draw.ellipse(((s.cx - s.r) * k, (s.cy - s.r) * k, (s.cx + s.r) * k, (s.cy + s.r) * k), fill=s.fill)
    return img


class Fonts:
    """The fonts Pillow draws our faces with: a bold CJK serif (Noto Serif CJK SC) and a bold serif."""

    def __init__(self) -> None:
        self.cjk_file, self.cjk_index = _fc_match("Noto Serif CJK SC:style=Bold")
        self.digit_file, self.digit_index = _fc_match("DejaVu Serif:style=Bold")

    def cjk(self, size: int) -> object:
        from PIL import ImageFont

        return ImageFont.truetype(self.cjk_file, size, index=self.cjk_index)

    def digits(self, size: int) -> object:
        from PIL import ImageFont

        return ImageFont.truetype(self.digit_file, size, index=self.digit_index)


def _fc_match(pattern: str) -> tuple[str, int]:
    if not shutil.which("fc-match"):
        sys.exit("fc-match (fontconfig) is needed to find the fonts; install fontconfig and fonts-noto-cjk")
    out = subprocess.run(["fc-match", "-f", "%{file}:%{index}", pattern], capture_output=True, text=True, check=True)
    file, _, index = out.stdout.rpartition(":")
    family = subprocess.run(["fc-query", "-i", index, "-f", "%{family}", file], capture_output=True, text=True)
    wanted = pattern.split(":")[0]
    if wanted not in family.stdout:
        sys.exit(f"font {wanted!r} not installed (found {family.stdout!r}); Debian: apt-get install fonts-noto-cjk")
    return file, int(index)


# --- SVG minifier -----------------------------------------------------------------------------------

_INHERITED_DEFAULTS = {
    "fill": "#000000", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
    "stroke-opacity": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
    "stroke-dasharray": "none", "stroke-dashoffset": "0",
}
_OWN_DEFAULTS = {"opacity": "1", "stop-opacity": "1", "filter": "none", "mask": "none", "clip-path": "none"}
_INHERITED = set(_INHERITED_DEFAULTS) | {
    "color-interpolation-filters", "font-style", "font-weight", "font-size", "font-family", "letter-spacing",
    "word-spacing",
}
_DROPPED_PROPERTIES = {"line-height"}  # not an SVG 1.1 presentation attribute; no text in the set
_SHAPES = {"path", "circle", "ellipse", "rect", "line", "polyline", "polygon"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_URL_REF = re.compile(r"url\(#([^)]+)\)")
_ROUNDED = {"x": 2, "y": 2, "width": 2, "height": 2, "cx": 2, "cy": 2, "r": 2, "rx": 2, "ry": 2,
            "stdDeviation": 2, "offset": 3, "stroke-width": 2, "opacity": 3, "fill-opacity": 3,
            "stroke-opacity": 3, "stop-opacity": 3}
_LONG_HEX = re.compile(r"#([0-9a-fA-F])\1([0-9a-fA-F])\2([0-9a-fA-F])\3\b")


def _tag(el: ET.Element) -> str:
    return el.tag.split("}")[1] if el.tag.startswith("{") else el.tag


def _is_svg(el: ET.Element) -> bool:
    return el.tag.startswith("{" + SVG_NS + "}")


def fmt(number: str | float, places: int) -> str:
    """A number rounded to ``places`` decimals in its shortest form: ``fmt(-0.50, 2) == '-.5'``."""
    text = f"{round(float(number), places):.{places}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    if text.startswith("0."):
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text


def minify_path(d: str, places: int = 2) -> str:
    out: list[str] = []
    prev = ""
    for token in _PATH_TOKEN.findall(d):
        if token.isalpha():
            out.append(token)
            prev = token
            continue
        number = fmt(token, places)
        needs_gap = prev and not prev.isalpha() and not number.startswith("-")
        if needs_gap and number.startswith(".") and "." in prev:
            needs_gap = False
        out.append((" " if needs_gap else "") + number)
        prev = number
    return "".join(out)


def minify_transform(value: str) -> str | None:
    value = _NUMBER.sub(lambda m: fmt(m.group(), 4), value).replace(" ", ",")
    value = re.sub(r",+", ",", value)
    if re.fullmatch(r"translate\(0(,0)?\)", value) or value == "matrix(1,0,0,1,0,0)":
        return None
    return value


def _strip_editor_data(el: ET.Element) -> None:
    for child in list(el):
        if not _is_svg(child) or _tag(child) in ("metadata", "title", "desc"):
            el.remove(child)
        else:
            _strip_editor_data(child)
    for key in list(el.attrib):
        if key.startswith("{") and not key.startswith("{" + XLINK_NS + "}"):
            del el.attrib[key]
        elif key in ("version", "color") or (key == "type" and _tag(el) == "g"):
            del el.attrib[key]
    href = el.attrib.pop("{" + XLINK_NS + "}href", None)
    if href is not None:
        el.set("href", href)


def _use_targets(root: ET.Element) -> set[str]:
    return {el.get("href", "")[1:] for el in root.iter() if el.get("href", "").startswith("#")}


def _styles_to_attributes(el: ET.Element, inherited: dict[str, str], keep_all: bool, use_targets: set[str]) -> None:
    """Turn ``style`` into presentation attributes, dropping values that change nothing.

    Inside anything referenced by ``<use>`` every value is kept (the clone inherits from the use).
    """
    keep_all = keep_all or el.get("id") in use_targets
    props = dict(inherited)
    declared: dict[str, str] = {}
    for item in el.attrib.pop("style", "").split(";"):
        name, _, value = item.partition(":")
        name, value = name.strip(), value.strip()
        if name and name not in _DROPPED_PROPERTIES:
            declared[name] = value
    for name in [k for k in list(el.attrib) if k in _INHERITED or k in _OWN_DEFAULTS]:
        declared.setdefault(name, el.attrib.pop(name))
    for name, value in declared.items():
        redundant = (name in _INHERITED and props.get(name, _INHERITED_DEFAULTS.get(name)) == value) or (
            _OWN_DEFAULTS.get(name) == value
        )
        if name.startswith("stroke") and name != "stroke" and _tag(el) in _SHAPES:
            redundant = redundant or declared.get("stroke", props.get("stroke", "none")) == "none"
        if keep_all or not redundant:
            el.set(name, value)
        if name in _INHERITED:
            props[name] = value
    for child in el:
        _styles_to_attributes(child, props, keep_all, use_targets)


def _round_numbers(el: ET.Element) -> None:
    for node in el.iter():
        for key, value in list(node.attrib.items()):
            if key == "d":
                node.set(key, minify_path(value))
            elif key in ("transform", "patternTransform", "gradientTransform"):
                small = minify_transform(value)
                if small is None:
                    del node.attrib[key]
                else:
                    node.set(key, small)
            elif key in _ROUNDED and re.fullmatch(rf"{_NUMBER.pattern}(?:[ ,]+{_NUMBER.pattern})*", value):
                node.set(key, " ".join(fmt(n, _ROUNDED[key]) for n in _NUMBER.findall(value)))
            elif value.startswith("#"):
                node.set(key, _LONG_HEX.sub(r"#\1\2\3", value).lower())
        if _tag(node) != "text":
            node.text = node.text.strip() or None if node.text else None
        node.tail = node.tail.strip() or None if node.tail else None


def _prefix_ids(el: ET.Element, prefix: str) -> None:
    for node in el.iter():
        if "id" in node.attrib:
            node.set("id", prefix + node.get("id", ""))
        for key, value in list(node.attrib.items()):
            if key == "href" and value.startswith("#"):
                node.set(key, "#" + prefix + value[1:])
            elif "url(#" in value:
                node.set(key, _URL_REF.sub(lambda m: f"url(#{prefix}{m.group(1)})", value))


def _references(el: ET.Element) -> set[str]:
    found: set[str] = set()
    for node in el.iter():
        for key, value in node.attrib.items():
            if key == "href" and value.startswith("#"):
                found.add(value[1:])
            found.update(_URL_REF.findall(value))
    return found


@dataclass
class Part:
    """One source SVG after cleaning: its definitions and its drawing (layers with their transforms)."""

    defs: list[ET.Element]
    body: list[ET.Element]


def _open_mask_regions(root: ET.Element) -> None:
    """Give user-space masks an explicit region covering the drawing.

    Inkscape ignores a mask's default region (-10%/120% of the viewport), browsers do not: FluffyStuff's
    bevel highlight lies at y 652…1053 in its layer's coordinates, outside that region, so browsers
    drew no highlight at all. An explicit region makes browsers draw what Inkscape (and the PNGs) show.
    """
    for mask in root.iter(f"{{{SVG_NS}}}mask"):
        if mask.get("maskUnits") == "userSpaceOnUse" and "width" not in mask.attrib:
            mask.attrib.update({"x": "-2000", "y": "-2000", "width": "6000", "height": "6000"})


def load_part(path: Path, prefix: str) -> Part:
    root = ET.parse(path).getroot()
    _strip_editor_data(root)
    _open_mask_regions(root)
    _styles_to_attributes(root, {}, False, _use_targets(root))
    _round_numbers(root)
    _prefix_ids(root, prefix)
    defs: list[ET.Element] = []
    body: list[ET.Element] = []
    for child in root:
        (defs.extend(list(child)) if _tag(child) == "defs" else body.append(child))
    return Part(defs, body)


def _collapse_groups(el: ET.Element) -> None:
    """Drop empty groups and splice attribute-less groups into their parent."""
    for child in list(el):
        _collapse_groups(child)
    index = 0
    while index < len(el):
        child = el[index]
        if _tag(child) == "g" and len(child) == 0:
            el.remove(child)
            continue
        if _tag(child) == "g" and not child.attrib:
            el.remove(child)
            for offset, grandchild in enumerate(list(child)):
                el.insert(index + offset, grandchild)
            continue
        index += 1


def compose_svg(parts: list[Part], extra: str = "") -> str:
    """One minified SVG of ``parts`` drawn in order, then the raw SVG markup ``extra`` on top."""
    root = ET.Element(f"{{{SVG_NS}}}svg", {"viewBox": "0 0 300 400", "width": "300", "height": "400"})
    body = ET.SubElement(root, f"{{{SVG_NS}}}g")
    for part in parts:
        body.extend(part.body)
    all_defs = {d.get("id"): d for part in parts for d in part.defs if d.get("id")}
    wanted = _references(body)
    kept: dict[str, ET.Element] = {}
    while wanted - set(kept):
        for ref in sorted(wanted - set(kept)):
            if ref in all_defs:
                kept[ref] = all_defs[ref]
                wanted |= _references(all_defs[ref])
            else:
                kept[ref] = ET.Element("missing")
    kept = {k: v for k, v in kept.items() if v.tag != "missing"}
    if kept:
        defs = ET.Element(f"{{{SVG_NS}}}defs")
        defs.extend(kept.values())
        root.insert(0, defs)
    _shorten_ids(root)
    _collapse_groups(root)
    text = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    text = text.replace(' xmlns:ns0="' + SVG_NS + '"', "").replace(" />", "/>")
    if extra:
        text = text[: -len("</svg>")] + extra + "</svg>"
    return text


def _shorten_ids(root: ET.Element) -> None:
    """Remove ids nothing refers to and rename the rest a, b, c …"""
    used = _references(root)
    names: dict[str, str] = {}
    for node in root.iter():
        old = node.get("id")
        if old is None:
            continue
        if old not in used:
            del node.attrib["id"]
            continue
        names[old] = _short_name(len(names))
        node.set("id", names[old])
    for node in root.iter():
        for key, value in list(node.attrib.items()):
            if key == "href" and value[1:] in names:
                node.set(key, "#" + names[value[1:]])
            elif "url(#" in value:
                node.set(key, _URL_REF.sub(lambda m: f"url(#{names.get(m.group(1), m.group(1))})", value))


def _short_name(n: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    name = letters[n % 26]
    while n >= 26:
        n = n // 26 - 1
        name = letters[n % 26] + name
    return name


# --- the build --------------------------------------------------------------------------------------


def build_svgs(source: Path) -> dict[str, str]:
    svg_dir = source / "Regular" / "svg"
    out: dict[str, str] = {}
    for name, face in SOURCE_FACES.items():
        out[name] = compose_svg([load_part(svg_dir / "Front.svg", "f"), load_part(svg_dir / f"{face}.svg", "t")])
    for name, shapes in DRAWN_FACES.items():
        out[name] = compose_svg([load_part(svg_dir / "Front.svg", "f")], face_svg(shapes))
    out["back"] = compose_svg([load_part(svg_dir / "Back.svg", "b")])
    return out


def build_pngs(source: Path, target: Path) -> list[str]:
    from PIL import Image

    png_dir = source / "Regular" / "png"
    front = Image.open(png_dir / "Front.png").convert("RGBA")
    target.mkdir(parents=True, exist_ok=True)
    fonts = Fonts()
    written = []
    for name, face in SOURCE_FACES.items():
        tile = front.copy()
        tile.alpha_composite(Image.open(png_dir / f"{face}.png").convert("RGBA"))
        written.append(_save_png(tile, target / f"{name}.png"))
    for name, shapes in DRAWN_FACES.items():
        written.append(_save_png(draw_face_png(shapes, front, fonts), target / f"{name}.png"))
    written.append(_save_png(Image.open(png_dir / "Back.png").convert("RGBA"), target / "back.png"))
    return written


def _save_png(image: object, path: Path) -> str:
    from PIL import Image

    small = image.resize(PNG_SIZE, Image.Resampling.LANCZOS)  # type: ignore[attr-defined]
    small.save(path, optimize=True)
    return path.name


SPRITE_NAMES = (
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)] + ["back"]
)


def build_sprite(svgs: dict[str, str]) -> str:
    """One SVG holding every tile side by side (300 wide each), with a ``<view>`` per tile named like its file.

    The tile front (the blank tile every face is drawn on) is the same in most tiles: it is kept once, as
    ``<g id="front">``, and each of those tiles draws it with ``<use href="#front"/>``.

    >>> one = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><g id="a" filter="url(#a)"/></svg>'
    >>> out = build_sprite({"1m": one})
    >>> '<view id="1m" viewBox="0 0 300 400"/>' in out, 'id="1m-a" filter="url(#1m-a)"' in out
    (True, True)
    >>> front = '<defs><filter id="a"/></defs><g filter="url(#a)"><rect width="300" height="400"/></g>'
    >>> two = {n: one.replace('<g id="a" filter="url(#a)"/>', front + f'<path d="M{i} 0h1"/>')
    ...        for i, n in enumerate(("1m", "2m"))}
    >>> out = build_sprite(two)
    >>> out.count("<rect"), out.count('<use href="#front"/>'), 'filter="url(#front-a)"' in out
    (1, 2, True)
    """
    bodies = {}
    for name, text in svgs.items():
        body = re.sub(r"^<svg[^>]*>|</svg>\s*$", "", text.strip())
        body = re.sub(r'\bid="([^"]+)"', lambda m, n=name: f'id="{n}-{m.group(1)}"', body)
        body = re.sub(r"url\(#([^)]+)\)", lambda m, n=name: f"url(#{n}-{m.group(1)})", body)
        body = re.sub(r'href="#([^"]+)"', lambda m, n=name: f'href="#{n}-{m.group(1)}"', body)
        # the numbers stay as the tile's SVG has them: rounded further, relative path steps add up their
        # errors and rotation matrices lose their angle (glyphs come out bent)
        bodies[name] = body
    shared, fronts = _shared_front(bodies)
    parts = [f'<defs><g id="front">{shared}</g></defs>'] if shared else []
    for i, (name, body) in enumerate(bodies.items()):
        if name in fronts:
            body = '<use href="#front"/>' + body[len(fronts[name]):]
        x = 300 * i
        parts.append(f'<view id="{name}" viewBox="{x} 0 300 400"/>'
                     f'<svg x="{x}" width="300" height="400" viewBox="0 0 300 400">{body}</svg>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {300 * len(svgs)} 400">{ONLY_THE_VIEWED}'
            + "".join(parts) + "</svg>")


ONLY_THE_VIEWED = "<style>:root:has(view:target)>svg:not(view:target+svg){display:none}</style>"
"""Drawn through a view (``sprite.svg#5m``), the sprite lays out and paints that tile alone: a browser draws
an image of the sprite by running the whole document (all 43 tiles, their filters and text) for each
``<img>`` it paints, ~1 s for the ~70 tiles of a result page on a phone-sized CPU; with the other tiles
``display:none`` it is a tenth of that. A browser that knows neither ``:has`` nor ``:target`` here drops
the rule and draws every tile, as without it."""


_FRONT = re.compile(r"(?:<defs>.*?</defs>)?<g\b[^>]*>.*?</g>", re.S)


def _shared_front(bodies: dict[str, str]) -> tuple[str | None, dict[str, str]]:
    """The drawing most tiles begin with (their ``<defs>`` and first group, ids unprefixed to ``front-``) and,
    for each tile that begins with it, its own copy to replace; (None, {}) when no two tiles share one.
    A tile whose other parts refer to an id of that drawing keeps its own copy."""
    found: dict[str, tuple[str, str]] = {}
    for name, body in bodies.items():
        m = _FRONT.match(body)
        if m is None:
            continue
        own = m.group(0)
        try:
            ET.fromstring(f'<svg xmlns="{SVG_NS}">{own}</svg>')  # a whole drawing, not a cut through one
        except ET.ParseError:
            continue
        ids = re.findall(rf'\bid="{re.escape(name)}-([^"]+)"', own)
        rest = body[len(own):]
        if any(f"#{name}-{i}" in rest for i in ids):
            continue
        found[name] = (own, own.replace(f'"{name}-', '"front-').replace(f"#{name}-", "#front-"))
    counts: dict[str, int] = {}
    for _, common in found.values():
        counts[common] = counts.get(common, 0) + 1
    best = max(counts, key=lambda c: counts[c], default=None)
    if best is None or counts[best] < 2:
        return None, {}
    return best, {name: own for name, (own, common) in found.items() if common == best}


def write_sprite(out: Path) -> int:
    """Build ``sprite.svg`` in ``out`` from the tiles' SVGs there; its size in bytes."""
    text = build_sprite({name: (out / f"{name}.svg").read_text(encoding="utf-8") for name in SPRITE_NAMES})
    (out / "sprite.svg").write_text(text + "\n", encoding="utf-8")
    return len(text.encode())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "tiles" / "fluffystuff",
                        help="the FluffyStuff riichi-mahjong-tiles checkout (commit 26e127b)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--no-png", action="store_true", help="only rebuild the SVGs (no font needed)")
    parser.add_argument("--sprite-only", action="store_true", help="only rebuild sprite.svg from the tiles' SVGs")
    args = parser.parse_args(argv)
    if args.sprite_only:
        print(f"wrote {args.out / 'sprite.svg'} ({write_sprite(args.out) // 1024} KiB)")
        return 0
    if not (args.source / "Regular" / "svg" / "Front.svg").exists():
        parser.error(f"{args.source} is not a FluffyStuff riichi-mahjong-tiles checkout")
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, text in build_svgs(args.source).items():
        (args.out / f"{name}.svg").write_text(text + "\n", encoding="utf-8")
        total += len(text.encode())
    print(f"wrote 43 SVGs to {args.out} ({total // 1024} KiB in all)")
    print(f"wrote {args.out / 'sprite.svg'} ({write_sprite(args.out) // 1024} KiB)")
    if not args.no_png:
        names = build_pngs(args.source, args.out / "png")
        print(f"wrote {len(names)} PNGs ({PNG_SIZE[0]}×{PNG_SIZE[1]}) to {args.out / 'png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
