"""The win-context controls: each with its value, why it is off when the state rules it out, and which
chosen systems do not read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from rulesets.context import SHARED, Kind
from rulesets.context import known as known_context
from rulesets.hand import SEATS4, KongKind, Seat, WinContext
from rulesets.scoring import ALL_CONTEXT_FIELDS, Ruleset
from rulesets.tiles import ALL_TILES, Tile
from rulesets.values import keep

from . import wording
from .forms import FLAGS, KONG_EVENT_CHOICES, KONG_ROWS, WIN_CHOICES, CalculatorForm
from .lang import language, pick, script, seat_name, system_words
from .parts import frozen
from .share_text import context_line, win_label

_Option = tuple[str, str, str, str, dict[str, Any], dict[str, Any]]
"""A choice of a control as :class:`_Words` keeps it: its value, label, the key of :attr:`Context.unavailable` that
turns it off, its id, and its view unchecked and checked while nothing turns it off (shared: read them only)."""


def _choices(options: tuple[_Option, ...], chosen: Any, unavailable: dict[str, str]) -> list[dict[str, Any]]:
    """A control's choices from its options as :class:`_Words` keeps them; ``chosen``: the value checked, or the
    values checked (a set)."""
    out = []
    for value, label, key, id_, off, on in options:
        checked = value in chosen if isinstance(chosen, (set, frozenset)) else value == chosen
        reason = unavailable.get(key)
        if not reason:
            out.append(on if checked else off)
            continue
        out.append({"value": value, "label": label, "checked": checked, "disabled": not checked,
                    "reason": reason, "id": id_})
    return out


@dataclass(frozen=True)
class _Words:
    """What the controls say in one language and one spelling (胡 or 和), whatever the hand: each choice as
    (value, label, the key of :attr:`Context.unavailable` that turns it off, its id)."""

    win: tuple[_Option, ...]
    seat: tuple[_Option, ...]
    round_wind: tuple[_Option, ...]
    already_won: tuple[_Option, ...]
    seats: tuple[tuple[str, str], ...]
    flags: tuple[tuple[str, str], ...]  # each flag's key and label
    title: str
    win_legend: str
    flags_legend: str
    left: str  # the discarder when none is named


@lru_cache(maxsize=64)
def _words(script: str, hu: bool) -> _Words:
    """The controls' words in the active language (``script``: ``lang.script()``, the language and the words of
    the system drawn), spelt with 胡 when ``hu``: built once, as their gettext calls were a tenth of the form's time."""
    seats = tuple((s.value, seat_name(s)) for s in SEATS4)

    def options(control: str, pairs: Iterable[tuple[str, str]]) -> tuple[_Option, ...]:
        return tuple((v, label, f"{control}={v}", f"id_{control}_{v}", *(
            frozen({"value": v, "label": label, "checked": checked, "disabled": False, "reason": "",
                    "id": f"id_{control}_{v}"}) for checked in (False, True))) for v, label in pairs)

    return _Words(
        win=options("win", ((v, win_label(v, hu)) for v, _label in WIN_CHOICES)),
        seat=options("seat", seats), round_wind=options("round_wind", seats),
        already_won=options("already_won", seats), seats=seats,
        flags=tuple((key, wording.flag_label(key, hu)) for key in FLAGS),
        title=wording.word("How it was won", hu), win_legend=wording.word("Won", hu),
        flags_legend=wording.word("Special wins", hu), left=gettext("the winner's left (上家)"),
    )


def shown_context(rulesets: Iterable[Ruleset]) -> dict[str, bool]:
    """For each win-context field, whether the page asks for it: when some chosen system reads it (every
    field while none is chosen). Shared: read it only."""
    chosen = tuple(rulesets)
    return _shown(frozenset().union(*(r.context_fields for r in chosen)) if chosen else ALL_CONTEXT_FIELDS)


@lru_cache(maxsize=64)
def _shown(read: frozenset[str]) -> dict[str, bool]:
    return frozen({name: name in read for name in sorted(ALL_CONTEXT_FIELDS)})


def kept_values(form: CalculatorForm, shown: dict[str, bool]) -> list[dict[str, str]]:
    """The values of the controls not asked for (no chosen system reads them) that differ from their
    defaults, as hidden fields: choosing another table never loses what was entered."""
    data = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    out: list[dict[str, str]] = []
    for name, default in _hidden_of(shown):
        value = data.get(name)
        if not value:  # not set (most of them): nothing kept (None, "", False or [], each a value left out below)
            continue
        values = value if isinstance(value, list) else [value]
        out += [{"name": name, "value": "1" if v is True else str(v)} for v in values
                if v not in (None, "", False) and v != default]
    return out


def _hidden_of(shown: dict[str, bool]) -> tuple[tuple[str, Any], ...]:
    """:func:`_hidden` of the fields ``shown`` does not ask for: found once per frozen view (``shown_context``'s,
    told apart by its digest: at most 64, all forgotten when one more comes)."""
    digest = getattr(shown, "encoded", None)
    if digest is None:
        return _hidden(tuple(key for key, asked in shown.items() if not asked))
    found = _HIDDEN.get(digest)
    if found is None:
        found = keep(_HIDDEN, digest, _hidden(tuple(key for key, asked in shown.items() if not asked)), 64,
                     forget=True)
    return found


_HIDDEN: dict[bytes, tuple[tuple[str, Any], ...]] = {}


@lru_cache(maxsize=64)
def _hidden(unasked: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """The controls of the shared fields ``unasked`` (each as rulesets.context declares it; the kongs are rows of
    controls), in the declared order, with the field's default as the form sends it."""
    out: list[tuple[str, Any]] = []
    for f in SHARED:
        if f.key in unasked:
            names = [f"kong{i}" for i in range(1, KONG_ROWS + 1)] if f.kind is Kind.KONGS else [f.key]
            out += [(name, f.json(f.default)) for name in names]
    return tuple(out)


def uses_context(rulesets: Iterable[Ruleset]) -> dict[str, str]:
    """For each win-context field, which of the chosen systems leave it unread, in words ("" when every
    one reads it): "Not used by 国标麻将", or "Only used by …" when the readers are the fewer. Shared: read it only."""
    return _uses_view(language(), tuple(_reads(r) for r in rulesets))


_READS: dict[int, tuple[Ruleset, _Reads]] = {}


def _reads(r: Ruleset) -> _Reads:
    """:class:`_Reads` of ``r``, made once per system (kept with the system it was made of)."""
    kept = _READS.get(id(r))
    if kept is None or kept[0] is not r:
        # systems made again and again (a test's): the old ones forgotten past 1,024
        kept = keep(_READS, id(r), (r, _Reads(r.zh, r.en, r.context_fields)), 1025, forget=True)
    return kept[1]


@dataclass(frozen=True)
class _Reads:
    """What :func:`uses_context` needs of a system: its names and the context fields it reads."""

    zh: str
    en: str
    context_fields: frozenset[str]


@lru_cache(maxsize=64)
def _uses_view(language: str, rulesets: tuple[_Reads, ...]) -> dict[str, str]:
    return frozen({name: _unused_note(rulesets, name) for name in sorted(ALL_CONTEXT_FIELDS)})


def _unused_note(rulesets: tuple[_Reads, ...], name: str) -> str:
    """The note under a control: nothing when every chosen system reads field ``name``."""
    sep = pgettext("between the names of a list", ", ")
    readers = [pick(r.zh, r.en) for r in rulesets if name in r.context_fields]
    others = [pick(r.zh, r.en) for r in rulesets if name not in r.context_fields]
    if not others:
        return ""
    if readers and len(readers) < len(others):
        return gettext("Only used by %(systems)s") % {"systems": sep.join(readers)}
    if not readers and len(others) > 1:
        return gettext("Not used by the chosen systems")
    return gettext("Not used by %(systems)s") % {"systems": sep.join(others)}


def controls_context(form: CalculatorForm, uses: dict[str, str] | None = None,
                     shown: dict[str, bool] | None = None) -> dict[str, Any]:
    """Every win-context control with its current value, why a control is off when it is, which chosen
    systems do not read it (``uses``, from :func:`uses_context`), whether it is asked for at all (``shown``,
    from :func:`shown_context`) and the values of those that are not (``kept``). A table of one system is
    asked in its own words (香港's 糊牌方式 on a 繁體 page: ``lang.system_words``)."""
    chosen = form.chosen_rulesets()
    with system_words(chosen[0]) if len(chosen) == 1 else nullcontext():
        return _controls_context(form, chosen, uses, shown)


def _controls_context(form: CalculatorForm, chosen: tuple[Ruleset, ...], uses: dict[str, str] | None,
                      shown: dict[str, bool] | None) -> dict[str, Any]:
    c = form.context
    hu = wording.speaks_hu(chosen)
    uses = uses if uses is not None else uses_context(chosen)
    shown = shown if shown is not None else shown_context(chosen)
    lang = script()  # the drawings kept per language are kept per system's words too
    (win, title, win_legend, flags_legend, seat, round_wind, from_seat, flags, already_won, wildcard, kong_rows,
     summary, more, more_set, flags_shown) = _state_of(lang, hu, chosen, c.value, c.unavailable, uses, shown)
    return {
        "win": win, "title": title, "win_legend": win_legend, "flags_legend": flags_legend,
        "seat": seat, "round_wind": round_wind, "from_seat": from_seat, "flags": flags, "already_won": already_won,
        "wildcard": wildcard, "kong_rows": kong_rows,
        "dropped": [{"label": _control_label(k), "reason": r} for k, r in c.dropped.items()],
        "from_string": c.from_string,
        "summary": summary,
        "uses": uses,
        "shown": shown,
        "kept": kept_values(form, shown),
        "more": more, "more_set": more_set, "flags_shown": flags_shown,
    }


_State = tuple[Any, ...]
"""What :func:`_controls_context` draws of the context and the reasons its choices are off, in the order of its
view (the rows, the selects, the summary…): each a frozen view, a string or a flag, shared (read it only)."""


def _state_of(lang: str, hu: bool, chosen: tuple[Ruleset, ...], ctx: WinContext, unavailable: dict[str, str],
              uses: dict[str, str], shown: dict[str, bool]) -> _State:
    """:func:`_state` of the context ``ctx`` with the choices ``unavailable`` off, kept per language, systems,
    context and reasons (and the notes ``uses`` and ``shown``, frozen views told apart by their digests): many
    hands share them (those of one table, won the same way, whose reasons name the same winning tile)."""
    notes = (getattr(uses, "encoded", None), getattr(shown, "encoded", None))
    if notes[0] is None or notes[1] is None:
        return _state(lang, hu, chosen, ctx, unavailable, uses, shown)
    key = (lang, hu, tuple(map(id, chosen)), ctx, tuple(unavailable.items()), notes)
    try:
        kept = _STATES.get(key)
    except TypeError:  # a declared table value that cannot be hashed: drawn afresh
        return _state(lang, hu, chosen, ctx, unavailable, uses, shown)
    if kept is None or kept[0] != chosen:
        kept = keep(_STATES, key, (chosen, _state(lang, hu, chosen, ctx, unavailable, uses, shown)), 512, forget=True)
    return kept[1]


_STATES: dict[tuple[Any, ...], tuple[tuple[Ruleset, ...], _State]] = {}
"""By language, spelling, systems (by identity: each kept with its entry, so no other takes its id), context,
reasons and notes: :func:`_state`, at most 512 (each a tuple of shared views)."""


def _state(lang: str, hu: bool, chosen: tuple[Ruleset, ...], ctx: WinContext, unavailable: dict[str, str],
           uses: dict[str, str], shown: dict[str, bool]) -> _State:
    discarder = ctx.from_seat.value if ctx.from_seat is not None else None
    kongs = tuple(_kong_value(k) for k in ctx.kongs)
    words = _words(lang, hu)
    flags = _flags(lang, hu, tuple((bool(getattr(ctx, key)), unavailable.get(key, "")) for key, _label in words.flags),
                   uses, shown)
    return (
        _row(lang, hu, "win", ctx.win.value, unavailable), words.title, words.win_legend, words.flags_legend,
        _row(lang, hu, "seat", ctx.seat.value, unavailable),
        _row(lang, hu, "round_wind", ctx.round_wind.value, unavailable),
        _from_seat(lang, hu, discarder, unavailable.get("from_seat"),
                   tuple(f"from_seat={v}" in unavailable for v, _name in words.seats)),
        flags,
        _row(lang, hu, "already_won", frozenset(s.value for s in ctx.already_won), unavailable),
        _wildcard_options(lang, ctx.wildcard),
        _kong_rows(lang, kongs),
        _summary(ctx, chosen),
        any(shown[name] for name in ("already_won", "wildcard", "kongs")),
        bool(ctx.already_won or ctx.wildcard or ctx.kongs),
        any(shown[key] for key in FLAGS),
    )


def _row(lang: str, hu: bool, control: str, chosen: Any, unavailable: dict[str, str]) -> tuple[dict[str, Any], ...]:
    """A control's choices (:func:`_choices`) as a frozen view, built once per language, choice and reasons."""
    options: tuple[_Option, ...] = getattr(_words(lang, hu), control)
    return _row_kept(lang, hu, control, chosen, tuple(unavailable.get(option[2], "") for option in options))


@lru_cache(maxsize=512)
def _row_kept(lang: str, hu: bool, control: str, chosen: Any, reasons: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """:func:`_row` of the choices whose reasons to be off are ``reasons`` (read it only)."""
    options: tuple[_Option, ...] = getattr(_words(lang, hu), control)
    return frozen(_choices(options, chosen, {option[2]: r for option, r in zip(options, reasons, strict=True) if r}))


@lru_cache(maxsize=256)
def _from_seat(lang: str, hu: bool, discarder: str | None, reason: str | None,
               off: tuple[bool, ...]) -> dict[str, Any]:
    """The discarder's select: ``reason`` it is off, if it is, and which seats are ``off`` (read it only)."""
    words = _words(lang, hu)
    return frozen({
        "disabled": reason is not None, "reason": reason or "",
        "options": [{"value": "", "label": words.left, "selected": discarder is None}]
        + [{"value": v, "label": n, "selected": discarder == v, "disabled": seat_off}
           for (v, n), seat_off in zip(words.seats, off, strict=True)],
    })


def _flags(lang: str, hu: bool, states: tuple[tuple[bool, str], ...], uses: dict[str, str],
           shown: dict[str, bool]) -> tuple[dict[str, Any], ...]:
    """The flags' checkboxes, each flag's (checked, reason it is off) in ``states``: a frozen view, built once
    per language, states and notes (``uses`` and ``shown`` are frozen views, told apart by their digests)."""
    key = (lang, hu, states, getattr(uses, "encoded", None), getattr(shown, "encoded", None))
    kept = _FLAGS.get(key) if key[3] is not None and key[4] is not None else None
    if kept is None:
        kept = frozen([_flag(name, label, on, reason, uses[name], shown[name])
                       for (name, label), (on, reason) in zip(_words(lang, hu).flags, states, strict=True)])
        if key[3] is not None and key[4] is not None:
            keep(_FLAGS, key, kept, 1024, forget=True)
    return kept  # type: ignore[no-any-return]


_FLAGS: dict[tuple[Any, ...], tuple[dict[str, Any], ...]] = {}


@lru_cache(maxsize=1024)
def _flag(name: str, label: str, on: bool, reason: str, unused: str, shown: bool) -> dict[str, Any]:
    """One flag's checkbox as a frozen view (read it only): a set of flags new to :func:`_flags` most often differs
    from one drawn before in a flag or two (a reason naming another winning tile), the others drawn already."""
    return frozen({"name": name, "label": label, "checked": on, "disabled": bool(reason) and not on,
                   "reason": reason, "unused": unused, "shown": shown})


@lru_cache(maxsize=128)
def _wildcard_options(language: str, chosen: Tile | None) -> tuple[dict[str, Any], ...]:
    """The wildcard select in ``language`` (the active one), built once: read it only."""
    return frozen([{"value": "", "label": gettext("none"), "selected": chosen is None}] + [
        {"value": str(t), "label": pick(t.zh, t.en), "selected": chosen == t} for t in ALL_TILES
    ])


@lru_cache(maxsize=256)
def _kong_rows(language: str, chosen: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """The selects of other players' kongs, the chosen ones first, in ``language`` (the active one): read it only."""
    labels = [(value, _kong_label(value)) for value, _label in KONG_EVENT_CHOICES]
    rows = []
    for i in range(KONG_ROWS):
        current = chosen[i] if i < len(chosen) else ""
        options = [{"value": v, "label": label, "selected": v == current} for v, label in labels]
        rows.append({"name": f"kong{i + 1}", "options": options})
    return frozen(rows)


def _kong_value(event: Any) -> str:
    return ".".join([event.seat.value, event.kind.value] + ([event.fed_by.value] if event.fed_by else []))


def _kong_label(value: str) -> str:
    if not value:
        return "—"
    parts = value.split(".")
    seat, kind = Seat(parts[0]), KongKind(parts[1])
    name = pick(kind.zh, {"exposed": "exposed kong", "added": "added kong", "concealed": "concealed kong"}[kind.value])
    if len(parts) > 2:
        return gettext("%(seat)s: %(kind)s fed by %(feeder)s") % {
            "seat": seat_name(seat), "kind": name, "feeder": seat_name(Seat(parts[2]))}
    return gettext("%(seat)s: %(kind)s") % {"seat": seat_name(seat), "kind": name}


def _control_label(key: str) -> str:
    if key in FLAGS:
        return wording.flag_label(key, False)
    if key in CONTROL_LABELS:
        return str(CONTROL_LABELS[key])
    declared = known_context().get(key)
    return pick(declared.zh, declared.en) if declared else key


CONTROL_LABELS = {
    "win": _("How the hand was won"), "seat": _("Winner's seat"), "round_wind": _("Round wind"),
    "from_seat": _("Discarder"), "flowers": _("Flowers"), "wildcard": _("Wildcard tile"),
    "already_won": _("Already won"), "kongs": _("Other players' kongs"),
}


def _summary(ctx: WinContext, rulesets: Iterable[Ruleset] = ()) -> str:
    """One line for the folded context panel: 东风圈 · 南风位 · 自摸 · 杠上开花 · 2 花."""
    return context_line(ctx, rulesets, discarder_always=False)
