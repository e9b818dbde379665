"""The result section drawn in Python (calculator/result_html.py) writes what Django's template engine wrote:
each value escaped as ``{{ value }}`` escapes it, each of the site's texts as ``{% translate %}`` writes it."""

from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from calculator import result_html
from calculator.tiles_view import GroupView, HandView, hand_html, tile_view

LANGUAGES = ("zh-hans", "zh-hant", "en")

VALUES = [
    "plain", "a & b <i>'x'</i> \"y\"", "", "中文 · 番", mark_safe("<b>kept</b> &amp;"), gettext_lazy("Total"),
    0, 8, -16, 10**6, Fraction(45, 2), Fraction(4, 1), 22.5, None, True, False,
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_value_is_written_as_the_template_writes_it(language):
    with translation.override(language):
        for value in VALUES:
            assert result_html._text(value) == Template("{{ v }}").render(Context({"v": value})), repr(value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_text_is_written_as_translate_writes_it(language):
    with translation.override(language):
        words = result_html._words(translation.get_language())
        for name, message in result_html._MESSAGES.items():
            literal = message.replace('"', '\\"')
            expected = Template('{% load i18n %}{% translate "' + literal + '" %}').render(Context())
            assert words[name] == expected, name


def test_a_texts_quote_is_not_escaped_as_a_value_would_be():
    with translation.override("en"):
        words = result_html._words(translation.get_language())
    assert "system's verdict" in words["step3"]


def test_a_hand_drawn_in_python_is_the_partial():
    view = HandView((GroupView((tile_view("5m"), tile_view("5m", winning=True)), "group group--<pair>", "将 & <i>",
                               "Pair & <i>"),), 'a "row" & <b>', 'an "row" & <b>')
    for language in LANGUAGES:
        with translation.override(language):
            expected = Template('{% include "_hand.html" %}').render(Context({"hand": view}))
            assert hand_html(view) == expected
