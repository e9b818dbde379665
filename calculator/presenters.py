"""The calculator page's view model: everything calculator.html draws, in the active language.

Each concern has its module: the result cards (:mod:`calculator.results`, shared with the share page),
the waits (:mod:`calculator.waits`), the text of a hand (:mod:`calculator.share_text`), the hand editor's
tiles and palette (:mod:`calculator.palette`), the win-context controls (:mod:`calculator.controls`) and
the house rules (:mod:`calculator.house_rules`); this one puts the page together.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import replace
from typing import Any, cast

from django.forms import CharField
from django.utils.translation import gettext, ngettext

from rulesets.context import Stage, complete_as_it_stands
from rulesets.engine import Request
from rulesets.scoring import Ruleset
from serving.visible import visible

from . import editor, table_context, tables, wording
from .controls import controls_context, shown_context, uses_context
from .forms import CLAIMED_CHOICES, FROM_CHOICES, MODE_CHOICES, CalculatorForm, editor_hand, selected
from .house_rules import systems_context
from .lang import system_words
from .palette import palette_context, placed_context
from .results import cards_context, score_each
from .waits import waits_context


def hand_error_context(form: CalculatorForm) -> dict[str, Any] | None:
    """What is wrong with the input: the engine's message, and the hand box's text with the character at
    fault marked; values no control offers (an edited URL) are listed too."""
    if not form.errors:  # nothing wrong (most requests)
        return None
    # the form holds the engine's messages rendered in the reader's language (calculator/forms.py)
    messages = [str(m) for m in (form.errors.get("hand") or [])] + [str(m) for m in form.non_field_errors()]
    messages += [f"{name}: {m}" for name, errs in form.errors.items() if name not in ("hand", "__all__") for m in errs]
    if not messages:
        return None
    exc = form.hand_error
    text = form.data.get("hand", "")
    out: dict[str, Any] = {"message": messages[0], "more": messages[1:], "position": None}
    if exc is not None and exc.position is not None and exc.text == text and 0 <= exc.position <= len(text):
        pos = exc.position
        out.update(  # control and bidi characters shown as \uXXXX, never echoed raw (serving/visible.py)
            position=pos, before=visible(text[:pos]), at=visible(text[pos : pos + 1]) or " ",
            after=visible(text[pos + 1 :]),
        )
    return out


def page_context(form: CalculatorForm, link: Any, notice: str = "") -> dict[str, Any]:
    """Everything calculator.html draws. ``link(text)`` is the URL of this page with the hand box set to ``text``."""
    ed = editor_hand(form)
    chosen = form.chosen_rulesets()
    uses, shown = uses_context(chosen), shown_context(chosen)
    controls = controls_context(form, uses, shown)
    declared = table_context.controls(chosen, form.context.value, form.context.dropped)
    systems = systems_context(form)
    table = form.table()
    page: dict[str, Any] = {
        "form": form,
        "max_hand": cast(CharField, form.fields["hand"]).max_length,
        "hand_text": _hand_text(form),
        "rewrite_hand": (form.context.from_string or form.shared is not None) and form.parsed is not None,
        "hand_error": hand_error_context(form),
        # the tiles entered, and the text they were read from
        "placed": _placed(ed, form.hand_size(), chosen, form.hand_sent),
        "notice": " ".join([notice, *form.notes]).strip(),  # the reader's notes on the hand string too
        "controls": controls,
        "setup": {"round_wind": controls["round_wind"] if shown["round_wind"] else (),
                  "round_wind_uses": uses["round_wind"],
                  "fields": table_context.in_stages(declared, Stage.SETUP, Stage.DEAL)},
        "table_context": table_context.in_stages(declared, Stage.PLAY, Stage.END),
        "kept_ctx": table_context.kept(form.data, chosen),
        "flowers_unused": uses["flowers"],
        "flowers_shown": shown["flowers"],
        "table": tables.table_view(table, systems["table_house"]),
        "chooser": tables.chooser(),
        "remember": tables.remembered(table, systems["table_house"]),
        "mode": selected(form, "mode", "standing"),
        "meld_from": selected(form, "meld_from", "1"),
        "chow_claimed": selected(form, "chow_claimed", "1"),
        "mode_choices": MODE_CHOICES, "from_choices": FROM_CHOICES, "claimed_choices": CLAIMED_CHOICES,
        **palette_context(ed, form.context.value.flowers),
        **systems,
        "status": "", "results": [], "wait_rows": [], "summary_results": [], "summary_more": 0,
    }
    request = form.request
    if request is None:
        if not page["hand_text"]:
            page["examples"] = [{**ex, "url": link(ex["hand"])} for ex in examples()]
        elif not page["hand_error"] and ed is not None:
            page["status"] = _size_status(ed.size, chosen, explicit=not form.auto_rules())
        return page
    page.update(_scored(request, link))
    results = page["results"]
    # the sticky summary: the table's own total and the winner's net (every system while none is chosen)
    page["summary_results"] = results[:1] if table is not None else results
    page["summary_more"] = len(results) - 1 if table is not None and results else 0
    return page


def _placed(ed: editor.EditorHand | None, full: int, chosen: tuple[Ruleset, ...], read: str) -> dict[str, Any]:
    """The tiles entered and the text they were ``read`` from, with "make it the winning tile" in the words of
    the table (胡这张 at a regional table; a table of one system in its own words on a 繁體 page: 香港's 糊這張
    and 一索)."""
    with system_words(chosen[0]) if len(chosen) == 1 else nullcontext():
        placed = placed_context(ed, full, wording.speaks_hu(chosen))
    placed["read"] = read
    return placed


def _size_status(size: int, rulesets: Iterable[Ruleset], explicit: bool = True) -> str:
    """How many tiles are entered and how many a hand has. With every system compared (not ``explicit``),
    only the four-player tables' sizes are named: a 6-player table's 8 tiles mean nothing at a 4-player
    table (the other tables are asked for by name)."""
    rulesets = tuple(rulesets)
    if not explicit:
        rulesets = tuple(r for r in rulesets if r.players == 4) or rulesets
    sizes = " / ".join(str(s) for s in sorted({r.hand_size for r in rulesets})) or str(editor.FULL)
    return ngettext(
        "%(n)d tile: a hand has %(full)s tiles (one fewer to see its waits).",
        "%(n)d tiles: a hand has %(full)s tiles (one fewer to see its waits).", size,
    ) % {"n": size, "full": sizes}


def examples() -> list[dict[str, str]]:
    """Hands to try from the empty page."""
    return [
        {"hand": "123m456p789s345m22z", "label": gettext("a 国标 hand: Mixed Straight")},
        {"hand": "[555s2]1122233344s4s", "label": gettext("a Sichuan flush with a pung")},
        {"hand": "1112345678999m", "label": gettext("13 tiles: what does it wait on?")},
    ]


def _hand_text(form: CalculatorForm) -> str:
    """The hand box's text: as typed, or without its context once that has moved into the controls."""
    text = form.data.get("hand", "")
    if (form.context.from_string or form.shared is not None) and form.parsed is not None:
        return editor.write(editor.from_hand(form.parsed))  # a share code's systems and rules are set below too
    return text


def _scored(request: Request, link: Any) -> dict[str, Any]:
    """Scores for a complete hand, waits for a waiting one, else how many tiles are missing."""
    hand = request.hand
    size = hand.size()
    complete = [r for r in request.rulesets if size == r.hand_size - (not hand.is_complete)
                and (hand.is_complete or complete_as_it_stands(hand.context, r.context))]
    waiting = [r for r in request.rulesets if not hand.is_complete and size == r.hand_size - 1 and r not in complete]
    if complete:
        sub = _of(request, complete)
        return {**cards_context(sub, score_each(sub)), "mode_result": "scores"}
    if waiting:
        sub = _of(request, waiting)
        return {**waits_context(sub, link), "mode_result": "waits", "share_code": None}
    return {"status": _size_status(size, request.rulesets, explicit=request.explicit_rules)}


def _of(request: Request, rulesets: list[Ruleset]) -> Request:
    """``request`` for some of its systems (``rulesets``, in its order): itself when they are all of them (most
    often, as at a table), without a copy made field by field."""
    return request if len(rulesets) == len(request.rulesets) else replace(request, rulesets=tuple(rulesets))
