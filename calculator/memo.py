"""Answers kept per worker under the digest of everything they are drawn from.

Two answers are pure functions of their request: the calculator's htmx update (the query, the language,
the parts the browser reports it shows, and the site's own address, which the share link is drawn
with) and ``/api/v1/score`` (the method, the query and the body: the result object is the same in
every language). Both are kept here, bounded by size (:class:`~calculator.bytecache.BoundedBytes`), so
the same request asked again — the same hand from another phone at the table, a change undone, a
shared example — costs a lookup instead of a parse, a score and a render.

What is *not* kept: a whole page (it carries the visitor's CSRF token and the page's CSP nonce), an
answer that is not 200, and any answer when the limit is 0 (``RESPONSE_MEMO_BYTES=0``). The key is a
SHA-256 over the parts listed, length-prefixed, so two different requests never share a key; the code
and the templates are not part of it because a worker runs one version of them (a deploy starts new
workers, docs/deploy.md), and the settings are: a test that changes one empties the memo.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse

from .bytecache import BoundedBytes

# Headers an answer's body goes with (the middleware adds the rest: security headers, Vary, compression).
_KEPT_HEADERS = ("Content-Type", "HX-Replace-Url")


class Memo:
    """Answers of one view by key: for a 200, the body and the headers in ``_KEPT_HEADERS``, kept as one
    byte string (a JSON line of the headers, then the body) so the size bound counts both."""

    def __init__(self, name: str, max_bytes: int) -> None:
        self.name = name
        self._kept = BoundedBytes(max_bytes)

    @property
    def size(self) -> int:
        return self._kept.size

    def get(self, key: str) -> HttpResponse | None:
        blob = self._kept.get(key)
        if blob is None:
            return None
        head, _, body = blob.partition(b"\n")
        headers: dict[str, str] = json.loads(head)
        response = HttpResponse(body, content_type=headers.pop("Content-Type", None))
        for name, value in headers.items():
            response[name] = value
        return response

    def put(self, key: str, response: HttpResponse) -> None:
        if response.status_code != 200 or response.streaming:
            return
        head = json.dumps({h: response[h] for h in _KEPT_HEADERS if h in response}).encode()
        self._kept.put(key, head + b"\n" + response.content)

    def clear(self) -> None:
        self._kept.clear()


def digest(parts: Iterable[str | bytes]) -> str:
    """SHA-256 over ``parts``, each prefixed by its length (no two lists of parts give the same bytes)."""
    h = hashlib.sha256()
    for p in parts:
        data = p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


_MEMOS: dict[str, Memo] = {}


def memo(name: str) -> Memo:
    """The memo named ``name`` (made on first use, bounded by ``settings.RESPONSE_MEMO_BYTES``)."""
    found = _MEMOS.get(name)
    if found is None:
        found = _MEMOS[name] = Memo(name, int(getattr(settings, "RESPONSE_MEMO_BYTES", 0)))
    return found


def _settings_changed(**_: Any) -> None:
    clear()


setting_changed.connect(_settings_changed)


def kept(name: str, key: Callable[[Any], Iterable[str | bytes] | None]) -> Callable[..., Any]:
    """Keep a view's 200 answers in memo ``name`` under ``digest(key(request))``; ``key`` returns None for
    a request that must not be kept."""

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            parts = key(request)
            if parts is None or int(getattr(settings, "RESPONSE_MEMO_BYTES", 0)) <= 0:
                return view(request, *args, **kwargs)
            k = digest([request.method or "", request.path, *parts])
            store = memo(name)
            found = store.get(k)
            if found is not None:
                return found
            response = view(request, *args, **kwargs)
            store.put(k, response)
            return response

        return inner

    return wrap


_FRAGMENTS: dict[str, BoundedBytes] = {}


def fragment(name: str, parts: Iterable[str | bytes], build: Callable[[], str]) -> str:
    """A piece of a page kept like an answer (``settings.RESPONSE_MEMO_BYTES`` per name): ``build()``'s text
    under ``digest(parts)``, built when not kept. For a part of a page that is a pure function of
    ``parts`` while the page around it is not (a whole page carries its CSRF token and CSP nonce)."""
    limit = int(getattr(settings, "RESPONSE_MEMO_BYTES", 0))
    if limit <= 0:
        return build()
    store = _FRAGMENTS.get(name)
    if store is None:
        store = _FRAGMENTS[name] = BoundedBytes(limit)
    key = digest(parts)
    found = store.get(key)
    if found is not None:
        return found.decode("utf-8")
    text = build()
    store.put(key, text.encode("utf-8"))
    return text


def clear() -> None:
    """Forget every kept answer and fragment (a test's fresh start; a change of settings)."""
    _MEMOS.clear()
    _FRAGMENTS.clear()
