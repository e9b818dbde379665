"""``{% read_qr url %}``: the QR code of a table's read link as inline SVG (ledger/settle_views.py ``qr_svg``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def read_qr(url: str) -> SafeString:
    from ledger.settle_views import qr_svg

    return mark_safe(qr_svg(str(url)))  # noqa: S308 - segno draws the SVG; the URL is escaped in its title
