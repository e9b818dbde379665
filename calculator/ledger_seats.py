"""The calculator opened from a table's ledger ("Score a hand with its tiles"): the seats named by the players.

The ledger's link (ledger/views.py) opens the calculator in the table's system and house rules with two more
query fields: ``seats``, the players' names in seat order (E, the dealer of the hand, first), and ``at``, the
entry the hand is for (1-based; one past the last entry for a new hand). The winner's seat, the discarder and
"already won" then read "东 · Ann"; both fields travel with every update of the form (hidden, in the context
part), and "Add to table" takes ``at`` back to the table, which puts the hand at its place. A row of a round being
entered sends ``round`` (the round as typed so far, a signed text the ledger reads back) and ``row`` instead of
``at``: they travel the same way, and "Add to table" brings the hand back into that row.

>>> names_of({"seats": "Ann,Bo,Cy,Di"})
['Ann', 'Bo', 'Cy', 'Di']
>>> names_of({"seats": "x" * 200}), at_of({"at": "12"}), at_of({"at": "-1"})
([], '12', '')
>>> round_of({"round": "eyJ:1x:sig", "row": "2"}), round_of({"round": "<b>", "row": "2"})
(('eyJ:1x:sig', '2'), ('', ''))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_NAME = 24
MAX_SEATS = 6
MAX_ROUND = 6000  # the ledger's longest round text (ledger/round_draft.py MAX_TEXT)
_ROUND_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_:.")


def names_of(data: Mapping[str, Any]) -> list[str]:
    """The players' names by seat (E first), or none when the field is absent or not a list of names."""
    text = str(data.get("seats") or "")
    names = [n.strip() for n in text.split(",")] if text else []
    if not 2 <= len(names) <= MAX_SEATS or any(not n or len(n) > MAX_NAME for n in names):
        return []
    return names


def at_of(data: Mapping[str, Any]) -> str:
    """The entry the hand is for ("" when not given or not a number)."""
    text = str(data.get("at") or "")
    return text if text.isascii() and text.isdigit() and len(text) <= 4 and int(text) > 0 else ""


def round_of(data: Mapping[str, Any]) -> tuple[str, str]:
    """The round being entered and its row (("", "") when not given or not of their shape)."""
    text, row = str(data.get("round") or ""), str(data.get("row") or "")
    if not text or len(text) > MAX_ROUND or not _ROUND_CHARS.issuperset(text):
        return "", ""
    if not (row.isascii() and row.isdigit() and len(row) <= 2):
        return "", ""
    return text, row


def _named(options: Any, names: list[str], key: str = "label") -> list[Any]:
    order = "ESWNXY"
    out = []
    for o in options:
        i = order.find(str(o.get("value", "")))
        out.append({**o, key: f"{o[key]} · {names[i]}"} if 0 <= i < len(names) and o.get("value") else o)
    return out


def apply(context: dict[str, Any], data: Mapping[str, Any]) -> None:
    """Name the seats in the page's controls and keep ``seats``/``at`` in the form (and for "Add to table")."""
    if "seats" not in data and "at" not in data and "round" not in data:  # not opened from a ledger (most pages)
        context["ledger_at"], context["ledger_round"], context["ledger_row"] = "", "", ""
        return
    names, at, (draft, row) = names_of(data), at_of(data), round_of(data)
    context["ledger_at"] = at
    context["ledger_round"], context["ledger_row"] = draft, row
    if not names and not at and not draft:
        return
    controls = context.get("controls")
    if names and isinstance(controls, dict):
        controls = {**controls}
        for key in ("seat", "already_won"):
            if key in controls:
                controls[key] = _named(controls[key], names)
        if isinstance(controls.get("from_seat"), dict):
            controls["from_seat"] = {**controls["from_seat"],
                                     "options": _named(controls["from_seat"]["options"], names)}
        context["controls"] = controls
    kept = list(context.get("kept_ctx") or [])
    if names:
        kept.append({"name": "seats", "value": ",".join(names)})
    if at:
        kept.append({"name": "at", "value": at})
    if draft:
        kept += [{"name": "round", "value": draft}, {"name": "row", "value": row}]
    context["kept_ctx"] = kept
