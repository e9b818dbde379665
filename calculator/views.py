"""The calculator page: one function view over one GET form (the page's whole state is its query).

For an htmx request the view draws only the ``result`` partial of calculator.html (plus the
controls that depend on the state and changed, swapped out of band: :func:`calculator.result_html.result_update`);
otherwise the whole page. The palette's
buttons also work without JavaScript: they submit the form with ``add``/``remove``/``clear``, the
view applies the edit and redirects to the page of the new hand.

The parts drawn from the state (placed tiles, flowers, win context, systems and house rules) are
drawn by :mod:`calculator.parts`, each from its own context and kept under the digest of it
(``data-sig``): most requests ask for a part some earlier request already drew (the empty page's
house rules, the default win context…).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, cast
from urllib.parse import unquote

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest, get_bytes_from_wsgi
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.response import ResponseHeaders
from django.shortcuts import redirect, render
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from rulesets.values import keep
from serving.memo import drawn_from, kept, piece

from . import editor, lang, ledger_seats, parts, presenters, result_html, tables
from .forms import ACTIONS, CalculatorForm, apply_edit, apply_table
from .markup import path


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _page_url(data: QueryDict) -> str:
    query = data.urlencode()
    return path("calculator") + (f"?{query}" if query else "")


# What the calculator is drawn from (serving.memo): the query, the language, the site's address (the share link)
# and, for an htmx update, the parts the browser shows. A whole page is not kept whole (it carries a CSRF token
# and a nonce): its form is (``_form``).
@require_GET
@vary_on_headers("HX-Request", "X-Parts")
@kept("calculator-update", drawn_from(language=True, site=True, headers=("X-Parts",), htmx=True))
@lang.asked_once()
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    data: QueryDict = _query(request)
    htmx = _htmx(request)
    notice = ""
    if "table" in data:  # a table chosen: its system alone, the hand and its context kept
        data = apply_table(data)
        if not htmx:
            return _remember(redirect(_page_url(data)), data)
    if not data.keys().isdisjoint(ACTIONS):
        try:
            data = apply_edit(data)
        except editor.EditError as exc:
            data, notice = _without_actions(data), str(exc)
        if not htmx and not notice:
            return redirect(_page_url(data))
    if not data and not notice and not htmx:
        remembered = tables.from_cookie(request)
        if remembered:  # the table this browser plays at
            return redirect(reverse("calculator") + "?" + remembered)
        return render(request, "calculator.html", landing_page(get_language() or ""))
    if not htmx:  # a whole page: its form is kept, and base.html draws the token and nonce around it
        main = SafeString(_form(request, data, notice))
        return _remember(render(request, "calculator.html", {"main_html": main}), data)
    response = _html(result_html.result_update(page(request, data, notice)))
    if data is not request.GET:  # an edit the server made (calculator.js asks for typed text)
        response["HX-Replace-Url"] = _page_url(data)  # the address of the new hand, not of the edit
    return response


@piece("calculator-page", drawn_from(language=True, site=True, htmx=False))
def _form(request: HtmxHttpRequest, data: QueryDict, notice: str) -> str:
    """The whole page's form (partial ``calc``) for the state ``data`` and its ``notice``, both drawn from the
    query and the language: drawn without the visitor's token and nonce, which base.html draws around it."""
    return get_template("calculator.html#calc").render(page(request, data, notice))


def page(request: HtmxHttpRequest, data: QueryDict, notice: str) -> dict[str, Any]:
    """The page's view model for the state ``data``: what the whole form (partial ``calc``) or, for htmx, the
    ``result`` partial with the changed parts is drawn from. It reads no cookie and no header but htmx's
    own and X-Parts, and the site's address (the share link): serving.memo keeps what it draws."""
    form = CalculatorForm(data)
    form.is_valid()  # its engine messages in the table's word (胡 or 和), as are the page's:
    with form.speaking():
        context = presenters.page_context(form, lambda text: _page_url(_with_hand(data, text)), notice)
    ledger_seats.apply(context, data)  # opened from a table's ledger: its players on the seats
    if context.get("share_code"):
        context["share_url"] = _absolute(request, path("share", context["share_code"]))
    htmx = _htmx(request)
    context["oob"] = htmx
    context["rewrite_hand"] = context["rewrite_hand"] or data is not request.GET
    context["parts"] = _parts(context, htmx, _header(request, "X-Parts") if htmx else "")
    return context


@lru_cache(maxsize=8)
def landing_page(language: str) -> dict[str, Any]:
    """The empty calculator in ``language`` (the active one), its form already rendered (``main_html``): the
    same for every visitor (CSRF token and nonce are drawn by base.html around it), so built once."""
    data = QueryDict()
    form = CalculatorForm(data)
    form.is_valid()
    context = presenters.page_context(form, lambda text: _page_url(_with_hand(data, text)))
    context.update(oob=False, parts=_parts(context, htmx=False))
    context["main_html"] = get_template("calculator.html#calc").render(context)
    return context


def _absolute(request: HttpRequest, location: str) -> str:
    """``request.build_absolute_uri(location)`` for a ``location`` that is a path of the site: the site's address
    (its scheme and host, the host checked against ALLOWED_HOSTS as Django checks it) found once per address the
    request gives (:data:`_SITES`), ``location`` written after it as Django writes it (``iri_to_uri``, which leaves
    a path of these characters as it is). Any other location is Django's own to build."""
    if location[:1] != "/" or location[:2] == "//" or "/./" in location or "/../" in location \
            or _URI_AS_IS.fullmatch(location) is None:
        return request.build_absolute_uri(location)
    meta = request.META
    address = (request.scheme or "", *map(meta.get, _ADDRESS))
    site = _SITES.get(address)
    if site is None:  # found by Django (its host checked: a host not allowed raises, and is not kept)
        site = keep(_SITES, address, request.build_absolute_uri("/")[:-1], 64, forget=True)
    return site + location


_URI_AS_IS = re.compile(r"[A-Za-z0-9_.~/#%\[\]=:;$&()+,!?*@'-]*")
"""The characters ``iri_to_uri`` leaves as they are (those it does not quote)."""

_ADDRESS = ("HTTP_X_FORWARDED_HOST", "HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "HTTP_X_FORWARDED_PORT")
"""What a request's host is read from (``HttpRequest.get_host``, with its scheme and the settings)."""


_SITES: dict[tuple[str | None, ...], str] = {}
"""The site's address (``scheme://host``) as ``build_absolute_uri`` writes it, by what the request's host is read from
(its scheme and :data:`_ADDRESS`): at most 64, all forgotten when one more comes."""


def _address_settings_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("ALLOWED_HOSTS", "DEBUG", "USE_X_FORWARDED_HOST", "USE_X_FORWARDED_PORT", "SECURE_PROXY_SSL_HEADER"):
        _SITES.clear()


setting_changed.connect(_address_settings_changed)


def _htmx(request: HttpRequest) -> bool:
    """``bool(request.htmx)``: whether django-htmx says the request is htmx's (its ``HX-Request`` header is "true",
    unquoted when ``HX-Request-URI-AutoEncoded`` says so), read as it reads it but from the request's META
    (:func:`_header`)."""
    details = getattr(request, "htmx", None)
    if type(details) is not HtmxDetails or "headers" in request.__dict__:
        return bool(details)
    value = _header(request, "HX-Request") or None
    if value and _header(request, "HX-Request-URI-AutoEncoded") == "true":
        value = unquote(value)
    return value == "true"


def _header(request: HttpRequest, name: str) -> str:
    """``request.headers.get(name, "")``: read from the request's META as the WSGI server wrote it (``HTTP_`` and the
    name in capitals, ``_`` for ``-``) while Django has not built ``request.headers`` (each of the request's
    META names parsed, some twenty): a tap asks for two headers."""
    if "headers" in request.__dict__:
        return cast(str, request.headers.get(name, ""))
    return cast(str, request.META.get("HTTP_" + name.upper().replace("-", "_"), ""))


def _query(request: HttpRequest) -> QueryDict:
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
            name = unquote(name.replace("+", " "), encoding, "replace")
        if "%" in value or "+" in value:
            value = unquote(value.replace("+", " "), encoding, "replace")
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


def _html(text: str) -> HttpResponse:
    """``HttpResponse(text)``, its headers :class:`_Headers`: the same response, its Content-Type given as Django
    would write it (its default charset) rather than looked for first."""
    response = HttpResponse(text, headers={"Content-Type": f"text/html; charset={settings.DEFAULT_CHARSET}"})
    response.headers.__class__ = _Headers
    return response


class _Headers(ResponseHeaders):
    """A response's headers as Django keeps them, asked whether they hold one (``in``, ``has_header``,
    ``setdefault``) or for one (``get``) by one look-up in their store: ``Mapping``'s own ``__contains__`` and
    ``get`` raise and catch a KeyError for each header a response lacks, and Django and the middleware ask for a
    dozen of them per response."""

    def __contains__(self, key: object) -> bool:
        return cast(str, key).lower() in self._store

    def get(self, key: str, default: Any = None) -> Any:
        item = self._store.get(key.lower())
        return default if item is None else item[1]


def _with_hand(data: QueryDict, text: str) -> QueryDict:
    """``data`` with the hand box set to ``text`` (a waiting hand's link for each tile it waits on): a copy as
    ``QueryDict.copy`` makes it, each key's values a list of its own, without deep-copying every value."""
    changed = data.__class__("", mutable=True, encoding=data.encoding)
    for key, values in data.lists():
        changed.setlist(key, values)  # QueryDict.setlist keeps a list of its own
    changed["hand"] = text
    return changed


def _parts(context: dict[str, Any], htmx: bool, reported: str = "") -> dict[str, SafeString]:
    """The parts to draw: on a whole page every part and the palette's tiles; for htmx the parts whose
    signature differs from the one the browser ``reported`` (X-Parts)."""
    shown = parts.parts(context)
    send = parts.to_send(shown, reported) if htmx else set(shown)
    drawn = {name: parts.draw(name, p, htmx) for name, p in shown.items() if name in send}
    if not htmx:  # the palette's tiles: a whole page only
        drawn["palette_tiles"] = parts.draw("palette_tiles", parts.part("palette_tiles", parts.PALETTE, context), False)
    return drawn


def _remember(response: HttpResponse, data: QueryDict) -> HttpResponse:
    """Keep the table a whole page plays in the browser (calculator.js keeps it after each htmx update, with
    the house rules changed since): a bare ``/`` opens it. A page that names no table leaves it as it was."""
    query = tables.query_of(data)
    if query:
        response.set_cookie(tables.COOKIE, tables.cookie_value(query), max_age=tables.COOKIE_MAX_AGE, samesite="Lax",
                            secure=settings.LANGUAGE_COOKIE_SECURE)
    return response


def _without_actions(data: QueryDict) -> QueryDict:
    out = data.copy()
    for key in ACTIONS:
        out.pop(key, None)
    return out
