"""结账 (settle up): the fewest transfers that settle a table's evening so far, as a page, an image and JSON.

- ``/t/<edit token>/settle`` and ``/t/r/<read token>/settle``: the transfers ("丙 → 甲 18") as text to copy
  (a read-only field: selectable without JavaScript; share.js adds the copy button), the image, and a QR
  code of the table's read link (inline SVG, drawn by segno on the server).
- ``/t/r/<read token>/settle.png``: the transfers drawn with Pillow in the preview's font and colours.
- ``GET /api/v1/tables/<token>/settle`` (either token): the transfers as JSON.

``?rate=`` (money per point, a decimal such as 0.5) multiplies every total first; amounts stay exact
(``decimal.Decimal``). A table whose totals do not add up to zero (Rummikub with the pool empty: points,
not payments) is not settled: the page says so and the API answers ``zero_sum: false`` with no transfers.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from serving.dbguard import uses_database

from . import service, settle_up
from .api import _by_either, _guarded
from .models import Table
from .settle_image import draw
from .views import _said, _system_name
from .words import said

MAX_RATE = Decimal(1_000_000)


@dataclass
class Settlement:
    """A table's settlement: the totals (times the rate), whether they add up to zero, the transfers."""

    names: list[str]
    totals: list[Any]
    rate: Decimal | None
    zero_sum: bool
    transfers: list[settle_up.Transfer]
    hands: int
    version: int

    @property
    def lines(self) -> list[dict[str, str]]:
        """The transfers as the page shows them: names and the amount in words."""
        return [{"payer_name": self.names[t.payer], "payee_name": self.names[t.payee],
                 "shown": settle_up._shown(t.amount)} for t in self.transfers]

    @property
    def text(self) -> str:
        return settle_up.as_text(self.names, self.transfers)

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": self.names, "totals": [_json(t) for t in self.totals],
            "rate": None if self.rate is None else _json(self.rate), "zero_sum": self.zero_sum,
            "transfers": [{**t.as_dict(), "from_name": self.names[t.payer], "to_name": self.names[t.payee]}
                          for t in self.transfers],
            "count": len(self.transfers), "text": self.text, "entries": self.hands, "version": self.version,
        }


def _json(value: Any) -> Any:
    if isinstance(value, int):
        return value
    return int(value) if value == int(value) else str(value)


def rate_of(text: str | None) -> Decimal | None:
    """``?rate=``: a positive decimal of at most 6 places (money per point), or None for none; anything else is
    refused with a :class:`service.LedgerError` (said in both languages)."""
    if text in (None, ""):
        return None
    try:
        rate = Decimal(str(text).strip()[:24])
    except InvalidOperation:
        rate = Decimal(-1)
    if not rate.is_finite() or not 0 < rate <= MAX_RATE or rate.as_tuple().exponent < -6:  # type: ignore[operator]
        raise service.LedgerError(said("ledger.settle.rate", value=repr(str(text)[:24])))
    return rate


def settlement(table: Table, rate: Decimal | None = None) -> Settlement:
    built = service.sheet_of(table, results=False)
    totals = settle_up.scaled(built.totals, rate)
    zero_sum = sum(built.totals) == 0
    paid = settle_up.transfers(totals) if zero_sum else []
    return Settlement(list(table.players), totals, rate, zero_sum, paid, len(built.rows), table.version)


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (no XML declaration; sized by CSS)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True,
                                    title=url, svgclass="ledger-qr", lineclass=None, omitsize=True)
    return out.getvalue().decode()


def _table(token: str, which: str) -> Table:
    try:
        return service.table_by(token, which)
    except service.NotFound:
        raise Http404("no table with this link") from None


def _page(request: HttpRequest, table: Table, edit: bool) -> HttpResponse:
    read_url = request.build_absolute_uri(reverse("ledger-read", args=[table.read_token]))
    error = ""
    try:
        rate = rate_of(request.GET.get("rate"))
    except service.LedgerError as exc:
        rate, error = None, _said(exc)
    settled = settlement(table, rate)
    image = reverse("ledger-settle-png", args=[table.read_token])
    if rate is not None:
        image += f"?rate={rate}"
    context = {
        "table": table, "settled": settled, "rate": "" if rate is None else str(rate), "error": error,
        "title": table.name or _("Table of %(date)s") % {"date": table.created.date().isoformat()},
        "system_name": _system_name(table), "read_url": read_url, "qr": mark_safe(qr_svg(read_url)),  # noqa: S308 - segno's own SVG
        "back_url": reverse("ledger-edit", args=[table.edit_token]) if edit else
        reverse("ledger-read", args=[table.read_token]),
        "image_url": image, "edit": edit,
    }
    return render(request, "ledger/settle.html", context, status=400 if error else 200)


@require_GET
@uses_database
def settle_edit(request: HttpRequest, token: str) -> HttpResponse:
    return _page(request, _table(token, "edit"), True)


@require_GET
@uses_database
def settle_read(request: HttpRequest, token: str) -> HttpResponse:
    return _page(request, _table(token, "read"), False)


@require_GET
@uses_database
def settle_png(request: HttpRequest, token: str) -> HttpResponse:
    table = _table(token, "read")
    try:
        rate = rate_of(request.GET.get("rate"))
    except service.LedgerError:
        return HttpResponse(status=400)
    settled = settlement(table, rate)
    title = table.name or _("Table of %(date)s") % {"date": table.created.date().isoformat()}
    response = HttpResponse(draw(settled, title, _system_name(table)), content_type="image/png")
    response["Cache-Control"] = "no-cache"
    response["Content-Disposition"] = f'inline; filename="settle-{table.read_token[:8]}.png"'
    return response


@_guarded
@require_http_methods(["GET"])
@uses_database
def api_settle(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the fewest transfers that settle the table so far (``?rate=`` money per point)."""
    found, _edit = _by_either(token)
    settled = settlement(found, rate_of(request.GET.get("rate")))
    return JsonResponse(settled.as_dict(), json_dumps_params={"ensure_ascii": False})
