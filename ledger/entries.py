"""What an entry may hold: each kind's data checked field by field, the same for the pages and the API.

Players are named by their position at the table, 0…n-1 in turn order. Anything else is refused with
an :class:`EntryError` that says which field is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings

from . import rounds
from .words import Worded, said

KINDS = ("hand", "draw", "round", "rummikub", "quick", "adjust")
WIN_METHODS = ("self_drawn", "discard", "rob_kong")
KONG_KINDS = ("exposed", "added", "concealed")
STATES = ("ready", "not_ready", "pig")
MAX_EVENTS = 40
MAX_NAME = 24


class EntryError(Worded):
    """Bad entry data, in words (English, 中文 and its key: ledger/words.py)."""


def player(value: Any, n: int, what: str, optional: bool = False) -> int | None:
    if value in (None, "") and optional:
        return None
    if isinstance(value, bool):
        raise EntryError(said("ledger.player.missing", what=what, last=n - 1))
    try:
        p = int(value)
    except (TypeError, ValueError):
        raise EntryError(said("ledger.player.not_a_player", what=what, value=repr(value), last=n - 1)) from None
    if not 0 <= p < n:
        raise EntryError(said("ledger.player.not_at_table", what=what, p=p, n=n, last=n - 1))
    return p


def _text(value: Any, what: str, limit: int | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise EntryError(said("ledger.hand.missing", what=what))
    limit = limit or settings.MAX_HAND_STRING
    if len(value) > limit:
        raise EntryError(said("ledger.text.too_long", what=what, limit=limit))
    return value.strip()


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise EntryError(said("ledger.choice", what=what, value=repr(value), choices=", ".join(choices)))
    return str(value)


def _flags(data: Mapping[str, Any]) -> dict[str, bool]:
    out = {}
    for flag in rounds.WIN_FLAGS:
        value = data.get(flag, False)
        if not isinstance(value, bool):
            raise EntryError(said("ledger.flag", what=flag))
        if value:
            out[flag] = True
    return out


def clean_win(data: Mapping[str, Any], n: int, what: str = "win") -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise EntryError(said("ledger.object", what=what))
    out: dict[str, Any] = {"hand": _text(data.get("hand"), f"{what}.hand"),
                           "player": player(data.get("player"), n, f"{what}.player"),
                           "win": _choice(data.get("win", "self_drawn"), WIN_METHODS, f"{what}.win")}
    if out["win"] != "self_drawn":
        out["from"] = player(data.get("from"), n, f"{what}.from")
        if out["from"] == out["player"]:
            raise EntryError(said("ledger.own_discard", what=what))
    out.update(_flags(data))
    return out


def _event(data: Any, n: int, i: int) -> dict[str, Any]:
    what = f"events[{i}]"
    if not isinstance(data, Mapping):
        raise EntryError(said("ledger.event.object", what=what))
    kind = _choice(data.get("type"), ("kong", "win", "multi", "wall_end"), f"{what}.type")
    if kind == "win":
        return {"type": "win", **clean_win(data, n, what)}
    if kind == "kong":
        out: dict[str, Any] = {"type": "kong", "player": player(data.get("player"), n, f"{what}.player"),
                               "kind": _choice(data.get("kind"), KONG_KINDS, f"{what}.kind")}
        if out["kind"] == "exposed":
            out["fed_by"] = player(data.get("fed_by"), n, f"{what}.fed_by")
        return out
    if kind == "multi":
        return _multi(data, n, what)
    return _wall_end(data, n, what)


def _multi(data: Mapping[str, Any], n: int, what: str) -> dict[str, Any]:
    wins = data.get("wins")
    if not isinstance(wins, list) or not 2 <= len(wins) <= n - 1:
        raise EntryError(said("ledger.multi.wins", what=f"{what}.wins"))
    discarder = player(data.get("from"), n, f"{what}.from")
    cleaned = [clean_win({**w, "win": "discard", "from": discarder}, n, f"{what}.wins[{j}]")
               if isinstance(w, Mapping) else clean_win(w, n, f"{what}.wins[{j}]") for j, w in enumerate(wins)]
    if len({w["player"] for w in cleaned}) != len(cleaned):
        raise EntryError(said("ledger.multi.each_once", what=f"{what}.wins"))
    return {"type": "multi", "from": discarder, **{flag: data.get(flag) is True for flag in rounds.DISCARD_FLAGS},
            "wins": [{"player": w["player"], "hand": w["hand"]} for w in cleaned]}


def _wall_end(data: Mapping[str, Any], n: int, what: str) -> dict[str, Any]:
    states = data.get("players")
    if not isinstance(states, list) or not states or len(states) > n:
        raise EntryError(said("ledger.wall_end.players", what=f"{what}.players"))
    out_states = []
    for j, s in enumerate(states):
        if not isinstance(s, Mapping):
            raise EntryError(said("ledger.wall_end.row", what=f"{what}.players[{j}]"))
        row: dict[str, Any] = {"player": player(s.get("player"), n, f"{what}.players[{j}].player"),
                               "state": _choice(s.get("state"), STATES, f"{what}.players[{j}].state")}
        if s.get("hand"):
            row["hand"] = _text(s["hand"], f"{what}.players[{j}].hand")
        out_states.append(row)
    if len({s["player"] for s in out_states}) != len(out_states):
        raise EntryError(said("ledger.wall_end.each_once", what=f"{what}.players"))
    return {"type": "wall_end", "players": out_states}


def clean(kind: Any, data: Any, table: Mapping[str, Any]) -> dict[str, Any]:
    """The entry's data as it will be kept, or EntryError."""
    n = len(table["players"])
    if table["kind"] == "rummikub":
        if kind != "rummikub":
            raise EntryError(said("ledger.rummikub.only"))
    elif kind not in ("hand", "draw", "round", "quick", "adjust"):
        raise EntryError(said("ledger.choice", what="kind", value=repr(kind),
                              choices="hand, draw, round, quick, adjust"))
    if not isinstance(data, Mapping):
        raise EntryError(said("ledger.object", what="data"))
    if kind in ("quick", "adjust"):  # a hand without tiles, a free adjustment (ledger/quick.py)
        from . import quick

        return quick.clean_quick(data, table) if kind == "quick" else quick.clean_adjust(data, table)
    if kind == "draw":
        return {}
    if kind == "hand":
        return clean_win(data, n, "hand")
    if kind == "round":
        if not rounds.has_rounds(table["system"]):
            raise EntryError(said("ledger.no_rounds"))
        events = data.get("events")
        if not isinstance(events, list) or not events or len(events) > MAX_EVENTS:
            raise EntryError(said("ledger.events", what="events", max=MAX_EVENTS))
        return {"events": [_event(e, n, i) for i, e in enumerate(events)]}
    return _rummikub(data, n)


def _rummikub(data: Mapping[str, Any], n: int) -> dict[str, Any]:
    racks = data.get("racks")
    if not isinstance(racks, list) or len(racks) != n:
        raise EntryError(said("ledger.racks.count", what="racks", n=n))
    for r in racks:
        if not isinstance(r, (str, int)) or isinstance(r, bool) or (isinstance(r, str) and len(r) > 200):
            raise EntryError(said("ledger.racks.each", what="racks"))
    return {"racks": racks, "out": player(data.get("out"), n, "out", optional=True)}


def clean_players(names: Any, count: int) -> list[str]:
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise EntryError(said("ledger.players.list", what="players"))
    names = [x.strip()[:MAX_NAME] for x in names]
    if len(names) != count:
        raise EntryError(said("ledger.players.count", what="players", count=count, given=len(names)))
    if any(not x for x in names):
        raise EntryError(said("ledger.players.blank", what="players"))
    if len(set(names)) != len(names):
        raise EntryError(said("ledger.players.same", what="players"))
    return names
