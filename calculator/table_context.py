"""The calculator's controls for the table context the chosen systems declare (rulesets.context).

Nothing here knows a system: each control is generated from a :class:`~rulesets.context.ContextField`
(its kind, labels, help, whose it is) and shown only when a chosen system reads it. Form names are
``ctx-<key>`` (``ctx-<key>-<seat>`` for a number per seat); an empty control is the field's default, so
the browser leaves it out of the request (calculator.js) and a request carries only what was set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import nullcontext
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext

from rulesets.context import ContextField, Kind, Stage
from rulesets.hand import SEATS4, WinContext, seats
from rulesets.scoring import Ruleset
from rulesets.tiles import ALL_TILES, Tile

from .lang import is_hant, is_zh, pick, script, seat_name, system_words, traditional
from .parts import frozen

PREFIX = "ctx-"


def declared_fields(rulesets: Iterable[Ruleset]) -> list[tuple[ContextField, list[Ruleset]]]:
    """Each field the chosen systems declare, once, with the systems that read it (declaration order)."""
    out: dict[str, tuple[ContextField, list[Ruleset]]] = {}
    for r in rulesets:
        for f in r.context:
            out.setdefault(f.key, (f, []))[1].append(r)
    return list(out.values())


def _table_seats(readers: Iterable[Ruleset]) -> tuple[Any, ...]:
    return seats(max((r.players for r in readers), default=4)) if readers else SEATS4


def read_form(data: Mapping[str, Any], rulesets: Iterable[Ruleset]) -> dict[str, Any]:
    """The declared context the form sets, as the engine's JSON mapping (unset controls left out)."""
    out: dict[str, Any] = {}
    getlist = getattr(data, "getlist", lambda k: [data[k]] if k in data else [])
    for f, readers in declared_fields(rulesets):
        name = PREFIX + f.key
        if f.kind is Kind.PER_SEAT:
            values = {s.value: data.get(f"{name}-{s.value}", "") for s in _table_seats(readers)}
            values = {k: v for k, v in values.items() if str(v).strip() not in ("", "0")}
            if values:
                out[f.key] = values
        elif f.kind is Kind.SEATS:
            chosen = [v for v in getlist(name) if v]
            if chosen:
                out[f.key] = chosen
        elif f.kind is Kind.BOOL:
            if data.get(name) in ("1", "on", "true"):
                out[f.key] = True
        else:
            value = str(data.get(name, "")).strip()
            if value:
                out[f.key] = value
    return out


def controls(rulesets: Iterable[Ruleset], ctx: WinContext, dropped: Mapping[str, str]) -> list[dict[str, Any]]:
    """One control per declared field the chosen systems read, with its current value; a table of one system
    asks in its own words (香港's 糊 and 索 on a 繁體 page: ``lang.system_words``)."""
    chosen = tuple(rulesets)
    with system_words(chosen[0]) if len(chosen) == 1 else nullcontext():
        return _controls(chosen, ctx, dropped)


def _controls(chosen: tuple[Ruleset, ...], ctx: WinContext, dropped: Mapping[str, str]) -> list[dict[str, Any]]:
    rows = []
    for f, readers in declared_fields(chosen):
        value = f.of(ctx)
        row: dict[str, Any] = {
            "key": f.key, "name": PREFIX + f.key, "kind": f.kind.value, "label": pick(f.zh, f.en),
            "stage": f.stage.value,
            "help": pick(f.help_zh, f.help_en),
            # which systems read it, when not every one chosen does
            "readers": ("、" if is_zh() else ", ").join(pick(r.zh, r.en) for r in readers)
            if len(readers) < len(chosen) else "",
            "dropped": dropped.get(f.key, ""),
        }
        if f.kind is Kind.BOOL:
            row["checked"] = bool(value)
        elif f.kind is Kind.TILE:
            row["options"] = _tile_options(value, script())
        elif f.kind is Kind.SEAT:
            row["options"] = [{"value": "", "label": "—", "selected": value is None}] + [
                {"value": s.value, "label": seat_name(s), "selected": value == s} for s in _table_seats(readers)]
        elif f.kind is Kind.CHOICE:
            row["options"] = [{"value": c, "label": pick(*f.choice_name(c)), "selected": value == c} for c in f.choices]
        elif f.kind is Kind.SEATS:
            row["seats"] = [{"value": s.value, "label": seat_name(s), "checked": s in (value or ())}
                            for s in _table_seats(readers)]
        elif f.kind is Kind.PER_SEAT:
            given = dict(value or ())
            row["seats"] = [{"name": f"{PREFIX}{f.key}-{s.value}", "label": seat_name(s), "value": given.get(s, 0),
                             "min": f.minimum, "max": f.maximum} for s in _table_seats(readers)]
        elif f.kind is Kind.TILES:
            row["value"] = "".join(str(t) for t in value or ())
            row["placeholder"] = gettext("e.g. %(example)s") % {"example": "3s9m"}
        else:
            row.update(value="" if value == f.default else value, min=f.minimum, max=f.maximum,
                       placeholder=str(f.default))
        rows.append(row)
    return rows


def in_stages(rows: list[dict[str, Any]], *stages: Stage) -> list[dict[str, Any]]:
    """The controls asked at ``stages``, in the order a player meets them (then as declared)."""
    return [row for value in [_STAGE_VALUES[stage] for stage in stages] for row in rows if row["stage"] == value]


_STAGE_VALUES = {stage: stage.value for stage in Stage}
"""Each stage's value (what a control's row holds), read without the enum's descriptor."""


def kept(data: Mapping[str, Any], rulesets: Iterable[Ruleset]) -> list[dict[str, str]]:
    """The ``ctx-`` fields of the query that no chosen system declares, as hidden fields: a table chosen
    later that reads them finds them still set."""
    shown = {PREFIX + f.key for f, _readers in declared_fields(rulesets)}
    getlist = getattr(data, "getlist", lambda k: [data[k]])
    out: list[dict[str, str]] = []
    for name in data:
        if name.startswith(PREFIX) and PREFIX + name[len(PREFIX):].split("-")[0] not in shown:
            out += [{"name": name, "value": str(v)[:64]} for v in getlist(name)[:8] if str(v).strip() not in ("", "0")]
    return out[:64]


@lru_cache(maxsize=64)
def _tile_options(chosen: Tile | None, words: str) -> tuple[dict[str, Any], ...]:
    """A tile select's options (the tiles' 中文 names, in 繁體 on a 繁體 page and in the words of the system
    being drawn: ``words`` is ``lang.script()``, and their notation in every language), built once and shared
    read-only (``parts.Frozen``: the page's signature encodes them once)."""
    hant = is_hant()
    return frozen([{"value": "", "label": "—", "selected": chosen is None}] + [
        {"value": str(t), "label": f"{traditional(t.zh) if hant else t.zh} {t}", "selected": chosen == t}
        for t in ALL_TILES])
