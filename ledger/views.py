"""The ledger's pages: /t/new, a table's edit page (its edit link) and read page (its read link).

Function views: read the form, call ledger/service.py, catch its errors, render. Every write is a
POST with the table's version; a success redirects back to the page (post/redirect/get), a failure
renders the page again with the message and the form as it was sent (status 400, or 409 when someone
else changed the table meanwhile — the page then shows the fresh state). The read page polls its
sheet every 3 seconds (htmx); the sheet answers 204 while the table's version is unchanged.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from calculator.lang import engine_language, pick, zh
from rulesets.registry import all_rulesets
from serving.dbguard import uses_database

from . import (
    chart,
    entries,
    exports,
    forms,
    full_entry,
    quick,
    receipts,
    round_draft,
    rounds,
    rummikub,
    service,
    table_setup,
    table_words,
)
from .models import Table
from .words import speaking

COOKIE = "ledger_table"
"""The last table this browser edited (its edit token), so "Add to table" can go straight to it."""


def _table(token: str, which: str) -> Table:
    try:
        return service.table_by(token, which)
    except service.NotFound:
        raise Http404("no table with this link") from None


def _said(exc: Exception) -> str:
    """An error's words in the page's language: rendered so where it can say itself (a ledger error, an
    engine error), else ``message_zh`` on a 中文 page where the error has it."""
    render = getattr(exc, "render", None)
    if callable(render):
        return str(render(engine_language()))
    return pick(getattr(exc, "message_zh", None), str(exc))


def _note(note: Any) -> str:
    """A round's note in the page's language: a keyed note ``{"key", "params", "zh", "en"}`` (ledger/rounds.py
    ``note_of``) in either, a text as it was kept (a snapshot made before notes were keyed)."""
    if isinstance(note, dict):
        return pick(note.get("zh"), note.get("en"))
    return str(note)


def _systems() -> list[dict[str, Any]]:
    return [{"id": r.id, "zh": zh(r.zh), "en": zh(r.en), "players": r.players} for r in all_rulesets()]


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest) -> HttpResponse:
    values = request.POST if request.method == "POST" else request.GET
    context: dict[str, Any] = {"systems": _systems(), "values": values, "hand": values.get("hand", ""),
                               **table_setup.context(values, posted=request.method == "POST")}
    if request.method == "GET":
        return render(request, "ledger/new.html", context)  # the form needs no database
    return _create(request, context)


def _ask(request: HttpRequest) -> receipts.Ask | None:
    """The form's idempotency key (its hidden field) and the digest of what it sends."""
    key = receipts.key_of(None, request.POST.get(receipts.FIELD))
    if key is None:
        return None
    fields = {k: request.POST.getlist(k) for k in request.POST}
    return receipts.Ask(key, receipts.digest("POST", request.path, fields))


def _redirected(kept: receipts.Kept) -> HttpResponse:
    return redirect(kept.answer["location"])


@uses_database
def _create(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    try:
        ask = _ask(request)
        kept = receipts.find(receipts.scope_of(None), ask) if ask is not None else None
        if kept is not None:  # this form was sent before: the same answer, nothing made twice
            return _redirected(kept)
        if not service.creation_allowed(request):
            context["error"] = _("Too many new tables from this address; try again in an hour.")
            return render(request, "ledger/new.html", context, status=429)

        def answer(written: service.Written) -> receipts.Kept:
            assert written.table is not None
            url = reverse("ledger-edit", args=[written.table.edit_token])
            if context["hand"]:
                url += "?" + _query({"hand": context["hand"]})
            return receipts.Kept(302, {"location": url})

        written = service.open_table(forms.table_from_post(request.POST), ask=ask, answer=answer)
    except (service.LedgerError, entries.EntryError, receipts.BadKey) as exc:
        context["error"] = _said(exc)
        return render(request, "ledger/new.html", context, status=getattr(exc, "status", 400))
    return _redirected(written.kept or answer(written))


def _query(params: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


def _players(table: Table) -> list[dict[str, Any]]:
    return [{"i": i, "name": n} for i, n in enumerate(table.players)]


def _describe(table: Table, row: Any) -> str:
    """One line saying what an entry was."""
    names = table.players
    d = row.data
    hu = table_words.hu_of(table)  # the system's own words: 胡 or 和
    if row.kind == "draw":
        return _("Drawn game")
    if row.kind == "hand":
        how = {"self_drawn": _("self-drawn"), "discard": table_words.word("on %(p)s's discard", hu),
               "rob_kong": _("robbing %(p)s's kong")}[d["win"]]
        return f"{names[d['player']]} " + how % {"p": names[d.get("from", 0)]}
    if row.kind in ("quick", "adjust"):
        words = {"adjust": _("Adjustment"), "quick": _("Quick"), "self_drawn": _("self-drawn"),
                 "discard": table_words.word("on %(p)s's discard", hu), "rob_kong": _("robbing %(p)s's kong")}
        return quick.describe(names, row.kind, d, quick.unit_of(table.system), words)
    if row.kind == "rummikub":
        return (_("%(p)s went out") % {"p": names[d["out"]]}) if d.get("out") is not None else _("Pool empty")
    parts = []
    for e in d.get("events", []):
        if e["type"] == "kong":
            parts.append(_("%(p)s kong") % {"p": names[e["player"]]})
        elif e["type"] == "win":
            parts.append(f"{names[e['player']]} " + (_("self-drawn") if e["win"] == "self_drawn" else
                                                      table_words.word("wins on %(p)s", hu) % {"p": names[e["from"]]}))
        elif e["type"] == "multi":
            winners = "+".join(names[w["player"]] for w in e["wins"])
            parts.append(table_words.word("%(w)s win on %(p)s (一炮多响)", hu) % {"w": winners, "p": names[e["from"]]})
        else:
            parts.append(_("wall end (流局)"))
    return " · ".join(parts)


def _sheet_context(request: HttpRequest, table: Table, fresh: bool = False) -> dict[str, Any]:
    built = service.sheet_of(table)
    rows = []
    for r in built.rows:
        cells = [{"delta": d, "total": t} for d, t in zip(r.deltas, r.totals, strict=True)]
        names = table.players
        lines = [{**line, "payer": names[line["from"]], "payee": names[line["to"]]}
                 for line in r.snapshot.get("lines", [])]
        rows.append({"n": r.index + 1, "index": r.index, "kind": r.kind, "what": _describe(table, r),
                     "dealer": names[r.dealer], "cells": cells, "lines": lines,
                     "error": pick(r.error_zh, r.error),
                     "engine": r.snapshot.get("engine"), "notes": [_note(n) for n in r.snapshot.get("notes", [])],
                     "codes": [x.get("hand") for x in r.snapshot.get("results", []) if x.get("hand")]})
    context: dict[str, Any] = {
        "table": table, "players": _players(table), "rows": rows, "totals": built.totals,
        "next_dealer": table.players[built.dealer], "standard": built.standard, "hands": len(rows),
        "session": 16, "read_url": request.build_absolute_uri(reverse("ledger-read", args=[table.read_token])),
        "sheet_url": reverse("ledger-sheet", args=[table.read_token]), "system_name": _system_name(table),
        "title": table.name or _("Table of %(date)s") % {"date": table.created.date().isoformat()},
    }
    if table.kind == "rummikub" and table.settings.get("target"):
        context["reached"] = [table.players[i] for i, t in enumerate(built.totals) if t >= table.settings["target"]]
    if fresh:
        now = service.sheet_of(table, fresh=True)
        context["recomputed"] = [{"name": n, "kept": a, "now": b} for n, a, b in
                                 zip(table.players, built.totals, now.totals, strict=True)]
        context["recomputed_same"] = built.totals == now.totals
        context["recomputed_rows"] = [{"n": a.index + 1, "kept": a.deltas, "now": b.deltas,
                                       "engine": a.snapshot.get("engine")}
                                      for a, b in zip(built.rows, now.rows, strict=True) if a.deltas != b.deltas]
    return context


def _system_name(table: Table) -> str:
    if table.kind == "rummikub":
        return _("Rummikub (拉密)")
    found = next((s for s in _systems() if s["id"] == table.system), None)
    return found["zh"] if found else table.system


def _edit_context(request: HttpRequest, table: Table, form: dict[str, Any] | None = None) -> dict[str, Any]:
    context = _sheet_context(request, table, fresh=request.GET.get("recompute") == "1")
    at = full_entry.at_of(request.GET.get("at", ""), len(context["rows"]))
    draft = round_draft.unpack(request.GET.get("round", "")) if table.kind == "mahjong" and not form else None
    if draft is not None:  # a round being entered, back from the calculator (a row's hand) or with one more row
        form = round_draft.restored(table, draft, request.GET)
        if draft.editing is not None and draft.editing <= len(context["rows"]):
            context.update(editing=draft.editing, editing_kind="round")
    if not form and request.GET.get("hand") and table.kind == "mahjong":  # "Add to table": seats from the code
        dealer = service.sheet_of(table, results=False).dealer if at is None else \
            table.players.index(context["rows"][at - 1]["dealer"])
        form = {"kind": "hand", "hand": request.GET["hand"][: settings.MAX_HAND_STRING],
                **rounds.seats_of_code(request.GET["hand"][: settings.MAX_HAND_STRING], dealer, len(table.players))}
        if at is not None:  # the hand scored for entry `at`: its form, to replace that entry
            context.update(editing=at, editing_kind="hand")
    form = form or {}
    try:
        count = int(form.get("shown") or request.GET.get("rows") or forms.DEFAULT_ROWS)
    except ValueError:
        count = forms.DEFAULT_ROWS
    context.update(
        edit=True, edit_url=reverse("ledger-edit", args=[table.edit_token]),
        sheet_url=reverse("ledger-edit-sheet", args=[table.edit_token]),
        sichuan=table.kind == "mahjong" and rounds.plays_to_the_wall(table.system),
        rounds=table.kind == "mahjong" and rounds.has_rounds(table.system),
        hand_value=form.get("hand", request.GET.get("hand", "")), form=form,
        round_rows=forms.blank_rows(form.get("rows", []), min(count, forms.MAX_ROWS)),
        round_version=form.get("version") if form.get("kind") == "round" else None,
        row_types=forms.ROW_TYPES, note=request.GET.get("note", ""),
        meld=_meld(request.GET.get("meld", ""), table) if table.kind == "rummikub" else None,
    )
    if table.kind == "mahjong":  # quick entry and adjustments; scoring a hand with its tiles
        context.update(quick.page_context(table, form, context["rows"], context["next_dealer"],
                                          engine_language().startswith("zh")))
        context["score_url"] = full_entry.score_url_of(table, context["rows"], context["next_dealer"], at,
                                                       form.get("hand", "") if at else "")
    return context


def _meld(text: str, table: Table) -> dict[str, Any] | None:
    if not text.strip():
        return None
    try:
        return {"text": text, **rummikub.first_meld(text[:400], int(table.settings.get("first_meld", 30)))}
    except rummikub.RackError as exc:
        return {"text": text, "error": _said(exc)}


def _remember(response: HttpResponse, table: Table) -> HttpResponse:
    response.set_cookie(COOKIE, table.edit_token, max_age=180 * 24 * 3600, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)
    return response


@speaking
@require_GET
@uses_database
def edit_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "edit")
    return _remember(render(request, "ledger/table.html", _edit_context(request, table)), table)


def _entry_from_post(request: HttpRequest, table: Table) -> tuple[dict[str, Any], dict[str, Any]]:
    """The entry the form describes, and the form as sent (shown again on failure)."""
    kind = request.POST.get("kind", "")
    form: dict[str, Any] = {"kind": kind, "hand": request.POST.get("hand", "")}
    if kind == "round":
        rows = forms.rows_from_post(request.POST)
        form["rows"] = rows
        return {"kind": "round", "data": forms.round_from_rows(rows)}, form
    if kind == "hand":
        data = forms.hand_from_post(request.POST)
        form.update(data)
        return {"kind": "hand", "data": data}, form
    if kind == "rummikub":
        data = forms.rummikub_from_post(request.POST, len(table.players))
        form["racks"] = data["racks"]
        return {"kind": "rummikub", "data": data}, form
    if kind in ("quick", "adjust") and table.kind == "mahjong":  # a hand without tiles, an adjustment
        data = (quick.quick_from_post if kind == "quick" else quick.adjust_from_post)(request.POST, table)
        return {"kind": kind, "data": data}, {**form, **data}
    return {"kind": kind, "data": {}}, form


@speaking
@require_POST
@uses_database
def change(request: HttpRequest, token: str) -> HttpResponse:
    """Every write of the edit page: add, edit, delete, undo (the ``action`` field)."""
    table = _table(token, "edit")
    action = request.POST.get("action", "add")
    form: dict[str, Any] = {}
    try:
        ask = _ask(request)
        entry = None
        if action in ("add", "edit"):
            entry, form = _entry_from_post(request, table)
        given = request.POST.get("position")
        position: int | str | None = given
        if given and given.isascii() and given.isdigit() and len(given) <= 6:
            position = int(given) - 1

        def answer(written: service.Written) -> receipts.Kept:
            merged = "?" + _query({"note": "merged"}) if written.note is not None else ""
            return receipts.Kept(302, {"location": reverse("ledger-edit", args=[token]) + merged + "#sheet"})

        written = service.change(token, action, request.POST.get("version"), position, entry, ask=ask,
                                 answer=answer)
    except (service.LedgerError, entries.EntryError, receipts.BadKey) as exc:
        status = getattr(exc, "status", 400)
        table.refresh_from_db()
        context = _edit_context(request, table, form)
        context.update(error=_said(exc), stale=status == 409)
        if action == "edit":
            context["editing"] = request.POST.get("position")
        return render(request, "ledger/table.html", context, status=status)
    return _redirected(written.kept or answer(written))


@speaking
@require_GET
@uses_database
def edit_entry(request: HttpRequest, token: str, n: int) -> HttpResponse:
    """The form of one entry, filled in, to change or delete it."""
    table = _table(token, "edit")
    found = list(table.entries.all())
    if not 1 <= n <= len(found):
        raise Http404("no such entry")
    entry = found[n - 1]
    form: dict[str, Any] = {"kind": entry.kind, **entry.data}
    if entry.kind == "round":
        form["rows"] = forms.rows_of(entry.data)
    context = _edit_context(request, table, form)
    context.update(editing=n, editing_kind=entry.kind, entry=entry.data)
    if table.kind == "mahjong" and entry.kind in ("hand", "quick"):  # score it with its tiles, for this entry
        row = context["rows"][n - 1]
        code = (row["codes"] or [""])[0] if entry.kind == "hand" else ""
        context["score_url"] = full_entry.score_url(table, table.players.index(row["dealer"]), n, code)
    return render(request, "ledger/table.html", context)


@speaking
@require_GET
@uses_database
def read_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "read")
    return render(request, "ledger/read.html", _sheet_context(request, table, request.GET.get("recompute") == "1"))


@speaking
@require_GET
@uses_database
def sheet_part(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet alone, for polling: 204 (htmx keeps what it shows) while the version is the one asked about."""
    table = _table(token, "read")
    if request.GET.get("v") == str(table.version):
        return HttpResponse(status=204)
    return render(request, "ledger/_sheet.html", _sheet_context(request, table))


@speaking
@require_GET
@uses_database
def edit_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The edit page's sheet alone, for polling (as :func:`sheet_part`, with the edit buttons)."""
    table = _table(token, "edit")
    if request.GET.get("v") == str(table.version):
        return HttpResponse(status=204)
    context = _sheet_context(request, table)
    context.update(edit=True, sheet_url=reverse("ledger-edit-sheet", args=[token]))
    return render(request, "ledger/_sheet.html", context)


@require_GET
@uses_database
def chart_svg(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "read")
    built = service.sheet_of(table, results=False)
    response = HttpResponse(chart.svg(built.players, built.series), content_type="image/svg+xml")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
@uses_database
def export_json(request: HttpRequest, token: str) -> JsonResponse:
    """The sheet as JSON for people, in the table's language (ledger/exports.py)."""
    table = _table(token, "read")
    response = JsonResponse(exports.json_export(table, request.GET.get("lang")),
                            json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="table-{table.read_token[:8]}.json"'
    return response


cell = exports.cell  # the CSV's formula guard (ledger/exports.py), where it was first defined


def csv_text(table: Table, lang: str | None = None) -> str:
    """The sheet as CSV in the table's language, or ``lang`` (ledger/exports.py)."""
    return exports.csv_text(table, lang)


@require_GET
@uses_database
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "read")
    response = HttpResponse(csv_text(table, request.GET.get("lang")), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="table-{table.read_token[:8]}.csv"'
    return response


@require_GET
def add_hand(request: HttpRequest) -> HttpResponse:
    """"Add to table" from a scored hand: straight to the last table this browser edited, or a new one (also
    when the database cannot say which table that is)."""
    hand = request.GET.get("hand", "")[: settings.MAX_HAND_STRING]
    token = request.COOKIES.get(COOKIE, "")
    try:
        table = _remembered(token) if token and len(token) < 64 else None
    except DatabaseError:
        table = None
    at = full_entry.at_of(request.GET.get("at", ""))
    draft = round_draft.unpack(request.GET.get("round", ""))
    row = round_draft.row_of(request.GET.get("row", ""))
    back = _query({"hand": hand, "round": request.GET["round"], "row": str(row)}) if draft and row is not None else ""
    return render(request, "ledger/add.html", {"hand": hand, "table": table, "at": at or "", "round_query": back,
                                               "round_anchor": "entry-form" if draft and draft.editing else "add-round",
                                               "new_url": reverse("ledger-new") + "?" + _query({"hand": hand})})


@uses_database
def _remembered(token: str) -> Table | None:
    return Table.objects.filter(edit_token=token).first()
