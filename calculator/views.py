"""The calculator page: one function view over one GET form (the page's whole state is its query).

For an htmx request the view renders only the ``result`` partial of calculator.html (plus the
controls that depend on the state and changed, swapped out of band); otherwise the whole page. The palette's
buttons also work without JavaScript: they submit the form with ``add``/``remove``/``clear``, the
view applies the edit and redirects to the page of the new hand.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
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
    form = CalculatorForm(data)
    form.is_valid()

    def link(text: str) -> str:
        changed = data.copy()
        changed["hand"] = text
        return _page_url(changed)

    context = presenters.page_context(form, link, notice)
    if context.get("share_code"):
        context["share_url"] = request.build_absolute_uri(reverse("share", args=[context["share_code"]]))
    context["oob"] = bool(request.htmx)
    context["oob_parts"] = presenters.parts_to_send(context, request.headers.get("X-Parts", ""))
    context["rewrite_hand"] = context["rewrite_hand"] or data is not request.GET
    template = "calculator.html#result" if request.htmx else "calculator.html"
    return render(request, template, context)


def _without_actions(data: QueryDict) -> QueryDict:
    out = data.copy()
    for key in ACTIONS:
        out.pop(key, None)
    return out
