"""The ledger's JSON API under /api/v1/tables (described in the OpenAPI document, ledger/openapi.py).

Create a table, add/edit/delete an entry, undo, list the entries (with the sheet) and export them.
Writes need the edit token; reading takes either token. Bad input is a 400 (409 for a stale version,
404 for an unknown table, 422 for an idempotency key reused for another request, 429 when an address
creates too many tables) with the API's error object, the scoring API's shape (calculator/api.py
``error_response``): ``{"error": {"code", "message", "position", "message_zh", "key"}}`` — the message in
English and 中文 and its stable key (ledger/words.py, or the engine's rulesets/messages.py for a hand's or
a round's error); database trouble is a 503 with ``Retry-After`` (serving/errors.py); never a 500.

Every write takes an idempotency key (ledger/receipts.py): the ``Idempotency-Key`` header or an
``idempotency_key`` field. A write answers with the table (201 for a new table or entry, 200 for a
change), or with ``Prefer: return=minimal`` with what the write itself did (:func:`_minimal`: the
entry, the totals, the version) — the same cost on any table. The answer is drawn from what the write
committed, never read back from a database that may have failed meanwhile: a saved write is never
answered as a failure.
"""

from __future__ import annotations

import json
import math
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from serving.dbguard import uses_database
from serving.errors import error_response

from . import receipts, service, views
from .models import Group, Table
from .words import Said, Worded, said, speaking

_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 409: "stale_version",
          422: "idempotency_key_reused", 429: "rate_limited"}
_JSON = {"ensure_ascii": False}
REPLAYED = "Idempotent-Replayed"
"""Header of an answer given again from a receipt (the write was made before, with this key)."""


def _error(error: Worded, status: int = 400) -> JsonResponse:
    """The error object: the code of the status, the message in English and 中文, its key (no place in a text)."""
    return error_response(_CODES.get(status, "bad_request"), str(error), None, status,
                          message_zh=error.message_zh, key=error.key)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("a number too large")
    return value


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _body(request: HttpRequest) -> dict[str, Any]:
    try:
        raw = request.body.decode("utf-8")
        data = json.loads(raw, parse_float=_number, parse_constant=_no_constant) if raw.strip() else {}
    except RequestDataTooBig:
        raise service.LedgerError(said("ledger.body.too_large")) from None
    except (UnicodeDecodeError, ValueError, RecursionError):  # ValueError: not JSON, or an integer of 4,300+ digits
        raise service.LedgerError(said("ledger.body.not_json")) from None
    if not isinstance(data, dict):
        raise service.LedgerError(said("ledger.body.not_object"))
    return data


def _ask(request: HttpRequest, body: dict[str, Any]) -> receipts.Ask | None:
    """The write's idempotency key and the digest of what it asks (None without a key)."""
    key = receipts.key_of(request.headers.get(receipts.HEADER), body.get(receipts.FIELD))
    if key is None:
        return None
    fields = {**request.GET.dict(), **body}
    return receipts.Ask(key, receipts.digest(str(request.method), request.path, fields))


def _links(request: HttpRequest, table: Table | Group, edit: bool, read_page: str = "ledger-read",
           edit_page: str = "ledger-edit") -> dict[str, Any]:
    """A table's (or a group's, with its pages' names) read link, and its edit link when ``edit``."""
    out = {"read_token": table.read_token,
           "read_url": request.build_absolute_uri(reverse(read_page, args=[table.read_token]))}
    if edit:
        out.update(edit_token=table.edit_token,
                   edit_url=request.build_absolute_uri(reverse(edit_page, args=[table.edit_token])))
    return out


def _noted(data: dict[str, Any], note: Said | None) -> dict[str, Any]:
    if note is not None:
        data.update(note=note.en, note_zh=note.zh)
    return data


def _full(request: HttpRequest, table: Table, edit: bool, note: Said | None = None, built: Any = None
          ) -> dict[str, Any]:
    """The table: the JSON export, its links and version."""
    data = {**service.export(table, built), "links": _links(request, table, edit), "version": table.version}
    return _noted(data, note)


def _minimal(request: HttpRequest, written: service.Written) -> dict[str, Any]:
    """What a write did, from what it committed alone: the entry it wrote (add, edit), the totals after the
    last entry, who deals next, the version. The same size on any table."""
    table = written.table
    assert table is not None and table.tail is not None
    from . import sheet

    tail = sheet.Tail.of(table.tail)
    data = {"version": table.version, "count": tail.count, "totals": tail.totals, "dealer": tail.dealer,
            "standard_scores": sheet.standard_of(table.as_rules(), tail),
            "entry": service.entry_of(written.row) if written.row is not None else None,
            "links": _links(request, table, True)}
    return _noted(data, written.note)


def _minimal_wanted(request: HttpRequest) -> bool:
    """``Prefer: return=minimal`` (RFC 7240): the write's own outcome, not the whole table."""
    return any(p.strip().lower() == "return=minimal" for p in request.headers.get("Prefer", "").split(","))


def _replay(kept: receipts.Kept) -> HttpResponse:
    response = JsonResponse(kept.answer, status=kept.status, json_dumps_params=_JSON)
    response[REPLAYED] = "true"
    return response


def _written(request: HttpRequest, written: service.Written, status: int, ask: receipts.Ask | None
             ) -> HttpResponse:
    """The answer to a write: from its receipt when it was made before; else the table (or, asked for,
    the minimal answer). The table is read after the commit; if that read fails the write is still
    saved, and is answered with what it committed (the minimal answer)."""
    if written.kept is not None:
        return _replay(written.kept)
    table = written.table
    assert table is not None
    data = _minimal(request, written)
    if not _minimal_wanted(request):
        try:
            data = _full(request, table, True, written.note)
        except DatabaseError:
            pass  # saved and committed: say what it did rather than fail
        else:
            body = json.dumps(data, ensure_ascii=False).encode()
            if ask is not None:  # the receipt keeps the answer actually sent
                try:
                    receipts.replace(receipts.scope_of(table), ask, status, body)
                except DatabaseError:
                    pass
            return HttpResponse(body, status=status, content_type="application/json")
    return JsonResponse(data, status=status, json_dumps_params=_JSON)


def _guarded(view):  # noqa: ANN001, ANN202 - a decorator over the views below
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            response = view(request, *args, **kwargs)
        except (service.LedgerError, receipts.BadKey) as exc:
            return _error(exc, exc.status)
        if response.status_code == 405 and REPLAYED not in response:  # the same error object, with Allow
            allowed = response["Allow"]
            response = _error(Worded(said("ledger.method", method=str(request.method)[:20], allowed=allowed)), 405)
            response["Allow"] = allowed
        return response

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return csrf_exempt(speaking(wrapped))  # its messages in the table's own words (胡 or 和)


def _by_either(token: str) -> tuple[Table, bool]:
    try:
        return service.table_by(token, "edit"), True
    except service.NotFound:
        return service.table_by(token, "read"), False


@_guarded
@require_http_methods(["POST"])
@uses_database
def tables(request: HttpRequest) -> HttpResponse:
    """POST: create a table."""
    body = _body(request)
    ask = _ask(request, body)
    kept = receipts.find(receipts.scope_of(None), ask) if ask is not None else None
    if kept is not None:  # made before with this key: not counted again
        return _replay(kept)
    if not service.creation_allowed(request):
        return _error(Worded(said("ledger.rate_limited")), 429)

    def answer(written: service.Written) -> receipts.Kept:
        assert written.table is not None
        return receipts.Kept(201, _full(request, written.table, True, built=service.empty_sheet(written.table)))

    written = service.open_table(body, ask=ask, answer=answer)
    if written.kept is not None:
        return _replay(written.kept)
    return JsonResponse(answer(written).answer, status=201, json_dumps_params=_JSON)


@_guarded
@require_http_methods(["GET"])
@uses_database
def table(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the table, its entries in order with their snapshots, the totals and who deals next."""
    found, edit = _by_either(token)
    return JsonResponse(_full(request, found, edit), json_dumps_params=_JSON)


def _write(request: HttpRequest, token: str, action: str, status: int, version: Any, position: Any = None,
           entry: Any = None, body: dict[str, Any] | None = None) -> HttpResponse:
    ask = _ask(request, body or {})
    written = service.change(token, action, version, position, entry, ask=ask,
                             answer=lambda w: receipts.Kept(status, _minimal(request, w)))
    return _written(request, written, status, ask)


@_guarded
@require_http_methods(["POST"])
@uses_database
def entries(request: HttpRequest, token: str) -> HttpResponse:
    """POST {kind, data, version?}: add an entry at the end."""
    body = _body(request)
    return _write(request, token, "add", 201, body.get("version"), None, body, body)


@_guarded
@require_http_methods(["PUT", "DELETE"])
@uses_database
def entry(request: HttpRequest, token: str, n: str) -> HttpResponse:
    """PUT {kind, data, version}: replace entry n (1-based); DELETE ?version=: remove it."""
    if len(n) > 6 or not n.isascii() or not n.isdigit() or int(n) < 1:
        raise service.NotFound(said("ledger.entry.numbered", n=repr(n)))
    position = int(n) - 1
    if request.method == "DELETE":
        body = _body(request) if request.body else {}
        return _write(request, token, "delete", 200, body.get("version", request.GET.get("version")), position,
                      body=body)
    body = _body(request)
    return _write(request, token, "edit", 200, body.get("version"), position, body, body)


@_guarded
@require_http_methods(["POST"])
@uses_database
def undo(request: HttpRequest, token: str) -> HttpResponse:
    """POST {version}: undo the table's last change."""
    body = _body(request)
    return _write(request, token, "undo", 200, body.get("version"), body=body)


@_guarded
@require_http_methods(["GET"])
@uses_database
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the sheet as CSV, in the table's language or ``?lang=`` (ledger/exports.py)."""
    found, _ = _by_either(token)
    return HttpResponse(views.csv_text(found, request.GET.get("lang")), content_type="text/csv; charset=utf-8")

