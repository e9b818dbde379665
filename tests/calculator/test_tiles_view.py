"""Template views of tiles, melds, hands and decompositions, and the shared partials that draw them."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from PIL import Image

from calculator.tiles_view import (
    GroupView,
    HandView,
    TileView,
    as_small,
    group_view,
    hand_view,
    meld_view,
    shape_view,
    tile_view,
)
from rulesets.hand import KongKind, Meld, MeldKind, Relative
from rulesets.notation import parse_hand
from rulesets.shapes import decompose
from rulesets.tiles import ALL_TILES, FLOWERS, tile

STATIC = Path(__file__).resolve().parent.parent.parent / "static" / "tiles"
NAMES = [str(t) for t in ALL_TILES + FLOWERS] + ["back"]


def _flags(view):
    return [("R" if t.rotated else "") + ("B" if t.back else "") + ("W" if t.winning else "") for t in view.tiles]


@pytest.mark.parametrize(
    "source, expected",
    [(Relative.LEFT, ["R", "", ""]), (Relative.ACROSS, ["", "R", ""]), (Relative.RIGHT, ["", "", "R"])],
    ids=["from-the-left", "from-across", "from-the-right"],
)
def test_a_claimed_pung_turns_the_tile_that_came_from_that_seat(source, expected):
    view = meld_view(Meld(MeldKind.PUNG, tile("5z"), source=source))
    assert _flags(view) == expected
    assert (view.zh, view.en) == ("碰", "Pung")


def test_a_chow_turns_the_claimed_tile():
    assert _flags(meld_view(Meld(MeldKind.CHOW, tile("3s"), source=Relative.LEFT, claimed=2))) == ["", "R", ""]


def test_a_concealed_kong_shows_its_outer_tiles_face_down():
    view = meld_view(Meld(MeldKind.KONG, tile("9p"), kong=KongKind.CONCEALED))
    assert _flags(view) == ["B", "", "", "B"] and view.zh == "暗杠"


def test_an_added_kong_from_the_right_turns_its_last_tile():
    view = meld_view(Meld(MeldKind.KONG, tile("1m"), kong=KongKind.ADDED, source=Relative.RIGHT))
    assert _flags(view) == ["", "", "", "R"] and view.en == "Added kong"


def test_a_hand_lies_as_melds_standing_tiles_the_winning_tile_and_flowers():
    view = hand_view(parse_hand("[CCC,2]321m456p78sSS9s|ES1000|ae"))
    assert [g.kind.split()[0] for g in view.groups] == ["meld", "standing", "winning", "flowers"]
    assert [t.str for t in view.groups[1].tiles][:3] == ["1m", "2m", "3m"]  # sorted
    assert _flags(view.groups[2]) == ["W"]
    assert all(t.small for t in view.groups[3].tiles) and view.tile_count == 3 + 10 + 1 + 2
    assert view.en.startswith("Red Dragon, Red Dragon")


def test_a_decomposition_marks_the_winning_tile_in_its_group():
    hand = parse_hand("123m456p789s1122z1z")
    shape = next(s for s in decompose(hand) if s.kind.value == "standard")
    view = shape_view(shape, hand.winning_tile)
    marked = [g for g in view.groups if any(t.winning for t in g.tiles)]
    assert len(marked) == 1 and [t.str for t in marked[0].tiles] == ["1z", "1z", "1z"]
    assert sum(t.winning for t in marked[0].tiles) == 1


def test_a_decomposition_as_json_draws_the_same_as_the_shape():
    hand = parse_hand("[123m1]456p789s1122z1z")
    shape = decompose(hand)[0]
    assert shape_view(shape.as_dict(), "1z") == shape_view(shape, hand.winning_tile)
    assert group_view(shape.as_dict()["groups"][0]).zh == "吃"


def test_as_small_shrinks_every_tile():
    view = as_small(hand_view(parse_hand("123m456p789s1122z1z")))
    assert all(t.small for g in view.groups for t in g.tiles)


def test_the_tile_partial_draws_the_art_with_a_name_in_the_active_language():
    with translation.override("en"):
        html = render_to_string("_tile.html", {"tile": tile_view("5m", winning=True)})
    assert 'src="/static/tiles/sprite.svg#5m"' in html and 'alt="5 Character (winning tile)"' in html
    assert "tile--winning" in html
    with translation.override("zh-hans"):
        assert 'alt="五万' in render_to_string("_tile.html", {"tile": tile_view("5m")})


def test_the_tile_partial_draws_a_face_down_tile_with_the_back():
    html = render_to_string("_tile.html", {"tile": tile_view("9p", back=True)})
    assert 'src="/static/tiles/sprite.svg#back"' in html and "tile--back" in html


def test_the_hand_partial_draws_every_group_with_its_caption():
    hand = hand_view(parse_hand("[555p3]123m456s789sE E"))
    with translation.override("en"):
        html = render_to_string("_hand.html", {"hand": hand})
    assert html.count('class="tile') == 14
    assert '<small class="hand__caption">Pung</small>' in html
    assert 'role="group" aria-label="5 Dot, 5 Dot, 5 Dot' in html
    hidden = render_to_string("_hand.html", {"hand": hand, "hide_captions": True})
    assert "hand__caption" not in hidden


FLAG_SETS = [{}, {"winning": True}, {"rotated": True}, {"back": True}, {"small": True},
             {"rotated": True, "winning": True, "small": True}]


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_a_tile_view_draws_itself_exactly_as_the_tile_partial_does(lang):
    with translation.override(lang):
        for name in NAMES[:-1]:
            for flags in FLAG_SETS:
                view = tile_view(name, **flags)
                assert view.html == render_to_string("_tile.html", {"tile": view}), (name, flags)


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
@pytest.mark.parametrize("text", ["[555p3]123m456s789sE E", "[CCC,2]321m456p78sSS9s|ES1000|ae", "13m19p19s1234567z1s"])
def test_a_hand_view_draws_itself_exactly_as_the_hand_partial_does(lang, text):
    hand = hand_view(parse_hand(text))
    shape = shape_view(decompose(parse_hand("123m456p789s11122z"))[0], tile("2z"))
    with translation.override(lang):
        for view in (hand, shape):
            assert view.html == render_to_string("_hand.html", {"hand": view})


def test_the_drawn_markup_escapes_every_value():
    view = TileView('<script>"x"</script>', "<b>五</b>", '" onerror="alert(1)')
    group = GroupView((view,), 'standing"><script>', "<i>碰</i>", "<i>Pung</i>")
    hand = HandView((group,), "<zh>", '"><img src=x>')
    with translation.override("en"):
        html = hand.html
        assert html == render_to_string("_hand.html", {"hand": hand})
    assert "<script>" not in html and "<i>" not in html and "<img src=x>" not in html
    assert '" onerror=' not in html and 'alt="&quot; onerror=&quot;alert(1)"' in html


# --- the art itself -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_tile_has_a_minified_svg_and_a_120_by_160_png(name):
    svg = (STATIC / f"{name}.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 300 400"
    assert "inkscape" not in svg and "sodipodi" not in svg and "<!--" not in svg and "\n  " not in svg
    assert not re.search(r"<script|\son\w+=", svg)
    with Image.open(STATIC / "png" / f"{name}.png") as png:
        assert png.size == (120, 160) and png.mode == "RGBA"


def test_the_art_credits_name_the_source_commit_and_licence():
    credits = (STATIC / "CREDITS.md").read_text(encoding="utf-8")
    assert "26e127b" in credits and "CC0" in credits and "FluffyStuff" in credits


def test_the_sprite_holds_every_tile_once_with_a_view_named_like_its_file_and_is_fresh():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("build_tiles", STATIC.parents[1] / "tools" / "build_tiles.py")
    build = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_tiles", build)  # its dataclasses look their module up
    spec.loader.exec_module(build)
    sprite = (STATIC / "sprite.svg").read_text(encoding="utf-8")
    root = ET.fromstring(sprite)
    views = [el.get("id") for el in root if el.tag.endswith("view")]
    assert sorted(views) == sorted(NAMES) == sorted(build.SPRITE_NAMES)
    ids = re.findall(r'\bid="([^"]+)"', sprite)
    assert len(ids) == len(set(ids))  # each tile's ids prefixed with its name: no tile draws another's gradient
    for ref in set(re.findall(r"url\(#([^)]+)\)|href=\"#([^\"]+)\"", sprite)):
        assert (ref[0] or ref[1]) in ids
    svgs = {name: (STATIC / f"{name}.svg").read_text(encoding="utf-8") for name in build.SPRITE_NAMES}
    assert sprite.strip() == build.build_sprite(svgs)  # rebuilt after the tiles: tools/build_tiles.py --sprite-only


@pytest.mark.parametrize("lang, mark, alt", [("zh-hans", "作二万", "六条 (作二万)"),
                                             ("en", "as 2m", "6 Bamboo (as 2 Character)")])
def test_a_wild_is_drawn_as_the_tile_held_with_what_it_plays(lang, mark, alt):
    view = group_view({"kind": "chow", "tiles": ["1m", "2m", "3m"], "wild": [{"tile": "6s", "as": "2m"}]})
    assert [t.str for t in view.tiles] == ["1m", "6s", "3m"] and view.tiles[1].plays == "2m"
    with translation.override(lang):
        html = view.tiles[1].html
        assert f'<small class="tile__plays" aria-hidden="true">{mark}</small>' in html
        assert f'alt="{alt}"' in html and "tile--wild" in html
        assert render_to_string("_tile.html", {"tile": view.tiles[1]}) == html  # both spellings agree
