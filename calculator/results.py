"""Result cards: one system's answer for a hand (verdict, reading, fans and what was not counted,
payments with their factors), and the context of ``templates/_results.html``, which the calculator page
and the share page both draw (its context contract is written at its top).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulesets.context import complete_as_it_stands
from rulesets.engine import Request
from rulesets.errors import MahjongError
from rulesets.hand import Hand, Seat, WinContext
from rulesets.lights import WIN, light
from rulesets.scoring import Exclusion, Fan, Item, Op, Ruleset, Score, Settlement, ShapeScore, exact
from rulesets.shapes import Shape
from rulesets.sharecode import share_code
from rulesets.values import keep

from . import wording
from .engine_messages import render
from .house_rules import default_options, options_as_dict
from .lang import language, pick, script, seat_name, system_words, unit_name, zh
from .result_html import fan_head
from .share_text import context_line, share_text, verdict
from .tiles_view import hand_view, reading_view


@dataclass(frozen=True)
class Outcome:
    """One system's answer for the request's hand: a Score, or the engine's error."""

    ruleset: Ruleset
    score: Score | None = None
    error: MahjongError | None = None
    no_wild: bool = False  # a system with wild tiles that has none for this hand (no turned-up tile set)


def score_each(request: Request) -> list[Outcome]:
    """Score the hand under each chosen system, each fan saying which tiles make it (rulesets.lights); a
    system that cannot take the hand says why."""
    out = []
    for r in request.rulesets:
        options = request.options[r.id]
        try:
            no_wild = r.wild is not None and r.wild(request.hand, options) is None
        except MahjongError:
            no_wild = False  # the wild tile given contradicts the turned-up one: the card says so
        try:
            out.append(Outcome(r, score=light(r.score(request.hand, options), request.hand.context), no_wild=no_wild))
        except MahjongError as exc:
            out.append(Outcome(r, error=exc, no_wild=no_wild))
    return out


def no_wild_text(r: Ruleset) -> str:
    """What a card of a system with wild tiles says when the hand has none: where to set the turned-up tile."""
    if r.reads("indicator"):
        return gettext("No turned-up tile is set, so this hand has no wild tile: set the turned-up tile "
                       "(翻牌) before the tiles to score it with one.")
    return gettext("No wild tile is set for this hand: set it to score the hand with one.")


PRINCIPLES = {
    "non_separation": _("the non-separation principle (不拆移)"),
    "non_identical": _("the non-identical principle (不得相同)"),
    "account_once": _("the account-once principle (套算一次)"),
    "max_pattern": _("only the biggest pattern counts"),
}
"""The principles (not fans) an exclusion can name, by the id the rulesets give them."""


def excluded_by(ruleset: Ruleset, by: str) -> tuple[str, bool]:
    """What excluded a fan, in words, and whether it is a principle rather than a fan."""
    fan = _fans_by_id(ruleset).get(by)
    if fan is None:
        return _principle(by, language()), True
    return pick(fan.zh, fan.en), False


@lru_cache(maxsize=256)
def _principle(by: str, language: str) -> str:
    """The name of the principle ``by`` in ``language`` (the active one), translated once (its id as it is when
    it is no principle known here)."""
    return str(PRINCIPLES.get(by, by))


def _fans_by_id(ruleset: Ruleset) -> dict[str, Fan]:
    """``ruleset``'s fans by id, the first of an id as ``Ruleset.fan`` finds it: found by one look-up instead of
    a pass over the table (some hundred fans, and a principle is no fan of it). Kept per system, with the table
    it was made of (compared by identity: a table built afresh is read afresh)."""
    kept = _FANS_BY_ID.get(ruleset.id)
    if kept is None or kept[0] is not ruleset.fans:
        by_id: dict[str, Fan] = {}
        for fan in ruleset.fans:
            by_id.setdefault(fan.id, fan)
        kept = keep(_FANS_BY_ID, ruleset.id, (ruleset.fans, by_id), _FANS_BY_ID_MAX)
    return kept[1]


_FANS_BY_ID: dict[str, tuple[tuple[Fan, ...], dict[str, Fan]]] = {}
""":func:`_fans_by_id` by system id: the fan table it was made of, and its fans by id."""
_FANS_BY_ID_MAX = 256
"""At most this many kept (the systems are a few dozen)."""


def _fan_row(item: Item, sets: str = "", drawn: bool = True, hu: bool = False, system: str = "",
             code: str | None = None) -> dict[str, Any]:
    """A counted fan; ``sets``: the sets it was counted for, when the same fan was not counted for others.
    ``drawn``: the card draws the reading the item's tiles are positions in (rulesets.lights), so the row
    can light them; ``hu``: the card speaks of 胡 (the words of "how it was won"); ``system``: the id of the
    system counting it (the link to the fan's page); ``code``: what the active language writes (``lang.script``),
    when the caller has asked it already."""
    fan = item.fan
    key = (system, fan.id, fan.zh, fan.en, script() if code is None else code)
    name, definition, definition_label, head = _FAN_WORDS.get(key) or _fan_words(key, pick(fan.zh, fan.en))
    value, count, about, tiles = item.value, item.count, item.about, item.tiles
    return {
        "id": fan.id, "name": name, "definition": definition, "definition_label": definition_label, "head": head,
        "value": value, "count": count,
        "total": item.total, "note": wording.note_text(item.note) if item.note else "", "sets": sets,
        "about": about, "tiles": (_TILES_TEXT.get(tiles) or _tiles_text(tiles)) if drawn and tiles else "",
        "how": wording.word("How it was won", hu) if about == WIN else "",
    }


def _fan_words(key: tuple[str, str, str, str, str], name: str) -> tuple[str, str, str, tuple[str, str]]:
    """A counted fan's ``name``, the address of its page, the name of the link to it, "Definition of 平和", and
    the card's markup of the name and the link (``result_html.fan_head``, the row's ``head``): the same for every
    card that counts the fan in a language, so kept in :data:`_FAN_WORDS` under ``key`` (the system's id, the
    fan's id and names, and ``lang.script``: what the name is written in)."""
    href, label = reverse("fan-detail", args=[key[0], key[1]]), gettext("Definition of %(name)s") % {"name": name}
    return keep(_FAN_WORDS, key, (name, href, label, fan_head(name, href, label)), _FAN_WORDS_MAX)


_FAN_WORDS: dict[tuple[str, str, str, str, str], tuple[str, str, str, tuple[str, str]]] = {}
""":func:`_fan_words` by its key: some hundreds of fans, in each language and system's words."""
_FAN_WORDS_MAX = 8192
"""At most this many kept (the fans of every system in every language are fewer)."""


def _tiles_text(tiles: tuple[int, ...]) -> str:
    """The positions of a fan's tiles as a row writes them ("0 1 2"), kept in :data:`_TILES_TEXT`: the same
    positions make fans of many hands (the first set, the pair, the whole hand)."""
    return keep(_TILES_TEXT, tiles, " ".join(map(str, tiles)), _TILES_TEXT_MAX)


_TILES_TEXT: dict[tuple[int, ...], str] = {}
""":func:`_tiles_text` by the positions."""
_TILES_TEXT_MAX = 8192
"""At most this many kept (a few thousand sets of positions make most fans)."""


def _excluded_row(ruleset: Ruleset, ex: Exclusion, sets: str = "") -> dict[str, Any]:
    """A fan not counted; ``sets``: the sets it was not counted for, when it was counted for others."""
    by, principle = excluded_by(ruleset, ex.by)
    why = _not_counted(language())[principle]
    # a principle's generic restatement ("patterns do not stack") says what ``why`` says; a particular
    # reason (the two chows 套算一次 dropped) stays
    generic = principle and ex.by in PRINCIPLES and wording.is_bilingual(ex.reason)
    reason = wording.player_text(wording.note_text(ex.reason)) if ex.reason and not generic else ""
    return {
        "id": ex.fan.id, "name": pick(ex.fan.zh, ex.fan.en), "count": ex.count, "by": by, "principle": principle,
        "reason": reason, "why": why % {"by": by}, "sets": sets,
    }


@lru_cache(maxsize=16)
def _not_counted(language: str) -> tuple[str, str]:
    """The reasons of a row not counted in ``language`` (the active one): implied by a fan, or by a principle."""
    return gettext("not counted: implied by %(by)s"), gettext("not counted: %(by)s")


def _rows(ruleset: Ruleset, shape: Shape | None, items: Iterable[Item], excluded: Iterable[Exclusion],
          ctx: WinContext, hu: bool | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The fan rows and the not-counted rows, each naming its sets where one fan is split between them; ``hu``:
    the system speaks of 胡 (``wording.speaks_hu``), when the caller has asked it already."""
    items, excluded = tuple(items), tuple(excluded)
    hu = wording.speaks_hu((ruleset,)) if hu is None else hu
    code = script()
    drawn, rid = shape is not None, ruleset.id
    # a fan is split between sets only when one of the fans not counted is counted per set (``wording.SET_FANS``):
    # most hands have none, told by one pass over the few not counted
    if drawn and excluded and any([e.fan.id in _SET_FANS for e in excluded]):
        counted, dropped = wording.split_sets(shape, items, excluded, ctx)
        return ([_fan_row(i, counted.get(i.fan.id, ""), drawn, hu, rid, code) for i in items],
                [_excluded_row(ruleset, e, dropped.get(k, "")) for k, e in enumerate(excluded)])
    return [_fan_row(i, "", drawn, hu, rid, code) for i in items], [_excluded_row(ruleset, e) for e in excluded]


_SET_FANS = wording.SET_FANS
"""The fans counted once per set, whose sets :func:`wording.split_sets` names."""


def _shape_row(ruleset: Ruleset, shape: ShapeScore, best: bool, ctx: WinContext, full: bool = True) -> dict[str, Any]:
    """A reading: its kind, its tiles, what each wild plays, its total, its fans and what was not counted. Not
    ``full`` (the calculator's cards): the scoring reading without its rows (the card draws the hand's), another
    reading with its fans' names, values and counts alone (all it draws of them)."""
    if full:
        fans, excluded = _rows(ruleset, shape.shape, shape.items, shape.excluded, ctx)
    else:
        fans = [] if best else [{"name": pick(i.fan.zh, i.fan.en), "value": i.value, "count": i.count}
                                for i in shape.items]
        excluded = []
    return {
        "kind": pick(shape.shape.kind.zh, shape.shape.kind.en),
        "hand": reading_view(shape.shape),
        "wilds": wild_lines(shape.shape),
        "total": shape.total,
        "fans": fans,
        "excluded": excluded,
        "best": best,
    }


def wild_lines(shape: Shape) -> list[str]:
    """What each wild (and each stand-in) played in a reading: "5p 作 3s", "白板 7z 作 5p"."""
    out: list[str] = []
    # each group's subs in turn (``Shape.subs``, without making and keeping their tuple: most readings have none)
    for sub in [sub for g in shape.groups for sub in g.subs]:
        if sub.wild and sub.tile == sub.as_:
            out.append(gettext("%(tile)s at its own face") % {"tile": f"{zh(sub.tile.zh)} {sub.tile}"})
        elif sub.wild:
            out.append(gettext("%(tile)s as %(as)s") % {"tile": f"{zh(sub.tile.zh)} {sub.tile}",
                                                        "as": f"{zh(sub.as_.zh)} {sub.as_}"})
        else:
            out.append(gettext("%(tile)s plays %(as)s (stand-in)") % {"tile": f"{zh(sub.tile.zh)} {sub.tile}",
                                                                      "as": f"{zh(sub.as_.zh)} {sub.as_}"})
    return out


def _seat_names() -> Mapping[Seat, str]:
    """Every seat's name in the active language (``lang.seat_name``; on a 繁體 page in the words of the system
    being drawn), made once per language and system's words: a card names a seat in each of its payments. Read
    it only (it is shared)."""
    return _seat_names_in(script())


@lru_cache(maxsize=64)
def _seat_names_in(script: str) -> Mapping[Seat, str]:
    """:func:`_seat_names` in ``script``, the active one."""
    return {seat: seat_name(seat) for seat in Seat}


def _payout_rows(
    settlement: Settlement, winner: Seat | None, discarder: Seat | None, hu: bool = False,
    names: Mapping[Seat, str] | None = None, whys: list[str] | None = None,
    net: dict[Seat, int | Fraction] | None = None,
) -> list[dict[str, Any]]:
    """One row per seat: its net, its role, and each payment it makes or receives. ``whys``: each payment's
    reason in the player's words (:func:`_whys`), and ``net``: ``settlement.net`` (a sum each time it is
    asked), when the caller has them already."""
    names = _seat_names() if names is None else names
    words = _payment_words()
    net = settlement.net if net is None else net
    whys = _whys(settlement) if whys is None else whys
    # each payment is said by both its seats, in the order of the payments: its reason and its arithmetic
    # are written once
    lines: dict[Seat, list[dict[str, Any]]] = {}
    for p, why in zip(settlement.payments, whys, strict=True):
        if p.payer == p.payee:
            continue
        factors = factor_text(p)
        if factors and "=" in why:
            why = ""  # the engine's line is the same arithmetic in its own notation: print it once
        for seat, other, signed in ((p.payer, p.payee, -p.amount), (p.payee, p.payer, p.amount)):
            lines.setdefault(seat, []).append({"other": names[other], "amount": signed, "why": why,
                                               "text": _payment_text(signed, names[other], words), "factors": factors})
    rows = []
    for seat in settlement.seats:
        role = wording.word("winner", hu) if seat == winner else words[2] if seat == discarder else ""
        rows.append({"seat": seat._value_, "name": names[seat], "net": net[seat], "role": role,
                     "lines": lines.get(seat, []), **signed_cell(net[seat])})
    return rows


def _whys(settlement: Settlement) -> list[str]:
    """Each payment's reason in the player's words, in the order of ``settlement.payments``."""
    return [wording.player_text(pick(p.why, p.why_en)) for p in settlement.payments]


def number(value: int | Fraction) -> str:
    """An exact amount as text: 64, 22.5 (a fraction that is no decimal keeps its form, 10/3)."""
    if type(value) is int:  # most amounts; told apart without ``isinstance``'s check of an abstract class
        return str(value)
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
        value = number(f.value)
        label = _without_value(pick(f.zh, f.en), f.op.value, value, str(f.value))
        name = label + (f" ({seat_name(f.seat)})" if f.seat is not None else "")
        if f.op is Op.CAP:
            steps.append(gettext("cap %(name)s %(value)s") % {"name": name, "value": value})
        else:
            steps.append(f"{name} {f.op.value}{value}")
    return " · ".join(steps) + f" = {number(p.amount)}"


def _without_value(label: str, op: str, *values: str) -> str:
    """A factor's label without the value the line prints after it ("4番 ×16" → "4番", "半铳 ×1/2" → "半铳" before
    ×0.5): said once, whichever way the label writes it."""
    for value in values:
        for tail in (f" {op}{value}", f"{op}{value}", f" {op} {value}"):
            if label.endswith(tail) and len(label) > len(tail):
                return label[: -len(tail)].rstrip()
    return label


def _payment_text(amount: int | Fraction, other: str, words: tuple[str, str, str] | None = None) -> str:
    """"+8 from East" / "−8 to East" (the minus sign, not a hyphen); ``words``: :func:`_payment_words`, when the
    caller has them already."""
    received, paid, _ = _payment_words() if words is None else words
    if amount > 0:
        return received % {"amount": number(amount), "other": other}
    return paid % {"amount": number(-amount), "other": other}


def _payment_words() -> tuple[str, str, str]:
    """The words of a payments table in the active language: "+… from …", "−… to …" and "discarder", looked up
    once per language (a card says them once or twice per payment)."""
    return _payment_words_in(language())


@lru_cache(maxsize=16)
def _payment_words_in(language: str) -> tuple[str, str, str]:
    """:func:`_payment_words` in ``language``, the active one."""
    return gettext("+%(amount)s from %(other)s"), gettext("−%(amount)s to %(other)s"), gettext("discarder")


def signed_cell(amount: int | Fraction | None) -> dict[str, str]:
    """A net amount as a table shows it: ``text`` (+8, -8, 0, — for none) and ``css`` (pos, neg or empty)."""
    if amount is None:
        return {"text": "—", "css": ""}
    if amount > 0:
        return {"text": f"+{number(amount)}", "css": "pos"}
    return {"text": number(amount), "css": "neg" if amount < 0 else ""}


def result_row(outcome: Outcome, hand: Hand, full: bool = True) -> dict[str, Any]:
    """Everything one result card shows (see the contract at the top of _results.html), in the system's own
    words on a 繁體 page (``lang.system_words``). Not ``full``: what the calculator's card draws of its readings
    (:func:`_shape_row`)."""
    with system_words(outcome.ruleset):
        return _result_row(outcome, hand, full)


def _result_row(outcome: Outcome, hand: Hand, full: bool = True) -> dict[str, Any]:
    r = outcome.ruleset
    hu = wording.writes_hu(r)
    not_a_win, won_on, legal, not_legal = _card_words(hu, script())
    no_wild = no_wild_text(r) if outcome.no_wild else ""
    s = outcome.score
    ctx = hand.context
    items: tuple[Item, ...]
    shapes: tuple[ShapeScore, ...]
    fans: list[dict[str, Any]]
    excluded: list[dict[str, Any]]
    if s is None:  # the engine's error, and no reading: the hand as it lies
        assert outcome.error is not None
        valid, best, total, items, shapes = False, None, None, (), ()
        reason = wording.player_text(render(outcome.error, hu), r)
        fans, excluded, facts, notes = [], [], [], []
    else:
        valid, best, total, items, shapes = s.valid, s.shape, s.total, s.items, s.shapes
        reason = "" if valid else wording.player_text(wording.engine_text(s.reason, s.reason_en), r)
        fans, excluded = _rows(r, best.shape if best is not None else None, items, s.excluded, ctx, hu)
        facts, notes = wording.facts(s.extra) if valid else [], wording.player_notes(s.extra, r)
    shape = None if best is None else _shape_row(r, best, True, ctx, full)
    others = [] if best is None else [_shape_row(r, other, False, ctx, full) for other in shapes
                                      if other is not best and other != best]
    row: dict[str, Any] = {
        "id": r.id, "name": pick(r.zh, r.en), "unit": _unit_name(r.unit, total == 1, language()),
        "provisional": r.provisional, "valid": valid, "reason": reason,
        "total": total, "fans": fans, "excluded": excluded,
        "shape": shape, "others": others,
        "readings": 0 if best is None else len(others) + 1,
        # a fan lights tiles when the card draws the reading they are positions in (:func:`_fan_row`); a list,
        # not a generator that ``any`` would stop (and close) at its first fan
        "lights": best is not None and any([i.tiles for i in items]),
        "seats": [], "payments": [], "net": {}, "winner": None, "gain": None,
        "facts": facts, "notes": notes,
        # no reading: draw the hand as it lies
        "hand": wording.hand_in_words(hand_view(hand), hu) if best is None else None,
        "verdict": legal if valid else not_legal, "not_a_win": not_a_win, "no_wild": no_wild, "won_on": won_on,
    }
    # a win's payments, or what a hand that is no win costs (香港's 詐糊)
    if s is not None and s.settlement is not None:
        _payments(row, s.settlement, ctx.seat if valid else None, ctx.discarder(r.players) if valid else None, hu)
    return row


def _payments(row: dict[str, Any], settlement: Settlement, winner: Seat | None, discarder: Seat | None,
              hu: bool) -> None:
    """A card's payments (``seats``, ``payments``, ``net``, ``winner``, ``gain``) written into its ``row``."""
    names = _seat_names()
    whys = _whys(settlement)
    net = settlement.net
    row["seats"] = _payout_rows(settlement, winner, discarder, hu, names, whys, net)
    row["payments"] = [
        {"from": names[p.payer], "to": names[p.payee], "amount": p.amount, "why": why}
        for p, why in zip(settlement.payments, whys, strict=True) if p.payer != p.payee and p.amount
    ]
    row["net"] = {seat._value_: amount for seat, amount in net.items()}  # the members' values, not the property
    if winner is not None:
        row["winner"] = names[winner]
        row["gain"] = net.get(winner)


@lru_cache(maxsize=64)
def _card_words(hu: bool, script: str) -> tuple[str, str, str, str]:
    """A card's words in ``script`` (the active language and system's words), spelt with 胡 when ``hu``: "not a
    win", "won on", "Legal win" and "Not a legal win"."""
    return (wording.word("not a win", hu), wording.word("won on", hu), wording.word("Legal win", hu),
            wording.word("Not a legal win", hu))


def results_context(request: Request, outcomes: list[Outcome]) -> dict[str, Any]:
    """The context of ``_results.html``: result cards, the comparison table's seats, the share code."""
    context = _results(request, outcomes, full=True)
    context["context_title"] = wording.word("How it was won", wording.speaks_hu(request.rulesets))
    return context


def cards_context(request: Request, outcomes: list[Outcome]) -> dict[str, Any]:
    """What the calculator draws of a scored hand (:mod:`calculator.result_html`): the cards, the comparison
    table's seats, the share code, "copy as text" and what the screen reader announces. The readings' rows the
    cards do not draw are left out (:func:`_shape_row`); the share page's contract is :func:`results_context`."""
    return _results(request, outcomes, full=False)


def _results(request: Request, outcomes: list[Outcome], full: bool) -> dict[str, Any]:
    results = [result_row(o, request.hand, full) for o in outcomes]
    # the side-by-side table's cells: drawn only beside another system's card (one card says it all)
    seats = _all_seats(o.ruleset for o in outcomes) if len(results) > 1 else []
    names = _seat_names()
    values = [s._value_ for s in seats]  # the members' values, without the enum's property (a Python call)
    for row in results:
        net = row["net"]
        row["seat_cells"] = cells = [signed_cell(net.get(value)) for value in values]
        # the same cells, of the seats the system has
        row["seat_nets"] = [{"name": names[s], "net": net[value], **cell}
                            for s, value, cell in zip(seats, values, cells, strict=True) if value in net]
    hand = request.hand
    won = hand.winning_tile is not None or any(complete_as_it_stands(hand.context, r.context) for r in request.rulesets)
    line = context_line(hand.context, request.rulesets, won=won)
    verdicts = [verdict(r) for r in results]  # the text's and the screen reader's
    return {
        "results": results,
        "table_seats": [{"seat": value, "name": names[s]} for s, value in zip(seats, values, strict=True)],
        "share_code": _share_code(request),
        "context_line": line,
        "share_text": share_text(request.hand, results, line, verdicts),
        "announce": "; ".join(verdicts),
    }


@lru_cache(maxsize=256)
def _unit_name(unit: str, one: bool, language: str) -> str:
    """``lang.unit_name`` in ``language`` (the active one), after the number 1 when ``one``: asked once per
    system's unit and language."""
    return unit_name(unit, 1 if one else None)


def _all_seats(rulesets: Iterable[Ruleset]) -> list[Seat]:
    players = max((r.players for r in rulesets), default=4)
    return list(Seat)[:players]


def _share_code(request: Request) -> str | None:
    """The share code: the systems are named when they were chosen by hand or play by other house rules."""
    named = request.explicit_rules or _changed(request)
    # request.hand is canonical (build_request makes it so); checked as share_code checks it when read from text
    try:
        if not named:
            return share_code(request.hand, canonical=True, checked=request.checked)
        return share_code(request.hand, [r.id for r in request.rulesets], dict(request.options), canonical=True,
                          checked=request.checked)
    except MahjongError:
        return None


def _changed(request: Request) -> bool:
    """Whether a system of ``request`` plays by other house rules than its defaults."""
    for r in request.rulesets:
        given, default = request.options[r.id], default_options(r)
        # most often equal to the defaults, told so without writing both as dicts
        if given != default and options_as_dict(given) != options_as_dict(default):
            return True
    return False
