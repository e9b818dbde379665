"""Reading a request and writing an HTML answer the way Django does, with fewer calls on the path every tap takes.

Django parses a request's query through ``QueryDict.appendlist`` (a dozen calls a name and value), builds
``request.headers`` from every ``HTTP_`` name of META to answer one header, and a response's headers answer
``in`` and ``get`` by raising and catching a KeyError for each header they lack. These functions give the same
answers with less work; each falls back to Django's own where Django has already done the work or where the
input is one Django refuses. tests/serving/test_quickhttp.py holds each to Django's over random inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast
from urllib.parse import unquote

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest, get_bytes_from_wsgi
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.cookie import SimpleCookie
from django.http.response import ResponseHeaders
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails

from .htmx import HtmxDetails as WeakHtmxDetails

_DETAILS = (WeakHtmxDetails, HtmxDetails)
"""The details django-htmx's middleware or the site's (serving.htmx) set: they read the headers the same way."""


def is_htmx(request: HttpRequest) -> bool:
    """``bool(request.htmx)``: whether django-htmx says the request is htmx's (its ``HX-Request`` header is "true",
    unquoted when ``HX-Request-URI-AutoEncoded`` says so), read as it reads it but from the request's META
    (:func:`header`)."""
    details = getattr(request, "htmx", None)
    if type(details) not in _DETAILS or "headers" in request.__dict__:
        return bool(details)
    value = header(request, "HX-Request") or None
    if value and header(request, "HX-Request-URI-AutoEncoded") == "true":
        value = unquote(value)
    return value == "true"


def header(request: HttpRequest, name: str) -> str:
    """``request.headers.get(name, "")``: read from the request's META as the WSGI server wrote it (``HTTP_`` and the
    name in capitals, ``_`` for ``-``) while Django has not built ``request.headers`` (each of the request's
    META names parsed, some twenty): a tap asks for two headers."""
    if "headers" in request.__dict__:
        return request.headers.get(name, "")
    key = _META_NAMES.get(name)
    if key is None:
        key = "HTTP_" + name.upper().replace("-", "_")
        if len(_META_NAMES) < 256:  # the names the site's code asks for: a few
            _META_NAMES[name] = key
    return cast(str, request.META.get(key, ""))


_META_NAMES: dict[str, str] = {}
"""Each header name asked for, as META names it (``HX-Request``: ``HTTP_HX_REQUEST``), spelt once: a tap asks
five times."""


def query(request: HttpRequest) -> QueryDict:
    """``request.GET``, parsed here when Django has not parsed it yet, into the same QueryDict Django makes
    (``WSGIRequest.GET``: the query's bytes decoded, then ``parse_qsl`` with blank values kept, each value appended
    to its name's list), without a call per name and value: a tap sends nine, and ``QueryDict.appendlist`` is a
    dozen calls each. A name or value with ``%`` or ``+`` in it is unquoted as ``parse_qsl`` unquotes it; a query
    of more fields than the settings allow is left to Django (which refuses it)."""
    if type(request) is not WSGIRequest or "GET" in request.__dict__:
        return request.GET
    raw = get_bytes_from_wsgi(request.environ, "QUERY_STRING", "")
    encoding = request._encoding or settings.DEFAULT_CHARSET  # type: ignore[attr-defined]
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    if limit is not None and text and limit < 1 + text.count("&"):
        return request.GET  # Django refuses it
    lists: dict[str, list[str]] = {}
    for pair in text.split("&") if text else ():
        if not pair:
            continue
        name, _sep, value = pair.partition("=")
        if "%" in name or "+" in name:
            name = _unquoted(name, encoding)
        if "%" in value or "+" in value:
            value = _unquoted(value, encoding)
        values = lists.get(name)
        if values is None:
            lists[name] = [value]
        else:
            values.append(value)
    query = QueryDict.__new__(QueryDict)
    dict.update(query, lists)  # MultiValueDict holds each name's list as the dict's value
    query.encoding, query._mutable = encoding, False
    request.GET = query  # as Django would keep it
    return query


def _unquoted(text: str, encoding: str) -> str:
    """``unquote(text.replace("+", " "), encoding, "replace")``, as ``parse_qsl`` unquotes a name or value: an ASCII
    text whose escapes are all of ASCII characters (a hand's brackets, ``%5B``) in a UTF-8 query by one look-up
    per escape; any other text by ``unquote`` itself."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    if not text.isascii() or encoding not in _ASCII_SUPERSETS:
        return unquote(text, encoding, "replace")
    first, *pieces = text.split("%")
    out = [first]
    for piece in pieces:
        char = _ASCII_ESCAPES.get(piece[:2])
        if char is None:  # not an escape (kept as it is), or of a byte that is no ASCII character
            return unquote(text, encoding, "replace")
        out += (char, piece[2:])
    return "".join(out)


_HEX_DIGITS = "0123456789ABCDEFabcdef"
_ASCII_ESCAPES = {a + b: chr(int(a + b, 16)) for a in "01234567" for b in _HEX_DIGITS}
"""Each escape of an ASCII character, as ``unquote`` reads it (either case of hex digit)."""
_ASCII_SUPERSETS = frozenset({"utf-8", "utf8", "UTF-8", "UTF8"})
"""The query encodings in which ASCII bytes are ASCII characters, as the settings name them."""


def html_response(text: str) -> HttpResponse:
    """``HttpResponse(text)``, its headers :class:`OneLookupHeaders`: the same response (its attributes, its headers,
    its bytes), made as ``HttpResponse.__init__`` makes it without checking again what is known here: a Content-Type
    of the default charset and no other header, no status or reason of its own, the body ``text`` in that charset.
    tests/serving/test_quickhttp.py holds it to Django's, attribute by attribute."""
    charset = settings.DEFAULT_CHARSET
    headers = OneLookupHeaders.__new__(OneLookupHeaders)
    headers._store = {"content-type": ("Content-Type", f"text/html; charset={charset}")}
    response = HttpResponse.__new__(HttpResponse)
    response.__dict__.update(headers=headers, _charset=None, _resource_closers=[], _handler_class=None,
                             cookies=SimpleCookie(), closed=False, _reason_phrase=None,
                             _container=[text.encode(charset)])
    return response


def vary_on_headers(*headers: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Django's ``vary_on_headers(*headers)``: an answer with no Vary of its own has the header written as
    ``patch_vary_headers`` writes it, without parsing the Vary it does not have; any other is patched by Django."""
    value = ", ".join(headers)

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = view(request, *args, **kwargs)
            store = response.headers._store
            if "vary" in store:
                patch_vary_headers(response, headers)
            else:  # the header's name and value are ASCII: stored as ResponseHeaders would store them
                store["vary"] = ("Vary", value)
            return response

        return inner

    return decorator


class OneLookupHeaders(ResponseHeaders):
    """A response's headers as Django keeps them, asked whether they hold one (``in``, ``has_header``,
    ``setdefault``) or for one (``get``) by one look-up in their store: ``Mapping``'s own ``__contains__`` and
    ``get`` raise and catch a KeyError for each header a response lacks, and Django and the middleware ask for a
    dozen of them per response."""

    def __contains__(self, key: object) -> bool:
        return cast(str, key).lower() in self._store

    def get(self, key: str, default: Any = None) -> Any:
        item = self._store.get(key.lower())
        return default if item is None else item[1]
