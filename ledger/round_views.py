"""The round form's own routes: a row scored with the palette, one more row, and each row's hand checked as typed.

- ``POST /t/<edit token>/round``: the round form sent by "with the palette" on row *i* (``palette=i``) or "Add a
  row" (``more``). Nothing is written: the rows typed so far become a draft (ledger/round_draft.py) carried by the
  link, and the answer is the calculator for row *i* (the table's system, house rules and seats, the row's winner
  and discarder chosen) or the edit page with the draft and one more row.
- ``GET /t/<edit token>/round/check?row=i&ei_h=…&ei_t=…``: row *i*'s hand checked (htmx, as it is typed): the
  tiles read back, and whether the row's hand is a win (a win row) or ready and for how much (a row at the wall's
  end), or what is wrong, in the reader's language and the table's words.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from rulesets.errors import MahjongError
from rulesets.notation import format_hand, parse_hand
from serving.dbguard import uses_database

from . import forms, full_entry, round_draft, rounds, table_words
from .entries import WIN_METHODS, EntryError
from .models import Table
from .views import _edit_context, _said, _table
from .words import said, speaking

_player = round_draft.index_below


def row_context(table: Table, rows: list[dict[str, Any]], at: int, dealer: int) -> dict[str, Any]:
    """The calculator's win context for row ``at``: its winner's seat, how and from whom (a win row), the players
    who won in the rows above (血战) — the seats with ``dealer`` at E."""
    n = len(table.players)
    row = rows[at] if at < len(rows) else {}
    player = _player(row.get("p", ""), n)
    if player is None:
        return {}
    out: dict[str, Any] = {"seat": rounds.seat_of(player, dealer, n).value}
    if row.get("t") in WIN_METHODS:
        out["win"] = row["t"]
        fed = _player(row.get("f", ""), n)
        if row["t"] != "self_drawn" and fed is not None and fed != player:
            out["from_seat"] = rounds.seat_of(fed, dealer, n).value
        for short, flag in forms.ROUND_FLAGS.items():
            if row.get(short):
                out[flag] = "on"
        won = {_player(r.get("p", ""), n) for r in rows[:at] if r.get("t") in WIN_METHODS} - {None, player}
        if won and rounds.plays_to_the_wall(table.system):
            out["already_won"] = sorted(rounds.seat_of(p, dealer, n).value for p in won if p is not None)
    return out


@speaking
@require_POST
@uses_database
def round_draft_view(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "edit")
    rows, where = round_draft.kept_rows(request.POST)
    editing = full_entry.at_of(request.POST.get("position", ""))
    version = request.POST.get("version", "")
    kept_version = int(version) if version.isascii() and version.isdigit() and len(version) < 18 else None
    shown = round_draft.row_of(request.POST.get("shown", "")) or len(rows)
    palette = round_draft.row_of(request.POST.get("palette", ""))
    if palette is None:  # "Add a row": the form again, one more row
        draft = round_draft.pack(rows, min(max(shown, len(rows)) + 1, forms.MAX_ROWS), editing, kept_version)
        anchor = "#entry-form" if editing else "#add-round"
        return redirect(reverse("ledger-edit", args=[token]) + "?" + urlencode({"round": draft}) + anchor)
    at = where.get(palette, len(rows))
    if at == len(rows):  # an empty row: it takes its place at the end of the rows kept
        rows.append({})
    draft = round_draft.pack(rows, max(shown, len(rows)), editing, kept_version)
    if len(draft) > round_draft.MAX_TEXT:  # the link could not carry it back: the form again, as it was sent
        form = {"kind": "round", "rows": rows, "shown": max(shown, len(rows)), "version": kept_version}
        context = _edit_context(request, table, form)
        context.update(error=_said(EntryError(said("ledger.form.round_too_long"))))
        if editing:
            context.update(editing=editing, editing_kind="round")
        return render(request, "ledger/table.html", context, status=400)
    dealer = round_draft.dealer_of(table, editing)
    url = full_entry.score_url(table, dealer, None, rows[at].get("h", ""),
                               extra={**row_context(table, rows, at, dealer), "round": draft, "row": str(at)})
    return redirect(url)


@speaking
@require_GET
@uses_database
def check_row(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "edit")
    i = round_draft.row_of(request.GET.get("row", ""))
    text = request.GET.get(f"e{i}_h", "").strip()[: settings.MAX_HAND_STRING] if i is not None else ""
    kind = request.GET.get(f"e{i}_t", "")
    context: dict[str, Any] = {"text": text, "hu": table_words.hu_of(table)}
    if text and table.kind == "mahjong":
        context.update(_checked(table, text, kind))
    return render(request, "ledger/_round_check.html", context)


def _checked(table: Table, text: str, kind: str) -> dict[str, Any]:
    try:
        hand = parse_hand(text)
    except MahjongError as exc:
        return {"error": _said(rounds.RoundError.of(exc))}
    shown = format_hand(hand)
    if kind == "ready":
        try:
            best = rounds.best_wait(table.system, table.options or {}, text)
        except rounds.RoundError as exc:
            return {"shown": shown, "error": _said(exc)}
        return {"shown": shown, "ready": best is not None, "wait": best[0] if best else "",
                "value": best[1] if best else None}
    if kind in WIN_METHODS:
        try:
            value, unit = rounds.hand_value(table.system, table.options or {}, text, kind)
        except rounds.RoundError as exc:
            return {"shown": shown, "error": _said(exc)}
        return {"shown": shown, "win": True, "value": value, "unit": unit}
    return {"shown": shown}
