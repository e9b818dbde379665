"""How the parts drawn in Python write a value into their markup: as Django's ``{{ value }}`` does.

The result section, the placed tiles, the win-context part and a hand's row of tiles are written by Python
instead of templates, byte for byte the markup the templates wrote; each writes its values through
:func:`text`, so they escape alike.
"""

from __future__ import annotations

import html
from typing import Any

from django.utils.formats import localize
from django.utils.safestring import SafeString


def text(value: Any) -> str:
    """``value`` as the template's ``{{ value }}`` writes it: safe text as it is, any other text escaped
    (``django.utils.html.escape`` is ``html.escape``), a number as ``localize`` writes it (an int: its digits).

    >>> text("<b>&"), text(SafeString("<b>")), text(3)
    ('&lt;b&gt;&amp;', '<b>', '3')
    """
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int or kind is SafeString:
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(localize(value)))
