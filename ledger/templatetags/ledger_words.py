"""``{% table_word "on a discard" %}``: a text in the words of the page's table (胡 or 和, ledger/table_words.py).

The table is the context's ``table`` (a ledger Table), or ``hu`` when the page has no table yet (/t/new: the
chosen system's)."""

from __future__ import annotations

from typing import Any

from django import template

from ledger.table_words import hu_of, word

register = template.Library()


@register.simple_tag(takes_context=True)
def table_word(context: Any, text: str, **params: Any) -> str:
    """``text`` in the table's words, its ``%(name)s`` filled in from ``params`` when given
    (``{% table_word "Win %(n)s" n=forloop.counter %}``)."""
    hu = context.get("hu")
    if hu is None:
        table = context.get("table")
        hu = hu_of(table) if table is not None else False
    said = word(text, bool(hu))
    return said % params if params else said
