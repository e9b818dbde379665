"""The groups' JSON API under /api/v1/groups (described in ledger/openapi.py), as the tables' (ledger/api.py).

Create a group, read it (either token: its evenings, each player's figures, the renames), add a table
(by its read or edit link), remove one, rename a player. Writes need the group's edit token and take an
idempotency key (the ``Idempotency-Key`` header or an ``idempotency_key`` field): the answer is kept with
the write, and the same key again gets it (``Idempotent-Replayed: true``) without writing. Errors are the
API's error object (400, 404, 409 for a stale ``version``, 422 for a reused key, 429 for too many new
groups or tables from one address, 503 with ``Retry-After`` for database trouble).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from serving.dbguard import uses_database

from . import groups, receipts, service
from .api import _JSON, _ask, _body, _error, _guarded, _replay
from .api import _links as _table_links
from .models import Group
from .words import Worded, said


def _links(request: HttpRequest, group: Group, edit: bool) -> dict[str, Any]:
    return _table_links(request, group, edit, "ledger-group-read", "ledger-group")


def _full(request: HttpRequest, group: Group, edit: bool) -> dict[str, Any]:
    return groups.export(group, groups.figures_of(group), _links(request, group, edit),
                         lambda t: request.build_absolute_uri(reverse("ledger-read", args=[t.read_token])))


def _answer(request: HttpRequest, status: int):  # noqa: ANN202 - the answer kept with a write
    def answer(written: groups.Written) -> receipts.Kept:
        assert written.group is not None
        return receipts.Kept(status if written.changed else 200, _full(request, written.group, True))

    return answer


def _written(written: groups.Written, request: HttpRequest, status: int) -> HttpResponse:
    if written.kept is not None and written.group is None:
        return _replay(written.kept)
    assert written.group is not None
    kept = written.kept or _answer(request, status)(written)
    return JsonResponse(kept.answer, status=kept.status, json_dumps_params=_JSON)


@_guarded
@require_http_methods(["POST"])
@uses_database
def create(request: HttpRequest) -> HttpResponse:
    """POST {name?, tables?: [table links]}: a new group."""
    body = _body(request)
    ask = _ask(request, body)
    kept = groups.find(groups.NEW_SCOPE, ask) if ask is not None else None
    if kept is not None:
        return _replay(kept)
    if not service.creation_allowed(request):
        return _error(Worded(said("ledger.rate_limited")), 429)
    written = groups.open_group(body, ask=ask, answer=_answer(request, 201))
    if written.kept is not None:
        return _replay(written.kept)
    return _written(written, request, 201)


@_guarded
@require_http_methods(["GET"])
@uses_database
def group(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the group (either token; the edit links only with the edit token)."""
    found = groups.group_by(token, "either")
    return JsonResponse(_full(request, found, found.edit_token == token), json_dumps_params=_JSON)


def _change(request: HttpRequest, token: str, action: str, status: int, body: dict[str, Any],
            **fields: Any) -> HttpResponse:
    ask = _ask(request, body)
    written = groups.change(token, action, version=body.get("version", request.GET.get("version")), ask=ask,
                            answer=_answer(request, status), **fields)
    if written.kept is not None:
        return _replay(written.kept)
    return _written(written, request, status)


@_guarded
@require_http_methods(["POST"])
@uses_database
def tables(request: HttpRequest, token: str) -> HttpResponse:
    """POST {table, version?}: add a table by its link (201; 200 when it was in the group already)."""
    body = _body(request)
    return _change(request, token, "add", 201, body, table=body.get("table"))


@_guarded
@require_http_methods(["DELETE"])
@uses_database
def table(request: HttpRequest, token: str, table: str) -> HttpResponse:
    """DELETE ?version=: take the table (its read token, as the group lists it) out of the group."""
    body = _body(request) if request.body else {}
    return _change(request, token, "remove", 200, body, table=table)


@_guarded
@require_http_methods(["POST"])
@uses_database
def rename(request: HttpRequest, token: str) -> HttpResponse:
    """POST {from, to, version?}: rename a player (to another player's name: the two are merged)."""
    body = _body(request)
    return _change(request, token, "rename", 200, body, old=body.get("from"), new=body.get("to"))
