"""The win-context part of the calculator page (``#context``: how the hand was won, what the chosen systems
read during play and after the win), drawn in Python from its part's context alone (:mod:`calculator.parts`).

Its markup changes with nearly every tap (the reasons a choice is off name the winning tile), and Django's
template engine took ~0.3 ms to draw it; this draws the same markup, its whitespace included. Every value is
escaped as the template escaped it (``conditional_escape``); the texts of the catalog are the template's own
(a ``{% translate %}`` text is not escaped, a ``{% blocktranslate %}`` one has its values escaped). The
declared table fields are drawn as ``_table_context.html`` draws them (:func:`table_context_html`; the setup
part still includes that partial, and tests/calculator/test_context_part.py checks both draw the same).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .keyed import Keyed
from .markup import text as _e


def _why_unused(note: str) -> str:
    return f'<p class="why unused">{_e(note)}</p>' if note else ""


def context_html(part: Mapping[str, Any], oob: bool, sig: str) -> SafeString:
    """The ``context`` part drawn from its context (``controls``, ``table_context``, ``kept_ctx``), swapped out
    of band when ``oob``, with its signature ``sig``."""
    c = part["controls"]
    uses, shown = c["uses"], c["shown"]
    out = ['\n<section id="context" class="panel panel--context"', ' hx-swap-oob="true"' if oob else "",
           f' data-sig="{_e(sig)}" aria-labelledby="context-h">\n',
           f'  <h2 id="context-h" class="panel__title">{_e(c["title"])}</h2>\n',
           f'  <p class="summary">{_e(c["summary"])}</p>\n  ']
    if c["from_string"]:
        out.append(f'<p class="alert alert--notice">{gettext("The hand string said how it was won; it is set below.")}'
                   "</p>")
    out.append("\n  ")
    for d in c["dropped"]:
        text = gettext("Not applied: %(label)s — %(reason)s") % {"label": _e(d["label"]), "reason": _e(d["reason"])}
        out.append(f'<p class="alert alert--notice">{text}</p>')
    out.append(f'\n\n  <fieldset class="field">\n    <legend>{_e(c["win_legend"])}</legend>\n'
               '    <div class="chips">\n    ')
    out += [_drawn(_win_chips, c["win"]), "\n    ", _why_unused(uses["win"]), "\n  </fieldset>\n\n  "]
    if shown["from_seat"]:
        fs = c["from_seat"]
        out.append(f'<div class="field field--inline">\n    <label for="id_from_seat">{gettext("Discarder")}</label>\n'
                   '    <select id="id_from_seat" name="from_seat"'
                   + (' disabled aria-describedby="from-why"' if fs["disabled"] else "") + ">\n      ")
        out += [_drawn(_seat_options, fs["options"]), "\n    </select>\n    "]
        if fs["disabled"]:
            out.append(f'<p id="from-why" class="why">{_e(fs["reason"])}</p>')
        out += ["\n    ", _why_unused(uses["from_seat"]), "\n  </div>"]
    seat_legend = gettext("Winner's seat (门风)")
    out.append(f'\n\n  <fieldset class="field">\n    <legend>{seat_legend}</legend>\n'
               '    <div class="chips chips--seats">')
    out += [_drawn(_seat_chips, c["seat"]), "</div>\n    ", _why_unused(uses["seat"]), "\n  </fieldset>\n\n  "]
    if c["flags_shown"]:
        out += [f'<fieldset class="field">\n    <legend>{_e(c["flags_legend"])}</legend>\n'
                '    <ul class="flags">\n    ', _drawn(_flags_html, c["flags"]), "\n    </ul>\n  </fieldset>"]
    out += ["\n\n  ", table_context_html(part["table_context"], "table-context"), "\n\n  "]
    if c["more"]:
        out.append(_more_html(c))
    out.append("\n  ")
    out += [f'<input type="hidden" name="{_e(k["name"])}" value="{_e(k["value"])}">' for k in c["kept"]]
    out.append("\n  ")
    out += [f'<input type="hidden" name="{_e(k["name"])}" value="{_e(k["value"])}">' for k in part["kept_ctx"]]
    out.append("\n</section>\n")
    return mark_safe("".join(out))  # noqa: S308 - every value escaped above


def _drawn(draw: Callable[[Any], str], view: Any) -> str:
    """``draw(view)``; for a frozen view (``parts.Frozen``/``FrozenRow``: the controls' rows, built once per language,
    choice and reasons) the drawing kept under the digest the view holds, as the same rows come back tap after tap."""
    if getattr(view, "encoded", None) is None:  # a view made for this page (the seats named from a ledger)
        return draw(view)
    return _drawn_kept(draw, Keyed(view.encoded, view))


@lru_cache(maxsize=512)
def _drawn_kept(draw: Callable[[Any], str], view: Keyed) -> str:
    """:func:`_drawn` of a frozen view: at most 512 drawings per worker (each under a kB)."""
    return draw(view.value)


def _win_chips(row: Any) -> str:
    """How the hand was won: a chip per choice, then why each one that is off is."""
    out = ['\n      <label class="chip' + (" is-disabled" if ch["disabled"] else "")
           + f'"><input type="radio" name="win" value="{_e(ch["value"])}" id="{_e(ch["id"])}"'
           + (" checked" if ch["checked"] else "")
           + (f' disabled aria-describedby="{_e(ch["id"])}-why"' if ch["disabled"] else "")
           + f'><span>{_e(ch["label"])}</span></label>\n    ' for ch in row]
    out.append("\n    </div>\n    ")
    out += [f'<p id="{_e(ch["id"])}-why" class="why">{_e(ch["reason"])}</p>' for ch in row if ch["disabled"]]
    return "".join(out)


def _seat_options(options: Any) -> str:
    """The discarder's options."""
    return "".join(f'<option value="{_e(o["value"])}"' + (" selected" if o["selected"] else "")
                   + (" disabled" if o.get("disabled") else "") + f'>{_e(o["label"])}</option>' for o in options)


def _seat_chips(row: Any) -> str:
    """The winner's seat: a chip per seat."""
    return "".join(f'<label class="chip"><input type="radio" name="seat" value="{_e(ch["value"])}" id="{_e(ch["id"])}"'
                   + (" checked" if ch["checked"] else "") + f'><span>{_e(ch["label"])}</span></label>' for ch in row)


def _flags_html(flags: Any) -> str:
    """The special wins' checkboxes, those asked for."""
    return "".join(_flag_html(f) for f in flags if f["shown"])


def _flag_html(f: Mapping[str, Any]) -> str:
    name, disabled, unused = _e(f["name"]), f["disabled"], f["unused"]
    described = ""
    if disabled or unused:
        described = (' aria-describedby="' + (f"id_{name}-why" if disabled else "")
                     + (" " if disabled and unused else "") + (f"id_{name}-uses" if unused else "") + '"')
    return ('\n      <li class="flag' + (" is-disabled" if disabled else "") + '">\n'
            f'        <label><input type="checkbox" name="{name}" value="1" id="id_{name}"'
            + (" checked" if f["checked"] else "") + (" disabled" if disabled else "") + described
            + f'> {_e(f["label"])}</label>\n        '
            + (f'<p id="id_{name}-why" class="why">{_e(f["reason"])}</p>' if disabled else "") + "\n        "
            + (f'<p id="id_{name}-uses" class="why unused">{_e(unused)}</p>' if unused else "") + "\n      </li>\n    ")


def _options(options: Any) -> str:
    """A select's options. Those of a frozen view (``parts.Frozen``: the wildcard's and kongs' selects, built
    once per language and choice) are drawn once per value, kept under the digest the view holds."""
    digest = getattr(options, "encoded", None)
    drawn = _OPTIONS.get(digest) if digest is not None else None
    if drawn is None:
        drawn = "".join(f'<option value="{_e(o["value"])}"' + (" selected" if o["selected"] else "")
                        + f'>{_e(o["label"])}</option>' for o in options)
        if digest is not None and len(_OPTIONS) < 1024:
            _OPTIONS[digest] = drawn
    return drawn


_OPTIONS: dict[bytes, str] = {}


def _more_html(c: Mapping[str, Any]) -> str:
    uses, shown = c["uses"], c["shown"]
    summary = gettext("More: players who already won, wildcard, other players' kongs")
    out = ['<details class="more" id="context-more"' + (" open" if c["more_set"] else "") + ">\n"
           f"    <summary>{summary}</summary>\n    "]
    if shown["already_won"]:
        out.append(f'<fieldset class="field">\n      <legend>{gettext("Already won (血战)")}</legend>\n'
                   '      <div class="chips chips--seats">')
        out += ['<label class="chip' + (" is-disabled" if ch["disabled"] else "")
                + f'"><input type="checkbox" name="already_won" value="{_e(ch["value"])}" id="{_e(ch["id"])}"'
                + (" checked" if ch["checked"] else "")
                + (f' disabled title="{_e(ch["reason"])}"' if ch["disabled"] else "")
                + f'><span>{_e(ch["label"])}</span></label>' for ch in c["already_won"]]
        out += ["</div>\n      ", _why_unused(uses["already_won"]), "\n    </fieldset>"]
    out.append("\n    ")
    if shown["wildcard"]:
        out.append('<div class="field field--inline">\n'
                   f'      <label for="id_wildcard">{gettext("Wildcard tile")}</label>\n'
                   '      <select id="id_wildcard" name="wildcard"'
                   + (' aria-describedby="wildcard-uses"' if uses["wildcard"] else "") + ">"
                   + _options(c["wildcard"]) + "</select>\n      ")
        if uses["wildcard"]:
            out.append(f'<p id="wildcard-uses" class="why unused">{_e(uses["wildcard"])}</p>')
        out.append("\n    </div>")
    out.append("\n    ")
    if shown["kongs"]:
        out.append(f'<fieldset class="field">\n      <legend>{gettext("Kongs by other players (for kong money)")}'
                   "</legend>\n      ")
        for n, row in enumerate(c["kong_rows"], 1):
            name = _e(row["name"])
            out.append(f'\n      <label class="visually-hidden" for="id_{name}">{gettext("Kong %(n)s") % {"n": n}}'
                       f'</label>\n      <select id="id_{name}" name="{name}" class="kong-row">'
                       f'{_options(row["options"])}</select>\n      ')
        out += ["\n      ", _why_unused(uses["kongs"]), "\n    </fieldset>"]
    out.append("\n  </details>")
    return "".join(out)


def table_context_html(rows: Any, context_id: str) -> str:
    """``_table_context.html`` for the declared fields ``rows`` (``table_context.controls``) under ``context_id``."""
    if not rows:
        return "\n"
    setup = context_id == "setup-context"
    legend = gettext("Before the tiles") if setup else gettext("During play and after the win")
    out = [f'\n<fieldset class="field table-context" id="{_e(context_id)}">\n  <legend'
           + (' class="visually-hidden"' if setup else "") + f">{legend}</legend>\n"
           '  <ul class="table-context__list">\n  ']
    for f in rows:
        out.append('\n    <li class="table-context__item">\n    ' + _field_html(f) + '\n      <p class="why" id="'
                   + _e(f["name"]) + '-help">' + _e(f["help"]))
        if f["readers"]:
            out.append(" <small>" + gettext("Read by %(systems)s.") % {"systems": _e(f["readers"])} + "</small>")
        out.append("</p>\n    </li>\n  ")
    out.append("\n  </ul>\n</fieldset>\n\n")
    return "".join(out)


def _field_html(f: Mapping[str, Any]) -> str:
    kind, name, label = f["kind"], _e(f["name"]), _e(f["label"])
    if kind == "bool":
        return (f'\n      <label class="table-context__check"><input type="checkbox" name="{name}" value="1" '
                'data-default=""' + (" checked" if f["checked"] else "") + f' aria-describedby="{name}-help"> '
                f"{label}</label>\n    ")
    if kind in ("tile", "seat", "choice"):
        return (f'\n      <label for="id_{name}">{label}</label>\n      <select id="id_{name}" name="{name}" '
                f'data-default="" aria-describedby="{name}-help">{_options(f["options"])}</select>\n    ')
    if kind == "seats":
        seats = "".join(f'<label class="chip"><input type="checkbox" name="{name}" value="{_e(s["value"])}"'
                        + (" checked" if s["checked"] else "") + f'><span>{_e(s["label"])}</span></label>'
                        for s in f["seats"])
        return (f'\n      <span class="table-context__label">{label}</span>\n'
                f'      <span class="chips chips--seats">{seats}</span>\n    ')
    if kind == "per_seat":
        seats = "".join(f'<label>{_e(s["label"])} <input type="number" name="{_e(s["name"])}" value="{_e(s["value"])}" '
                        f'min="{_e(s["min"])}" max="{_e(s["max"])}" inputmode="numeric" data-default="0" '
                        'class="option__number"></label>' for s in f["seats"])
        return (f'\n      <span class="table-context__label" id="{name}-label">{label}</span>\n'
                f'      <span class="table-context__seats" role="group" aria-labelledby="{name}-label">'
                f"{seats}</span>\n    ")
    if kind == "tiles":
        return (f'\n      <label for="id_{name}">{label}</label>\n'
                f'      <input type="text" id="id_{name}" name="{name}" '
                f'value="{_e(f["value"])}" placeholder="{_e(f["placeholder"])}" maxlength="32" autocomplete="off" '
                f'spellcheck="false" data-default="" aria-describedby="{name}-help">\n    ')
    return (f'\n      <label for="id_{name}">{label}</label>\n      <input type="number" id="id_{name}" name="{name}" '
            f'value="{_e(f["value"])}" min="{_e(f["min"])}" max="{_e(f["max"])}" placeholder="{_e(f["placeholder"])}" '
            f'inputmode="numeric" data-default="" class="option__number" aria-describedby="{name}-help">\n    ')
