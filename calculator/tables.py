"""The table: which game it plays (a system, a preset, house rules), chosen once and remembered.

A real table plays one system all evening, so the calculator asks for it first: the chooser lists every
registered system (nothing here names one: a system added to the registry appears by itself), grouped
by the place in its own name (四川麻将·血战到底 and its variants under 四川), each with the other names
players know it by (its aliases) and its presets by their names. A pick is one button of the page's
form (``table=<system>`` or ``table=<system>.<preset>``, :func:`calculator.forms.apply_table`), so it
works without JavaScript too.

What the table plays travels in every address (``rules`` and the house-rule fields) and is remembered in
the browser (the ``mahjong-table`` cookie, the same query): a bare ``/`` opens the remembered table.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import quote, unquote, urlencode

from django.http import HttpRequest, QueryDict
from django.utils.translation import ngettext

from rulesets.registry import all_rulesets
from rulesets.scoring import Ruleset

from .lang import is_zh, language, pick, zh
from .parts import frozen

COOKIE = "mahjong-table"
"""The browser's memory of the table: the query that says which game it plays."""

COOKIE_MAX_AGE = 400 * 24 * 3600
_KEPT = re.compile(r"^(rules|(preset|applied|hr)-[a-z0-9-]{1,40})$")
_CJK = re.compile(r"[\u3400-\u9fff]")


def place(r: Ruleset) -> tuple[str, str]:
    """The place a system's own name starts with (四川麻将·血战到底 → 四川, Sichuan): the chooser's groups."""
    zh = re.split(r"麻将|麻將|规则|規則|[·（(]", r.zh, maxsplit=1)[0].strip() or r.zh
    en = re.split(r" Mahjong\b| \(|\bMahjong ", r.en, maxsplit=1)[0].strip() or r.en
    return zh, en


def other_names(r: Ruleset) -> list[str]:
    """The names players also use for a system, beyond the one shown: its name in the other language and the
    aliases in Chinese characters that the shown name does not already hold (成都 · 血战 · 开口翻 …)."""
    shown, other = (zh(r.zh), zh(r.en)) if is_zh() else (r.en, zh(r.zh))
    names = [other]
    for alias in r.aliases:
        alias = zh(alias)  # as the page writes 中文: a 繁體 page shows 广东牌 and 廣東牌 as one name
        if _CJK.search(alias) and alias not in shown and alias not in other and alias not in names:
            names.append(alias)
    return names


def _facts(r: Ruleset) -> str:
    tiles = ngettext("%(n)d tile", "%(n)d tiles", r.hand_size) % {"n": r.hand_size}
    players = ngettext("%(n)d player", "%(n)d players", r.players) % {"n": r.players}
    return f"{tiles} · {players}"


def preset_label(r: Ruleset, name: str) -> str:
    """A preset by its name in the active language (its key when the system gives none)."""
    info = (r.preset_info or {}).get(name)
    return pick(*info[:2]) if info else name


def _entry(r: Ruleset) -> dict[str, Any]:
    presets = [{"value": f"{r.id}.{name}", "label": preset_label(r, name)} for name in r.presets]
    words = [r.id, r.zh, r.en, *r.aliases, *place(r), *(p["label"] for p in presets)]
    return {
        "id": r.id, "name": pick(r.zh, r.en), "names": " · ".join(other_names(r)), "facts": _facts(r),
        "provisional": r.provisional, "presets": presets, "find": " ".join(words).casefold(),
    }


def chooser() -> tuple[dict[str, Any], ...]:
    """The chooser's groups in the registry's order, each ``{"name", "entries"}`` (a place with one system
    is a group of one, drawn without a heading). Built once per language (:func:`~calculator.lang.language`,
    asked once per request): read it only."""
    return _chooser(language())


@lru_cache(maxsize=8)
def _chooser(language: str) -> tuple[dict[str, Any], ...]:
    groups: dict[str, dict[str, Any]] = {}
    for r in all_rulesets():
        zh, en = place(r)
        group = groups.setdefault(zh, {"name": pick(zh, en), "entries": []})
        group["entries"].append(_entry(r))
    return frozen([{**g, "several": len(g["entries"]) > 1} for g in groups.values()])


def table_view(table: Ruleset | None, house: dict[str, Any] | None) -> dict[str, Any] | None:
    """The table bar: the system the table plays, its preset and how many house rules differ from it."""
    if table is None:
        return None
    preset = (house or {}).get("applied") or ""
    return {
        "id": table.id, "name": pick(table.zh, table.en),
        "preset": preset_label(table, preset) if preset else "",
        "changed": (house or {}).get("changed", 0),
    }


def remembered(table: Ruleset | None, house: dict[str, Any] | None) -> str:
    """The query of the table's game, as the browser keeps it: ``rules=<system>`` and its house rules (the
    preset and the values that differ from it, in one ``hr-`` field). Empty with no table."""
    if table is None:
        return ""
    return _remembered(table.id, (house or {}).get("applied") or "", (house or {}).get("compact") or "")


@lru_cache(maxsize=256)
def _remembered(system: str, preset: str, compact: str) -> str:
    """:func:`remembered` of a table's game (its system, preset and house rules, never the hand), spelt once."""
    query = [("rules", system)]  # spelt as QueryDict.urlencode spells it
    if preset:
        query += [(f"preset-{system}", preset), (f"applied-{system}", preset)]
    if compact:
        query.append((f"hr-{system}", compact))
    return urlencode(query)


def query_of(data: QueryDict) -> str:
    """The table's game as a page's query names it (its first ``rules`` and that system's preset and compact
    house rules), without reading the rest: what a whole page without JavaScript remembers."""
    named = data.getlist("rules") if hasattr(data, "getlist") else []
    system = named[0] if named else ""
    if system not in {r.id for r in all_rulesets()}:
        return ""
    query = QueryDict(mutable=True)
    query["rules"] = system
    for key in (f"preset-{system}", f"applied-{system}", f"hr-{system}"):
        if data.get(key):
            query[key] = data.get(key, "")[:400]
    return query.urlencode()


def cookie_value(query: str) -> str:
    """The cookie's spelling of a table's query (URL-encoded, as calculator.js writes it)."""
    return quote(query, safe="")


def from_cookie(request: HttpRequest) -> str:
    """The remembered table's query, if the browser keeps one that reads as one (anything else is ignored)."""
    raw = unquote(request.COOKIES.get(COOKIE, ""))
    if not raw or len(raw) > 2000:
        return ""
    data = QueryDict(raw)
    names = {r.id for r in all_rulesets()}
    if data.get("rules") not in names:
        return ""
    kept = QueryDict(mutable=True)
    for key in data:
        if _KEPT.match(key):
            kept.setlist(key, data.getlist(key)[:1])
    return kept.urlencode()


def context(request: HttpRequest) -> dict[str, str]:
    """For every page (a context processor): the table's system, so that the site's links open in its game
    (the fan tables at its own). The page's own ``rules`` first, else the browser's memory."""
    named = request.GET.getlist("rules")[:1] if request.path == "/" else []
    query = QueryDict(from_cookie(request)) if not named else None
    system = named[0] if named else (query.get("rules", "") if query is not None else "")
    return {"table_system": system if system in _ids() else ""}


@lru_cache(maxsize=1)
def _ids() -> frozenset[str]:
    return frozenset(r.id for r in all_rulesets())
