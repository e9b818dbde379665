"""The waits of a hand one tile short: each winning tile, its value in each system, the hand it completes.
"""

from __future__ import annotations

from typing import Any

from rulesets.engine import Request, completions
from rulesets.hand import Hand
from rulesets.scoring import Ruleset, Score
from rulesets.tiles import Tile

from . import editor
from .lang import pick, unit_name
from .tiles_view import tile_view


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
            total = s.total if s is not None else None
            cells.append({"valid": valid, "total": total, "unit": unit_name(r.unit, total),
                          "reason": pick(s.reason, s.reason_en) if s is not None and not valid else "",
                          "fans": _top_fans(s)})
        left = max(0, 4 - held[t.index])
        completed = editor.write(editor.EditorHand(editor.from_hand(hand).packs, tuple(sorted(hand.standing)) + (t,)))
        rows.append({"tile": tile_view(t), "left": left, "cells": cells, "url": link(completed), "hand": completed,
                     "any_valid": any(c["valid"] for c in cells)})
    return {
        "wait_rows": rows,
        "wait_systems": [{"id": r.id, "name": pick(r.zh, r.en)} for r in request.rulesets],
    }


def _top_fans(s: Score | None, most: int = 3) -> str:
    """The biggest fans a winning tile scores, "清一色 24 · 一色三步高 16", for the waits list."""
    if s is None or not s.items:
        return ""
    items = sorted(s.items, key=lambda i: -i.total)[:most]
    return " · ".join(f"{pick(i.fan.zh, i.fan.en)} {i.total}" for i in items)
