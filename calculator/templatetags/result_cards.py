"""``{% load result_cards %}``, then ``{% result_cards %}``: the result cards of ``_results.html``, and
``{% result_section %}``: the section ``#result`` of calculator.html's ``result`` partial, each drawn in Python
from the template's context (:mod:`calculator.result_html`)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from ..result_html import result_section as draw_section
from ..result_html import results_html

register = template.Library()


@register.simple_tag(takes_context=True)
def result_cards(context: template.Context) -> SafeString:
    return results_html(context)


@register.simple_tag(takes_context=True)
def result_section(context: template.Context) -> SafeString:
    return draw_section(context)
