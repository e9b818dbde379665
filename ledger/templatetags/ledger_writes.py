"""``{% write_key %}``: the hidden idempotency key of a form that writes (ledger/receipts.py).

A new random key each time it is drawn, so each form of a page, and each drawing of it, names its own
write; sending the same form twice sends the same key, and the write is made once."""

from __future__ import annotations

import secrets

from django import template
from django.utils.html import format_html

from ledger.receipts import FIELD

register = template.Library()


@register.simple_tag
def write_key() -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, secrets.token_urlsafe(18))
