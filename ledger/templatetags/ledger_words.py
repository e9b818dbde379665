"""``{% table_word "on a discard" %}``: a text in the words of the page's table (胡 or 和, ledger/table_words.py);
``{% hand_flags form as flags %}`` and ``{% round_flags row as flags %}``: the checkboxes of the flags of how a hand
was won, as rulesets.context declares them, named in those words.

The table is the context's ``table`` (a ledger Table), or ``hu`` when the page has no table yet (/t/new: the
chosen system's)."""

from __future__ import annotations

from typing import Any

from django import template

from calculator.wording import short_flag
from ledger.forms import FLAG_FIELDS, ROUND_FLAGS
from ledger.table_words import hu_of, word

register = template.Library()


def _hu(context: Any) -> bool:
    hu = context.get("hu")
    if hu is None:
        table = context.get("table")
        hu = hu_of(table) if table is not None else False
    return bool(hu)


@register.simple_tag(takes_context=True)
def table_word(context: Any, text: str, **params: Any) -> str:
    """``text`` in the table's words, its ``%(name)s`` filled in from ``params`` when given
    (``{% table_word "Win %(n)s" n=forloop.counter %}``)."""
    said = word(text, _hu(context))
    return said % params if params else said


@register.simple_tag(takes_context=True)
def hand_flags(context: Any, form: Any) -> list[dict[str, Any]]:
    """The hand form's flags: each checkbox's name, its label, and whether ``form`` (the entry's data) has it."""
    hu = _hu(context)
    return [{"name": name, "label": short_flag(key, hu), "checked": bool(form and form.get(key))}
            for name, key in FLAG_FIELDS.items()]


@register.simple_tag(takes_context=True)
def round_flags(context: Any, row: Any) -> list[dict[str, Any]]:
    """The flags of one row of the round form (its ``e<i>_<name>`` checkboxes), checked as ``row`` has them."""
    hu = _hu(context)
    return [{"name": f"e{row['i']}_{name}", "label": short_flag(key, hu), "checked": bool(row.get(name))}
            for name, key in ROUND_FLAGS.items()]
