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


SUMMARY_TEMPLATE = (
    "{% load i18n %}\n"
    '<div id="summary" class="summary-bar"{% if oob %} hx-swap-oob="true"{% endif %} data-hand="{{ hand_text }}" '
    "data-code=\"{{ share_code|default:'' }}\">\n"
    '  <p class="summary-bar__totals" id="summary-totals">{% if results %}{% for r in summary_results %}'
    '<a class="summary-bar__item{% if not r.valid %} is-invalid{% endif %}" href="#r-{{ r.id }}">{{ r.name }} '
    "{% if r.valid %}<strong>{{ r.total }}</strong> {{ r.unit }}{% if r.gain is not None %} · {{ r.winner }} "
    '<strong class="summary-bar__net">+{{ r.gain }}</strong>{% endif %}{% else %}{{ r.not_a_win }}{% endif %}</a>'
    '{% endfor %}{% if summary_more %}<a class="summary-bar__item summary-bar__more" href="#compare-h">'
    "{% blocktranslate count n=summary_more %}+ {{ n }} compared{% plural %}+ {{ n }} compared{% endblocktranslate %}"
    '</a>{% endif %}{% elif mode_result == "waits" %}<span class="summary-bar__item">'
    "{% blocktranslate count n=wait_rows|length %}Waiting on {{ n }} tile{% plural %}Waiting on {{ n }} tiles"
    '{% endblocktranslate %}</span>{% else %}<span class="summary-bar__item muted">'
    "{% blocktranslate trimmed with n=placed.size full=placed.full %}{{ n }} of {{ full }} tiles"
    "{% endblocktranslate %}</span>{% endif %}</p>\n"
    '  <p class="summary-bar__row"><a class="summary-bar__context" id="context-link" href="#context">'
    '{{ controls.title }}: {{ controls.summary }} <span aria-hidden="true">✎</span></a><button type="button" '
    'id="undo" class="btn btn--quiet btn--small js-only" hidden>{% translate "Undo" %}</button></p>\n</div>\n'
)
"""The summary bar as calculator.html's ``summary`` partial drew it before it was drawn in Python."""


def _row(valid, total, gain, name="国标 <&>"):
    return {"id": "guo<biao>", "name": name, "valid": valid, "total": total, "unit": "番 & <i>", "gain": gain,
            "winner": "东 \"<seat>\"", "not_a_win": "不能和 <&>"}


SUMMARIES = [
    {"results": [_row(True, 8, 32)], "summary_results": [_row(True, 8, 32)], "summary_more": 2,
     "share_code": "v1.<a&b>"},
    {"results": [_row(True, Fraction(45, 2), None), _row(False, None, None)],
     "summary_results": [_row(True, Fraction(45, 2), None), _row(False, None, None)], "summary_more": 0,
     "share_code": None},
    {"results": [_row(False, 4, None)], "summary_results": [_row(False, 4, None)], "summary_more": 1},
    {"results": [], "mode_result": "waits", "wait_rows": [{}], "summary_results": []},
    {"results": [], "mode_result": "waits", "wait_rows": [{}, {}, {}]},
    {"results": [], "placed": {"size": 3, "full": 14}},
    {"results": [], "placed": {"size": 1, "full": 8}, "hand_text": 'a "b" <c> & d'},
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_summary_drawn_in_python_is_the_partial(language):
    controls = {"title": "How it was won <&>", "summary": '东风圈 · "点和"'}
    with translation.override(language):
        for summary in SUMMARIES:
            for oob in (False, True):
                context = {"hand_text": "123m<>", "controls": controls, "oob": oob, **summary}
                expected = Template(SUMMARY_TEMPLATE).render(Context(context))
                assert result_html.summary_html(context) == expected, (summary, oob)


@pytest.mark.parametrize("code", ["v1.123m~guobiao", "a b", "中文", "%41", "x?y#z", "'&<>\"", "a\nb", "/x", ""])
def test_a_share_codes_address_is_the_one_reverse_writes(code):
    from django.urls import NoReverseMatch, reverse

    from calculator.markup import path

    for name in ("share", "share-qr"):
        try:
            expected = reverse(name, args=[code])
        except NoReverseMatch:
            with pytest.raises(NoReverseMatch):
                path(name, code)
            continue
        assert path(name, code) == expected
    assert path("calculator") == reverse("calculator") and path("ledger-add") == reverse("ledger-add")


@pytest.mark.parametrize("value", ["", "平和 1m", "&", "<", ">", '"', "'", "a&b<c>d\"e'f", "&amp;", "x" * 50 + "'"])
def test_text_is_escaped_as_the_template_escapes_it(value):
    import html

    from calculator.markup import escape, text

    assert escape(value) == text(value) == html.escape(value)
    assert text(mark_safe(value)) == value


def test_a_fans_definition_link_tells_safe_text_from_text():
    safe, plain = mark_safe("<b>平和</b>"), "<b>平和</b>"
    assert "<b>平和</b>" in result_html._definition_link("/f", safe)
    assert "&lt;b&gt;平和&lt;/b&gt;" in result_html._definition_link("/f", plain)
    assert "<b>平和</b>" in result_html._definition_link("/f", safe)


def test_a_payments_words_follow_the_active_language():
    from django.utils.translation import gettext

    from calculator.results import _payment_text

    for language in LANGUAGES:
        with translation.override(language):
            assert _payment_text(8, "东") == gettext("+%(amount)s from %(other)s") % {"amount": "8", "other": "东"}
            assert _payment_text(Fraction(-5, 2), "东") == gettext("−%(amount)s to %(other)s") % {
                "amount": "2.5", "other": "东"}
    with translation.override("en"):
        english = _payment_text(8, "East")
    with translation.override("zh-hans"):
        assert _payment_text(8, "East") != english


@pytest.mark.parametrize("value", ["v1.123m~guobiao", "", "a b", "中文", "%41", "x?y#z", "a/b", "'&<>\"", "-._~"])
def test_a_text_is_quoted_as_urllib_quotes_it(value):
    from urllib.parse import quote

    from calculator.markup import quoted

    assert quoted(value) == quote(value) and quoted(value, "~:@") == quote(value, safe="~:@")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fan_rows_head_made_with_the_row_is_the_one_the_card_would_make(language):
    from calculator import results
    from rulesets.engine import build_request

    hands = ["123m456p789s111z22z", "[123m]456p789s111z2z2z", "19m19p19s1234567z1m", "11223344556677m"]
    with translation.override(language):
        for hand in hands:
            request = build_request(hand)
            context = results.cards_context(request, results.score_each(request))
            rows = [f for r in context["results"] for f in r["fans"]]
            assert rows and all(f["head"] == result_html.fan_head(f["name"], f["definition"], f["definition_label"])
                                for f in rows)
            drawn = result_html.results_html(context)
            for r in context["results"]:
                r["fans"] = [{k: v for k, v in f.items() if k != "head"} for f in r["fans"]]
            assert result_html.results_html(context) == drawn
            # a row without its head escapes its name, and writes a value that is no int as the template does
            row = {**context["results"][0]["fans"][0], "name": "<b>&</b>", "value": Fraction(5, 2), "count": 2}
            context["results"][0]["fans"][0] = row
            drawn = result_html.results_html(context)
            assert "&lt;b&gt;&amp;&lt;/b&gt;" in drawn and "<b>&</b>" not in drawn
            assert f'<td class="num">{result_html._text(Fraction(5, 2))} × 2</td>' in drawn
