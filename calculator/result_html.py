"""The result cards drawn in Python: the markup ``templates/_results.html`` describes (the side-by-side table,
one card per system, "Add to table" under them), from the context of :func:`calculator.results.results_context`.

Django's template engine drew them in about a quarter of an htmx update's time (a variable lookup, a filter
and an autoescape per value, some hundreds a card). The markup here is the template's, byte for byte, with
the same escaping as the template's autoescape (:func:`_text`); the template keeps the context contract and
draws this (``{% result_cards %}``, :mod:`calculator.templatetags.result_cards`). The site's own texts
are translated once per language (:func:`_words`); the hand's texts arrive translated in the context.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop, ngettext

from .lang import language as active_language
from .lang import zh
from .markup import escape, path, paths, quoted, where
from .markup import text as _text
from .tiles_view import HandView, hand_into

_MESSAGES = {
    "result": gettext_noop("Result"),
    "working": gettext_noop("Working…"),
    "waiting_on": gettext_noop("Waiting on"),
    "choose": gettext_noop("Choose the winning tile to complete the hand."),
    "tile": gettext_noop("Tile"),
    "not_ready": gettext_noop("This hand is not ready: no tile completes it."),
    "share": gettext_noop("Share this hand"),
    "copy_link": gettext_noop("Copy link"),
    "copy_text": gettext_noop("Copy as text"),
    "text_and_qr": gettext_noop("Text and QR code"),
    "hand_as_text": gettext_noop("The hand as text"),
    "qr": gettext_noop("QR code of the link"),
    "how_to": gettext_noop("How to use it"),
    "step1": gettext_noop("Tap your 14 tiles; the last one is the winning tile. With 13 tiles you see what the hand "
                          "waits on."),
    "step2": gettext_noop("For a claimed or concealed set, pick 吃, 碰 or a kong above the tiles first, then tap its "
                          "tile."),
    "step3": gettext_noop("Say how the hand was won; each system's verdict, fans and payouts appear here."),
    "try": gettext_noop("Try:"),
    "side_by_side": gettext_noop("Side by side"),
    "system": gettext_noop("System"),
    "total": gettext_noop("Total"),
    "winner_gets": gettext_noop("Winner gets"),
    "each_seat": gettext_noop("Each seat"),
    "provisional": gettext_noop("Provisional: some values of this system have no source yet and are assumptions."),
    "tap_a_fan": gettext_noop("Tap a fan to light up the tiles that make it."),
    "counted": gettext_noop("Counted and not counted"),
    "notes": gettext_noop("Notes"),
    "payouts": gettext_noop("Payouts"),
    "seat": gettext_noop("Seat"),
    "line_items": gettext_noop("Line items"),
    "net": gettext_noop("Net"),
    "add_to_table": gettext_noop("Add to table"),
    "back_to_round": gettext_noop("Back to the round"),
    "undo": gettext_noop("Undo"),
}
"""The site's own texts the section draws (``{% translate %}`` in the template it replaces), by a short name."""

@lru_cache(maxsize=16)
def _words(language: str | None) -> dict[str, str]:
    """In ``language`` (the active one): each of the site's texts above, translated once (the same for every
    hand). Not escaped: a ``{% translate "…" %}`` of a literal is safe text, written as the catalog has it."""
    return {name: gettext(m) for name, m in _MESSAGES.items()}


_OUT_OF_BAND = ("chooser", "setup", "placed", "flowers", "context", "systems")
"""The parts an htmx update may carry after the section, in the order the page has them (``calculator.parts``)."""


def result_update(context: Any) -> str:
    """The ``result`` partial of calculator.html: the section ``#result`` and, for an htmx update (``oob``), what
    it swaps out of band: the sticky summary, the hand box when the server rewrote the hand, the parts that
    changed (``parts``: name → drawn) and the words the screen reader announces.

    Markup, every text in it escaped, as a plain ``str``: the htmx view sends it as it is, and the template tag
    marks it safe (a :class:`SafeString` made of it would copy the whole update, ≈15 k characters)."""
    out: list[str] = []  # the whole update written into one list, joined once
    _section(out, context)
    if context.get("oob"):
        _summary(out, context)
        if context.get("rewrite_hand"):
            out.append(get_template("calculator.html#handbox").render(
                {key: context.get(key) for key in ("hand_text", "max_hand", "hand_error", "oob")}))
        drawn = context.get("parts") or {}
        out += [_text(drawn.get(name, "")) for name in _OUT_OF_BAND]
        out.append(f'<p id="announce" hx-swap-oob="innerHTML">{_text(context.get("announce", ""))}</p>')
    out.append("\n")
    return "".join(out)


def summary_html(context: Any) -> SafeString:
    """The ``summary`` partial of calculator.html (``#summary``, the sticky bar): each result's total and the
    winner's net (the table's own one and how many more are compared), else the waits or the tiles entered, and
    how the hand was won (the link to its controls)."""
    out: list[str] = []
    _summary(out, context)
    return SafeString("".join(out))


def _summary(out: list[str], context: Any) -> None:
    words = _words(active_language())
    code = context.get("share_code")
    out += ['\n<div id="summary" class="summary-bar"', ' hx-swap-oob="true"' if context.get("oob") else "",
            f' data-hand="{_text(context.get("hand_text", ""))}" data-code="{_text(code) if code else ""}">\n'
            '  <p class="summary-bar__totals" id="summary-totals">']
    if context.get("results"):
        for r in context.get("summary_results") or ():
            valid = r["valid"]
            out.append(f'<a class="summary-bar__item{"" if valid else " is-invalid"}" href="#r-{_text(r["id"])}">'
                       f'{_text(r["name"])} ')
            if valid:
                total, gain = r["total"], r["gain"]  # most often ints, written as ``_text`` writes them
                out.append(f'<strong>{total if type(total) is int else _text(total)}</strong> {_text(r["unit"])}')
                if gain is not None:
                    out.append(f' · {_text(r["winner"])} <strong class="summary-bar__net">'
                               f'+{gain if type(gain) is int else _text(gain)}</strong>')
            else:
                out.append(_text(r["not_a_win"]))
            out.append("</a>")
        more = context.get("summary_more")
        if more:
            compared = ngettext("+ %(n)s compared", "+ %(n)s compared", more) % {"n": _text(more)}
            out.append(f'<a class="summary-bar__item summary-bar__more" href="#compare-h">{compared}</a>')
    elif context.get("mode_result") == "waits":
        n = len(context.get("wait_rows"))
        waiting = ngettext("Waiting on %(n)s tile", "Waiting on %(n)s tiles", n) % {"n": _text(n)}
        out.append(f'<span class="summary-bar__item">{waiting}</span>')
    else:
        placed = context.get("placed")
        entered = gettext("%(n)s of %(full)s tiles") % {"n": _text(placed["size"]), "full": _text(placed["full"])}
        out.append(f'<span class="summary-bar__item muted">{entered}</span>')
    controls = context.get("controls")
    out.append('</p>\n  <p class="summary-bar__row"><a class="summary-bar__context" id="context-link" href="#context">'
               f'{_text(controls["title"])}: {_text(controls["summary"])} <span aria-hidden="true">✎</span></a>'
               f'<button type="button" id="undo" class="btn btn--quiet btn--small js-only" hidden>{words["undo"]}'
               "</button></p>\n</div>\n")


def result_section(context: Any) -> SafeString:
    """The ``result`` partial of calculator.html up to its out-of-band parts: the section ``#result`` (a status,
    the waits table, the result cards and the share section, or how to use the calculator), and the newline
    after it."""
    out: list[str] = []
    _section(out, context)
    return SafeString("".join(out))


def _section(out: list[str], context: Any) -> None:
    words = _words(active_language())
    out.append(f'\n<section id="result" class="result" aria-labelledby="result-h">\n'
               f'  <h2 id="result-h" class="panel__title">{words["result"]}</h2>\n'
               f'  <p id="busy" class="busy htmx-indicator" role="status">{words["working"]}</p>\n  ')
    status = context.get("status")
    if status:
        out.append(f'<p class="status">{_text(status)}</p>')
    out.append("\n\n  ")
    if context.get("mode_result") == "waits":
        _waits(out, words, context)
    out.append("\n\n  ")
    if context.get("results"):
        # the addresses below are reversed in the request's script prefix and URLconf (asked by the view already)
        at = context.get("where") or where()
        out.append("\n    ")
        _results(out, context, at)
        out.append("\n    ")
        share_code = context.get("share_code")
        if share_code:
            _share(out, words, share_code, context, at)
        out.append("\n  ")
    out.append("\n\n  ")
    if not context.get("hand_text"):
        _intro(out, words, context.get("examples") or ())
    out.append("\n</section>\n")


def _waits(out: list[str], words: dict[str, str], context: Any) -> None:
    out.append(f'\n  <section class="waits" aria-labelledby="waits-h">\n    <h3 id="waits-h">{words["waiting_on"]}</h3>'
               "\n    ")
    rows = context.get("wait_rows")
    if rows:
        systems = "".join(f'<th scope="col">{_text(s["name"])}</th>' for s in context.get("wait_systems") or ())
        out.append(f'\n    <p class="hint">{words["choose"]}</p>\n'
                   '    <div class="table-scroll">\n    <table class="waits__table">\n'
                   f'      <thead><tr><th scope="col">{words["tile"]}</th>{systems}</tr></thead>\n'
                   "      <tbody>\n      ")
        for w in rows:
            left = w["left"]
            tile = w["tile"]
            dead = "" if left else ' class="is-dead"'
            n_left = ngettext("%(n)s left", "%(n)s left", left) % {"n": _text(left)}
            cells = []
            for c in w["cells"]:
                fans = f'<small class="wait__fans">{_text(c["fans"])}</small>' if c["fans"] else ""
                if c["valid"]:
                    cells.append(f'<td><strong>{_text(c["total"])}</strong> {_text(c["unit"])}{fans}</td>')
                elif c["total"] is not None:
                    cells.append(f'<td><span class="muted">{_text(c["total"])} {_text(c["unit"])}</span>'
                                 f'<small class="wait__short">{_text(c["reason"])}</small>{fans}</td>')
                else:
                    cells.append('<td><span class="muted">—</span></td>')
            out.append(f'\n        <tr{dead}>\n          <th scope="row"><a class="wait" id="wait-{_text(tile.str)}" '
                       f'href="{_text(w["url"])}" data-hand="{_text(w["hand"])}">{_text(tile.html)}<small>{n_left}'
                       f'</small></a></th>\n          {"".join(cells)}\n        </tr>\n      ')
        out.append("\n      </tbody>\n    </table>\n    </div>\n    ")
    else:
        out.append(f'\n    <p class="status">{words["not_ready"]}</p>\n    ')
    out.append("\n    ")
    if context.get("ledger_round"):  # a round's row at the wall: its 13 tiles back
        out.append(_add_to_table(words, context.get("hand_text"), context))
    out.append("\n  </section>\n  ")


def _share(out: list[str], words: dict[str, str], share_code: Any, context: Any,
           at: tuple[str, object] | None = None) -> None:
    url, text = _text(context.get("share_url", "")), _text(context.get("share_text", ""))
    link, qr = map(escape, paths(("share", "share-qr"), share_code, at))
    out.append(
        f'\n    <section class="share" aria-labelledby="share-h">\n      <h3 id="share-h">{words["share"]}</h3>\n'
        f'      <p class="share__link"><a id="share-link" href="{link}">{url}</a></p>\n'
        '      <p class="share__actions">\n'
        f'        <button type="button" class="btn js-only" data-copy="{url}">{words["copy_link"]}</button>\n'
        '        <button type="button" class="btn js-only" data-copy-from="share-text">'
        f'{words["copy_text"]}</button>\n      </p>\n      <details class="share__more">\n'
        f'        <summary>{words["text_and_qr"]}</summary>\n'
        f'        <label class="visually-hidden" for="share-text">{words["hand_as_text"]}</label>\n'
        f'        <textarea id="share-text" readonly rows="8">{url}\n{text}</textarea>\n'
        f'        <img class="share__qr" src="{qr}" alt="{words["qr"]}" width="160" height="160" '
        'loading="lazy">\n      </details>\n    </section>\n    '
    )


def _intro(out: list[str], words: dict[str, str], examples: Any) -> None:
    steps = "".join(f"\n      <li>{words[m]}</li>" for m in ("step1", "step2", "step3"))
    shown = " · ".join(f'<a class="example" href="{_text(ex["url"])}" data-hand="{_text(ex["hand"])}">'
                       f'{_text(ex["label"])}</a>' for ex in examples)
    out.append(f'\n  <section class="intro">\n    <h3>{words["how_to"]}</h3>\n    <ol>{steps}\n    </ol>\n'
               f'    <p>{words["try"]}\n      {shown}\n    </p>\n  </section>\n  ')


def results_html(context: Any) -> SafeString:
    """``_results.html`` for ``context`` (a mapping or a template's context: its contract is at the top of the
    template), in the active language."""
    out: list[str] = []
    _results(out, context)
    return SafeString("".join(out))


def _results(out: list[str], context: Any, at: tuple[str, object] | None = None) -> None:
    """:func:`results_html` written into ``out``; ``at``: ``markup.where``, when the caller has asked it already."""
    language = active_language()
    words = _words(language)
    chinese = (language or "")[:2] == "zh"
    results = context.get("results") or ()
    out.append("\n")
    if len(results) > 1:  # one system alone: its card says it all
        _compare(out, words, results, context.get("table_seats") or ())
    out.append("\n\n")
    for r in results:
        _card(out, words, r, chinese)
    out.append("\n")
    share_code = context.get("share_code")
    code = share_code if share_code else context.get("code")
    out.append(_add_to_table(words, code, context, at))
    out.append("\n")


def _compare(out: list[str], words: dict[str, str], results: Any, seats: Any) -> None:
    out.append(
        '\n<div class="compare" role="region" aria-labelledby="compare-h" tabindex="0">\n'
        f'  <h3 id="compare-h" class="visually-hidden">{words["side_by_side"]}</h3>\n'
        '  <table class="compare__table">\n    <thead>\n      <tr>\n'
        f'        <th scope="col">{words["system"]}</th>\n'
        f'        <th scope="col">{words["total"]}</th>\n'
        f'        <th scope="col" class="wide num">{words["winner_gets"]}</th>\n        '
    )
    out.extend(f'<th scope="col" class="wide num">{_text(s["name"])}</th>' for s in seats)
    out.append(f'\n        <th scope="col" class="narrow">{words["each_seat"]}</th>\n      </tr>\n    </thead>\n'
               '    <tbody>\n    ')
    for r in results:
        valid = r["valid"]
        out.append(f'\n      <tr class="{"is-valid" if valid else "is-invalid"}">\n'
                   f'        <th scope="row"><a href="#r-{_text(r["id"])}">{_text(r["name"])}</a></th>\n        <td>')
        if valid:
            out.append(f'<span class="ok" aria-hidden="true">✓</span> <strong>{_text(r["total"])}</strong> '
                       f'{_text(r["unit"])}')
        else:
            out.append(f'<span class="no" aria-hidden="true">✗</span> {_text(r["not_a_win"])}')
        gain = r["gain"]
        out.append('</td>\n        <td class="wide num">' + (f"+{_text(gain)}" if gain is not None else "—")
                   + "</td>\n        ")
        for cell in r["seat_cells"]:
            css = f" {_text(cell['css'])}" if cell["css"] else ""
            out.append(f'<td class="wide num{css}">{_text(cell["text"])}</td>')
        out.append('\n        <td class="narrow">')
        nets = r["seat_nets"]
        if nets:
            out.extend(f'<span class="net {_text(s["css"])}">{_text(s["name"])} {_text(s["text"])}</span>'
                       for s in nets)
        else:
            out.append("—")
        out.append("</td>\n      </tr>\n    ")
    out.append("\n    </tbody>\n  </table>\n</div>\n")


def _card(out: list[str], words: dict[str, str], r: Mapping[str, Any], chinese: bool) -> None:
    """One system's card: verdict and total, the reading, the fans, facts and notes, payouts, other readings."""
    rid = _text(r["id"])
    valid = r["valid"]
    total = r["total"]  # written once for the head and the fans' total: most often an int, as ``_text`` writes it
    total = None if total is None else str(total) if type(total) is int else _text(total)
    unit = _text(r["unit"])
    out.append(
        f'\n<article id="r-{rid}" class="card {"card--valid" if valid else "card--invalid"}" '
        f'aria-labelledby="r-{rid}-h">\n  <header class="card__head">\n'
        f'    <h3 id="r-{rid}-h" class="card__title">{_text(r["name"])}</h3>\n'
        f'    <span class="verdict {"verdict--ok" if valid else "verdict--no"}">{_text(r["verdict"])}</span>\n    '
    )
    if total is not None:
        out.append(f'<span class="card__total"><strong>{total}</strong> {unit}</span>')
    out.append("\n  </header>\n  ")
    if r["provisional"]:
        out.append(f'<p class="alert alert--notice">{words["provisional"]}</p>')
    out.append("\n  ")
    if r["no_wild"]:
        out.append(f'<p class="alert alert--notice card__no-wild">{_text(r["no_wild"])}</p>')
    out.append("\n  ")
    if r["reason"]:
        out.append(f'<p class="card__reason">{_text(r["reason"])}</p>')
    out.append("\n\n  ")
    _reading(out, rid, r, chinese)
    out.append("\n\n  ")
    fans, excluded = r["fans"], r["excluded"]
    if fans or excluded:
        _fans(out, words, rid, r, fans, excluded, total, unit)
    out.append("\n  ")
    if r["facts"]:
        out.append('<p class="card__facts">' + " · ".join([f"<span>{_text(x)}</span>" for x in r["facts"]]) + "</p>")
    out.append("\n  ")
    if r["notes"]:
        items = "".join([f"<li>{_text(n)}</li>" for n in r["notes"]])
        out.append(f'<ul class="card__notes" aria-label="{words["notes"]}">{items}</ul>')
    out.append("\n\n  ")
    if r["seats"]:
        _payouts(out, words, r["seats"])
    out.append("\n\n  ")
    if r["others"]:
        _others(out, r["others"], unit)
    out.append("\n</article>\n")


def _reading(out: list[str], rid: str, r: Mapping[str, Any], chinese: bool) -> None:
    """The reading drawn in tiles (its kind, how many readings, the winning tile), or the hand as it lies."""
    shape = r["shape"]
    if shape:
        out.append(f'\n  <div class="card__shape" id="r-{rid}-reading">\n'
                   f'    <p class="card__kind">{_text(shape["kind"])}')
        readings = r["readings"]
        if readings > 1:
            best = ngettext("the best of %(n)s readings", "the best of %(n)s readings", readings)
            out.append(" · " + best % {"n": _text(readings)})
        hand = shape["hand"]
        for g in hand.groups:
            for t in g.winning:
                name = _text(zh(t.zh) if chinese else t.en)
                out.append(f' · <span class="card__won">{_text(r["won_on"])} {name}</span>')
        out.append("</p>\n    ")
        if type(hand) is HandView:
            hand_into(out, hand)
        else:
            out.append(_text(hand.html))
        out.append("\n    ")
        wilds = shape["wilds"]
        if wilds:
            out.append('<p class="card__wilds">' + " · ".join(f"<span>{_text(w)}</span>" for w in wilds) + "</p>")
        out.append("\n  </div>\n  ")
    elif r["hand"]:
        out.append(f'\n  <div class="card__shape">{_text(r["hand"].html)}</div>\n  ')


def _others(out: list[str], others: Any, unit: str) -> None:
    """The other legal readings, folded."""
    count = len(others)
    summary = ngettext("%(n)s other reading", "%(n)s other readings", count) % {"n": _text(count)}
    out.append(f'\n  <details class="others">\n    <summary>{summary}</summary>\n    ')
    for o in others:
        shown = " · ".join(
            f"{_text(f['name'])} {_text(f['value'])}" + (f"×{_text(f['count'])}" if f["count"] > 1 else "")
            for f in o["fans"]
        )
        out.append(f'\n    <div class="other">\n      <p class="card__kind">{_text(o["kind"])} · '
                   f'<strong>{_text(o["total"])}</strong> {unit}</p>\n      {_text(o["hand"].html)}\n'
                   f'      <p class="other__fans">{shown}</p>\n    </div>\n    ')
    out.append("\n  </details>\n  ")


def _fans(out: list[str], words: dict[str, str], rid: str, r: Mapping[str, Any], fans: Any, excluded: Any,
          total: str | None, unit: str) -> None:
    """The fans counted and not counted; ``total``: the card's total as written (escaped), None for none."""
    out.append("\n  ")
    if r["lights"]:
        out.append(f'<p class="fans__hint">{words["tap_a_fan"]}</p>')
    out.append(f'\n  <table class="fans">\n    <caption class="visually-hidden">{words["counted"]}'
               "</caption>\n    <tbody>\n    ")
    light = ('<button type="button" class="fans__light" aria-pressed="false" '
             f'aria-controls="r-{rid}-reading" data-tiles="')
    for f in fans:
        tiles, sets, note, how, count, value, points = (f["tiles"], f["sets"], f["note"], f["how"], f["count"],
                                                        f["value"], f["total"])
        # the fan's name and the link to its page, escaped once per fan and language (:func:`fan_head`)
        head = f.get("head") or fan_head(f["name"], f["definition"], f["definition_label"])
        # the row's pieces in the order drawn, joined once with the page; most values are ints, written as
        # ``_text`` writes them without its call
        out += (f'\n      <tr data-about="{_text(f["about"])}"><th scope="row">',
                f'{light}{_text(tiles)}">{head[0]}' if tiles else head[1],
                f' <span class="fans__sets">{_text(sets)}</span>' if sets else "",
                f' <small class="muted">{_text(note)}</small>' if note else "",
                f' <small class="fans__how">{_text(how)}</small>' if how else "",
                '</th>\n        <td class="num">', str(value) if type(value) is int else _text(value),
                (f" × {count}" if type(count) is int else f" × {_text(count)}") if count > 1 else "",
                '</td>\n        <td class="num"><strong>', str(points) if type(points) is int else _text(points),
                "</strong></td></tr>\n    ")
    out.append("\n    ")
    for e in excluded:
        sets = f' <span class="fans__sets">{_text(e["sets"])}</span>' if e["sets"] else ""
        count = f" × {_text(e['count'])}" if e["count"] > 1 else ""
        reason = f' <small class="muted">{_text(e["reason"])}</small>' if e["reason"] else ""
        out.append(f'\n      <tr class="fans__excluded"><th scope="row"><s>{_text(e["name"])}</s>{sets}{count}</th>\n'
                   f'        <td colspan="2">{_text(e["why"])}{reason}</td></tr>\n    ')
    out.append("\n    </tbody>\n    ")
    if total is not None:
        out.append(f'\n    <tfoot><tr><th scope="row">{words["total"]}</th><td></td><td class="num"><strong>'
                   f"{total}</strong> {unit}</td></tr></tfoot>\n    ")
    out.append("\n  </table>\n  ")


def fan_head(name: Any, href: Any, label: Any) -> tuple[str, str]:
    """A fan row's name and the link to the fan's page ("?", titled "Definition of 平和"), as a lit row draws them
    after its button's opening tag (the name, the button closed, the link) and as a plain row draws them: the
    same for every card that counts the fan in a language, so a card's fan row carries them made once
    (``results._fan_words``, the row's ``head``)."""
    name, link = _text(name), _definition_link(href, label)
    return f"{name}</button>{link}", f'<span class="fans__plain">{name}</span>{link}'


@lru_cache(maxsize=2048, typed=True)  # typed: safe text and text alike are drawn apart
def _definition_link(href: Any, label: Any) -> str:
    """The link to a fan's page ("?", titled "Definition of 平和"): the same for every card that counts the fan
    in a language (``results._fan_words``), so escaped once."""
    label = _text(label)
    return (f'<a class="fans__def" href="{_text(href)}" title="{label}" aria-label="{label}">'
            '<span aria-hidden="true">?</span></a>')


def _payouts(out: list[str], words: dict[str, str], seats: Any) -> None:
    out.append(f'\n  <table class="payouts">\n    <caption>{words["payouts"]}</caption>\n'
               f'    <thead><tr><th scope="col">{words["seat"]}</th><th scope="col">{words["line_items"]}</th>'
               f'<th scope="col" class="num">{words["net"]}</th></tr></thead>\n    <tbody>\n    ')
    for s in seats:
        role = f' <small class="role">{_text(s["role"])}</small>' if s["role"] else ""
        lines = s["lines"]
        if lines:
            items = []
            for line in lines:
                item = f"<li>{_text(line['text'])}"
                if line["why"]:
                    item += f' <small class="muted">{_text(line["why"])}</small>'
                if line["factors"]:
                    item += f' <small class="factors">{_text(line["factors"])}</small>'
                items.append(item + "</li>")
            cell = '<ul class="lines">' + "".join(items) + "</ul>"
        else:
            cell = '<span class="muted">—</span>'
        out.append(f'\n      <tr><th scope="row">{_text(s["name"])}{role}</th>\n        <td>{cell}</td>\n'
                   f'        <td class="num {_text(s["css"])}"><strong>{_text(s["text"])}</strong></td></tr>\n    ')
    out.append("\n    </tbody>\n  </table>\n  ")


def _add_to_table(words: dict[str, str], code: Any, context: Any, at: tuple[str, object] | None = None) -> str:
    """``ledger/_add_to_table.html``: "Add to table" (or, for a round's row, "Back to the round"); ``at``:
    ``markup.where``, when the caller has asked it already."""
    if not code:
        return "\n\n"
    table, round_, row = context.get("ledger_at"), context.get("ledger_round"), context.get("ledger_row")
    href = escape(path("ledger-add", at=at)) + "?hand=" + _text(quoted(str(code)))
    if table:
        href += f"&amp;at={_text(table)}"
    if round_:
        href += f"&amp;round={_text(quoted(str(round_)))}&amp;row={_text(row)}"
    label = words["back_to_round"] if round_ else words["add_to_table"]
    return f'\n<p class="add-to-table"><a class="btn" href="{href}">{label}</a></p>\n'
