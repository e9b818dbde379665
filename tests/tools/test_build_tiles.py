"""The tile-art builder (tools/build_tiles.py): its SVG minifier and the faces it draws."""

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
_spec = importlib.util.spec_from_file_location("build_tiles", ROOT / "tools" / "build_tiles.py")
build_tiles = importlib.util.module_from_spec(_spec)
sys.modules["build_tiles"] = build_tiles  # dataclasses look their module up while the class is made
_spec.loader.exec_module(build_tiles)

SOURCE = ROOT.parent / "shared" / "tiles" / "fluffystuff"
SVG = "http://www.w3.org/2000/svg"


@pytest.mark.parametrize(
    "number, places, text",
    [("0.50", 2, ".5"), ("-0.504", 2, "-.5"), ("-0.001", 2, "0"), ("12.000", 2, "12"), ("1.3e-7", 2, "0"),
     ("451.93806", 4, "451.9381")],
)
def test_numbers_are_written_in_their_shortest_rounded_form(number, places, text):
    assert build_tiles.fmt(number, places) == text


def test_path_data_drops_separators_a_reader_does_not_need():
    written = build_tiles.minify_path("M 10.004,20.5 C -9.6501835,741.99 0.5,0.25 1,-2 Z")
    assert written == "M10 20.5C-9.65 741.99.5.25 1-2Z"


def test_an_identity_transform_is_dropped_and_others_rounded():
    assert build_tiles.minify_transform("translate(-1.3e-7,-1.3e-6)") is None
    assert build_tiles.minify_transform("matrix(-1,0,0,-1,451.93806,1977.887)") == "matrix(-1,0,0,-1,451.9381,1977.887)"


def _part(svg: str, tmp_path: Path, prefix: str = "t"):
    path = tmp_path / f"{prefix}.svg"
    path.write_text(svg, encoding="utf-8")
    return build_tiles.load_part(path, prefix)


def test_styles_become_attributes_and_values_that_change_nothing_are_dropped(tmp_path):
    part = _part(
        f'<svg xmlns="{SVG}"><g style="fill:#ff0000"><path d="M0 0" style="fill:#000000;fill-opacity:1;'
        'stroke:none;stroke-width:3;opacity:1"/></g><path d="M1 1" style="fill:#000000;opacity:0.5"/></svg>',
        tmp_path,
    )
    text = build_tiles.compose_svg([part])
    assert 'fill="#f00"' in text  # the group's red, shortened
    assert '<path d="M0 0" fill="#000"/>' in text  # black kept: it overrides the inherited red
    assert '<path d="M1 1" opacity=".5"/>' in text  # black is the default there: dropped
    assert "style=" not in text and "stroke-width" not in text


def test_whatever_a_use_element_clones_keeps_every_value(tmp_path):
    part = _part(
        f'<svg xmlns="{SVG}" xmlns:xlink="http://www.w3.org/1999/xlink"><path id="p" d="M0 0" style="fill:#000000"/>'
        '<use xlink:href="#p" style="fill:#ff0000"/></svg>',
        tmp_path,
    )
    text = build_tiles.compose_svg([part])
    assert 'fill="#000"' in text and 'href="#a"' in text


def test_unused_definitions_editor_data_and_ids_are_removed(tmp_path):
    part = _part(
        f'<svg xmlns="{SVG}" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><defs>'
        '<filter id="used"><feGaussianBlur stdDeviation="2"/></filter><clipPath id="unused"><rect/></clipPath>'
        '</defs><metadata>x</metadata><!-- note --><g inkscape:label="Layer"><path id="keep-not" d="M0 0" '
        'style="filter:url(#used)"/></g></svg>',
        tmp_path,
    )
    text = build_tiles.compose_svg([part])
    assert "unused" not in text and "clipPath" not in text and "metadata" not in text and "note" not in text
    assert "inkscape" not in text and "keep-not" not in text
    assert '<filter id="a">' in text and 'filter="url(#a)"' in text


def test_two_sources_keep_their_own_definitions(tmp_path):
    a = _part(f'<svg xmlns="{SVG}"><defs><mask id="m"/></defs><path mask="url(#m)" d="M0 0"/></svg>', tmp_path, "f")
    b = _part(f'<svg xmlns="{SVG}"><defs><mask id="m"/></defs><path mask="url(#m)" d="M1 1"/></svg>', tmp_path, "t")
    root = ET.fromstring(build_tiles.compose_svg([a, b]))
    masks = root.findall(f".//{{{SVG}}}mask")
    assert len(masks) == 2 and len({m.get("id") for m in masks}) == 2


def test_user_space_masks_get_a_region_covering_the_drawing(tmp_path):
    part = _part(f'<svg xmlns="{SVG}"><defs><mask id="m" maskUnits="userSpaceOnUse"/></defs>'
                 '<path mask="url(#m)" d="M0 0"/></svg>', tmp_path)
    mask = ET.fromstring(build_tiles.compose_svg([part])).find(f".//{{{SVG}}}mask")
    assert (mask.get("y"), mask.get("height")) == ("-2000", "6000")


def test_the_drawn_faces_are_the_eight_flowers_in_unicode_order_and_the_framed_white_dragon():
    chars = [next(s.text for s in build_tiles.DRAWN_FACES[f"{n}f"] if isinstance(s, build_tiles.Text) and s.cjk)
             for n in range(1, 9)]
    assert "".join(chars) == "梅兰竹菊春夏秋冬"
    numerals = [next(s.text for s in build_tiles.DRAWN_FACES[f"{n}f"] if isinstance(s, build_tiles.Text) and not s.cjk)
                for n in range(1, 9)]
    assert numerals == list("12341234")
    assert all(isinstance(s, build_tiles.Frame) for s in build_tiles.DRAWN_FACES["7z"])


@pytest.mark.skipif(not SOURCE.is_dir(), reason="needs the FluffyStuff checkout ../shared/tiles (build machine only)")
def test_the_shipped_svgs_are_what_the_builder_makes_today():
    built = build_tiles.build_svgs(SOURCE)
    # every tile file is built; sprite.svg is the tiles put together (its own test checks it is fresh)
    assert set(built) == {p.stem for p in (ROOT / "static" / "tiles").glob("*.svg") if p.stem != "sprite"}
    for name, text in built.items():
        assert (ROOT / "static" / "tiles" / f"{name}.svg").read_text(encoding="utf-8") == text + "\n", name


def test_a_view_of_the_sprite_draws_its_tile_alone():
    one = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><path d="M0 0h1"/></svg>'
    out = build_tiles.build_sprite({"1m": one, "2m": one.replace("h1", "h2")})
    root = ET.fromstring(out)
    style = root.find(f"{{{SVG}}}style")
    # the other tiles are hidden only while a view is targeted: the bare sprite still draws every tile
    assert style is not None and style.text == ":root:has(view:target)>svg:not(view:target+svg){display:none}"
    assert list(root)[0] is style  # before the tiles it hides
