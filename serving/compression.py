"""Compressed responses, except where a secret could sit next to text a visitor chose (BREACH).

Brotli when the browser accepts it (every current browser does over HTTPS), else gzip by Django's
:class:`~django.middleware.gzip.GZipMiddleware`; with one exception: the table ledger's pages
(``/t/…``) are sent uncompressed. ``/t/add?hand=…`` echoes its query and carries the edit link of the
table this browser last edited (from its cookie) in the same response: compressed, the response's length
would tell someone who can make the browser ask for it and watch the traffic how much of their guess
matches the token (BREACH). Everywhere else the pages hold no secret that repeats from one response to
the next: docs/deploy.md, *Compression and BREACH*.
"""

from __future__ import annotations

import brotli
from django.http import HttpRequest, HttpResponseBase
from django.middleware import gzip
from django.utils.cache import patch_vary_headers

UNCOMPRESSED = ("/t/", "/api/v1/tables")
"""Path prefixes whose responses are never compressed: their pages and the ledger's API answers carry a
table's edit token next to text the caller chose (player names, hands)."""

BROTLI_QUALITY = 5
"""Brotli's quality for pages drawn per request (0–11): 5 is about as fast as gzip's default and a
tenth smaller; the static files are compressed once, at the highest quality, by whitenoise."""


def accepts(header: str, coding: str) -> bool:
    """Whether an ``Accept-Encoding`` header accepts ``coding`` (named, with no ``q=0``).

    >>> accepts("gzip, deflate, br, zstd", "br"), accepts("gzip, br;q=0", "br"), accepts("gzip", "br")
    (True, False, False)
    """
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() == coding:
            q = params.strip().lower()
            return not (q.startswith("q=") and q[2:].strip().rstrip("0").rstrip(".") in ("0", ""))
    return False


class CompressionMiddleware(gzip.GZipMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if request.path.startswith(UNCOMPRESSED):
            return response
        if (not response.streaming and not response.has_header("Content-Encoding")
                and accepts(request.META.get("HTTP_ACCEPT_ENCODING", ""), "br")):
            content: bytes = response.content  # type: ignore[attr-defined]
            if len(content) < 200:  # not worth it, as for gzip
                return response
            patch_vary_headers(response, ("Accept-Encoding",))
            packed = brotli.compress(content, quality=BROTLI_QUALITY)
            if len(packed) >= len(content):
                return response
            response.content = packed  # type: ignore[attr-defined]
            response.headers["Content-Length"] = str(len(packed))
            etag = response.get("ETag")
            if etag and etag.startswith('"'):
                response.headers["ETag"] = "W/" + etag
            response.headers["Content-Encoding"] = "br"
            return response
        return super().process_response(request, response)
