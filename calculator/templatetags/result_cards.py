"""``{% load result_cards %}``, then ``{% result_cards %}``: the result cards of ``_results.html``, and
``{% result_update %}``: calculator.html's ``result`` partial (the section ``#result`` and what an htmx update swaps
out of band), ``{% summary_bar %}``: its ``summary`` partial (the sticky bar), each drawn in Python
from the template's context (:mod:`calculator.result_html`)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from ..result_html import result_update as draw_update
from ..result_html import results_html, summary_html

register = template.Library()


@register.simple_tag(takes_context=True)
def result_cards(context: template.Context) -> SafeString:
    return results_html(context)


@register.simple_tag(takes_context=True)
def result_update(context: template.Context) -> SafeString:
    return SafeString(draw_update(context))


@register.simple_tag(takes_context=True)
def summary_bar(context: template.Context) -> SafeString:
    return summary_html(context)
