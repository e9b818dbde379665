"""拉密 Rummikub (rules/regional.md §12): a table kind of its own, not a mahjong ruleset.

A rack is written as its tiles — numbers 1–13, optionally with a colour letter (r b o k: red, blue,
orange, black; 红 蓝 黄 黑), and ``J`` (or ``joker``, ``王``) for a joker — or as a plain total like
``=42``. Scoring (rummikub.org): the player who went out scores the sum of the others' racks, each
other player minus their own rack, a joker left on a rack 30. With the pool empty and nobody able to
play, the ``empty_pool`` option decides: ``lowest`` (each scores minus their rack and the lowest rack
scores the sum of the differences, RK-B; tied lowest racks share it, see :func:`score_round`),
``minus_rack`` (each scores minus their own rack and nobody gains: the seed's literal reading, "數字愈少
就代表負分愈少") or ``none`` (nobody scores).

>>> rack_total("5 7 J")
42
>>> score_round(["", "5 7 J", "13 12", "1 2 3"], out=0)
[73, -42, -25, -6]
>>> score_round(["20", "=9", "=15", "=30"], out=None)
[-20, 38, -15, -30]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .words import Worded, said

JOKER = 30
COLOURS = {"r": "r", "b": "b", "o": "o", "k": "k", "y": "o", "红": "r", "蓝": "b", "黄": "o", "黑": "k"}
_TILE = re.compile(r"^([rbokyRBOKY红蓝黄黑]?)(\d{1,2})$")
_JOKERS = {"j", "joker", "王", "🃏", "*"}


class RackError(Worded):
    """A rack or meld that cannot be read, with what is wrong (in English and 中文: ledger/words.py)."""


@dataclass(frozen=True)
class Piece:
    number: int | None  # None: a joker
    colour: str = ""

    @property
    def joker(self) -> bool:
        return self.number is None


def parse_tiles(text: str) -> list[Piece]:
    """The tiles of a rack or meld, separated by spaces or commas."""
    out = []
    for token in re.split(r"[\s,，、]+", text.strip()):
        if not token:
            continue
        if token.lower() in _JOKERS:
            out.append(Piece(None))
            continue
        m = _TILE.match(token)
        if not m or not 1 <= int(m.group(2)) <= 13:
            raise RackError(said("ledger.rack.tile", token=repr(token)))
        out.append(Piece(int(m.group(2)), COLOURS.get(m.group(1).lower(), "")))
    if len(out) > 106:
        raise RackError(said("ledger.rack.too_many"))
    return out


def rack_total(text: str | int | None) -> int:
    """A rack's points: its tiles' face values, 30 a joker; ``=42`` or ``42`` alone is a typed total."""
    if text is None or text == "":
        return 0
    if isinstance(text, bool):
        raise RackError(said("ledger.rack.kind"))
    if isinstance(text, int):
        if not 0 <= text <= 1000:
            raise RackError(said("ledger.rack.total", text=text))
        return text
    s = str(text).strip()
    if s.startswith("="):
        body = s[1:].strip()
        if not body.isdigit() or int(body) > 1000:
            raise RackError(said("ledger.rack.after_equals", text=repr(s)))
        return int(body)
    if s.isdigit():  # one number alone is a total ("20"; "5" is the tile 5, the same)
        if int(s) > 1000:
            raise RackError(said("ledger.rack.total", text=s))
        return int(s)
    pieces = parse_tiles(s)
    return sum(JOKER if p.joker else p.number or 0 for p in pieces)


def score_round(racks: Sequence[str | int | None], out: int | None, empty_pool: str = "lowest",
                simple: bool = False, first: int = 0) -> list[int]:
    """Each player's score for one round. ``out`` is who went out (None: the pool ran dry); ``first`` is the
    round's first player.

    Tied lowest racks (``lowest``) share the sum of the differences in whole points, so the shares add up to
    it: each gets the same, and the points that do not divide (fewer than the tied players) go one each to
    the tied players in turn order from the round's first player.

    >>> score_round(["=9", "=9", "=20", "=13"], out=None)
    [8, 7, -20, -13]
    """
    totals = [rack_total(r) for r in racks]
    n = len(totals)
    if out is not None:
        if not 0 <= out < n:
            raise RackError(said("ledger.rack.out_missing"))
        if totals[out]:
            raise RackError(said("ledger.rack.out_empty"))
        scores = [0 if simple else -t for t in totals]
        scores[out] = sum(totals)
        return scores
    if empty_pool == "none":
        return [0] * n
    scores = [0 if simple else -t for t in totals]
    if empty_pool == "minus_rack":
        return scores
    low = min(totals)
    lowest = [i for i in (*range(first % n, n), *range(first % n)) if totals[i] == low]  # in turn order
    share, odd = divmod(sum(t - low for t in totals), len(lowest))
    for k, i in enumerate(lowest):
        scores[i] = share + (1 if k < odd else 0)
    return scores


# ---- the first-meld checker ------------------------------------------------------------------------------


def _group_values(pieces: Sequence[Piece]) -> list[int] | None:
    numbers = {p.number for p in pieces if not p.joker}
    colours = [p.colour for p in pieces if not p.joker and p.colour]
    if len(numbers) != 1 or not 3 <= len(pieces) <= 4 or len(colours) != len(set(colours)):
        return None
    (n,) = numbers
    assert n is not None  # jokers were left out
    return [n] * len(pieces)


def _run_values(pieces: Sequence[Piece]) -> list[int] | None:
    """The values of a run in the order given: jokers fill the gaps, then stand above (or below at 13)."""
    if len(pieces) < 3:
        return None
    colours = {p.colour for p in pieces if not p.joker and p.colour}
    if len(colours) > 1:
        return None
    firsts = [(i, p.number) for i, p in enumerate(pieces) if not p.joker]
    if not firsts:
        return None
    i0, n0 = firsts[0]
    start = n0 - i0  # type: ignore[operator]
    if start + len(pieces) - 1 > 13:
        start = 13 - len(pieces) + 1
    values = [start + k for k in range(len(pieces))]
    if start < 1 or any(values[i] != p.number for i, p in enumerate(pieces) if not p.joker):
        return None
    return values


def first_meld(text: str, needed: int = 30) -> dict[str, object]:
    """Check a first meld: sets separated by ``|`` or ``;``, each a group or a run in order.

    A joker counts as the tile it stands for.

    >>> first_meld("10 11 12 | J 5 5")["points"]
    48
    >>> first_meld("1 2 3 | 4 4 4")["ok"]
    False
    """
    sets = [s for s in re.split(r"[|;；/]", text) if s.strip()]
    if not sets:
        raise RackError(said("ledger.meld.sets"))
    described, total = [], 0
    for s in sets:
        pieces = parse_tiles(s)
        values = _group_values(pieces) or _run_values(pieces)
        if values is None:
            raise RackError(said("ledger.meld.not_a_set", set=repr(s.strip())))
        described.append({"tiles": s.strip(), "values": values, "points": sum(values)})
        total += sum(values)
    return {"sets": described, "points": total, "needed": needed, "ok": total >= needed}
