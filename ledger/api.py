"""The ledger's JSON API under /api/v1/tables (described in the OpenAPI document, ledger/openapi.py).

Create a table, add/edit/delete an entry, undo, list the entries (with the sheet) and export them.
Writes need the edit token; reading takes either token. Bad input is a 400 (409 for a stale version,
404 for an unknown table, 429 when an address creates too many tables) with the API's error object, the
scoring API's shape (calculator/api.py ``error_response``): ``{"error": {"code", "message", "position",
"message_zh", "key"}}`` — the message in English and 中文 and its stable key (ledger/words.py, or the
engine's rulesets/messages.py for a hand's or a round's error); never a 500.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from calculator.api import error_response

from . import service, views
from .models import Table
from .words import Said, Worded, said

_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 409: "stale_version", 429: "rate_limited"}


def _error(error: Worded, status: int = 400) -> JsonResponse:
    """The error object: the code of the status, the message in English and 中文, its key (no place in a text)."""
    return error_response(_CODES.get(status, "bad_request"), str(error), None, status,
                          message_zh=error.message_zh, key=error.key)


def _body(request: HttpRequest) -> dict[str, Any]:
    try:
        raw = request.body.decode("utf-8")
        data = json.loads(raw) if raw.strip() else {}
    except RequestDataTooBig:
        raise service.LedgerError(said("ledger.body.too_large")) from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise service.LedgerError(said("ledger.body.not_json")) from None
    if not isinstance(data, dict):
        raise service.LedgerError(said("ledger.body.not_object"))
    return data


def _links(request: HttpRequest, table: Table, edit: bool) -> dict[str, Any]:
    out = {"read_token": table.read_token,
           "read_url": request.build_absolute_uri(reverse("ledger-read", args=[table.read_token]))}
    if edit:
        out.update(edit_token=table.edit_token,
                   edit_url=request.build_absolute_uri(reverse("ledger-edit", args=[table.edit_token])))
    return out


def _state(request: HttpRequest, table: Table, edit: bool, status: int = 200, note: Said | None = None
           ) -> JsonResponse:
    table.refresh_from_db()
    data = {**service.export(table), "links": _links(request, table, edit), "version": table.version}
    if note is not None:
        data.update(note=note.en, note_zh=note.zh)
    return JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})


def _guarded(view):  # noqa: ANN001, ANN202 - a decorator over the views below
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except service.LedgerError as exc:
            return _error(exc, exc.status)
        if response.status_code == 405:  # require_http_methods: the same error object, with Allow
            allowed = response["Allow"]
            response = _error(Worded(said("ledger.method", method=request.method, allowed=allowed)), 405)
            response["Allow"] = allowed
        return response

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return csrf_exempt(wrapped)


def _by_either(token: str) -> tuple[Table, bool]:
    try:
        return service.table_by(token, "edit"), True
    except service.NotFound:
        return service.table_by(token, "read"), False


@_guarded
@require_http_methods(["POST"])
def tables(request: HttpRequest) -> HttpResponse:
    """POST: create a table."""
    if not service.creation_allowed(request):
        return _error(Worded(said("ledger.rate_limited")), 429)
    table = service.create_table(_body(request))
    return _state(request, table, True, 201)


@_guarded
@require_http_methods(["GET"])
def table(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the table, its entries in order with their snapshots, the totals and who deals next."""
    found, edit = _by_either(token)
    return _state(request, found, edit)


@_guarded
@require_http_methods(["POST"])
def entries(request: HttpRequest, token: str) -> HttpResponse:
    """POST {kind, data, version?}: add an entry at the end."""
    body = _body(request)
    found, note = service.change(token, "add", body.get("version"), None, body)
    return _state(request, found, True, 201, note)


@_guarded
@require_http_methods(["PUT", "DELETE"])
def entry(request: HttpRequest, token: str, n: str) -> HttpResponse:
    """PUT {kind, data, version}: replace entry n (1-based); DELETE ?version=: remove it."""
    if not n.isascii() or not n.isdigit() or int(n) < 1 or len(n) > 6:
        raise service.NotFound(said("ledger.entry.numbered", n=repr(n)))
    position = int(n)
    if request.method == "DELETE":
        body = _body(request) if request.body else {}
        version = body.get("version", request.GET.get("version"))
        found, _ = service.change(token, "delete", version, position - 1)
    else:
        body = _body(request)
        found, _ = service.change(token, "edit", body.get("version"), position - 1, body)
    return _state(request, found, True)


@_guarded
@require_http_methods(["POST"])
def undo(request: HttpRequest, token: str) -> HttpResponse:
    """POST {version}: undo the table's last change."""
    body = _body(request)
    found, _ = service.change(token, "undo", body.get("version"))
    return _state(request, found, True)


@_guarded
@require_http_methods(["GET"])
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the sheet as CSV."""
    found, _ = _by_either(token)
    return HttpResponse(views.csv_text(found), content_type="text/csv; charset=utf-8")
