"""Answers kept per worker under the digest of everything they are drawn from.

Two answers are pure functions of their request: the calculator's htmx update (the query, the language,
the parts the browser reports it shows, and the site's own address, which the share link is drawn
with) and ``/api/v1/score`` (the method, the query and the body: the result object is the same in
every language). Both are kept here, bounded by size (:class:`~serving.bytecache.BoundedBytes`), so
the same request asked again — the same hand from another phone at the table, a change undone, a
shared example — costs a lookup instead of a parse, a score and a render.

A view is kept at its edge: it is decorated with :func:`kept` (an answer) or a piece of it with :func:`piece`
(text a page is drawn around), each given what the answer is drawn from (:func:`drawn_from`); the view itself
names no key and no store. :func:`once_per` keeps a build that is the same for every request (a form's fields
per system) for the life of the process.

What is *not* kept: a whole page (it carries the visitor's CSRF token and the page's CSP nonce; its
form is, by :func:`fragment`, and the page is drawn around it), an answer that is not 200, and anything
when the limit is 0 (``RESPONSE_MEMO_BYTES=0``). The key is a
SHA-256 over the parts listed, length-prefixed, so two different requests never share a key; the code
and the templates are not part of it because a worker runs one version of them (a deploy starts new
workers, docs/deploy.md), and the settings are not either: a change of them (a test's) empties every store.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Iterable
from functools import wraps
from typing import Any, Concatenate

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from .bytecache import BoundedBytes
from .quickhttp import header

# Headers an answer's body goes with (the middleware adds the rest: security headers, Vary, compression).
_KEPT_HEADERS = ("Content-Type", "HX-Replace-Url")

_STORES: dict[str, BoundedBytes] = {}


def _limit() -> int:
    return int(getattr(settings, "RESPONSE_MEMO_BYTES", 0))


def store(name: str) -> BoundedBytes:
    """The store named ``name`` (one per view or fragment; made on first use, ``RESPONSE_MEMO_BYTES``)."""
    found = _STORES.get(name)
    if found is None:
        found = _STORES[name] = BoundedBytes(_limit())
    return found


def clear() -> None:
    """Forget every kept answer and fragment (a test's fresh start; a change of settings)."""
    _STORES.clear()


def _settings_changed(**_: Any) -> None:
    clear()


setting_changed.connect(_settings_changed)


def digest(parts: Iterable[str | bytes]) -> str:
    """SHA-256 over ``parts``, each prefixed by its length (no two lists of parts give the same bytes)."""
    h = hashlib.sha256()
    for p in parts:
        data = p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def _blob(response: HttpResponse) -> bytes | None:
    """A 200 answer as one byte string (a JSON line of its headers in ``_KEPT_HEADERS``, then the body), so
    the size bound counts both; None for an answer not to keep."""
    if response.status_code != 200 or response.streaming:
        return None
    head = json.dumps({h: response[h] for h in _KEPT_HEADERS if h in response}).encode()
    return head + b"\n" + response.content


def _answer(blob: bytes) -> HttpResponse:
    head, _, body = blob.partition(b"\n")
    headers: dict[str, str] = json.loads(head)
    response = HttpResponse(body, content_type=headers.pop("Content-Type", None))
    for name, value in headers.items():
        response[name] = value
    return response


type Key = Callable[[HttpRequest], Iterable[str | bytes] | None]
"""What an answer is drawn from, read off its request; None for a request whose answer is not to be kept."""


def drawn_from(*, body: bool = False, language: bool = False, site: bool = False, headers: tuple[str, ...] = (),
               htmx: bool | None = None) -> Key:
    """The key of an answer drawn from its request's query and, as asked, its ``body``, the active ``language``,
    the ``site``'s address (scheme and host: the absolute links it draws) and the named request ``headers``.
    ``htmx``: True keeps only htmx requests (``HX-Request: true``), False only the others, None both. A body
    over the upload limit is not kept (the view answers it).

    >>> from django.test import RequestFactory
    >>> from django.utils import translation
    >>> request = RequestFactory().get("/?hand=1m", HTTP_X_PARTS="placed:1", HTTP_HX_REQUEST="true")
    >>> with translation.override("en"):
    ...     drawn_from(language=True, site=True, headers=("X-Parts",))(request)
    ['hand=1m', 'en', 'http', 'testserver', 'placed:1']
    >>> drawn_from(htmx=False)(request) is None
    True
    """

    def key(request: HttpRequest) -> list[str | bytes] | None:
        if htmx is not None and (header(request, "HX-Request") == "true") is not htmx:
            return None
        parts: list[str | bytes] = [request.META.get("QUERY_STRING", "")]
        if body:
            try:
                parts.append(request.body)
            except RequestDataTooBig:
                return None
        if language:
            parts.append(get_language() or "")
        if site:
            parts += [request.scheme or "", request.get_host()]
        return parts + [header(request, h) for h in headers]

    return key


def kept(name: str, key: Key) -> Callable[..., Any]:
    """Keep a view's 200 answers in store ``name`` under ``digest(key(request))``; ``key`` returns None for
    a request that must not be kept."""

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if _limit() <= 0:  # nothing is kept: the request is not read for a key
                return view(request, *args, **kwargs)
            parts = key(request)
            if parts is None:
                return view(request, *args, **kwargs)
            k, kept_here = digest([request.method or "", request.path, *parts]), store(name)
            found = kept_here.get(k)
            if found is not None:
                return _answer(found)
            response = view(request, *args, **kwargs)
            blob = _blob(response)
            if blob is not None:
                kept_here.put(k, blob)
            return response

        return inner

    return wrap


def piece[R: HttpRequest, **P](name: str, key: Key) -> Callable[[Callable[Concatenate[R, P], str]],
                                                                Callable[Concatenate[R, P], str]]:
    """Keep the text a function draws for a request in store ``name`` under ``digest(key(request))``: a piece
    of a page that is a pure function of its request while the page around it is not (a whole page carries
    its CSRF token and CSP nonce). The function's other arguments are drawn from the request alone."""

    def wrap(build: Callable[Concatenate[R, P], str]) -> Callable[Concatenate[R, P], str]:
        @wraps(build)
        def inner(request: R, /, *args: P.args, **kwargs: P.kwargs) -> str:
            parts = key(request)
            if parts is None:
                return build(request, *args, **kwargs)
            return fragment(name, [request.path, *parts], lambda: build(request, *args, **kwargs))

        return inner

    return wrap


def once_per[T, R](key: Callable[[T], Hashable]) -> Callable[[Callable[[T], R]], Callable[[T], R]]:
    """Keep what a function builds from a value for the life of the process, one build per ``key(value)``:
    for a build that is the same for every request and drawn from a few values (one per system) which are
    not hashable themselves. Not a memo of answers: kept whatever ``RESPONSE_MEMO_BYTES`` says.

    >>> built = []
    >>> @once_per(len)
    ... def upper(word: str) -> str:
    ...     built.append(word)
    ...     return word.upper()
    >>> upper("ab"), upper("cd"), upper("xyz"), built
    ('AB', 'AB', 'XYZ', ['ab', 'xyz'])
    """

    def wrap(build: Callable[[T], R]) -> Callable[[T], R]:
        done: dict[Hashable, R] = {}

        @wraps(build)
        def inner(value: T) -> R:
            k = key(value)
            found = done.get(k)
            if found is None:
                found = done[k] = build(value)
            return found

        return inner

    return wrap


def fragment(name: str, parts: Iterable[str | bytes], build: Callable[[], str]) -> str:
    """A piece of a page kept like an answer, in store ``name``: ``build()``'s text under ``digest(parts)``,
    built when not kept. For a part of a page that is a pure function of ``parts`` while the page around
    it is not (a whole page carries its CSRF token and CSP nonce)."""
    if _limit() <= 0:
        return build()
    k, kept_here = digest(parts), store(name)
    found = kept_here.get(k)
    if found is not None:
        return found.decode("utf-8")
    text = build()
    kept_here.put(k, text.encode("utf-8"))
    return text
