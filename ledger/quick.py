"""Quick entries and adjustment lines: the ledger's side of a hand without tiles (docs/ledger.md, *Quick entry*).

A **quick** entry is one or several wins, each its winner, how (自摸, on whose discard, robbing whose kong), its value
in the system's unit and the system's quick fields (``rulesets/<system>/quick.py``: 四川 根, 长沙 birds, 陕西
cannons …). One mechanism reads every system's declaration (:func:`fields_of`) for the API, the page's form and the
checks, and settles each win with the system's own settlement (:func:`rulesets.quick.settle_quick`)::

    {"wins": [{"player": 1, "win": "discard", "from": 2, "value": 3, "fields": {"gen": 1}},
              {"player": 3, "win": "discard", "from": 2, "value": 1, "together": true}]}

``together`` marks a win on the same discard as the one before (一炮多响, 通炮). At a table that plays to the wall
(血战, 血流) the wins are a round's, in order: each later win knows who already won (in 血战 they neither win nor
discard again, and a self-draw is paid by the players still in). At any other table a quick entry is one hand:
one win, or several on one discard.

Fields are given in table terms: a per-player number as a list (one number per player, in turn order), a set of
players as a list of positions, a player as a position; numbers, true/false and tiles as themselves.

An **adjust** entry is free amounts per player (诈胡 penalties, 包牌, a buy-in)::

    {"amounts": [-30, 10, 10, 10], "note": "诈胡", "unbalanced": false}

The amounts must add up to 0 unless ``unbalanced`` is true, and then the note saying why is required (it is shown
on the sheet with the line).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculator.lang import zh
from rulesets.context import ContextField, Kind
from rulesets.errors import MahjongError
from rulesets.hand import Seat, WinMethod
from rulesets.quick import Quick, QuickWin, quick_of, settle_quick
from rulesets.registry import get_ruleset
from rulesets.scoring import exact

from . import rounds
from .entries import WIN_METHODS, EntryError, player
from .words import said

MAX_WINS = 12
MAX_NOTE = 200
MAX_AMOUNT = 10**9


def quick_for(system: str) -> Quick:
    ruleset = get_ruleset(system)
    found = quick_of(ruleset)
    if found is None:  # every registered system declares one (tests/ledger/test_quick_property.py)
        raise EntryError(said("ledger.quick.none"))
    return found


def fields_of(system: str) -> list[ContextField[Any]]:
    """The value field, then the system's quick fields, as the form and the API list them."""
    quick = quick_for(system)
    return [quick.value, *quick.fields]


# ---- checking: the shape of the data (the values themselves are checked by the engine when settled) ----------


def _number(value: Any, what: str, low: int = -MAX_AMOUNT, high: int = MAX_AMOUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise EntryError(said("ledger.quick.number", what=what))
    try:
        number = int(str(value).strip())
    except ValueError:
        raise EntryError(said("ledger.quick.number", what=what)) from None
    if not low <= number <= high:
        raise EntryError(said("ledger.quick.number", what=what))
    return number


def _field(f: ContextField[Any], value: Any, n: int, what: str) -> Any:
    """A field's value in table terms, checked for its shape."""
    if f.kind is Kind.PER_SEAT:
        if isinstance(value, Mapping):  # {position: n}
            value = [value.get(str(i), value.get(i, 0)) for i in range(n)]  # type: ignore[call-overload]
        if not isinstance(value, list) or len(value) != n:
            raise EntryError(said("ledger.quick.per_player", what=what, n=n))
        return [_number(v or 0, f"{what}[{i}]", 0, 9999) for i, v in enumerate(value)]
    if f.kind is Kind.SEATS:
        if not isinstance(value, list):
            raise EntryError(said("ledger.quick.players", what=what))
        return sorted({player(v, n, what) for v in value})  # type: ignore[type-var]
    if f.kind is Kind.SEAT:
        return player(value, n, what, optional=True)
    if f.kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise EntryError(said("ledger.flag", what=what))
        return value
    if f.kind is Kind.INT:
        return _number(value, what, -9999, 9999)
    if not isinstance(value, str) or len(value) > 40:
        raise EntryError(said("ledger.quick.text", what=what))
    return value.strip()


def _win(data: Any, n: int, fields: Mapping[str, ContextField[Any]], what: str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise EntryError(said("ledger.object", what=what))
    win = data.get("win", "self_drawn")
    if win not in WIN_METHODS:
        raise EntryError(said("ledger.choice", what=f"{what}.win", value=repr(win), choices=", ".join(WIN_METHODS)))
    out: dict[str, Any] = {"player": player(data.get("player"), n, f"{what}.player"), "win": win,
                           "value": _number(data.get("value"), f"{what}.value", -9999, 9999)}
    if win != "self_drawn":
        out["from"] = player(data.get("from"), n, f"{what}.from")
        if out["from"] == out["player"]:
            raise EntryError(said("ledger.own_discard", what=what))
    if data.get("together") is True:
        out["together"] = True
    given = data.get("fields") or {}
    if not isinstance(given, Mapping):
        raise EntryError(said("ledger.object", what=f"{what}.fields"))
    kept: dict[str, Any] = {}
    for key, value in given.items():
        if key not in fields:
            raise EntryError(said("ledger.quick.field", what=f"{what}.fields", key=repr(key),
                                  known=", ".join(fields) or "—"))
        if value is not None and value != "":
            kept[key] = _field(fields[key], value, n, f"{what}.fields.{key}")
    if kept:
        out["fields"] = kept
    return out


def clean_quick(data: Mapping[str, Any], table: Mapping[str, Any]) -> dict[str, Any]:
    """A quick entry's data as it will be kept, or EntryError."""
    n = len(table["players"])
    quick = quick_for(table["system"])
    fields = {f.key: f for f in quick.fields}
    wins = data.get("wins")
    if not isinstance(wins, list) or not 1 <= len(wins) <= MAX_WINS:
        raise EntryError(said("ledger.quick.wins", what="wins", max=MAX_WINS))
    out = [_win(w, n, fields, f"wins[{i}]") for i, w in enumerate(wins)]
    for i, w in enumerate(out):
        if w.get("together") and (i == 0 or w["win"] != "discard" or out[i - 1]["win"] != "discard"
                                  or out[i - 1].get("from") != w.get("from")):
            raise EntryError(said("ledger.quick.together", what=f"wins[{i}]"))
    if not rounds.plays_to_the_wall(table["system"]) and any(not w.get("together") for w in out[1:]):
        raise EntryError(said("ledger.quick.one_hand", what="wins"))
    return {"wins": out}


def clean_adjust(data: Mapping[str, Any], table: Mapping[str, Any]) -> dict[str, Any]:
    """An adjustment's data as it will be kept, or EntryError."""
    n = len(table["players"])
    amounts = data.get("amounts")
    if not isinstance(amounts, list) or len(amounts) != n:
        raise EntryError(said("ledger.adjust.amounts", what="amounts", n=n))
    cleaned = [_number(a if a not in (None, "") else 0, f"amounts[{i}]") for i, a in enumerate(amounts)]
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise EntryError(said("ledger.adjust.note", what="note", limit=MAX_NOTE))
    note = note.strip()
    unbalanced = data.get("unbalanced", False)
    if not isinstance(unbalanced, bool):
        raise EntryError(said("ledger.flag", what="unbalanced"))
    if not any(cleaned):
        raise EntryError(said("ledger.adjust.nothing", what="amounts"))
    if sum(cleaned) and not unbalanced:
        raise EntryError(said("ledger.adjust.zero_sum", total=sum(cleaned)))
    if unbalanced and not note:
        raise EntryError(said("ledger.adjust.note_needed", what="note"))
    out: dict[str, Any] = {"amounts": cleaned, "note": note}
    if unbalanced:
        out["unbalanced"] = True
    return out


# ---- settling --------------------------------------------------------------------------------------------------


def _engine_value(f: ContextField[Any], value: Any, seat: Any) -> Any:
    """A field's value in the engine's terms (players → seats)."""
    if f.kind is Kind.PER_SEAT:
        return {seat(i).value: v for i, v in enumerate(value) if v}
    if f.kind is Kind.SEATS:
        return [seat(p).value for p in value]
    if f.kind is Kind.SEAT:
        return None if value is None else seat(value).value
    return value


def settle(table: Mapping[str, Any], data: Mapping[str, Any], dealer: int) -> rounds.Settled:
    """Each win settled by the system's own settlement (``rulesets.quick``), in table positions."""
    system = rounds.ruleset_id(table["system"])
    ruleset, n = get_ruleset(system), len(table["players"])
    quick = quick_for(system)
    fields = {f.key: f for f in quick.fields}
    try:
        options = ruleset.parse_options(dict(table["options"]))
    except MahjongError as exc:
        raise rounds.RoundError.of(exc) from None
    except (TypeError, ValueError) as exc:
        raise rounds.RoundError(said("ledger.options.unreadable", error=type(exc).__name__)) from None

    def seat(p: int) -> Seat:
        return rounds.seat_of(p, dealer, n)

    out = rounds.Settled()
    won: set[Seat] = set()
    before: frozenset[Seat] = frozenset()  # who won before this win's discard
    for i, w in enumerate(data["wins"]):
        if not w.get("together"):
            before = frozenset(won)
        values = {k: _engine_value(fields[k], v, seat) for k, v in (w.get("fields") or {}).items()}
        origin = seat(w["from"]) if w.get("from") is not None else None
        try:
            settlement = settle_quick(ruleset, QuickWin(seat(w["player"]), WinMethod(w["win"]), origin, w["value"],
                                                        values, before), options)
        except MahjongError as exc:
            raise rounds.RoundError.of(exc, "round.at_event", n=i + 1) from None
        won.add(seat(w["player"]))
        for p in settlement.payments:
            out.lines.append(rounds.Line(rounds.player_at(p.payer, dealer, n), rounds.player_at(p.payee, dealer, n),
                                         exact(p.amount), p.why, p.why_en))  # type: ignore[arg-type]
        out.results.append({"quick": True, "rules": system, "unit": ruleset.unit, "player": w["player"],
                            "value": w["value"], "fields": w.get("fields", {}),
                            "payouts": {k: v for k, v in settlement.as_dict().items()}})
        out.winners.append(w["player"])
        if i == 1 and w.get("together"):  # the first win was several on one discard
            out.first_multi_from = w["from"]
    return out


def settle_adjust(data: Mapping[str, Any]) -> rounds.Settled:
    """An adjustment moves its amounts as they are (no payment lines: nobody pays anybody in particular)."""
    out = rounds.Settled()
    out.results = [{"scores": list(data["amounts"]), "note": data.get("note", ""),
                    "unbalanced": bool(data.get("unbalanced"))}]
    return out


# ---- the page's form ------------------------------------------------------------------------------------------


def form_fields(system: str, players: list[str], lang_zh: bool) -> list[dict[str, Any]]:
    """The quick fields as the form shows them: name, label and help in the page's language (中文 in 繁體 on a 繁體
    page), the input kind and bounds; a per-player field has one input per player."""
    quick = quick_for(system)
    out = []
    for f in quick.fields:
        out.append({"key": f.key, "kind": f.kind.value, "label": zh(f.zh) if lang_zh else f.en,
                    "other": f.en if lang_zh else zh(f.zh), "help": zh(f.help_zh) if lang_zh else f.help_en,
                    "minimum": f.minimum, "maximum": f.maximum,
                    "players": [{"i": i, "name": name} for i, name in enumerate(players)]})
    return out


def value_label(system: str, lang_zh: bool) -> dict[str, Any]:
    quick = quick_for(system)
    v = quick.value
    return {"label": zh(v.zh) if lang_zh else v.en, "help": zh(v.help_zh) if lang_zh else v.help_en,
            "minimum": v.minimum, "maximum": v.maximum,
            "leaves_out": zh(quick.leaves_out[0]) if lang_zh else quick.leaves_out[1]}


def _post_field(post: Any, f: ContextField[Any], row: int, n: int) -> Any:
    name = f"q{row}_{f.key}"
    if f.kind is Kind.PER_SEAT:
        values = [post.get(f"{name}_{i}", "").strip() for i in range(n)]
        return values if any(values) else None
    if f.kind is Kind.SEATS:
        return [int(v) for v in post.getlist(name) if v.isascii() and v.isdigit() and len(v) < 3] or None
    if f.kind is Kind.BOOL:
        return True if post.get(name) else None
    text = post.get(name, "").strip()
    return text or None


def quick_from_post(post: Any, table: Any) -> dict[str, Any]:
    """The quick entry a page's form describes: rows q0…, each a win (blank rows skipped)."""
    n = len(table.players)
    fields = quick_for(table.system).fields
    wins = []
    for row in range(MAX_WINS):
        who = post.get(f"q{row}_player", "").strip()
        if not who:
            continue
        win: dict[str, Any] = {"player": who, "win": post.get(f"q{row}_win", "self_drawn"),
                               "value": post.get(f"q{row}_value", "").strip()}
        if win["win"] != "self_drawn":
            win["from"] = post.get(f"q{row}_from", "").strip()
        if post.get(f"q{row}_together"):
            win["together"] = True
        given = {f.key: _post_field(post, f, row, n) for f in fields}
        win["fields"] = {k: v for k, v in given.items() if v is not None}
        wins.append(win)
    return {"wins": wins}


def adjust_from_post(post: Any, table: Any) -> dict[str, Any]:
    return {"amounts": [post.get(f"amount{i}", "").strip() for i in range(len(table.players))],
            "note": post.get("note", ""), "unbalanced": bool(post.get("unbalanced"))}


def streak(rows: list[Mapping[str, Any]], dealer: str) -> int:
    """How many hands in a row ``dealer`` (the next dealer) has dealt just before: the dealer's streak (连庄) for
    the next hand. Adjustments are no hands and do not break it."""
    n = 0
    for row in reversed(rows):
        if row["kind"] == "adjust":
            continue
        if row["dealer"] != dealer:
            break
        n += 1
    return n


def describe(names: list[str], kind: str, data: Mapping[str, Any], unit: str, words: Mapping[str, str]) -> str:
    """One line saying what a quick entry or an adjustment was (``words``: the page's translated phrases)."""
    if kind == "adjust":
        parts = [f"{names[i]} {a:+d}" for i, a in enumerate(data["amounts"]) if a]
        return words["adjust"] + ": " + ", ".join(parts) + (f" — {data['note']}" if data.get("note") else "")
    out = []
    for w in data["wins"]:
        how = words["self_drawn"] if w["win"] == "self_drawn" else (
            words[w["win"]] % {"p": names[w["from"]]})
        out.append(f"{names[w['player']]} {how} {w['value']}{unit}")
    return words["quick"] + ": " + " · ".join(out)


def form_rows(system: str, players: list[str], wins: list[Mapping[str, Any]], lang_zh: bool,
              count: int, defaults: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The quick form's rows (``count`` of them), each filled in from ``wins`` (an entry's data, or a form as it
    was sent): every input with its name and value, so the page shows what was entered. A blank form's rows start
    from ``defaults`` (the sheet's dealer streak)."""
    fields = form_fields(system, players, lang_zh)
    rows = []
    for row in range(max(count, len(wins))):
        w: Mapping[str, Any] = wins[row] if row < len(wins) else {}
        given = w.get("fields") or ({} if wins else dict(defaults or {}))
        shown = []
        for f in fields:
            name, value = f"q{row}_{f['key']}", given.get(f["key"])
            inputs = []
            if f["kind"] in ("per_seat", "seats"):
                for p in f["players"]:
                    if f["kind"] == "per_seat":
                        v = value[p["i"]] if isinstance(value, list) and p["i"] < len(value) else ""
                        inputs.append({"name": f"{name}_{p['i']}", "value": v, "player": p["name"], "i": p["i"]})
                    else:
                        picked = isinstance(value, list) and p["i"] in [int(x) for x in value if str(x).isdigit()]
                        inputs.append({"name": name, "value": p["i"], "player": p["name"], "checked": picked})
            shown.append({**f, "name": name, "id": f"{name}-in", "value": "" if value is None else value,
                          "inputs": inputs})
        rows.append({"row": row, "player": w.get("player", ""), "win": w.get("win", "self_drawn"),
                     "from": w.get("from", ""), "value": w.get("value", ""), "together": bool(w.get("together")),
                     "fields": shown, "extra": row > 0})
    return rows


def unit_of(system: str) -> str:
    """The system's unit as the page writes it (番, 台 …; 繁體 on a 繁體 page)."""
    return zh(get_ruleset(rounds.ruleset_id(system)).unit)


def page_context(table: Any, form: Mapping[str, Any], rows: list[Mapping[str, Any]], next_dealer: str,
                 lang_zh: bool) -> dict[str, Any]:
    """The edit page's quick-entry and adjustment forms, filled in from ``form`` (an entry being changed, or a form
    sent); a blank quick form starts with the next dealer's streak. A table that plays to the wall gets a row per
    possible winner of a round (at least four), any other one row per winner of one discard."""
    wins = form.get("wins") if form.get("kind") == "quick" and isinstance(form.get("wins"), list) else []
    n = len(table.players)
    count = 1 + (max(n - 1, 3) if rounds.plays_to_the_wall(table.system) else n - 2)
    amounts = form.get("amounts") if form.get("kind") == "adjust" and isinstance(form.get("amounts"), list) else []
    return {
        "quick_value": value_label(table.system, lang_zh),
        "quick_rows": form_rows(table.system, list(table.players), wins, lang_zh, count,
                                {"streak": streak(rows, next_dealer)} if next_dealer else None),
        "adjust": {"amounts": [{"i": i, "player": name, "value": amounts[i] if i < len(amounts) else ""}
                               for i, name in enumerate(table.players)],
                   "note": form.get("note", "") if form.get("kind") == "adjust" else "",
                   "unbalanced": bool(form.get("unbalanced"))},
    }
