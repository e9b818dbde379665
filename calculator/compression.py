"""Compressed responses, except where a secret could sit next to text a visitor chose (BREACH).

Django's :class:`~django.middleware.gzip.GZipMiddleware`, with one exception: the table ledger's pages
(``/t/…``) are sent uncompressed. ``/t/add?hand=…`` echoes its query and carries the edit link of the
table this browser last edited (from its cookie) in the same response: compressed, the response's length
would tell someone who can make the browser ask for it and watch the traffic how much of their guess
matches the token (BREACH). Everywhere else the pages hold no secret that repeats from one response to
the next: docs/deploy.md, *Compression and BREACH*.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware import gzip

UNCOMPRESSED = ("/t/", "/api/v1/tables")
"""Path prefixes whose responses are never compressed: their pages and the ledger's API answers carry a
table's edit token next to text the caller chose (player names, hands)."""


class GZipMiddleware(gzip.GZipMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if request.path.startswith(UNCOMPRESSED):
            return response
        return super().process_response(request, response)
