"""A group's pages: /g/new, its edit link /g/<edit token>/ and read link /g/r/<read token>/, its chart; and
"add to group" from a table's edit page (ledger/groups.py does the work).

As the table pages (ledger/views.py): every write is a POST carrying an idempotency key, a success
redirects (post/redirect/get), a failure shows the page again with the message (400, 404, 409); database
trouble is the site's 503 page (``uses_database``).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from serving.dbguard import uses_database

from . import groups, receipts, service, views
from .models import Group, Table
from .words import said


def _group(token: str, which: str) -> Group:
    try:
        return groups.group_by(token, which)
    except service.NotFound:
        raise Http404("no group with this link") from None


def _ask(request: HttpRequest) -> receipts.Ask | None:
    return views._ask(request)


def _system(table: Table) -> str:
    return views._system_name(table)


def _title(group: Group) -> str:
    return group.name or _("Group since %(date)s") % {"date": group.created.date().isoformat()}


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:g}"


def _context(request: HttpRequest, group: Group, edit: bool) -> dict[str, Any]:
    facts = groups.figures_of(group)
    evenings = []
    for n, e in enumerate(facts.evenings, start=1):
        assert e.table is not None
        t = e.table
        evenings.append({
            "n": n, "day": e.day.isoformat() if e.day else "", "name": t.name, "system": _system(t),
            "read_url": reverse("ledger-read", args=[t.read_token]), "read_token": t.read_token,
            "hands": len(e.sheet.rows),
            "seats": [{"name": groups.shown(p, group.aliases), "total": tot}
                      for p, tot in zip(t.players, e.sheet.totals, strict=True)],
        })
    players = [{**p.as_dict(), "average": _number(p.average), "standard_shown": _number(p.standard)}
               for p in facts.players]
    return {
        "group": group, "title": _title(group), "edit": edit, "evenings": evenings, "players": players,
        "any_standard": facts.any_standard, "ranked_by_standard": facts.ranked_by_standard,
        "read_url": request.build_absolute_uri(reverse("ledger-group-read", args=[group.read_token])),
        "edit_url": reverse("ledger-group", args=[group.edit_token]) if edit else "",
        "chart_url": reverse("ledger-group-chart", args=[group.read_token]) + f"?v={group.version}",
        "names": [p.name for p in facts.players], "chart_height": groups.chart_height(len(facts.players)),
    }


@require_http_methods(["GET", "POST"])
def new_group(request: HttpRequest) -> HttpResponse:
    values = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {"values": values}
    if request.method == "GET":
        return render(request, "ledger/group_new.html", context)  # the form needs no database
    return _create(request, context)


def _to_group(group: Group) -> receipts.Kept:
    return receipts.Kept(302, {"location": reverse("ledger-group", args=[group.edit_token])})


def _made(written: groups.Written) -> receipts.Kept:
    assert written.group is not None
    return _to_group(written.group)


@uses_database
def _create(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    try:
        ask = _ask(request)
        kept = groups.find(groups.NEW_SCOPE, ask) if ask is not None else None
        if kept is not None:
            return redirect(kept.answer["location"])
        if not service.creation_allowed(request):
            context["error"] = _("Too many new tables from this address; try again in an hour.")
            return render(request, "ledger/group_new.html", context, status=429)
        link = request.POST.get("table", "").strip()
        data = {"name": request.POST.get("name", ""), "tables": [link] if link else []}

        written = groups.open_group(data, ask=ask, answer=_made)
    except (service.LedgerError, receipts.BadKey) as exc:
        context["error"] = views._said(exc)
        return render(request, "ledger/group_new.html", context, status=getattr(exc, "status", 400))
    return redirect((written.kept or _made(written)).answer["location"])


@require_GET
@uses_database
def group_page(request: HttpRequest, token: str) -> HttpResponse:
    group = _group(token, "edit")
    return render(request, "ledger/group.html", _context(request, group, True))


@require_GET
@uses_database
def read_page(request: HttpRequest, token: str) -> HttpResponse:
    group = _group(token, "read")
    return render(request, "ledger/group.html", _context(request, group, False))


@require_GET
@uses_database
def chart_svg(request: HttpRequest, token: str) -> HttpResponse:
    group = _group(token, "read")
    facts = groups.figures_of(group)
    labels = [str(n) for n in range(1, len(facts.evenings) + 1)]
    response = HttpResponse(groups.chart(facts.players, labels, _("Net after each evening")),
                            content_type="image/svg+xml")
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
@uses_database
def change(request: HttpRequest, token: str) -> HttpResponse:
    """Every write of the group's page: add a table, remove one, rename a player (the ``action`` field)."""
    group = _group(token, "edit")
    action = request.POST.get("action", "")
    try:
        ask = _ask(request)
        written = groups.change(token, action, table=request.POST.get("table"), old=request.POST.get("old"),
                                new=request.POST.get("new"), version=request.POST.get("version"), ask=ask,
                                answer=lambda w: receipts.Kept(302, {"location": _back(token, w)}))
    except (service.LedgerError, receipts.BadKey) as exc:
        status = getattr(exc, "status", 400)
        group.refresh_from_db()
        context = _context(request, group, True)
        context.update(error=views._said(exc), stale=status == 409, values=request.POST)
        return render(request, "ledger/group.html", context, status=status)
    return redirect((written.kept or receipts.Kept(302, {"location": _back(token, written)})).answer["location"])


def _back(token: str, written: groups.Written) -> str:
    note = "" if written.changed else "?note=already"
    return reverse("ledger-group", args=[token]) + note + "#players"


@require_POST
@uses_database
def from_table(request: HttpRequest, token: str) -> HttpResponse:
    """"Add to group" on a table's edit page: to the group whose link is given, or to a new group."""
    table = views._table(token, "edit")
    try:
        ask = _ask(request)
        if request.POST.get("action") == "new":
            kept = groups.find(groups.NEW_SCOPE, ask) if ask is not None else None
            if kept is not None:
                return redirect(kept.answer["location"])
            if not service.creation_allowed(request):
                raise service.LedgerError(said("ledger.rate_limited"))
            written = groups.open_group({"tables": [table.edit_token]}, ask=ask, answer=_made)
        else:
            group_token = groups.group_token(request.POST.get("group"))
            written = groups.change(group_token, "add", table=table.edit_token, ask=ask,
                                    answer=lambda w: receipts.Kept(302, {"location": _back(group_token, w)}))
    except (service.LedgerError, receipts.BadKey) as exc:
        context = views._edit_context(request, table)
        context.update(error=views._said(exc), group_value=request.POST.get("group", ""))
        return render(request, "ledger/table.html", context, status=getattr(exc, "status", 400))
    if written.kept is not None:
        return redirect(written.kept.answer["location"])
    assert written.group is not None
    return redirect(_back(written.group.edit_token, written))
