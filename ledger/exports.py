"""A table's exports for people: CSV and JSON in the table's language, each entry in words.

One row (CSV) or object (JSON) per entry: its number, kind, dealer and what happened in words with the
players' names ("Bo on Cy's discard"), then **one column per player's result** (the entry's change), one per
player's running total, the hand as its **share code** (the calculator opens it; several for a round), its
**items as text** (the scoring items of each winning hand: "平胡 0番 = 0番"), the payments in words
("Cy → Bo 1 · 点炮：…"), the engine version. No raw entry data, no player indices: the machine's form of
the table is the API's ``GET /api/v1/tables/<token>``.

**Language**: ``?lang=`` (zh-hans, zh-hant, en) when asked, else the language the table was made in
(``settings.lang``, kept when it was created), else the reader's. Headers are in it too; a player's
columns are headed by the player's name.

**Formulas**: a text cell a spreadsheet would read as a formula — starting with ``=``, ``+``, ``-``, ``@``,
a tab or a carriage return, as a player may name themselves — starts with ``'`` (:func:`cell`; OWASP's
CSV injection advice). Numbers stay numbers, a negative one included.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from django.conf import settings as django_settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator.lang import pick

from . import service
from .models import Table

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula in a text cell (CSV injection, OWASP)."""

LANGUAGES = tuple(code for code, _name in django_settings.LANGUAGES)


def cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as it is: a text starting as a formula gets a leading ``'`` (numbers
    are written as numbers, a negative one included)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def language_of(table: Table, asked: str | None = None) -> str:
    """The language of a table's exports: ``asked`` when it is one of the site's, else the table's own (kept
    when it was made), else the active one."""
    for code in (asked, table.settings.get("lang"), translation.get_language()):
        if code and str(code).lower() in LANGUAGES:
            return str(code).lower()
    return django_settings.LANGUAGE_CODE


@contextmanager
def _speaking(lang: str) -> Iterator[None]:
    with translation.override(lang):
        yield


def _kind(kind: str) -> str:
    words = {"hand": pgettext("entry kind", "hand"), "draw": _("Drawn game"), "round": pgettext("entry kind", "round"),
             "rummikub": pgettext("entry kind", "Rummikub round")}
    return words.get(kind, kind)


def _unit(unit: str) -> str:
    return pgettext("unit", unit) if unit else ""


def _amount(value: Any, unit: str) -> str:
    return f"{value}{unit}" if translation.get_language().startswith("zh") else f"{value} {unit}".strip()


def items_text(result: Mapping[str, Any]) -> str:
    """A winning hand's scoring items in words: "清一色 2番 · 根 1番 = 3番" (its reason when it is no win)."""
    if not result.get("valid", True):
        return pick(result.get("reason"), result.get("reason_en")) or _("not a win")
    unit = _unit(str(result.get("unit") or ""))
    parts = []
    for fan in result.get("fans") or []:
        count = f" ×{fan['count']}" if fan.get("count", 1) > 1 else ""
        parts.append(f"{pick(fan.get('zh'), fan.get('en'))} {_amount(fan.get('value', 0), unit)}{count}")
    total = result.get("total")
    text = " · ".join(parts)
    return f"{text} = {_amount(total, unit)}" if total is not None and parts else text


def _results(row: Any) -> list[tuple[int | None, Mapping[str, Any]]]:
    """An entry's winning hands' results, each with its winner's seat where known."""
    results = [r for r in row.snapshot.get("results", []) if "fans" in r or "valid" in r]
    if row.kind == "hand":
        return [(row.data.get("player"), r) for r in results]
    winners = row.snapshot.get("winners") or []
    if len(winners) == len(results):
        return list(zip(winners, results, strict=True))
    return [(None, r) for r in results]


def _items(row: Any, names: Sequence[str]) -> str:
    if row.kind == "rummikub":
        racks = row.data.get("racks") or []
        return "; ".join(f"{names[i]}: {rack}" for i, rack in enumerate(racks) if str(rack).strip())
    out = []
    for seat, result in _results(row):
        text = items_text(result)
        out.append(f"{names[seat]}: {text}" if seat is not None and row.kind != "hand" else text)
    return " | ".join(t for t in out if t)


def _codes(row: Any) -> str:
    return " ".join(r["hand"] for r in row.snapshot.get("results", []) if r.get("hand"))


def _payments(row: Any, names: Sequence[str]) -> list[str]:
    out = []
    for line in row.snapshot.get("lines", []):
        why = line.get("why_en") if not translation.get_language().startswith("zh") and line.get("why_en") else \
            pick(line.get("why"), line.get("why_en"))
        out.append(f"{names[line['from']]} → {names[line['to']]} {line['amount']}" + (f" · {why}" if why else ""))
    return out


def _rows(table: Table) -> tuple[Any, list[dict[str, Any]]]:
    from .views import _describe

    built = service.sheet_of(table)
    names = table.players
    rows = []
    for r in built.rows:
        rows.append({
            "n": r.index + 1, "kind": _kind(r.kind), "dealer": names[r.dealer], "what": _describe(table, r),
            "error": pick(r.error_zh, r.error) if r.error else "",
            "hand": _codes(r), "items": _items(r, names), "payments": _payments(r, names),
            "results": dict(zip(names, r.deltas, strict=True)), "totals": dict(zip(names, r.totals, strict=True)),
            "engine": r.snapshot.get("engine") or "",
        })
    return built, rows


def csv_text(table: Table, lang: str | None = None) -> str:
    """The sheet as CSV in ``lang`` (:func:`language_of`): a header row, one row per entry, a total row."""
    with _speaking(language_of(table, lang)):
        built, rows = _rows(table)
        names = table.players
        header = ["#", _("kind"), _("dealer"), _("what"), *[f"{n} ±" for n in names],
                  *[_("%(name)s total") % {"name": n} for n in names], _("hand (share code)"), _("items"),
                  _("payments"), _("engine")]
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([cell(v) for v in header])
        for row in rows:
            what = row["what"] + (f" ({_('Not counted:')} {row['error']})" if row["error"] else "")
            writer.writerow([cell(v) for v in (
                row["n"], row["kind"], row["dealer"], what, *row["results"].values(), *row["totals"].values(),
                row["hand"], row["items"], "; ".join(row["payments"]), row["engine"])])
        writer.writerow([cell(v) for v in ("", _("Total"), "", "", *built.totals, *built.totals, "", "", "", "")])
        return out.getvalue()


def json_export(table: Table, lang: str | None = None) -> dict[str, Any]:
    """The sheet as JSON in ``lang``: the table in words, each entry as in the CSV (players by name), the totals
    (and 国标 标准分) by name."""
    from .views import _system_name

    lang = language_of(table, lang)
    with _speaking(lang):
        built, rows = _rows(table)
        names = table.players
        return {
            "table": {"name": table.name, "kind": table.kind, "system": table.system,
                      "system_name": _system_name(table), "players": list(names), "language": lang,
                      "created": table.created.isoformat(),
                      "version": table.version},
            "entries": rows,
            "totals": dict(zip(names, built.totals, strict=True)),
            "standard_scores": dict(zip(names, built.standard, strict=True)) if built.standard else None,
        }
