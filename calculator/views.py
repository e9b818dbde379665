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

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django_htmx.middleware import HtmxDetails

from serving import quickhttp
from serving.memo import drawn_from, kept, piece

from . import editor, lang, ledger_seats, parts, presenters, result_html, tables
from .forms import ACTIONS, CalculatorForm, apply_edit, apply_table
from .keyed import Keyed
from .markup import path, where


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _page_url(data: QueryDict) -> str:
    query = data.urlencode()
    return path("calculator") + (f"?{query}" if query else "")


# What the calculator is drawn from (serving.memo): the query, the language, the site's address (the share link)
# and, for an htmx update, the parts the browser shows. A whole page is not kept whole (it carries a CSRF token
# and a nonce): its form is (``_form``).
@require_GET
@quickhttp.vary_on_headers("HX-Request", "X-Parts")
@kept("calculator-update", drawn_from(language=True, site=True, headers=("X-Parts",), htmx=True))
@lang.asked_once()
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    data: QueryDict = quickhttp.query(request)
    htmx = quickhttp.is_htmx(request)
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
    response = quickhttp.html_response(result_html.result_update(page(request, data, notice, htmx=True)))
    if data is not request.GET:  # an edit the server made (calculator.js asks for typed text)
        response["HX-Replace-Url"] = _page_url(data)  # the address of the new hand, not of the edit
    return response


@piece("calculator-page", drawn_from(language=True, site=True, htmx=False))
def _form(request: HtmxHttpRequest, data: QueryDict, notice: str) -> str:
    """The whole page's form (partial ``calc``) for the state ``data`` and its ``notice``, both drawn from the
    query and the language: drawn without the visitor's token and nonce, which base.html draws around it."""
    return get_template("calculator.html#calc").render(page(request, data, notice))


def page(request: HtmxHttpRequest, data: QueryDict, notice: str, htmx: bool | None = None) -> dict[str, Any]:
    """The page's view model for the state ``data``: what the whole form (partial ``calc``) or, for htmx, the
    ``result`` partial with the changed parts is drawn from. It reads no cookie and no header but htmx's
    own and X-Parts, and the site's address (the share link): serving.memo keeps what it draws. ``htmx``:
    whether the request is htmx's, when the caller has asked it already (else asked here)."""
    form = CalculatorForm(data)
    form.is_valid()  # its engine messages in the table's word (胡 or 和), as are the page's:
    with form.speaking():
        context = presenters.page_context(form, lambda text: _page_url(_with_hand(data, text)), notice)
    ledger_seats.apply(context, data)  # opened from a table's ledger: its players on the seats
    if context.get("share_code"):
        # the script prefix and URLconf asked once: the result section writes the share addresses in them too
        context["where"] = at = where()
        context["share_url"] = _absolute(request, path("share", context["share_code"], at=at))
    if htmx is None:
        htmx = quickhttp.is_htmx(request)
    context["oob"] = htmx
    context["rewrite_hand"] = context["rewrite_hand"] or data is not request.GET
    context["parts"] = _parts(context, htmx, quickhttp.header(request, "X-Parts") if htmx else "")
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
    request gives (:func:`_site`), ``location`` written after it as Django writes it (``iri_to_uri``, which leaves
    a path of these characters as it is). Any other location is Django's own to build."""
    if location[:1] != "/" or location[:2] == "//" or "/./" in location or "/../" in location \
            or _URI_AS_IS.fullmatch(location) is None:
        return request.build_absolute_uri(location)
    meta = request.META
    address = (request.scheme or "", *(meta.get(key) for key in _ADDRESS))
    return _site(Keyed(address, request)) + location


_URI_AS_IS = re.compile(r"[A-Za-z0-9_.~/#%\[\]=:;$&()+,!?*@'-]*")
"""The characters ``iri_to_uri`` leaves as they are (those it does not quote)."""

_ADDRESS = ("HTTP_X_FORWARDED_HOST", "HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "HTTP_X_FORWARDED_PORT")
"""What a request's host is read from (``HttpRequest.get_host``, with its scheme and the settings)."""


@lru_cache(maxsize=64)
def _site(address: Keyed) -> str:
    """The site's address (``scheme://host``) as ``build_absolute_uri`` writes it, for the request of ``address``:
    found by Django (its host checked: a host not allowed raises, and is not kept), kept per address."""
    request = cast(HttpRequest, address.value)
    address.value = None  # kept as a key only: the request is not held on to
    return request.build_absolute_uri("/")[:-1]


def _address_settings_changed(*, setting: str, **kwargs: Any) -> None:
    if setting in ("ALLOWED_HOSTS", "DEBUG", "USE_X_FORWARDED_HOST", "USE_X_FORWARDED_PORT", "SECURE_PROXY_SSL_HEADER"):
        _site.cache_clear()


setting_changed.connect(_address_settings_changed)


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
