"""How the parts drawn in Python write a value into their markup: as Django's ``{{ value }}`` does; and the
addresses they link to (:func:`path`).

The result section, the placed tiles, the win-context part and a hand's row of tiles are written by Python
instead of templates, byte for byte the markup the templates wrote; each writes its values through
:func:`text`, so they escape alike.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from django.core.signals import setting_changed
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.formats import localize
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString


def text(value: Any) -> str:
    """``value`` as the template's ``{{ value }}`` writes it: safe text as it is, any other text escaped
    (``django.utils.html.escape`` is ``html.escape``), a number as ``localize`` writes it (an int: its digits).

    >>> text("<b>&"), text(SafeString("<b>")), text(3)
    ('&lt;b&gt;&amp;', '<b>', '3')
    """
    kind = type(value)
    if kind is str:  # :func:`escape`, inlined: a page writes some hundreds of texts
        if value.isalnum():  # a name or a number (国标麻将, 番, 16), told in one pass: none of the five is a letter
            return value
        if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
            return html.escape(value)
        return value
    if kind is SafeString:
        return value  # what ``str(value)`` answers (``SafeString.__str__`` is itself), without the call
    if kind is int:
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return escape(str(localize(value)))


def escape(value: str) -> str:
    """``html.escape(value)``: a text with none of ``& < > " '`` (most of a page's: names, numbers, addresses)
    is returned as it is, found by five searches instead of the five replacements that would change nothing.

    >>> escape("平和 1m"), escape("a<b & 'c'")
    ('平和 1m', 'a&lt;b &amp; &#x27;c&#x27;')
    """
    if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
        return html.escape(value)
    return value


def where() -> tuple[str, object]:
    """The script prefix and URLconf addresses are reversed in (each an asgiref ``Local``, asked for on each
    read): asked once by a caller that writes several addresses, and given to :func:`path` and :func:`paths`."""
    return get_script_prefix(), get_urlconf()


def quoted(value: str, safe: str = "/") -> str:
    """``urllib.parse.quote(value, safe)``: a text of unreserved characters alone (a share code's) as it is,
    found by one match instead of its encoding and decoding.

    >>> quoted("v1.123m~guobiao"), quoted("a b"), quoted("中")
    ('v1.123m~guobiao', 'a%20b', '%E4%B8%AD')
    """
    return value if _UNRESERVED(value) else quote(value, safe=safe)


_UNRESERVED = re.compile(r"[A-Za-z0-9._~-]*").fullmatch
"""Whether a text holds only the characters ``quote`` never quotes (RFC 3986's unreserved characters)."""


def path(name: str, segment: str | None = None, at: tuple[str, object] | None = None) -> str:
    """``reverse(name)``, or ``reverse(name, args=[segment])`` for a route whose one argument is a path segment
    (a share code): the route is reversed once per script prefix and URLconf, and a segment written into it
    quoted as ``reverse`` quotes it (the page asks for a share code's addresses three times). A segment that is
    empty or holds a "/" (which no such route takes) is left to ``reverse`` itself.

    >>> path("calculator"), path("share", "v1.123m~guobiao"), path("share-qr", "a b")
    ('/', '/h/v1.123m~guobiao', '/h/a%20b/qr.svg')

    ``at``: :func:`where`, when the caller has asked it already.
    """
    if segment is not None and (not segment or "/" in segment):
        return reverse(name, args=[segment])
    prefix, urlconf = where() if at is None else at
    before, after = _route(name, segment is not None, prefix, urlconf)
    return before if segment is None else before + quoted(segment, _SAFE) + after


def paths(names: tuple[str, ...], segment: str, at: tuple[str, object] | None = None) -> list[str]:
    """:func:`path` of each of ``names`` with the same ``segment`` (a share code's page and its QR code), the
    script prefix and URLconf asked once (``at``: :func:`where`, when the caller has asked it already) and the
    segment quoted once.

    >>> paths(("share", "share-qr"), "a b")
    ['/h/a%20b', '/h/a%20b/qr.svg']
    """
    if not segment or "/" in segment:
        return [reverse(name, args=[segment]) for name in names]
    prefix, urlconf = where() if at is None else at
    segment = quoted(segment, _SAFE)
    out = []
    for name in names:
        before, after = _route(name, True, prefix, urlconf)
        out.append(before + segment + after)
    return out


_SAFE = RFC3986_SUBDELIMS + "/~:@"
"""What ``reverse`` leaves unquoted in an argument (RFC 3986's ``pchar``)."""

_MARK = "segment"


@lru_cache(maxsize=64)
def _route(name: str, takes_segment: bool, script_prefix: str, urlconf: object) -> tuple[str, str]:
    """The route ``name`` reversed, split around its one argument (a plain word, quoted as itself)."""
    if not takes_segment:
        return reverse(name), ""
    before, mark, after = reverse(name, args=[_MARK]).rpartition(_MARK)
    assert mark, name
    return before, after


def _routes_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("ROOT_URLCONF", "FORCE_SCRIPT_NAME"):
        _route.cache_clear()


setting_changed.connect(_routes_changed)
