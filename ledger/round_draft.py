"""A round being entered, carried through the calculator and back (docs/ledger.md, *A round's hands with the palette*).

Each row of the round form has "with the palette": the form is sent to :func:`ledger.views.round_draft`, which
packs what was typed so far (every row, the rows shown, the entry being changed and the table's version) into one
signed text, ``round``, and opens the calculator in the table's system and seats for that row (``row``); the
calculator keeps both fields through every tap (calculator/ledger_seats.py), and its "Add to table" brings them
back with the scored hand. The edit page then draws the round form again from the draft, the hand in that row,
nothing else lost. "Add a row" goes the same way without the calculator. The draft is kept in the link itself: no
session, nothing stored on the server, and a draft that cannot be read (changed by hand, or signed with an older
secret) is ignored.

>>> rows = [{"t": "discard", "p": "1", "f": "0", "h": "", "ak": True}]
>>> draft = unpack(pack(rows, shown=3, editing=None, version=7))
>>> draft.rows, draft.shown, draft.editing, draft.version
([{'t': 'discard', 'p': '1', 'f': '0', 'ak': True}], 3, None, 7)
>>> unpack("garbage") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core import signing

from . import forms, rounds, service
from .models import Table

SALT = "ledger.round-draft"
MAX_TEXT = 6000
"""The longest ``round`` field read back (a request line is refused above 8190 bytes: gunicorn.conf.py)."""
_FIELDS = ("t", "p", "f", "k", "h", *forms.ROUND_FLAGS, "m")


@dataclass(frozen=True)
class Draft:
    rows: list[dict[str, Any]]
    shown: int
    editing: int | None
    version: int | None


def _compact(row: Mapping[str, Any]) -> dict[str, Any]:
    return {k: row[k] for k in _FIELDS if row.get(k) not in (None, "", False)}


def pack(rows: Sequence[Mapping[str, Any]], shown: int, editing: int | None, version: int | None) -> str:
    """The draft as one URL-safe signed text."""
    data = {"r": [_compact(r) for r in rows], "n": shown, "e": editing, "v": version}
    return signing.dumps(data, salt=SALT, compress=True)


def _number(value: Any, low: int, high: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def unpack(text: str) -> Draft | None:
    """The draft ``text`` holds, or None when it is not one this site signed."""
    if not text or len(text) > MAX_TEXT:
        return None
    try:
        data = signing.loads(text, salt=SALT)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("r"), list):
        return None
    rows = [{k: r[k] for k in _FIELDS if k in r} for r in data["r"][: forms.MAX_ROWS] if isinstance(r, dict)]
    shown = _number(data.get("n"), 1, forms.MAX_ROWS) or len(rows)
    return Draft(rows, max(shown, len(rows)), _number(data.get("e"), 1, 100_000), _number(data.get("v"), 0, 2**62))


def kept_rows(post: Mapping[str, Any]) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """The round form's rows as sent, every row with an event or a hand (in order), and where each row of the form
    went among them (form row → draft row)."""
    rows: list[dict[str, Any]] = []
    where: dict[int, int] = {}
    for i in range(forms.MAX_ROWS):
        row: dict[str, Any] = {k: str(post.get(f"e{i}_{k}", "")).strip() for k in ("t", "p", "f", "k", "h")}
        row.update({k: bool(post.get(f"e{i}_{k}")) for k in (*forms.ROUND_FLAGS, "m")})
        if row["t"] or row["h"]:
            where[i] = len(rows)
            rows.append(row)
    return rows, where


def with_hand(rows: list[dict[str, Any]], at: int, code: str, dealer: int, players: int) -> list[dict[str, Any]]:
    """``rows`` with the hand ``code`` in row ``at`` (a new row at the end when ``at`` is past them). A win row (or a
    row with no event yet) also takes who won from whom as the code's seat winds say (``dealer`` at E); a row at
    the wall's end keeps its state and takes the tiles only."""
    rows = [dict(r) for r in rows]
    while len(rows) <= at:
        rows.append({})
    row = rows[at]
    row["h"] = code
    if row.get("t") in forms.WALL_ROWS:
        return rows
    seats = rounds.seats_of_code(code, dealer, players)
    if seats:
        row.update(t=seats["win"], p=seats["player"], f=seats.get("from", ""),
                   **{short: bool(seats.get(flag)) for short, flag in forms.ROUND_FLAGS.items()})
    return rows


def index_below(value: Any, limit: int) -> int | None:
    """The small whole number (a row, a player) a form field names when it is below ``limit``, or None."""
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) < limit else None


def row_of(text: str) -> int | None:
    """The row number (0-based) a ``row`` field names, or None."""
    return index_below(text, forms.MAX_ROWS)


def dealer_of(table: Table, editing: int | None) -> int:
    """Who deals the round: the entry's own dealer when it is being changed, else the next dealer."""
    built = service.sheet_of(table, results=False)
    if editing is not None and 1 <= editing <= len(built.rows):
        return built.rows[editing - 1].dealer
    return built.dealer


def restored(table: Table, draft: Draft, query: Any) -> dict[str, Any]:
    """The round form as the draft kept it, with the hand the calculator sent back (``hand``) in its row."""
    rows = draft.rows
    at = row_of(str(query.get("row", "")))
    code = str(query.get("hand", ""))[: settings.MAX_HAND_STRING]
    if at is not None and code:
        rows = with_hand(rows, at, code, dealer_of(table, draft.editing), len(table.players))
    return {"kind": "round", "rows": rows, "shown": max(draft.shown, len(rows)), "version": draft.version}
