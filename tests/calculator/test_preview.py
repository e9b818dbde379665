"""The preview image of a share link (calculator/preview.py)."""

import io

import pytest
from PIL import Image

from calculator import preview
from calculator.tiles_view import HandView, TileView, hand_view
from rulesets.notation import parse_hand

LINES = [
    preview.SystemLine("国标麻将", "32 番", "大四喜 88 · 字一色 64", True),
    preview.SystemLine("四川麻将", "不成和", "缺一门", False),
]


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.mark.parametrize(
    "hand",
    [
        "123m456p789s1122z1z",
        "[1111z][2222z6][3333z][4444z7]1m1m|EE0000|abcdefgh",
        "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
    ],
    ids=["fourteen-tiles", "four-kongs-and-eight-flowers", "melds-and-flowers"],
)
def test_the_preview_is_a_1200_by_630_png_for_any_hand(hand):
    image = _open(preview.render_preview(hand_view(parse_hand(hand)), LINES, "footer"))
    assert (image.format, image.size) == ("PNG", preview.SIZE) == ("PNG", (1200, 630))


def test_the_preview_draws_the_tiles_over_the_felt():
    image = _open(preview.render_preview(hand_view(parse_hand("123m456p789s1122z1z")), LINES)).convert("RGB")
    assert image.getpixel((5, 5)) == preview.FELT
    tile_row = [image.getpixel((x, preview.MARGIN + 60)) for x in range(0, 1200, 4)]
    assert sum(1 for p in tile_row if p != preview.FELT) > 100  # tile faces cross the middle of the row


def test_the_winning_tile_is_outlined_in_gold():
    image = _open(preview.render_preview(hand_view(parse_hand("1m1m")), [])).convert("RGB")
    assert preview.GOLD in {image.getpixel((x, y)) for x in range(0, 1200, 2) for y in range(0, 200, 2)}


def test_an_empty_row_and_no_lines_still_give_an_image():
    image = _open(preview.render_preview(HandView(()), [], ""))
    assert image.size == (1200, 630)


def test_text_too_long_for_the_image_is_shortened_not_overflowing():
    long = preview.SystemLine("国标麻将" * 30, "88 番" * 40, " · ".join(["大四喜 88"] * 200), True)
    image = _open(preview.render_preview(hand_view(parse_hand("1m1m")), [long] * 6, "x" * 5000))
    assert image.size == (1200, 630)


def test_fit_adds_an_ellipsis_only_when_needed():
    draw = preview.ImageDraw.Draw(Image.new("RGB", (10, 10)))
    font = preview.font(20)
    assert preview._fit(draw, "short", font, 500) == "short"
    fitted = preview._fit(draw, "word " * 100, font, 200)
    assert fitted.endswith("…") and draw.textlength(fitted, font=font) <= 200


def test_a_tile_without_art_is_drawn_face_down_rather_than_failing():
    odd = HandView((preview.GroupView((TileView("9z", "?", "?"),)),))
    assert _open(preview.render_preview(odd, LINES)).size == (1200, 630)


def test_without_a_cjk_font_pillows_own_font_draws_english(monkeypatch):
    monkeypatch.setattr(preview, "_font_candidates", lambda: [("/nonexistent/font.ttc", 0)])
    preview.cjk_font_file.cache_clear()
    preview.font.cache_clear()
    try:
        assert not preview.can_draw_chinese()
        lines = [preview.SystemLine("Chinese Official (MCR)", "32 fan", "Big Four Winds 88", True)]
        image = _open(preview.render_preview(hand_view(parse_hand("123m456p789s1122z1z")), lines, "footer"))
        assert image.size == (1200, 630)
    finally:
        preview.cjk_font_file.cache_clear()
        preview.font.cache_clear()


def test_a_configured_font_is_tried_first(settings):
    settings.PREVIEW_FONT = "/some/where/MyFont.ttf"
    assert preview._font_candidates()[0] == ("/some/where/MyFont.ttf", 0)
