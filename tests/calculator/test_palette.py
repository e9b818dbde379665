"""The placed tiles (calculator/palette.py): their markup is drawn with what it was drawn from, which the ``placed``
part's signature encodes instead of the markup, so equal inputs must mean the same markup."""

from contextlib import nullcontext

from django.test import override_settings
from django.utils import translation
from django.utils.safestring import SafeString

from calculator import editor, palette, parts
from calculator.keyed import Drawn
from calculator.lang import system_words
from rulesets.registry import get_ruleset

HANDS = ["", "1m", "9m1m", "123m", "[123m2]456p", "[123m1][123m3]11z", "[555p3]123m", "[555p1]123m", "[7777s]1m",
         "[7777s5]11m", "[7777s1]11m", "[123m2][555p1]9s8s7s2z2z", "123m456p789s345m22z", "123m456p789s345m2z2z",
         "123m456p789s22z345m", "1112345678999m1m", "1112345678999m9m", "1112345678999m"]


def _drawings():
    """The placed tiles of every hand above, full at 14 or at 17, with each spelling of "win", in each language and,
    on a 繁體 page, in 香港's own words too."""
    for language in ("en", "zh-hans", "zh-hant"):
        with translation.override(language):
            for words in (None, get_ruleset("hongkong")):
                with system_words(words) if words else nullcontext():
                    for hu in (False, True):
                        for text in HANDS:
                            for full in (14, 17):
                                hand = editor.read(text, full)
                                yield palette.placed_context(hand if text else None, full, hu)["tiles_html"]


def test_the_placed_tiles_are_drawn_from_their_inputs_alone():
    drawn: dict[object, str] = {}
    for tiles in _drawings():
        assert isinstance(tiles, Drawn)
        assert drawn.setdefault(tiles.inputs, str(tiles)) == str(tiles), tiles.inputs  # equal inputs, same markup
    assert len(set(drawn.values())) > 50  # the drawings differ: the test tells something apart


def test_the_placed_tiles_drawn_under_other_static_settings_have_other_inputs():
    hand = editor.read("[123m2]456p")
    before = palette.placed_context(hand)["tiles_html"]
    with override_settings(STATIC_URL="/elsewhere/"):
        after = palette.placed_context(hand)["tiles_html"]
    assert "/elsewhere/" in after and str(before) != str(after)
    assert before.inputs != after.inputs
    assert parts.encode(before) != parts.encode(after)


def test_a_drawing_is_encoded_as_its_inputs_and_told_apart_from_other_markup():
    assert parts.encode(Drawn("<b>a</b>", (1, "x"))) == parts.encode(Drawn("<b>a</b>", (1, "x")))
    distinct = [Drawn("<b>a</b>", (1, "x")), Drawn("<b>a</b>", (2, "x")), Drawn("<b>a</b>", ((1, "x"),)),
                SafeString("<b>a</b>"), "<b>a</b>", (1, "x")]
    assert len({parts.encode(v) for v in distinct}) == len(distinct)


def test_the_placed_part_of_a_state_is_signed_by_what_it_draws():
    # two states of the placed part with one signature draw the same markup (calculator/parts.py)
    seen: dict[str, str] = {}
    for tiles in _drawings():
        hand_context = {"size": 0, "full": 14, "text": "", "winning": False, "win_hint": "", "pack_tokens": "",
                        "tile_tokens": "", "read": "", "tiles_html": tiles}
        page = {"placed": hand_context, "hand_error": None, "notice": "", "left_csv": ""}
        p = parts.part("placed", parts.PARTS["placed"], page, translation.get_language())
        markup = palette.placed_html(p.context, True, p.sig)
        assert seen.setdefault(p.sig, markup) == markup
