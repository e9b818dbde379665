"""The fan reference: ``/fans/`` (the systems), ``/fans/<system>/`` (every fan, filtered by value and
searched by name with GET parameters ``value=`` and ``q=``), ``/fans/<system>/<fan>/`` (one fan).

Names and definitions are shown in the active language. Each fan's example hand is drawn with the
shared tile partials and links to the calculator (``/?hand=<example>&rules=<system>``).
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from rulesets.engine import Request, build_request, result_object, score
from rulesets.errors import MahjongError
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.scoring import Fan, Ruleset
from rulesets.sharecode import VERSION, parse_share_code

from . import fan_search
from .citations import Citation, citation
from .lang import is_zh, pick, system_words, unit_name, zh
from .tiles_view import HandView, hand_view
from .views import HtmxHttpRequest

log = logging.getLogger(__name__)

MAX_QUERY = 100


@dataclass(frozen=True)
class FanLink:
    """Another fan named by this one (what it excludes, what excludes it)."""

    id: str
    name: str
    value: int | None
    count: int | None
    url: str | None  # None when the id is not a fan of the table (a principle)


@dataclass(frozen=True)
class FanEntry:
    """One fan as the reference pages show it."""

    fan: Fan
    name: str
    other_name: str
    definition: str
    excludes: tuple[FanLink, ...]
    excluded_by: tuple[FanLink, ...]
    example: HandView | None
    calculator_url: str | None
    url: str
    source: Citation | None = None  # the work the fan's value comes from, as players read it
    cannot_occur: str = ""  # why no hand at this table scores the fan (Ruleset.cannot_occur): it has no example


@dataclass(frozen=True)
class ValueGroup:
    value: int
    entries: tuple[FanEntry, ...]


def _ruleset_or_404(name: str) -> Ruleset:
    try:
        return get_ruleset(name)
    except MahjongError:
        raise Http404(f"no system called {name!r}") from None


def fan_url(ruleset: Ruleset, fan_id: str) -> str:
    return reverse("fan-detail", args=[ruleset.id, fan_id])


def calculator_url(ruleset: Ruleset, example: str) -> str:
    """The calculator with the example under ``ruleset`` (chosen: ``rules_shown``, so that a system asked
    for by name is shown too) and the house rules the example carries (the page's compact ``hr-<system>``
    field, docs/calculator.md)."""
    query = {"hand": example, "rules": ruleset.id, "rules_shown": "1"}
    carried = example_options(ruleset, example)
    if carried:
        text = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in carried.items()}
        query[f"hr-{ruleset.id}"] = ".".join(f"{k}-{v}" for k, v in sorted(text.items()))
    return "/?" + urlencode(query)


@lru_cache(maxsize=512)
def example_view(example: str) -> HandView | None:
    """The example hand drawn as tiles, or None when it does not parse (logged: a fan-table bug)."""
    if not example:
        return None
    try:
        return hand_view(parse_hand(example))
    except MahjongError as exc:
        log.warning("fan example %r does not parse: %s", example, exc)
        return None


def _link(ruleset: Ruleset, fan_id: str, count: int | None) -> FanLink:
    try:
        other = ruleset.fan(fan_id)
    except KeyError:
        return FanLink(fan_id, fan_id, None, count, None)
    return FanLink(other.id, pick(other.zh, other.en), other.value, count, fan_url(ruleset, other.id))


def entry(ruleset: Ruleset, fan: Fan) -> FanEntry:
    with system_words(ruleset):
        return _entry(ruleset, fan)


def _entry(ruleset: Ruleset, fan: Fan) -> FanEntry:
    excludes = tuple(_link(ruleset, ex.fan, ex.count) for ex in fan.excludes)
    excluded_by = tuple(
        _link(ruleset, other.id, ex.count) for other in ruleset.fans for ex in other.excludes if ex.fan == fan.id
    )
    view = example_view(fan.example)
    return FanEntry(
        fan=fan,
        name=pick(fan.zh, fan.en),
        other_name=zh(fan.en) if is_zh() else fan.zh,  # an English name's 中文 words in the page's script
        definition=pick(fan.definition_zh, fan.definition_en),
        excludes=excludes,
        excluded_by=excluded_by,
        example=view,
        calculator_url=calculator_url(ruleset, fan.example) if view is not None else None,
        url=fan_url(ruleset, fan.id),
        source=citation(fan.source),
        cannot_occur=pick(*ruleset.cannot_occur[fan.id]) if fan.id in ruleset.cannot_occur else "",
    )


@lru_cache(maxsize=32)
def table_version(ruleset_id: str) -> str:
    """A digest of a fan table: the cached list fragment is keyed by it, so a changed table shows at once."""
    return hashlib.sha256(repr(get_ruleset(ruleset_id).fans).encode()).hexdigest()  # the full digest: no collisions


def _matches(fan: Fan, query: str) -> bool:
    return fan_search.matches(query, fan.zh, fan.en, fan.id)  # 胡/和, 繁体, pinyin, short names


def _value_param(raw: str | None) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _system_context(ruleset: Ruleset) -> dict[str, object]:
    with system_words(ruleset):
        return _system_words_context(ruleset)


def _system_words_context(ruleset: Ruleset) -> dict[str, object]:
    return {
        "ruleset": ruleset,
        "system_name": pick(ruleset.zh, ruleset.en),
        "system_other_name": zh(ruleset.en) if is_zh() else ruleset.zh,
        "description": pick(ruleset.description_zh, ruleset.description_en),
        "unit": unit_name(ruleset.unit),
    }


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    systems: list[dict[str, Any]] = [
        {**_system_context(r), "fan_count": len(r.fans), "url": reverse("fan-list", args=[r.id]),
         "found": [entry(r, f) for f in r.fans if _matches(f, query)] if query else []}
        for r in all_rulesets()
    ]
    return render(request, "fans/index.html", {"systems": systems, "query": query,
                                               "found": sum(len(s["found"]) for s in systems)})


@require_safe
def fan_list(request: HtmxHttpRequest, system: str) -> HttpResponse:
    ruleset = _ruleset_or_404(system)
    if system != ruleset.id:
        return _moved(request, reverse("fan-list", args=[ruleset.id]))
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    value = _value_param(request.GET.get("value"))
    fans = [f for f in ruleset.fans if (value is None or f.value == value) and (not query or _matches(f, query))]
    groups = [
        ValueGroup(v, tuple(entry(ruleset, f) for f in fans if f.value == v))
        for v in sorted({f.value for f in fans}, reverse=True)
    ]
    context = {
        **_system_context(ruleset),
        "groups": groups,
        "shown": len(fans),
        "total": len(ruleset.fans),
        "query": query,
        "value": value,
        "values": sorted({f.value for f in ruleset.fans}, reverse=True),
        "cache_seconds": settings.CACHE_SECONDS,
        "table_version": table_version(ruleset.id),
    }
    template = "fans/list.html#fan-list" if request.htmx else "fans/list.html"
    with system_words(ruleset):
        return render(request, template, context)


@require_safe
def fan_detail(request: HtmxHttpRequest, system: str, fan: str) -> HttpResponse:
    ruleset = _ruleset_or_404(system)
    try:
        row = ruleset.fan(fan)
    except KeyError:
        raise Http404(f"{ruleset.id} has no fan {fan!r}") from None
    if system != ruleset.id:
        return _moved(request, fan_url(ruleset, row.id))
    with system_words(ruleset):
        context = {**_system_context(ruleset), "entry": entry(ruleset, row),
                   "example_score": _example_score(ruleset, row)}
        template = "fans/detail.html#fan" if request.htmx else "fans/detail.html"
        return render(request, template, context)


def example_options(ruleset: Ruleset, example: str) -> dict[str, object] | None:
    """The house rules an example's share code carries for ``ruleset`` (``v1.…~wenzhou.teshu_shuangfan-true``
    turns on the option its fan needs), or None for a plain hand string. A table several systems share
    (四川's variants) writes its examples for the first of them: their options apply to the others.
    Raises :class:`MahjongError`."""
    if not example.strip().startswith(VERSION + "."):
        return None
    carried = parse_share_code(example.strip()).options
    mine = carried.get(ruleset.id)
    if mine is None:
        mine = next((v for k, v in carried.items() if get_ruleset(k).fans == ruleset.fans), {})
    return mine


def example_request(ruleset: Ruleset, example: str) -> Request:
    """The request a fan's example is scored with: under ``ruleset``, with the house rules it carries
    (:func:`example_options`); a plain hand string under the system's defaults. Raises :class:`MahjongError`."""
    carried = example_options(ruleset, example)
    return build_request(example, ruleset.id, options=None if carried is None else {ruleset.id: carried})


def _example_score(ruleset: Ruleset, fan: Fan) -> dict[str, object] | None:
    """What the example hand scores (None if it cannot be scored): see :func:`example_request`."""
    if not fan.example:
        return None
    try:
        request = example_request(ruleset, fan.example)
        result = result_object(request, score(request))["results"][0]
    except MahjongError as exc:
        log.warning("fan example %r of %s cannot be scored: %s", fan.example, fan.id, exc)
        return None
    items = [
        {"name": pick(item["zh"], item["en"]), "value": item["value"], "count": item["count"],
         "is_this": item["id"] == fan.id}
        for item in result["fans"]
    ]
    return {"valid": result["valid"], "total": result["total"], "unit": result["unit"], "items": items,
            "reason": pick(result.get("reason") or "", result.get("reason_en") or "")}


def _moved(request: HttpRequest, path: str) -> HttpResponsePermanentRedirect:
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(path + ("?" + query if query else ""))
