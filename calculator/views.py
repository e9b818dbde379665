"""The calculator page: one function view over one GET form (the page's whole state is its query).

For an htmx request the view renders only the ``result`` partial of calculator.html (plus the
controls that depend on the state and changed, swapped out of band); otherwise the whole page. The palette's
buttons also work without JavaScript: they submit the form with ``add``/``remove``/``clear``, the
view applies the edit and redirects to the page of the new hand.

The parts drawn from the state (placed tiles, flowers, win context, systems and house rules) are
rendered here, each kept in a small per-process cache under its signature (``data-sig``, a digest of
everything the part shows, language included): the same inputs draw the same markup, and most
requests ask for a part some earlier request already drew (the empty page's house rules, the
default win context…).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from . import editor, presenters
from .forms import ACTIONS, CalculatorForm, apply_edit


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _page_url(data: QueryDict) -> str:
    query = data.urlencode()
    return reverse("calculator") + (f"?{query}" if query else "")


@require_GET
@vary_on_headers("HX-Request", "X-Parts")
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    data, notice = request.GET, ""
    if any(key in data for key in ACTIONS):
        try:
            data = apply_edit(data)
        except editor.EditError as exc:
            data, notice = _without_actions(data), str(exc)
        if not request.htmx and not notice:
            return redirect(_page_url(data))
    if not data and not notice and not request.htmx:
        return render(request, "calculator.html", LANDING.get(get_language(), _landing_page))
    form = CalculatorForm(data)
    form.is_valid()

    context = presenters.page_context(form, lambda text: _page_url(_with_hand(data, text)), notice)
    if context.get("share_code"):
        context["share_url"] = request.build_absolute_uri(reverse("share", args=[context["share_code"]]))
    context["oob"] = bool(request.htmx)
    context["oob_parts"] = presenters.parts_to_send(context, request.headers.get("X-Parts", ""))
    context["rewrite_hand"] = context["rewrite_hand"] or data is not request.GET
    context["parts"] = _parts(context, bool(request.htmx))
    template = "calculator.html#result" if request.htmx else "calculator.html"
    return render(request, template, context)


FRAGMENTS = presenters.Memo(size=256)
"""Rendered parts by (part, signature, out of band): at most 256 per worker (most are a few kB; the
biggest, every system's house rules, ~50 kB)."""


LANDING = presenters.Memo(size=8)
"""The empty page's context with its form already rendered (``main_html``), per language."""


def _landing_page() -> dict[str, Any]:
    """The empty calculator: the same for every visitor in a language (CSRF token and nonce are drawn
    by base.html around it)."""
    data = QueryDict()
    form = CalculatorForm(data)
    form.is_valid()
    context = presenters.page_context(form, lambda text: _page_url(_with_hand(data, text)))
    context.update(oob=False, oob_parts=set())
    context["parts"] = _parts(context, False)
    context["main_html"] = get_template("calculator.html#calc").render(context)
    return context


def _with_hand(data: QueryDict, text: str) -> QueryDict:
    changed = data.copy()
    changed["hand"] = text
    return changed


def _parts(context: dict[str, Any], htmx: bool) -> dict[str, SafeString]:
    """The parts to draw: on a whole page every part and the palette's tiles, for htmx the changed parts."""
    parts = {
        name: render_part(name, context["sigs"][name], context)
        for name in presenters.PARTS
        if not htmx or name in context["oob_parts"]
    }
    if not htmx:  # the palette's tiles show only the language and the copies left
        key = repr((get_language(), context["left_csv"], context["hand_full"]))
        parts["palette_tiles"] = render_part("palette_tiles", key, context)
    return parts


def render_part(name: str, sig: str, context: dict[str, Any]) -> SafeString:
    """The partial ``name`` of calculator.html drawn from ``context``, or the drawing kept from before for
    the same ``sig`` (what the part shows, language included)."""
    return FRAGMENTS.get((name, sig, context["oob"]), lambda: get_template(f"calculator.html#{name}").render(context))


def _without_actions(data: QueryDict) -> QueryDict:
    out = data.copy()
    for key in ACTIONS:
        out.pop(key, None)
    return out
