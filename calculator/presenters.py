"""View models: engine values turned into plain dicts the templates draw, in the active language.

The results of a scored hand (:func:`results_context`) are shared: the calculator page and the share
page both pass them to ``templates/_results.html`` (its context contract is written at its top).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from django.forms import CharField
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rulesets.context import known as known_context
from rulesets.engine import Request, completions
from rulesets.errors import MahjongError
from rulesets.hand import SEATS4, Hand, KongKind, Seat, WinContext
from rulesets.notation import hand_to_text, share_code
from rulesets.scoring import (
    ALL_CONTEXT_FIELDS,
    Exclusion,
    Item,
    Op,
    Ruleset,
    Score,
    Settlement,
    ShapeScore,
    exact,
    options_dict,
)
from rulesets.shapes import Shape
from rulesets.tiles import ALL_TILES, FLOWERS, Suit, Tile

from . import editor, table_context, wording
from .citations import cite
from .engine_messages import render
from .forms import (
    CLAIMED_CHOICES,
    FLAGS,
    FROM_CHOICES,
    KONG_EVENT_CHOICES,
    KONG_ROWS,
    MODE_CHOICES,
    WIN_CHOICES,
    CalculatorForm,
    Context,
    editor_hand,
    option_field_name,
    plain,
    selected,
)
from .parts import frozen
from .tiles_view import HandView, TileView, hand_view, meld_view, shape_view, tile_view
from .visible import visible


def is_zh() -> bool:
    return (get_language() or "").lower().startswith("zh")


def pick(zh: str | None, en: str | None) -> str:
    """The text in the active language, falling back to the other one."""
    first, second = (zh, en) if is_zh() else (en, zh)
    return first or second or ""


def seat_name(seat: Seat) -> str:
    return pick(seat.zh, seat.en)


class Keyed:
    """A ruleset as a cache key: by its id and options type (a Ruleset value holds dicts, so it has no hash)."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def __hash__(self) -> int:
        return hash((self.ruleset.id, self.ruleset.options_type))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Keyed) and (other.ruleset.id, other.ruleset.options_type) == (
            self.ruleset.id, self.ruleset.options_type)


def default_options(r: Ruleset) -> Any:
    """``r``'s default house rules (the value ``r.parse_options()`` builds), built once."""
    return _default_options(Keyed(r))


@lru_cache(maxsize=64)
def _default_options(key: Keyed) -> Any:
    return key.ruleset.parse_options()


@lru_cache(maxsize=256)
def _options_dict(options: Any) -> dict[str, object]:
    return options_dict(options)


def options_as_dict(options: Any) -> dict[str, object]:
    """``scoring.options_dict``, memoised by the (frozen) options value; the dict is shared: read it only."""
    try:
        return _options_dict(options)
    except TypeError:
        return options_dict(options)


UNITS = (
    pgettext_lazy("unit", "番"),
    pgettext_lazy("unit", "倍"),
    pgettext_lazy("unit", "台"),
    pgettext_lazy("unit", "分"),
)
"""The units the systems count in, for the catalog (English: fan, ×, tai, points)."""


def unit_name(unit: str) -> str:
    """A system's unit (番, 倍, 台…) in the active language."""
    return pgettext("unit", unit)


# -- scoring ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One system's answer for the request's hand: a Score, or the engine's error."""

    ruleset: Ruleset
    score: Score | None = None
    error: MahjongError | None = None


def score_each(request: Request) -> list[Outcome]:
    """Score the hand under each chosen system; a system that cannot take the hand says why."""
    out = []
    for r in request.rulesets:
        try:
            out.append(Outcome(r, score=r.score(request.hand, request.options[r.id])))
        except MahjongError as exc:
            out.append(Outcome(r, error=exc))
    return out


PRINCIPLES = {
    "non_separation": _("the non-separation principle (不拆移)"),
    "non_identical": _("the non-identical principle (不得相同)"),
    "account_once": _("the account-once principle (套算一次)"),
    "max_pattern": _("only the biggest pattern counts"),
}
"""The principles (not fans) an exclusion can name, by the id the rulesets give them."""


def excluded_by(ruleset: Ruleset, by: str) -> tuple[str, bool]:
    """What excluded a fan, in words, and whether it is a principle rather than a fan."""
    try:
        fan = ruleset.fan(by)
    except KeyError:
        return str(PRINCIPLES.get(by, by)), True
    return pick(fan.zh, fan.en), False


def _fan_row(item: Item, sets: str = "") -> dict[str, Any]:
    """A counted fan; ``sets``: the sets it was counted for, when the same fan was not counted for others."""
    return {
        "id": item.fan.id, "name": pick(item.fan.zh, item.fan.en), "value": item.value, "count": item.count,
        "total": item.total, "note": wording.note_text(item.note) if item.note else "", "sets": sets,
    }


def _excluded_row(ruleset: Ruleset, ex: Exclusion, sets: str = "") -> dict[str, Any]:
    """A fan not counted; ``sets``: the sets it was not counted for, when it was counted for others."""
    by, principle = excluded_by(ruleset, ex.by)
    why = gettext("not counted: %(by)s") if principle else gettext("not counted: implied by %(by)s")
    # a principle's generic restatement ("patterns do not stack") says what ``why`` says; a particular
    # reason (the two chows 套算一次 dropped) stays
    generic = principle and ex.by in PRINCIPLES and wording.is_bilingual(ex.reason)
    reason = wording.player_text(wording.note_text(ex.reason)) if ex.reason and not generic else ""
    return {
        "id": ex.fan.id, "name": pick(ex.fan.zh, ex.fan.en), "count": ex.count, "by": by, "principle": principle,
        "reason": reason, "why": why % {"by": by}, "sets": sets,
    }


def _rows(ruleset: Ruleset, shape: Shape | None, items: Iterable[Item], excluded: Iterable[Exclusion],
          ctx: WinContext) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The fan rows and the not-counted rows, each naming its sets where one fan is split between them."""
    items, excluded = tuple(items), tuple(excluded)
    counted, dropped = wording.split_sets(shape, items, excluded, ctx)
    return ([_fan_row(i, counted.get(i.fan.id, "")) for i in items],
            [_excluded_row(ruleset, e, dropped.get(k, "")) for k, e in enumerate(excluded)])


def _shape_row(ruleset: Ruleset, shape: ShapeScore, best: bool, ctx: WinContext) -> dict[str, Any]:
    fans, excluded = _rows(ruleset, shape.shape, shape.items, shape.excluded, ctx)
    return {
        "kind": pick(shape.shape.kind.zh, shape.shape.kind.en),
        "hand": reading_view(shape.shape),
        "text": shape.shape.describe(),
        "wilds": wild_lines(shape.shape),
        "total": shape.total,
        "fans": fans,
        "excluded": excluded,
        "best": best,
    }


def wild_lines(shape: Shape) -> list[str]:
    """What each wild (and each stand-in) played in a reading: "5p 作 3s", "白板 7z 作 5p"."""
    out = []
    for sub in shape.subs:
        if sub.wild and sub.tile == sub.as_:
            out.append(gettext("%(tile)s at its own face") % {"tile": f"{sub.tile.zh} {sub.tile}"})
        elif sub.wild:
            out.append(gettext("%(tile)s as %(as)s") % {"tile": f"{sub.tile.zh} {sub.tile}",
                                                        "as": f"{sub.as_.zh} {sub.as_}"})
        else:
            out.append(gettext("%(tile)s plays %(as)s (stand-in)") % {"tile": f"{sub.tile.zh} {sub.tile}",
                                                                      "as": f"{sub.as_.zh} {sub.as_}"})
    return out


def reading_view(shape: Shape) -> HandView:
    """A reading drawn in tiles: fixed melds as they lie (claimed tile sideways, a concealed kong face
    down at both ends), the concealed groups with the winning tile marked."""
    view = shape_view(shape, shape.winning_tile)
    groups = tuple(
        meld_view(g.meld) if g.meld is not None else drawn for g, drawn in zip(shape.groups, view.groups, strict=True)
    )
    return replace(view, groups=groups)


def _payout_rows(
    settlement: Settlement, winner: Seat, discarder: Seat | None, hu: bool = False
) -> list[dict[str, Any]]:
    """One row per seat: its net, its role, and each payment it makes or receives."""
    net = settlement.net
    rows = []
    for seat in settlement.seats:
        lines = []
        for p in settlement.payments:
            if seat not in (p.payer, p.payee) or p.payer == p.payee:
                continue
            other = p.payee if p.payer == seat else p.payer
            signed = -p.amount if p.payer == seat else p.amount
            why = wording.player_text(pick(p.why, p.why_en))
            lines.append({"other": seat_name(other), "amount": signed, "why": why,
                          "text": _payment_text(signed, seat_name(other)), "factors": factor_text(p)})
        role = wording.word("winner", hu) if seat == winner else gettext("discarder") if seat == discarder else ""
        rows.append({"seat": seat.value, "name": seat_name(seat), "net": net[seat], "role": role, "lines": lines,
                     **signed_cell(net[seat])})
    return rows


def number(value: int | Fraction) -> str:
    """An exact amount as text: 64, 22.5 (a fraction that is no decimal keeps its form, 10/3)."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        shown = exact(value)
        return f"{shown:g}" if Fraction(str(shown)) == value else str(value)
    return str(value)


def factor_text(p: Any) -> str:
    """A payment's arithmetic, one factor at a time: "1 × 开口 ×2 × 自摸 ×2 × 庄 ×2 = 8"."""
    if not getattr(p, "factors", ()):
        return ""
    steps = [number(p.base if p.base is not None else 1)]
    for f in p.factors:
        name = pick(f.zh, f.en) + (f" ({seat_name(f.seat)})" if f.seat is not None else "")
        if f.op is Op.CAP:
            steps.append(gettext("cap %(name)s %(value)s") % {"name": name, "value": number(f.value)})
        else:
            steps.append(f"{name} {f.op.value}{number(f.value)}")
    return " · ".join(steps) + f" = {number(p.amount)}"


def _payment_text(amount: int | Fraction, other: str) -> str:
    """"+8 from East" / "−8 to East" (the minus sign, not a hyphen)."""
    if amount > 0:
        return gettext("+%(amount)s from %(other)s") % {"amount": number(amount), "other": other}
    return gettext("−%(amount)s to %(other)s") % {"amount": number(-amount), "other": other}


def signed_cell(amount: int | Fraction | None) -> dict[str, str]:
    """A net amount as a table shows it: ``text`` (+8, -8, 0, — for none) and ``css`` (pos, neg or empty)."""
    if amount is None:
        return {"text": "—", "css": ""}
    if amount > 0:
        return {"text": f"+{number(amount)}", "css": "pos"}
    return {"text": number(amount), "css": "neg" if amount < 0 else ""}


def result_row(outcome: Outcome, hand: Hand) -> dict[str, Any]:
    """Everything one result card shows (see the contract at the top of _results.html)."""
    r = outcome.ruleset
    hu = wording.speaks_hu((r,))
    row: dict[str, Any] = {
        "id": r.id, "name": pick(r.zh, r.en), "unit": unit_name(r.unit), "provisional": r.provisional,
        "valid": False, "reason": "", "total": None, "fans": [], "excluded": [], "shape": None, "others": [],
        "readings": 0, "seats": [], "payments": [], "net": {}, "winner": None, "gain": None, "facts": [], "notes": [],
        "hand": wording.hand_in_words(hand_view(hand), hu), "verdict": wording.word("Not a legal win", hu),
        "not_a_win": wording.word("not a win", hu),
    }
    if outcome.error is not None:
        row["reason"] = wording.player_text(render(outcome.error), r)
        return row
    s = outcome.score
    assert s is not None
    ctx = hand.context
    fans, excluded = _rows(r, s.shape.shape if s.shape is not None else None, s.items, s.excluded, ctx)
    row.update(
        valid=s.valid, reason=wording.player_text(pick(s.reason, s.reason_en), r) if not s.valid else "", total=s.total,
        fans=fans, excluded=excluded, facts=wording.facts(s.extra) if s.valid else [],
        notes=wording.player_notes(s.extra, r),
        verdict=wording.word("Legal win" if s.valid else "Not a legal win", hu),
    )
    # no reading: draw the hand as it lies
    row["hand"] = wording.hand_in_words(hand_view(hand), hu) if s.shape is None else None
    if s.shape is not None:
        row["shape"] = _shape_row(r, s.shape, True, ctx)
        row["others"] = [_shape_row(r, other, False, ctx) for other in s.shapes
                         if other is not s.shape and other != s.shape]
        row["readings"] = len(row["others"]) + 1
    if s.settlement is not None and s.valid:
        winner = ctx.seat
        discarder = ctx.discarder(r.players)
        row["seats"] = _payout_rows(s.settlement, winner, discarder, hu)
        row["payments"] = [
            {"from": seat_name(p.payer), "to": seat_name(p.payee), "amount": p.amount,
             "why": wording.player_text(pick(p.why, p.why_en))}
            for p in s.settlement.payments if p.payer != p.payee and p.amount
        ]
        row["net"] = {seat.value: amount for seat, amount in s.settlement.net.items()}
        row["winner"] = seat_name(winner)
        row["gain"] = s.settlement.net.get(winner)
    return row


def results_context(request: Request, outcomes: list[Outcome]) -> dict[str, Any]:
    """The context of ``_results.html``: result cards, the comparison table's seats, the share code."""
    results = [result_row(o, request.hand) for o in outcomes]
    seats = [s for s in _all_seats(o.ruleset for o in outcomes)]
    for row in results:
        row["seat_cells"] = [signed_cell(row["net"].get(s.value)) for s in seats]
        row["seat_nets"] = [
            {"name": seat_name(s), "net": row["net"][s.value], **signed_cell(row["net"][s.value])}
            for s in seats
            if s.value in row["net"]
        ]
    line = context_line(request.hand.context, request.rulesets, won=request.hand.winning_tile is not None)
    return {
        "results": results,
        "table_seats": [{"seat": s.value, "name": seat_name(s)} for s in seats],
        "share_code": _share_code(request),
        "context_line": line,
        "context_title": wording.word("How it was won", wording.speaks_hu(request.rulesets)),
        "share_text": share_text(request.hand, results, line),
        "announce": "; ".join(_verdict(r) for r in results),
    }


def _labelled(label: str, value: object) -> str:
    """"国标麻将：14 番" / "Chinese Official (MCR): 14 fan" (the colon of the active language)."""
    return pgettext("a label and its value", "%(label)s: %(value)s") % {"label": label, "value": value}


def _bracketed(text: str) -> str:
    """" (self-drawn: …)" / "（自摸：…）"."""
    return pgettext("in brackets", " (%(what)s)") % {"what": text}


def _verdict(row: dict[str, Any]) -> str:
    if row["valid"]:
        return _labelled(row["name"], f"{row['total']} {row['unit']}")
    return _labelled(row["name"], row.get("not_a_win") or gettext("not a win"))


def share_text(hand: Hand, results: list[dict[str, Any]], context: str = "") -> str:
    """"Copy as text", what a group chat needs to settle the hand (the page puts the link first): the hand
    string and the hand in Unicode tiles, how it was won, then per system its total, one line per fan with
    its value, what was not counted, and who pays whom."""
    try:
        text = hand_to_text(hand)
    except MahjongError:
        text = ""
    lines = [text, context]
    for r in results:
        lines += ["", _verdict(r) + (f" — {r['reason']}" if r["reason"] else "")]
        lines += [f"  {_fan_line(f)}" for f in r["fans"]]
        lines += [f"  {e['name']}{' ' + e['sets'] if e['sets'] else ''} — {e['why']}" for e in r["excluded"]]
        if r["valid"]:
            lines.append("  " + _labelled(gettext("Total"), f"{r['total']} {r['unit']}"))
        lines += [f"  {_payment_line(p)}" for p in r["payments"]]
    return "\n".join(line for line in lines if line is not None).strip()


def _fan_line(f: dict[str, Any]) -> str:
    """"幺九刻 1111m 1", "花牌 1×2 = 2"."""
    name = f"{f['name']} {f['sets']}" if f["sets"] else f["name"]
    value = f"{f['value']}×{f['count']} = {f['total']}" if f["count"] > 1 else f"{f['total']}"
    return f"{name} {value}" + (_bracketed(f["note"]) if f["note"] else "")


def _payment_line(p: dict[str, Any]) -> str:
    """"西 → 南 22（自摸：底分8+14番）" / "West → South 22 (self-drawn: …)"."""
    text = gettext("%(payer)s → %(payee)s %(amount)s") % {"payer": p["from"], "payee": p["to"], "amount": p["amount"]}
    return text + _bracketed(p["why"]) if p["why"] else text


def _all_seats(rulesets: Iterable[Ruleset]) -> list[Seat]:
    players = max((r.players for r in rulesets), default=4)
    return list(Seat)[:players]


def _share_code(request: Request) -> str | None:
    """The share code: the systems are named when they were chosen by hand or play by other house rules."""
    changed = any(
        options_as_dict(request.options[r.id]) != options_as_dict(default_options(r)) for r in request.rulesets
    )
    named = request.explicit_rules or changed
    try:
        if not named:
            return share_code(request.hand)
        return share_code(request.hand, [r.id for r in request.rulesets], dict(request.options))
    except MahjongError:
        return None


# -- waits -----------------------------------------------------------------------------------------


def _completions(r: Ruleset, hand: Hand, options: object) -> dict[Tile, Score | None]:
    """Each winning tile of a waiting hand with its Score under ``r`` (None: the system refused it)."""
    return dict(completions(r, hand, options))


def waits_context(request: Request, link: Any) -> dict[str, Any]:
    """The waits of a 13-tile hand: each winning tile, its value in each system, a link that completes it.

    ``link(text)`` gives the URL of the page with the hand box set to ``text``.
    """
    hand = request.hand
    per_system = {r.id: _completions(r, hand, request.options[r.id]) for r in request.rulesets}
    tiles = sorted({t for found in per_system.values() for t in found})
    held = hand.counts()
    rows = []
    for t in tiles:
        cells = []
        for r in request.rulesets:
            s = per_system[r.id].get(t)
            valid = s is not None and s.valid
            cells.append({"valid": valid, "total": s.total if s is not None else None, "unit": unit_name(r.unit),
                          "reason": pick(s.reason, s.reason_en) if s is not None and not valid else ""})
        left = max(0, 4 - held[t.index])
        completed = editor.write(editor.EditorHand(editor.from_hand(hand).packs, tuple(sorted(hand.standing)) + (t,)))
        rows.append({"tile": tile_view(t), "left": left, "cells": cells, "url": link(completed), "hand": completed,
                     "any_valid": any(c["valid"] for c in cells)})
    return {
        "wait_rows": rows,
        "wait_systems": [{"id": r.id, "name": pick(r.zh, r.en)} for r in request.rulesets],
    }


# -- the editor: placed tiles and the palette --------------------------------------------------------


def placed_context(hand: editor.EditorHand | None) -> dict[str, Any]:
    """The tiles entered so far, each with the remove token its button sends."""
    if hand is None:
        return {"packs": [], "standing": [], "winning": None, "size": 0, "full": editor.FULL, "text": ""}
    packs = []
    for i, p in enumerate(hand.packs):
        meld = _pack_view(p)
        label = _pack_label(p)
        names = " ".join(pick(t.zh, t.en) for t in p.tiles)
        packs.append({"token": f"p:{i}", "tiles": meld, "label": label,
                      "aria": gettext("Remove %(what)s") % {"what": f"{label} {names}"}})
    standing = [{"token": f"t:{t}", "tile": tile_view(t), "aria": _remove_label(t), "str": str(t),
                 "win_aria": gettext("Make %(tile)s the winning tile") % {"tile": pick(t.zh, t.en)}}
                for t in hand.held]
    win = hand.winning_tile
    winning = None
    if win is not None:
        winning = {"token": "w", "tile": tile_view(win, winning=True),
                   "aria": gettext("Remove the winning tile %(tile)s") % {"tile": pick(win.zh, win.en)}}
    return {"packs": packs, "standing": standing, "size": hand.size, "full": editor.FULL, "winning": winning,
            "text": editor.write(hand)}


def _remove_label(t: Tile) -> str:
    return gettext("Remove %(what)s") % {"what": pick(t.zh, t.en)}


_PACK_ZH = {"chow": "吃", "pung": "碰", "exposed_kong": "明杠", "concealed_kong": "暗杠", "added_kong": "加杠"}
_PACK_EN = {"chow": "Chow", "pung": "Pung", "exposed_kong": "Exposed kong", "concealed_kong": "Concealed kong",
            "added_kong": "Added kong"}
_FROM_ZH = {1: "上家", 2: "对家", 3: "下家"}
_FROM_EN = {1: "from the left", 2: "from across", 3: "from the right"}


def _pack_view(p: editor.Pack) -> list[TileView]:
    tiles = p.tiles
    last = len(tiles) - 1
    if p.kind == "concealed_kong":
        return [tile_view(t, back=i in (0, last)) for i, t in enumerate(tiles)]
    rotated = (p.digit or 1) - 1 if p.kind == "chow" else {1: 0, 2: 1, 3: last}[p.digit or 1]
    return [tile_view(t, rotated=i == rotated) for i, t in enumerate(tiles)]


def _pack_label(p: editor.Pack) -> str:
    if p.kind == "chow" or p.kind == "concealed_kong":
        return pick(_PACK_ZH[p.kind], _PACK_EN[p.kind])
    digit = p.digit or 1
    return pick(f"{_PACK_ZH[p.kind]} · {_FROM_ZH[digit]}", f"{_PACK_EN[p.kind]} {_FROM_EN[digit]}")


def palette_context(hand: editor.EditorHand | None, flowers: Iterable[Tile]) -> dict[str, Any]:
    """The palette: a row per suit, each tile with the copies left; the flower row with what is chosen."""
    left = editor.tiles_left(hand)
    full = hand is not None and hand.size >= editor.FULL
    rows = []
    for suit in editor.SUIT_ROWS:
        tiles = [t for t in _suit_tiles(suit)]
        rows.append({
            "suit": suit.value, "name": pick(suit.zh, suit.en), "glyph": suit.zh,
            "tiles": [_palette_cell(t, left[t.index]) for t in tiles],
        })
    chosen = set(flowers)
    return {
        "palette_rows": rows, "hand_full": full, "left_csv": ",".join(str(n) for n in left),
        "flower_row": [{"tile": tile_view(f), "checked": f in chosen} for f in FLOWERS],
    }


def _palette_cell(t: Tile, left: int) -> dict[str, Any]:
    return {"tile": tile_view(t), "left": left, "disabled": left == 0}


def _suit_tiles(suit: Suit) -> list[Tile]:
    return [Tile.of(suit, rank) for rank in range(1, (7 if suit is Suit.Z else 9) + 1)]


# -- house rules -------------------------------------------------------------------------------------


def option_label(value: object) -> str:
    """An option choice in words: an enum's own zh/en names when it has them, else its value."""
    zh, en = getattr(value, "zh", None), getattr(value, "en", None)
    if isinstance(zh, str) or isinstance(en, str):
        return pick(zh, en)
    raw = getattr(value, "value", value)
    if isinstance(raw, bool):
        return gettext("yes") if raw else gettext("no")
    return str(raw)


def systems_context(form: CalculatorForm) -> dict[str, Any]:
    """The systems to compare (checkboxes) and, for each chosen one, its house rules and presets."""
    chosen = form.chosen_rulesets()
    systems = [
        {"id": r.id, "name": pick(r.zh, r.en), "checked": r in chosen, "provisional": r.provisional,
         "players": r.players}
        for r in form.rulesets
    ]
    return {"systems": systems, "rules_auto": form.auto_rules(),
            "house_rules": [_house_rules(form, r) for r in chosen]}


def _house_rules(form: CalculatorForm, r: Ruleset) -> dict[str, Any]:
    preset = form.preset(r)
    values = form.option_values.get(r.id) or default_options(r)
    return _house_rules_view(get_language() or "", Keyed(r), preset, values)


@lru_cache(maxsize=256)
def _house_rules_view(language: str, key: Keyed, preset: str, values: Any) -> dict[str, Any]:
    """One system's house-rule controls with ``values`` shown and ``preset`` chosen, in ``language`` (the
    active one), built once: read it only."""
    r = key.ruleset
    defaults = options_as_dict(default_options(r))
    current = options_as_dict(values)
    info_names = getattr(r, "preset_info", {}) or {}
    presets = [{"value": "", "label": gettext("Defaults"), "selected": not preset}] + [
        {"value": name, "label": pick(*info_names[name][:2]) if name in info_names else name,
         "selected": name == preset}
        for name in r.presets
    ]
    options = []
    for info in r.option_infos():
        value = getattr(values, info.key)
        choices = [
            {"value": plain(c), "label": option_label(c), "selected": plain(c) == plain(value)}
            for c in (info.choices or ())
        ]
        options.append({
            "name": option_field_name(r, info.key), "key": info.key, "label": pick(info.zh, info.en),
            "kind": info.kind, "value": plain(value), "checked": value is True, "choices": choices,
            "source": cite(info.source), "changed": current[info.key] != defaults[info.key],
            "default": plain(info.default),
        })
    return frozen({"id": r.id, "name": pick(r.zh, r.en), "presets": presets, "applied": preset, "options": options,
                   "changed": sum(1 for o in options if o["changed"])})


# -- the win context controls -----------------------------------------------------------------------

FLAG_LABELS = {
    "kong_replacement": _("Won on a kong's replacement tile (杠上开花)"),
    "after_kong": _("Won on the discard right after the discarder's kong (杠上炮)"),
    "last_tile": _("Last tile of the wall, or its discard (海底)"),
    "last_copy": _("The winning tile was the last copy (和绝张)"),
    "heavenly": _("Heavenly hand: the dealer wins on the deal (天和)"),
    "earthly": _("Earthly hand: a non-dealer wins on the first turn (地和)"),
}


FLAG_MSGIDS = {
    "kong_replacement": "Won on a kong's replacement tile (杠上开花)",
    "after_kong": "Won on the discard right after the discarder's kong (杠上炮)",
    "last_tile": "Last tile of the wall, or its discard (海底)",
    "last_copy": "The winning tile was the last copy (和绝张)",
    "heavenly": "Heavenly hand: the dealer wins on the deal (天和)",
    "earthly": "Earthly hand: a non-dealer wins on the first turn (地和)",
}
"""FLAG_LABELS' msgids, to spell them with 和 or 胡 (wording.word)."""


def _choice(control: str, value: str, label: str, checked: bool, ctx: Context) -> dict[str, Any]:
    reason = ctx.unavailable.get(f"{control}={value}", "")
    return {"value": value, "label": label, "checked": checked, "disabled": bool(reason) and not checked,
            "reason": reason, "id": f"id_{control}_{value}"}


def uses_context(rulesets: Iterable[Ruleset]) -> dict[str, str]:
    """For each win-context field, which of the chosen systems leave it unread, in words ("" when every
    one reads it): "Not used by 国标麻将", or "Only used by …" when the readers are the fewer. Shared: read it only."""
    return _uses_view(get_language() or "", tuple(_Reads(r.zh, r.en, r.context_fields) for r in rulesets))


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


def controls_context(form: CalculatorForm, uses: dict[str, str] | None = None) -> dict[str, Any]:
    """Every win-context control with its current value, why a control is off when it is, and which
    chosen systems do not read it (``uses``, from :func:`uses_context`)."""
    c = form.context
    ctx = c.value
    chosen = form.chosen_rulesets()
    hu = wording.speaks_hu(chosen)
    uses = uses if uses is not None else uses_context(chosen)
    seats = [(s.value, seat_name(s)) for s in SEATS4]
    flags = []
    for key in FLAGS:
        reason = c.unavailable.get(key, "")
        on = bool(getattr(ctx, key))
        flags.append({"name": key, "label": wording.word(FLAG_MSGIDS[key], hu), "checked": on,
                      "disabled": bool(reason) and not on,
                      "reason": reason, "unused": uses[key]})
    won = {s.value for s in ctx.already_won}
    kongs = tuple(_kong_value(k) for k in ctx.kongs)
    lang = get_language() or ""
    return {
        "win": [_choice("win", v, _win_label(v, hu), ctx.win.value == v, c) for v, _label in WIN_CHOICES],
        "title": wording.word("How it was won", hu), "win_legend": wording.word("Won", hu),
        "seat": [_choice("seat", v, n, ctx.seat.value == v, c) for v, n in seats],
        "round_wind": [_choice("round_wind", v, n, ctx.round_wind.value == v, c) for v, n in seats],
        "from_seat": {
            "disabled": "from_seat" in c.unavailable, "reason": c.unavailable.get("from_seat", ""),
            "options": [{"value": "", "label": gettext("the winner's left (上家)"), "selected": ctx.from_seat is None}]
            + [{"value": v, "label": n, "selected": ctx.from_seat is not None and ctx.from_seat.value == v,
                "disabled": f"from_seat={v}" in c.unavailable} for v, n in seats],
        },
        "flags": flags,
        "already_won": [_choice("already_won", v, n, v in won, c) for v, n in seats],
        "wildcard": _wildcard_options(lang, ctx.wildcard),
        "kong_rows": _kong_rows(lang, kongs),
        "dropped": [{"label": _control_label(k), "reason": r} for k, r in c.dropped.items()],
        "from_string": c.from_string,
        "summary": _summary(ctx, chosen),
        "uses": uses,
    }


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
    if key in FLAG_LABELS:
        return str(FLAG_LABELS[key])
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


def context_line(ctx: WinContext, rulesets: Iterable[Ruleset] = (), discarder_always: bool = True,
                 won: bool = True) -> str:
    """How the hand was won, in one line, in the words of ``rulesets`` (和 or 胡): round wind, seat wind,
    self-drawn or whose discard, the flags, the flowers — 东风圈 · 南风位 · 点和 · 北家点炮 · 和绝张 · 2 花（梅 菊）.
    ``discarder_always``: name the discarder when it is the default one (上家) too. A hand not ``won`` yet
    (waiting) has only its winds, flags and flowers."""
    rulesets = tuple(rulesets)
    hu = wording.speaks_hu(rulesets)
    players = max((r.players for r in rulesets), default=4)
    parts = [
        gettext("%(wind)s round") % {"wind": seat_name(ctx.round_wind)},
        gettext("%(wind)s seat") % {"wind": seat_name(ctx.seat)},
    ]
    if won:
        parts.append(_win_label(ctx.win.value, hu))
    discarder = ctx.from_seat if not discarder_always else ctx.discarder(players)
    if won and not ctx.self_drawn and discarder is not None:
        parts.append(gettext("from %(seat)s") % {"seat": seat_name(discarder)})
    parts += [wording.short_flag(k, hu) for k in FLAGS if getattr(ctx, k)]
    if ctx.flowers:
        names = " ".join(pick(f.zh, f.en) for f in sorted(ctx.flowers))
        parts.append(gettext("%(n)d flowers") % {"n": len(ctx.flowers)} + _bracketed(names))
    parts += declared_context_parts(ctx, rulesets)
    return " · ".join(parts)


def declared_context_parts(ctx: WinContext, rulesets: Iterable[Ruleset]) -> list[str]:
    """The table context the systems declare and the hand sets, as "label value" (翻牌（指示牌） 4p · 下炮子 东2 北4),
    only for fields one of ``rulesets`` reads (every set field when no system is named)."""
    read = {f.key for r in rulesets for f in r.context}
    out = []
    for key, value in ctx.table:
        f = known_context().get(key)
        if f is None or (read and key not in read):
            continue
        out.append(f"{pick(f.zh, f.en)} {_declared_text(value)}")
    return out


def _declared_text(value: Any) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, Seat):
        return seat_name(value)
    if isinstance(value, Tile):
        return f"{value.zh} {value}" if is_zh() else str(value)
    if isinstance(value, (frozenset, set)):
        return " ".join(seat_name(s) for s in sorted(value, key=lambda s: s.order))
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return ", ".join(f"{seat_name(s)} {n}" for s, n in value)
    if isinstance(value, tuple):
        return " ".join(str(t) for t in value)
    return str(value)


WIN_MSGIDS = {"discard": "On a discard", "self_drawn": "Self-drawn", "rob_kong": "Robbing a kong"}
"""The msgids of forms.WIN_CHOICES, to spell them with 和 or 胡."""


def _win_label(value: str, hu: bool) -> str:
    return wording.word(WIN_MSGIDS[value], hu)


# -- the whole page --------------------------------------------------------------------------------


def hand_error_context(form: CalculatorForm) -> dict[str, Any] | None:
    """What is wrong with the input: the engine's message, and the hand box's text with the character at
    fault marked; values no control offers (an edited URL) are listed too."""
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
        out.update(  # control and bidi characters shown as \uXXXX, never echoed raw (calculator/visible.py)
            position=pos, before=visible(text[:pos]), at=visible(text[pos : pos + 1]) or " ",
            after=visible(text[pos + 1 :]),
        )
    return out


def page_context(form: CalculatorForm, link: Any, notice: str = "") -> dict[str, Any]:
    """Everything calculator.html draws. ``link(text)`` is the URL of this page with the hand box set to ``text``."""
    ed = editor_hand(form)
    uses = uses_context(form.chosen_rulesets())
    page: dict[str, Any] = {
        "form": form,
        "max_hand": cast(CharField, form.fields["hand"]).max_length,
        "hand_text": _hand_text(form),
        "rewrite_hand": form.context.from_string and form.parsed is not None,
        "hand_error": hand_error_context(form),
        "placed": placed_context(ed),
        "notice": " ".join([notice, *form.notes]).strip(),  # the reader's notes on the hand string too
        "controls": controls_context(form, uses),
        "table_context": table_context.controls(form.chosen_rulesets(), form.context.value, form.context.dropped),
        "flowers_unused": uses["flowers"],
        "mode": selected(form, "mode", "standing"),
        "meld_from": selected(form, "meld_from", "1"),
        "chow_claimed": selected(form, "chow_claimed", "1"),
        "mode_choices": MODE_CHOICES, "from_choices": FROM_CHOICES, "claimed_choices": CLAIMED_CHOICES,
        **palette_context(ed, form.context.value.flowers),
        **systems_context(form),
        "status": "", "results": [], "wait_rows": [],
    }
    request = form.request
    if request is None:
        if not page["hand_text"]:
            page["examples"] = [{**ex, "url": link(ex["hand"])} for ex in examples()]
        elif not page["hand_error"] and ed is not None:
            page["status"] = _size_status(ed.size, form.chosen_rulesets(), explicit=not form.auto_rules())
        return page
    page.update(_scored(request, link))
    return page


def _size_status(size: int, rulesets: Iterable[Ruleset], explicit: bool = True) -> str:
    """How many tiles are entered and how many a hand has. With every system compared (not ``explicit``),
    only the four-player tables' sizes are named: a 6-player table's 8 tiles mean nothing at a 4-player
    table (the other tables are asked for by name)."""
    rulesets = tuple(rulesets)
    if not explicit:
        rulesets = tuple(r for r in rulesets if r.players == 4) or rulesets
    sizes = " / ".join(str(s) for s in sorted({r.hand_size for r in rulesets}))
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
    if form.context.from_string and form.parsed is not None:
        return editor.write(editor.from_hand(form.parsed))
    return text


def _scored(request: Request, link: Any) -> dict[str, Any]:
    """Scores for a complete hand, waits for a waiting one, else how many tiles are missing."""
    hand = request.hand
    size = hand.size()
    complete = [r for r in request.rulesets if hand.is_complete and size == r.hand_size]
    waiting = [r for r in request.rulesets if not hand.is_complete and size == r.hand_size - 1]
    if complete:
        sub = replace(request, rulesets=tuple(complete))
        return {**results_context(sub, score_each(sub)), "mode_result": "scores"}
    if waiting:
        sub = replace(request, rulesets=tuple(waiting))
        return {**waits_context(sub, link), "mode_result": "waits", "share_code": None}
    return {"status": _size_status(size, request.rulesets, explicit=request.explicit_rules)}
