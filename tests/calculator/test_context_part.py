"""The win-context part drawn in Python (calculator/context_part.py): the declared table fields drawn as
``_table_context.html`` draws them for the setup part, and the part's markup for a few states."""

import re
from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from django.template.loader import get_template
from django.utils import translation

from calculator import context_part, forms, parts, presenters
from rulesets.registry import all_rulesets

HAND = "123m456p789s345m22z"


def _page(lang, **query):
    with translation.override(lang):
        form = forms.CalculatorForm(QueryDict(urlencode(query, doseq=True)))
        form.is_valid()
        return presenters.page_context(form, lambda text: text)


@pytest.mark.parametrize("lang", ["en", "zh-hans", "zh-hant"])
@pytest.mark.parametrize("rules", [r.id for r in all_rulesets()])
def test_the_declared_fields_are_drawn_as_the_setup_part_draws_them(lang, rules):
    page = _page(lang, hand=HAND, rules=rules, seat="S", **{"ctx-dealer": "W"})
    include = get_template("_table_context.html")
    with translation.override(lang):
        for rows in (page["table_context"], page["setup"]["fields"]):
            for context_id in ("table-context", "setup-context"):
                drawn = include.render({"table_context": rows, "context_id": context_id})
                assert context_part.table_context_html(rows, context_id) == drawn


def test_the_part_draws_its_choices_reasons_and_notes():
    page = _page("en", hand=HAND, rules=["sichuan", "guobiao"], win="self_drawn", from_seat="W", heavenly="1", seat="S",
                 kong1="S.concealed", already_won="N")
    p = parts.part("context", parts.PARTS["context"], page)
    with translation.override("en"):
        html = context_part.context_html(p.context, True, p.sig)
    assert html.startswith('\n<section id="context" class="panel panel--context" hx-swap-oob="true" '
                           f'data-sig="{p.sig}"')
    assert 'value="self_drawn" id="id_win_self_drawn" checked' in html
    assert re.search(r'<p class="alert alert--notice">Not applied: [^<]+ — [^<]+</p>', html)  # 天和 as South
    assert '<select id="id_kong1" name="kong1" class="kong-row">' in html and 'value="S.concealed" selected' in html
    assert 'name="already_won" value="N" id="id_already_won_N" checked' in html
    assert html.count('class="why unused"') >= 1  # a field one of the two systems does not read
    with translation.override("en"):
        assert 'hx-swap-oob' not in context_part.context_html(p.context, False, p.sig)
