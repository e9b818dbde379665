"""The pages' forms, read into the entry data of ledger/entries.py (and entries drawn back into forms).

The round form is a list of rows, one event each: a kong, a win (自摸 / on a discard / robbing a kong),
or a player's state at the wall's end. A discard win with "same discard" ticked joins the win in the
row above into one 一炮多响 event; the wall-end rows become one event at the end of the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict

from rulesets.context import SHARED_FLAGS

from . import table_setup
from .entries import WIN_METHODS, EntryError
from .words import said

WALL_ROWS = ("ready", "not_ready", "pig")
"""A round's rows at the wall's end (流局): each player still in, ready (for 查大叫), not ready, or 花猪."""
ROW_TYPES = ("kong", *WIN_METHODS, *WALL_ROWS)
FLAG_FIELDS = {f.form_name: f.key for f in SHARED_FLAGS}
"""The flags of how a hand was won by their checkboxes' names (``ks``: kong_replacement), as rulesets.context
declares them."""
ROUND_FLAGS = {f.form_name: f.key for f in SHARED_FLAGS if f.in_rounds}
"""The flags asked of each win of a round (what happens during play: 杠上开花, 杠上炮, 海底)."""
DISCARD_FLAGS = {f.form_name: f.key for f in SHARED_FLAGS if f.of_discard}
"""The flags of the discard (杠上炮), shared by every win on it (一炮多响)."""
DEFAULT_ROWS = 2  # a new round's rows; "Add a row" draws one more (ledger/round_views.py)
MAX_ROWS = 24


def _int(value: str | None) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(str(value))
    except ValueError:
        raise EntryError(said("ledger.form.not_a_player", value=repr(value))) from None


def hand_from_post(post: QueryDict, prefix: str = "") -> dict[str, Any]:
    """The hand form (a won hand): hand string, winner, how, from whom, flags."""
    data: dict[str, Any] = {"hand": post.get(prefix + "hand", ""), "player": _int(post.get(prefix + "player")),
                            "win": post.get(prefix + "win", "self_drawn")}
    if data["win"] != "self_drawn":
        data["from"] = _int(post.get(prefix + "from"))
    for short, flag in FLAG_FIELDS.items():
        if post.get(prefix + short):
            data[flag] = True
    return data


def rows_from_post(post: QueryDict) -> list[dict[str, Any]]:
    rows = []
    for i in range(MAX_ROWS):
        kind = post.get(f"e{i}_t", "")
        if not kind:
            continue
        if kind not in ROW_TYPES:
            raise EntryError(said("ledger.form.not_an_event", n=i + 1, kind=repr(kind)))
        rows.append({"i": i, "t": kind, "p": post.get(f"e{i}_p", ""), "f": post.get(f"e{i}_f", ""),
                     "k": post.get(f"e{i}_k", ""), "h": post.get(f"e{i}_h", "").strip(),
                     **{short: bool(post.get(f"e{i}_{short}")) for short in (*ROUND_FLAGS, "m")}})
    return rows


def round_from_rows(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The rows as the round's events (entries.clean checks them)."""
    events: list[dict[str, Any]] = []
    wall: list[dict[str, Any]] = []
    for row in rows:
        where = row["i"] + 1  # the row's number on the form
        if row["t"] in ("ready", "not_ready", "pig"):
            wall.append({"player": _int(row["p"]), "state": row["t"], **({"hand": row["h"]} if row["h"] else {})})
            continue
        if wall:
            raise EntryError(said("ledger.form.wall_end_last", n=where))
        if row["t"] == "kong":
            events.append({"type": "kong", "player": _int(row["p"]), "kind": row["k"] or "concealed",
                           **({"fed_by": _int(row["f"])} if row["k"] == "exposed" else {})})
            continue
        win: dict[str, Any] = {"player": _int(row["p"]), "hand": row["h"], "win": row["t"]}
        if row["t"] != "self_drawn":
            win["from"] = _int(row["f"])
        for short, flag in ROUND_FLAGS.items():
            if row[short]:
                win[flag] = True
        if row["m"] and row["t"] == "discard":
            events[-1:] = _joined(events[-1] if events else None, win, where)
            continue
        events.append({"type": "win", **win})
    if wall:
        events.append({"type": "wall_end", "players": wall})
    if not events:
        raise EntryError(said("ledger.form.no_events"))
    return {"events": events}


def _joined(previous: dict[str, Any] | None, win: dict[str, Any], where: int) -> list[dict[str, Any]]:
    """一炮多响: this discard win joins the win above, on the same discard."""
    if previous is None or previous.get("type") not in ("win", "multi"):
        raise EntryError(said("ledger.form.same_needs_win", n=where))
    if previous["type"] == "win":
        if previous["win"] != "discard" or previous.get("from") != win.get("from"):
            raise EntryError(said("ledger.form.same_player", n=where))
        previous = {"type": "multi", "from": previous["from"],
                    **{flag: bool(previous.get(flag)) for flag in DISCARD_FLAGS.values()},
                    "wins": [{"player": previous["player"], "hand": previous["hand"]}]}
    elif previous["from"] != win.get("from"):
        raise EntryError(said("ledger.form.same_other", n=where))
    for flag in DISCARD_FLAGS.values():
        previous[flag] = previous[flag] or bool(win.get(flag))
    previous["wins"].append({"player": win["player"], "hand": win["hand"]})
    return [previous]


def rows_of(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A round's events drawn back as form rows (for editing)."""
    rows: list[dict[str, Any]] = []
    for e in data.get("events", []):
        if e["type"] == "kong":
            rows.append({"t": "kong", "p": e["player"], "k": e["kind"], "f": e.get("fed_by", "")})
        elif e["type"] == "win":
            rows.append({"t": e["win"], "p": e["player"], "f": e.get("from", ""), "h": e["hand"],
                         **{s: bool(e.get(f)) for s, f in ROUND_FLAGS.items()}})
        elif e["type"] == "multi":
            for j, w in enumerate(e["wins"]):
                rows.append({"t": "discard", "p": w["player"], "f": e["from"], "h": w["hand"], "m": j > 0,
                             **{s: bool(e.get(f)) for s, f in DISCARD_FLAGS.items()}})
        else:
            rows += [{"t": s["state"], "p": s["player"], "h": s.get("hand", "")} for s in e["players"]]
    return rows


def blank_rows(filled: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    rows = [dict(r) for r in filled]
    while len(rows) < max(count, len(filled) + 1):
        rows.append({})
    rows = rows[:MAX_ROWS]
    for i, r in enumerate(rows):
        r["i"] = i
        for key in ("p", "f"):  # as sent back after a refused change: text
            if isinstance(r.get(key), str) and r[key].isdigit():
                r[key] = int(r[key])
    return rows


def rummikub_from_post(post: QueryDict, players: int) -> dict[str, Any]:
    return {"racks": [post.get(f"rack{i}", "").strip() for i in range(players)], "out": post.get("out", "")}


def table_from_post(post: QueryDict) -> dict[str, Any]:
    """The new-table form."""
    kind = post.get("kind", "mahjong")
    names = [post.get(f"player{i}", "").strip() for i in range(6)]
    # the rule set and the house-rule controls (ledger/table_setup.py), then the older key=value box
    options: dict[str, Any] = table_setup.options_from_post(post, post.get("system", table_setup.default_system()))
    for line in post.get("options", "").splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise EntryError(said("ledger.form.house_rule", line=repr(line.strip())))
        options[key.strip()] = value.strip()
    keys = ("refund_policy", "empty_pool", "first_meld", "target")
    settings: dict[str, Any] = {k: post[k] for k in keys if post.get(k)}
    if post.get("simple"):
        settings["simple"] = True
    return {"kind": kind, "system": post.get("system", table_setup.default_system()), "name": post.get("name", ""),
            "players": [n for n in names if n], "options": options,
            "settings": settings}
