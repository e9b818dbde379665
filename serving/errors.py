"""How the site answers when something goes wrong: never Django's own HTML error pages.

- **Database trouble** (down, hung, cut, locked, every slot of the worker stuck on it, a commit not
  confirmed: serving/dbguard.py; an ``OperationalError`` or ``InterfaceError``) is a 503 with
  ``Retry-After``: on the API the JSON error object (:func:`error_response`; code
  ``unavailable``, or ``unconfirmed`` when a write was sent and its commit not confirmed — retry it with
  the same idempotency key), on a page the page ``errors/unavailable.html`` in the reader's language.
  :class:`DatabaseTroubleMiddleware` answers it for a view; it logs one line per ``DB_RETRY_SECONDS``,
  not a traceback per request.
- **Any other failure** (a bug, a constraint violated included) is a 500: the JSON error object on the
  API, ``errors/server_error.html`` on a page (:func:`server_error`, the project's ``handler500``; Django
  logs the traceback).
- On the API (``/api/``) a bad request Django refuses itself (too many query fields, a bad header) is a
  400 and an unknown path a 404, both with the error object (:func:`bad_request`, :func:`not_found`); a
  method the route does not take is a 405 with ``Allow`` (:func:`api_methods`).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_noop, override
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt

from . import dbguard
from .visible import visible

log = logging.getLogger(__name__)

API_PREFIX = "/api/"

WORDS = {
    "unavailable": gettext_noop("The database is not answering: this request changed nothing. Try again in a few "
                                "seconds; a write sent again with the same idempotency key is never saved twice."),
    "unconfirmed": gettext_noop("The database did not confirm this change: it may or may not have been saved. "
                                "Send it again as it was (with the same idempotency key): it will not be "
                                "saved twice."),
    "server_error": gettext_noop("The server failed to answer this request; the failure has been logged."),
    "not_found": gettext_noop("There is no such path in the API (see /api/v1/openapi.json)."),
    "bad_request": gettext_noop("The request cannot be read: %(why)s."),
    "method": gettext_noop("%(method)s is not allowed here (allowed: %(allowed)s)."),
}
"""The server's own words: English msgids, their 中文 in the catalog (locale/*/LC_MESSAGES/django.po)."""


def _both(key: str, **params: Any) -> tuple[str, str]:
    """The message in English and in 中文."""
    out = []
    for lang in ("en", "zh-hans"):
        with override(lang):
            out.append(gettext(WORDS[key]) % params if params else gettext(WORDS[key]))
    return out[0], out[1]


_JSON_DUMPS = {"ensure_ascii": False}


def error_response(code: str, message: str, position: int | None = None, status: int = 400, *,
                   message_zh: str | None = None, key: str | None = None) -> JsonResponse:
    """The API's error object, ``{"error": {"code", "message", "position", "message_zh", "key"}}``, with
    the client's text in its messages made visible (:func:`serving.visible.visible`)."""
    error = {"code": code, "message": visible(message), "position": position,
             "message_zh": visible(message_zh) if message_zh is not None else None, "key": key}
    return JsonResponse(
        {"error": error},
        status=status,
        json_dumps_params=_JSON_DUMPS,
    )


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def api_error(code: str, key: str, status: int, **params: Any) -> HttpResponse:
    en, zh = _both(key, **params)
    response = error_response(code, en, None, status, message_zh=zh, key=f"server.{key}")
    response["Cache-Control"] = "no-store"
    return response


def _page(request: HttpRequest, template: str, status: int, context: dict[str, Any]) -> HttpResponse:
    body: str
    try:
        body = render_to_string(template, context, request=request)
    except Exception:  # noqa: BLE001 - the error page must not fail in turn: say it plainly
        log.exception("the error page %s could not be drawn", template)
        body = gettext(WORDS["server_error"])
        return HttpResponse(body, status=status, content_type="text/plain; charset=utf-8")
    return HttpResponse(body, status=status)


# --- database trouble -----------------------------------------------------------------------------------


_last_log = [0.0]


def unavailable(request: HttpRequest, exc: BaseException) -> HttpResponse:
    """The 503 for database trouble (see the module)."""
    unconfirmed = isinstance(exc, dbguard.Unconfirmed)
    retry = int(getattr(exc, "retry_after", 0) or dbguard.gate().retry_after())
    now = time.monotonic()
    if unconfirmed or now - _last_log[0] >= dbguard.gate().retry_seconds:
        _last_log[0] = now
        log.warning("database trouble, answered 503 (%s %s): %s: %s", request.method, request.path,
                    type(exc).__name__, exc)
    key = "unconfirmed" if unconfirmed else "unavailable"
    if is_api(request):
        response = api_error(key, key, 503)
    else:
        response = _page(request, "errors/unavailable.html", 503, {"unconfirmed": unconfirmed, "retry": retry})
        response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(retry)
    return response


TROUBLE = (OperationalError, InterfaceError)
"""Errors of a database that is down, hung, cut, locked or busy (a constraint violated is a bug: a 500)."""


class DatabaseTroubleMiddleware:
    """A view that fails on the database is answered :func:`unavailable` (503), not with a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, TROUBLE):
            return unavailable(request, exception)
        return None


# --- Django's error handlers (calculator/urls.py) -------------------------------------------------------


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: database trouble is still a 503; anything else a 500 in the API's or the page's form."""
    exc = sys.exc_info()[1]
    if isinstance(exc, TROUBLE):
        return unavailable(request, exc)
    if is_api(request):
        return api_error("server_error", "server_error", 500)
    return _page(request, "errors/server_error.html", 500, {})


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler400``: on the API the error object (say, more query fields than DATA_UPLOAD_MAX_NUMBER_FIELDS)."""
    if is_api(request):
        why = str(exception) or type(exception).__name__
        return api_error("bad_request", "bad_request", 400, why=why.rstrip("."))
    return defaults.bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """``handler404``: on the API the error object."""
    if is_api(request):
        return api_error("not_found", "not_found", 404)
    return defaults.page_not_found(request, exception)


def api_methods(*methods: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """An API view that takes ``methods``: any other is a 405 with the error object and ``Allow``. The API
    reads no cookie, so CSRF does not apply (and cannot turn an unknown method into a 403)."""
    allowed = tuple(methods)

    def wrap(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def inner(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in allowed:
                response = api_error("method_not_allowed", "method", 405, method=str(request.method)[:20],
                                     allowed=", ".join(allowed))
                response["Allow"] = ", ".join(allowed)
                return response
            return view(request, *args, **kwargs)

        return csrf_exempt(inner)

    return wrap
