"""Scoring a hand with its tiles from the sheet (docs/ledger.md, *Full entry with the calculator*).

"Score a hand with its tiles" opens the calculator in the table's system and house rules with the players' names
on the seats (the hand's dealer at E) and the entry the hand is for (``at``: calculator/ledger_seats.py); its "Add
to table" brings ``at`` back, and the edit page opens that entry's form with the hand (or adds a new hand at the
end).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from . import rounds


def at_of(given: str, count: int | None = None) -> int | None:
    """The entry number ``at`` names (1-based), or None when it is not a number or, with ``count``, not one of the
    table's ``count`` entries."""
    if not (given.isascii() and given.isdigit() and len(given) <= 4) or int(given) < 1:
        return None
    return int(given) if count is None or int(given) <= count else None


def score_url(table: Any, dealer: int, at: int | None, hand: str = "",
              extra: Mapping[str, str | list[str]] | None = None) -> str:
    """The calculator in the table's system and house rules (only the options that differ from the defaults, as
    its compact ``hr-<system>`` field), its seats named by the players from ``dealer`` at E, for entry ``at`` (None:
    a new hand, added at the end of the sheet whatever was added meanwhile), with ``extra`` fields (a round's row:
    its win context and the round being entered, ledger/round_views.py)."""
    system = rounds.ruleset_id(table.system)
    n = len(table.players)
    options = dict(table.options or {})
    preset = str(options.pop("preset", "") or "")
    defaults = rounds.check_options(system, {})
    options = {k: v for k, v in options.items() if defaults.get(k) != v}
    query: dict[str, str | list[str]] = {"rules": system, f"preset-{system}": preset, f"applied-{system}": preset}
    if options:
        text = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
        query[f"hr-{system}"] = ".".join(f"{k}-{v}" for k, v in sorted(text.items()))
    query["seats"] = ",".join(table.players[(dealer + i) % n] for i in range(n))
    if at is not None:
        query["at"] = str(at)
    if hand:
        query["hand"] = hand
    return reverse("calculator") + "?" + urlencode({**query, **(extra or {})}, doseq=True)


def score_url_of(table: Any, rows: Sequence[Mapping[str, Any]], next_dealer: str, at: int | None,
                 hand: str = "") -> str:
    """The edit page's link: for a new hand (the next dealer at E; no entry number, so a hand another phone adds
    meanwhile is never taken for this one's place), or, back from the calculator for entry ``at``, for that entry
    again (its dealer at E). Names are unique at a table."""
    if at is None:
        return score_url(table, table.players.index(next_dealer), None)
    return score_url(table, table.players.index(rows[at - 1]["dealer"]), at, hand)
