"""Share links: ``/h/<code>`` (the scored hand), ``/h/<code>/og.png`` (its preview image) and
``/h/<code>/qr.svg`` (a QR code of the link).

``<code>`` is a share code (rulesets.sharecode). Any other spelling — a non-canonical share code, or a
hand string that :func:`rulesets.notation.parse_hand` reads (with ``?rules=`` for the systems) — is
redirected (301) to the canonical code. What cannot be read is a 404 page that says why, never a 500.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import segno
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulesets.context import complete_as_it_stands
from rulesets.engine import Request, build_request
from rulesets.errors import MahjongError
from rulesets.notation import hand_to_text, parse_hand
from rulesets.sharecode import SharedHand, canonical_share_code, parse_share_code, share_code
from rulesets.tiles import Tile
from serving.jsonbody import json_response
from serving.keptbytes import KeptBytes
from serving.visible import visible

from . import preview
from .engine_messages import render as render_message
from .lang import pick
from .models import IssuedLink
from .results import Outcome, number, results_context, score_each
from .share_text import context_line
from .tiles_view import hand_view
from .views import HtmxHttpRequest
from .waits import waits_context

log = logging.getLogger(__name__)

TOP_FANS = 4  # fans named per system in the description and the preview image


class BadCode(Exception):
    """The path segment is neither a share code nor a hand string; ``detail`` is the engine's message."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail)
        self.detail = detail


@dataclass(frozen=True)
class Shared:
    """A canonical share code, read and scored."""

    code: str
    shared: SharedHand
    request: Request
    outcomes: list[Outcome]

    @property
    def waiting(self) -> bool:
        """A 13-tile hand without its winning tile: the page shows its waits (unless its systems' declared
        context says it is complete as it stands: a win by the flowers)."""
        hand = self.request.hand
        return hand.winning_tile is None and not any(
            complete_as_it_stands(hand.context, r.context) for r in self.request.rulesets)


def canonical_code(raw: str, rules: str | None = None) -> str:
    """The canonical share code for ``raw`` (a share code or a hand string + ``rules``); raises BadCode."""
    text = raw.strip().rstrip("/")
    if len(text) > settings.MAX_HAND_STRING:
        raise BadCode(_("A share code is at most %(n)d characters long.") % {"n": settings.MAX_HAND_STRING})
    if not text:
        raise BadCode()
    try:
        if text.startswith("v"):
            return canonical_share_code(text)
        chosen = [r for r in (rules or "").split(",") if r.strip()] or None
        return share_code(parse_hand(text), chosen)
    except MahjongError as exc:
        raise BadCode(render_message(exc)) from None


def load(code: str) -> Shared:
    """Read and score a canonical share code; raises BadCode."""
    try:
        shared = parse_share_code(code)
        request = build_request(shared.hand, list(shared.rules) or None, None, shared.options or None)
    except MahjongError as exc:
        raise BadCode(render_message(exc)) from None
    return Shared(code, shared, request, score_each(request))


def _resolve(request: HtmxHttpRequest, raw: str, route: str) -> str | HttpResponse:
    """The canonical code, or the response to send instead: a 301 to the canonical URL, or a 404 page."""
    try:
        code = canonical_code(raw, request.GET.get("rules"))
    except BadCode as exc:
        return not_found(request, raw, exc.detail)
    if code != raw:
        query = request.GET.copy()
        query.pop("rules", None)
        target = reverse(route, args=[code]) + (f"?{query.urlencode()}" if query else "")
        return HttpResponsePermanentRedirect(target)
    return code


def not_found(request: HtmxHttpRequest, raw: str, detail: str) -> HttpResponse:
    context = {"bad_code": visible(raw[:200]), "detail": visible(detail), "calculator_url": "/"}
    template = "share.html#missing" if request.htmx else "share.html"
    return render(request, template, context, status=404)


# --- texts: title, description, and the preview's lines ------------------------------------------------


def _top_fans(row: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted(row["fans"], key=lambda f: -f["total"])[:TOP_FANS]


def _fan_text(fan: dict[str, Any]) -> str:
    """"大四喜 88", or "花牌 1×2" for a fan counted more than once."""
    if fan["count"] > 1:
        return f"{fan['name']} {fan['value']}×{fan['count']}"
    return f"{fan['name']} {fan['total']}"


def headline(row: dict[str, Any]) -> str:
    """"32 番" / "32 fan", or "not a win"."""
    if not row["valid"]:
        return row.get("not_a_win") or _("not a win")
    return f"{row['total']} {row['unit']}"


def detail(row: dict[str, Any]) -> str:
    if not row["valid"]:
        return row["reason"]
    return " · ".join(_fan_text(f) for f in _top_fans(row))


def title_text(rows: list[dict[str, Any]]) -> str:
    return " · ".join(f"{row['name']} {headline(row)}" for row in rows)


def description_text(rows: list[dict[str, Any]]) -> str:
    return " / ".join(f"{row['name']}: {detail(row)}" for row in rows if detail(row))


def preview_lines(rows: list[dict[str, Any]]) -> list[preview.SystemLine]:
    """Each system's line on the image: its total, then what multiplies it (倍数 ×16, or the arithmetic of the
    largest payment: 1 · 4番 ×16 = 16) and its top fans, then who pays whom."""
    return [preview.SystemLine(row["name"], headline(row), _detail_line(row), row["valid"], pays_text(row))
            for row in rows]


def _detail_line(row: dict[str, Any]) -> str:
    if not row["valid"]:
        return detail(row)
    return " · ".join([*row.get("facts", ()), *_arithmetic(row), detail(row)])


def _arithmetic(row: dict[str, Any]) -> list[str]:
    """The factor-by-factor arithmetic of the largest payment the winner receives, if it has any."""
    lines = [line for seat in row.get("seats", ()) for line in seat["lines"] if line["factors"] and line["amount"] > 0]
    return [max(lines, key=lambda line: line["amount"])["factors"]] if lines else []


def pays_text(row: dict[str, Any]) -> str:
    """Who pays whom, in one line: payers of the same amount to the same seat together ("南 西 北 → 东 各 16",
    "北 → 东 32"), the largest amount first."""
    grouped: dict[tuple[str, Any], list[str]] = {}
    for p in row.get("payments") or ():
        grouped.setdefault((p["to"], p["amount"]), []).append(p["from"])
    parts = []
    for (to, amount), payers in sorted(grouped.items(), key=lambda item: -item[0][1]):
        text = _("%(payer)s → %(payee)s %(amount)s") if len(payers) == 1 else _("%(payer)s → %(payee)s %(amount)s each")
        parts.append(text % {"payer": " ".join(payers), "payee": to, "amount": number(amount)})
    return " · ".join(parts)


def waits(shared: Shared) -> dict[str, Any]:
    """The waits of a 13-tile shared hand (calculator.waits.waits_context), each linking to its completed hand."""
    context = waits_context(shared.request, lambda text: "")
    hand = shared.request.hand
    for row in context["wait_rows"]:
        completed = hand.with_winning_tile(Tile.parse(row["tile"].str))
        code = share_code(completed, list(shared.shared.rules) or None, shared.shared.options or None)
        row["url"] = reverse("share", args=[code])
    return context


def _wait_value(cell: dict[str, Any]) -> str:
    return f"{cell['total']}" if cell["valid"] else "✗"


def waits_title(context: dict[str, Any]) -> str:
    names = " ".join(pick(row["tile"].zh, row["tile"].str) for row in context["wait_rows"])
    return f"{_('Waiting on')} {names}" if names else _("This hand is not ready: no tile completes it.")


def waits_lines(context: dict[str, Any]) -> list[preview.SystemLine]:
    """One preview line per system: each winning tile with its value there (✗: not a win)."""
    lines = []
    for i, system in enumerate(context["wait_systems"]):
        cells = [(row["tile"], row["cells"][i]) for row in context["wait_rows"]]
        text = " · ".join(f"{pick(t.zh, t.str)} {_wait_value(c)}" for t, c in cells)
        lines.append(preview.SystemLine(system["name"], _("Waiting on"), text, any(c["valid"] for _t, c in cells)))
    return lines


# --- views ---------------------------------------------------------------------------------------------


def _record(code: str) -> None:
    try:
        IssuedLink.record_view(code)
    except DatabaseError as exc:  # the register is a statistic: a page never fails because of it
        log.warning("could not record share link %s: %s: %s", code, type(exc).__name__, exc)


def shared_page(request: HttpRequest, code: str) -> dict[str, Any]:
    """The context of share.html for a canonical ``code``, with ``shared_html`` (the ``shared`` partial
    rendered): built once per code, language and site, then kept. Raises BadCode (never kept)."""
    return kept_page(code, translation.get_language() or "", request.build_absolute_uri("/"))


@lru_cache(maxsize=128)
def kept_page(code: str, language: str, site: str) -> dict[str, Any]:
    """Share pages by (code, language, site), per process: a code names its hand, systems and house rules, so
    its page only changes with a release. ``language`` is the active one; read the context only."""
    context = page_context(site, load(code))
    context["shared_html"] = render_to_string("share.html#shared", context)
    return context


@require_safe
def share(request: HtmxHttpRequest, code: str) -> HttpResponse:
    resolved = _resolve(request, code, "share")
    if isinstance(resolved, HttpResponse):
        return resolved
    try:
        context = shared_page(request, resolved)
    except BadCode as exc:
        return not_found(request, code, exc.detail)
    _record(resolved)
    if request.htmx:
        return HttpResponse(context["shared_html"])
    return render(request, "share.html", context)


def _absolute(site: str, path: str) -> str:
    """``path`` on ``site`` (``https://example.org/``), as ``request.build_absolute_uri(path)`` gives it."""
    return site.rstrip("/") + path


def page_context(site: str, shared: Shared) -> dict[str, Any]:
    results = results_context(shared.request, shared.outcomes)
    rows = results["results"]
    lang = translation.get_language() or settings.LANGUAGE_CODE
    page_url = _absolute(site, reverse("share", args=[shared.code]))
    context: dict[str, Any] = {
        **results,
        "code": shared.code,
        "hand": hand_view(shared.request.hand),
        "hand_text": hand_to_text(shared.request.hand),
        "page_url": page_url,
        "og_title": title_text(rows),
        "og_description": description_text(rows),
        "og_image": _absolute(site, reverse("share-og", args=[shared.code])) + f"?lang={lang}",
        "qr_url": reverse("share-qr", args=[shared.code]),
        # the share code names the systems, their house rules and the table context: the calculator takes them all
        "calculator_url": "/?" + _query(hand=shared.code),
        "totals": [{"name": row["name"], "headline": headline(row), "valid": row["valid"]} for row in rows],
    }
    if shared.waiting:
        found = waits(shared)
        lines = waits_lines(found)
        context.update(found, waiting=True, results=[], og_title=waits_title(found),
                       og_description=" / ".join(f"{line.name}: {line.detail}" for line in lines),
                       totals=[{"name": line.name, "headline": line.headline, "valid": line.valid} for line in lines])
    return context


def _query(**params: str) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


def _preview_language(request: HttpRequest) -> str:
    wanted = request.GET.get("lang", "")
    codes = {code for code, _name in settings.LANGUAGES}
    lang = wanted if wanted in codes else (translation.get_language() or settings.LANGUAGE_CODE)
    if lang.startswith("zh") and not preview.can_draw_chinese():
        return "en"  # no CJK font on this server: draw the English names
    return lang


PREVIEW_MAX_BYTES = 256 * 1024
"""A preview larger than this is not written to the shared cache (a drawn one is about 35 KB)."""

PREVIEWS = KeptBytes("og-png", worker_bytes=8 * 1024 * 1024, shared_max_bytes=PREVIEW_MAX_BYTES)
"""Previews by code and language, kept in each worker (at most 8 MB, about 240, least recently used dropped
first: a popular preview costs no cache round trip, and none costs a redraw while Redis is down) and in the
shared cache."""


def preview_key(code: str, lang: str) -> str:
    return PREVIEWS.key(code, lang)


@require_safe
def preview_png(request: HtmxHttpRequest, code: str) -> HttpResponse:
    resolved = _resolve(request, code, "share-og")
    if isinstance(resolved, HttpResponse):
        return resolved if resolved.status_code != 404 else HttpResponse(status=404)
    lang = _preview_language(request)
    try:
        png = PREVIEWS.fetch(preview_key(resolved, lang), lambda: draw_preview(resolved, lang), settings.CACHE_SECONDS)
    except BadCode:
        return HttpResponse(status=404)
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = f"public, max-age={settings.CACHE_SECONDS}"
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def draw_preview(code: str, lang: str) -> bytes:
    with translation.override(lang):
        shared = load(code)
        if shared.waiting:
            lines = waits_lines(waits(shared))
        else:
            lines = preview_lines(results_context(shared.request, shared.outcomes)["results"])
        footer = f"{settings.SITE_NAME} · /h/{code}"
        context = context_line(shared.request.hand.context, shared.request.rulesets, won=not shared.waiting)
        return preview.render_preview(hand_view(shared.request.hand), lines, footer, context)


@require_safe
def qr_svg(request: HtmxHttpRequest, code: str) -> HttpResponse:
    resolved = _resolve(request, code, "share-qr")
    if isinstance(resolved, HttpResponse):
        return resolved if resolved.status_code != 404 else HttpResponse(status=404)
    url = request.build_absolute_uri(reverse("share", args=[resolved]))
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = f"public, max-age={settings.CACHE_SECONDS}"
    return response


@require_safe
def share_json(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """``/h/<code>.json``: the result object of the shared hand (the same answer as the API and the page)."""
    from django.http import JsonResponse

    from rulesets.engine import result_object, score

    try:
        canonical = canonical_code(code, request.GET.get("rules"))
    except BadCode as exc:
        return JsonResponse({"error": {"code": "share_code", "message": exc.detail or "not a share code"}}, status=404)
    if canonical != code:
        return HttpResponsePermanentRedirect(reverse("share-json", args=[canonical]))
    try:
        shared = build_request(canonical)
    except MahjongError as exc:
        return JsonResponse({"error": exc.as_dict()}, status=404)
    return json_response(result_object(shared, score(shared)))

