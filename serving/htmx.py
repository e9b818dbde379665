"""``request.htmx`` as django-htmx gives it, without tying the request into a reference cycle.

django-htmx's middleware sets ``request.htmx = HtmxDetails(request)``, and the details hold the request: a cycle.
Reference counting can then never free a request, so the request and everything hanging off it outlive their
answer until the garbage collector's next pass finds them: its META, its query, its input streams, its nonce and
resolver match, some thirty objects per request. Through the whole stack, that cycle is the only one a request
makes. A collection ran about every fifteen taps, to free what those taps had left.

Here the details hold their request by a weak reference. A request is freed as soon as its answer is, and the
collector finds nothing of it. The details answer everything else as django-htmx's do (they are its class); only
details kept past their request's life can no longer read it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django_htmx.middleware import HtmxDetails as _HtmxDetails


class HtmxDetails(_HtmxDetails):
    """django-htmx's details of a request (``request.htmx``: whether htmx sent it, its target, trigger, current
    URL…), holding the request they are read from by a weak reference."""

    @property
    def request(self) -> HttpRequest:
        request = self._request()
        if request is None:
            raise ReferenceError("the request these htmx details were read from is gone")
        return request

    @request.setter
    def request(self, request: HttpRequest) -> None:
        self._request = weakref.ref(request)


class HtmxMiddleware:
    """django-htmx's ``HtmxMiddleware`` with :class:`HtmxDetails`: ``request.htmx`` on every request."""

    sync_capable = True
    async_capable = False  # the site is served over WSGI; under ASGI Django would adapt it

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
        return self.get_response(request)
