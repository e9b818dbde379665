"""Build the CJK font the preview image is drawn with: ``calculator/fonts/NotoSansCJKsc-Bold-subset.otf``.

Source: Noto Sans CJK SC Bold (face 2 of ``NotoSansCJK-Bold.ttc``, version 2.004, © Adobe, SIL Open
Font License 1.1 — ``calculator/fonts/OFL.txt``), as Debian's ``fonts-noto-cjk`` package ships it.
The package need not be installed; download and unpack it anywhere::

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    .venv/bin/python -m pip install fonttools==4.66.1
    .venv/bin/python tools/build_font.py --source /tmp/noto/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc

The subset keeps every character the preview can draw, generated from the project itself: the names of
every registered system, its fans and tiles, the seats, every character of the 中文 catalogs
(``locale/zh_Hans``, ``locale/zh_Hant``), of the 繁體 word table (``locale/zh_Hant/engine_words.json``:
the engine's words in 繁體) and of the engine's and the web layer's sources (reasons, notes, labels), printable
ASCII; plus the 3,755 characters of GB 2312 level 1 (the common hanzi), so that a new fan name rarely
needs a rebuild. ``tests/calculator/test_font.py`` fails when a string the preview draws has a character
the shipped file lacks: run this again then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "calculator" / "fonts" / "NotoSansCJKsc-Bold-subset.otf"
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
SC_FACE = 2  # Noto Sans CJK SC in the Debian collections (JP, KR, SC, TC, HK, then the Mono faces)


def gb2312_level1() -> set[str]:
    """The 3,755 common hanzi of GB 2312 (rows 16–55)."""
    out = set()
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return out


def project_strings() -> list[str]:
    """Names from the engine's tables: systems, fans, tiles, seats, options."""
    from rulesets.hand import Seat
    from rulesets.registry import all_rulesets
    from rulesets.tiles import ALL_TILES, FLOWERS

    out: list[str] = []
    for r in all_rulesets():
        out += [r.zh, r.en, r.unit]
        out += [text for f in r.fans for text in (f.zh, f.en)]
        out += [text for info in r.option_infos() for text in (info.zh, info.en)]
    out += [text for t in (*ALL_TILES, *FLOWERS) for text in (t.zh, t.en)]
    out += [text for s in Seat for text in (s.zh, s.en)]
    return [s for s in out if s]


def source_texts() -> list[str]:
    """The 中文 catalogs, the 繁體 word table and the sources of the engine and the web layer (their messages
    and labels)."""
    locale = ROOT / "locale"
    files = [locale / "zh_Hans" / "LC_MESSAGES" / "django.po", locale / "zh_Hant" / "LC_MESSAGES" / "django.po",
             locale / "zh_Hant" / "engine_words.json"]
    files += sorted((ROOT / "rulesets").rglob("*.py")) + sorted((ROOT / "calculator").rglob("*.py"))
    return [p.read_text(encoding="utf-8") for p in files]


def charset() -> set[str]:
    chars = {chr(c) for c in range(0x20, 0x7F)} | gb2312_level1()
    for text in project_strings() + source_texts():
        chars.update(text)
    return {c for c in chars if c.isprintable()}


def build(source: Path, out: Path = OUT) -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection, TTFont

    font = TTCollection(str(source)).fonts[SC_FACE] if source.suffix == ".ttc" else TTFont(str(source))
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    chars = charset()
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    return len(chars)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="NotoSansCJK-Bold.ttc (or an SC .otf)")
    args = parser.parse_args()
    if not args.source.is_file():
        sys.exit(f"{args.source}: no such font (see this script's docstring to get it)")
    n = build(args.source)
    print(f"{OUT.relative_to(ROOT)}: {n} characters, {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
