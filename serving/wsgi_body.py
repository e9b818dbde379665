"""Chunked request bodies for Django.

Django reads a request body by its ``Content-Length``; a body sent with ``Transfer-Encoding: chunked``
has none, so Django would read it as empty (a POST to the API "had no hand"). gunicorn decodes the
chunks in ``wsgi.input``; this WSGI wrapper reads at most ``limit`` bytes of such a body before Django
sees the request, and hands Django the bytes with their length. A larger body is answered with 413
here, without reading the rest.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from typing import Any

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
App = Callable[[Environ, StartResponse], Iterable[bytes]]


def is_chunked(environ: Environ) -> bool:
    encoding = environ.get("HTTP_TRANSFER_ENCODING", "")
    return "chunked" in encoding.lower() and not environ.get("CONTENT_LENGTH")


def dechunk(app: App, limit: int) -> App:
    """``app`` with chunked bodies read into memory (at most ``limit`` bytes; more: 413)."""

    def wrapped(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        if is_chunked(environ):
            body = environ["wsgi.input"].read(limit + 1)
            if len(body) > limit:
                return _too_large(start_response, limit)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
        return app(environ, start_response)

    return wrapped


def _too_large(start_response: StartResponse, limit: int) -> list[bytes]:
    message = f"the body is larger than the limit of {limit} bytes"
    body = json.dumps({"error": {"code": "too_large", "message": message, "position": None}}).encode()
    start_response(
        "413 Request Entity Too Large",
        [("Content-Type", "application/json"), ("Content-Length", str(len(body))), ("Connection", "close")],
    )
    return [body]
