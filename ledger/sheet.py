"""The sheet: every entry of a table settled in order, running totals, who deals next, 标准分.

An entry keeps a snapshot of its settlement with the engine version that made it. Recalculating a
table walks the entries in order; an entry whose inputs (its own data, the dealer and round wind it
was played under, the table's system and house rules) are those of its snapshot keeps the snapshot,
so a later engine fix never silently changes an old total. Only an entry whose inputs changed (it was
edited, or an edit before it moved the deal) is settled again. :func:`recomputed` settles every entry
with the current engine without keeping anything ("recomputed with the current rules").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import rounds, rummikub
from .words import said

WINDS = "ESWN"
GUOBIAO_SESSION = 16
STANDARD_SCORES = (4, 2, 1, 0)


@dataclass
class Row:
    """One entry as the sheet shows it."""

    index: int
    kind: str
    data: dict[str, Any]
    snapshot: dict[str, Any]
    dealer: int
    deltas: list[int]
    totals: list[int]
    next_dealer: int
    error: str = ""
    error_zh: str = ""  # the same in 中文 (the engine's words come in both languages)


@dataclass
class Sheet:
    players: list[str]
    rows: list[Row] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    dealer: int = 0  # who deals the next hand
    standard: list[float] | None = None  # 国标 标准分 of the session so far

    @property
    def series(self) -> list[list[int]]:
        """The totals after each entry, per player, starting at 0 (for the chart)."""
        n = len(self.players)
        out = [[0] for _ in range(n)]
        for row in self.rows:
            for i in range(n):
                out[i].append(row.totals[i])
        return out


def _key(table: Mapping[str, Any], kind: str, data: Mapping[str, Any], dealer: int, round_wind: str) -> str:
    blob = json.dumps([table["kind"], table["system"], table["options"], table.get("settings", {}), kind, data,
                       dealer, round_wind], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def settle(table: Mapping[str, Any], kind: str, data: Mapping[str, Any], dealer: int, round_wind: str,
           count: int) -> rounds.Settled:
    """Settle one entry with the current engine (raises RoundError / RackError on bad input)."""
    if kind == "draw":
        return rounds.Settled()
    if kind == "rummikub":
        settings = table.get("settings", {})
        scores = rummikub.score_round(data["racks"], data.get("out"), settings.get("empty_pool", "lowest"),
                                      bool(settings.get("simple")), first=dealer)
        out = rounds.Settled(winners=[data["out"]] if data.get("out") is not None else [])
        out.results = [{"scores": scores}]
        return out
    if kind == "round":
        policy = table.get("settings", {}).get("refund_policy", "all")
        return rounds.settle_round(table["system"], table["options"], data["events"], dealer, policy)
    if kind in ("quick", "adjust"):  # a hand without tiles, a free adjustment (ledger/quick.py)
        from . import quick

        return quick.settle(table, data, dealer) if kind == "quick" else quick.settle_adjust(data)
    if kind == "hand":
        wind = round_wind if rounds.ruleset_of(table["system"]).passes_deal else None  # the wind follows the hands
        return rounds.score_hand(table["system"], table["options"], data, dealer, wind)
    raise rounds.RoundError(said("ledger.entry.unknown_kind", kind=repr(kind)))


def _deltas(kind: str, settled: rounds.Settled, n: int) -> list[int]:
    if kind in ("rummikub", "adjust"):
        return list(settled.results[0]["scores"])
    out = [0] * n
    for line in settled.lines:
        out[line.payer] -= line.amount
        out[line.payee] += line.amount
    return out


def snapshot_of(settled: rounds.Settled, kind: str, n: int, key: str) -> dict[str, Any]:
    return {
        "engine": rounds.ENGINE_VERSION,
        "key": key,
        "deltas": _deltas(kind, settled, n),
        "lines": [line.as_dict() for line in settled.lines],
        "results": [_kept(r) for r in settled.results],
        "winners": settled.winners,
        "first_multi_from": settled.first_multi_from,
        "notes": settled.notes,
    }


def _kept(result: Mapping[str, Any]) -> dict[str, Any]:
    """A result object as a snapshot keeps it: all but the other readings (``shapes``) and the house rules
    (``options``: the table's own, kept on the table)."""
    return {k: v for k, v in result.items() if k not in ("shapes", "options")}


def next_dealer(table: Mapping[str, Any], kind: str, snapshot: Mapping[str, Any], dealer: int) -> int:
    """Each system's rotation: a system that passes the deal (``Ruleset.passes_deal``: 国标) passes it every
    hand; 血战 the first winner deals next (一炮多响: the discarder), a round nobody won keeps the dealer; other
    systems 连庄 (the dealer keeps the deal on a win or a draw, else the next player deals; several wins on one
    discard, 通炮: the discarder);
    Rummikub's first player moves round by round."""
    n = len(table["players"])
    if kind == "rummikub" or table["kind"] == "rummikub":
        return (dealer + 1) % n
    ruleset = rounds.ruleset_of(table["system"])
    system = ruleset.id
    winners = snapshot.get("winners") or []
    if ruleset.passes_deal:
        return (dealer + 1) % n
    if snapshot.get("first_multi_from") is not None:
        return snapshot["first_multi_from"]
    if rounds.plays_to_the_wall(system):
        return winners[0] if winners else dealer
    return dealer if not winners or winners[0] == dealer else (dealer + 1) % n


@dataclass
class Tail:
    """Where a sheet stands after its last entry: how many entries, the running totals, who deals next.

    A table keeps its tail (``Table.tail``), so an entry added at the end is settled from it alone: adding
    costs the same on a table of 400 entries as on an empty one."""

    count: int
    totals: list[int]
    dealer: int

    @classmethod
    def start(cls, table: Mapping[str, Any]) -> Tail:
        """Before the first entry: nobody has scored, the first dealer deals."""
        n = len(table["players"])
        return cls(0, [0] * n, int(table.get("settings", {}).get("first_dealer", 0)) % n)

    @classmethod
    def of(cls, kept: Mapping[str, Any]) -> Tail:
        return cls(int(kept["count"]), [int(t) for t in kept["totals"]], int(kept["dealer"]))

    def as_dict(self) -> dict[str, Any]:
        return {"count": self.count, "totals": list(self.totals), "dealer": self.dealer}


def step(table: Mapping[str, Any], tail: Tail, entry: Mapping[str, Any],
         fresh: bool = False) -> tuple[Row, dict[str, Any], Tail]:
    """The entry after ``tail``: its row, the snapshot to keep and the tail after it.

    The entry's snapshot is kept when its inputs are those it was made from (``fresh``: settled again)."""
    n = len(table["players"])
    index, dealer = tail.count, tail.dealer
    wind = WINDS[(index // n) % 4]
    key = _key(table, entry["kind"], entry["data"], dealer, wind)
    snap = entry.get("snapshot") or {}
    error = ""
    if fresh or snap.get("key") != key:
        try:
            snap = snapshot_of(settle(table, entry["kind"], entry["data"], dealer, wind, index), entry["kind"], n,
                               key)
        except (rounds.RoundError, rummikub.RackError) as exc:
            # an edit before this entry made it impossible (e.g. a winner has now already won):
            # keep it, count nothing, and say why
            snap, error = {"engine": rounds.ENGINE_VERSION, "key": key, "deltas": [0] * n, "lines": [],
                           "results": [], "winners": [], "error": str(exc), "error_zh": exc.message_zh,
                           "error_key": exc.key}, str(exc)
    error = error or snap.get("error", "")
    error_zh = snap.get("error_zh") or error
    deltas = list(snap.get("deltas") or [0] * n)
    totals = [t + d for t, d in zip(tail.totals, deltas, strict=True)]
    following = next_dealer(table, entry["kind"], snap, dealer)
    row = Row(index, entry["kind"], dict(entry["data"]), snap, dealer, deltas, totals, following, error, error_zh)
    return row, snap, Tail(index + 1, totals, following)


def build(table: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
          fresh: bool = False) -> tuple[Sheet, list[dict[str, Any]]]:
    """The sheet of ``entries`` (each ``{"kind", "data", "snapshot"}``) and each entry's snapshot to keep.

    ``fresh`` settles every entry again with the current engine (nothing reused)."""
    tail = Tail.start(table)
    sheet = Sheet(list(table["players"]), totals=list(tail.totals))
    kept = []
    for entry in entries:
        row, snap, tail = step(table, tail, entry, fresh)
        sheet.rows.append(row)
        kept.append(snap)
    sheet.totals, sheet.dealer = tail.totals, tail.dealer
    sheet.standard = standard_of(table, tail)
    return sheet, kept


def is_session(table: Mapping[str, Any]) -> bool:
    """Whether the table is a competition session that 标准分 ranks: four players of a system ranked so (国标)."""
    return table["kind"] == "mahjong" and rounds.ruleset_of(table["system"]).ranks_by_standard_score and \
        len(table["players"]) == 4


def standard_of(table: Mapping[str, Any], tail: Tail) -> list[float] | None:
    """国标 标准分 of the session so far (a session table with an entry), else None."""
    if is_session(table) and tail.count:
        return standard_scores(tail.totals)
    return None


def standard_scores(totals: Sequence[int]) -> list[float]:
    """国标 标准分 by rank (4/2/1/0); tied players share the sum of the tied places equally (mcr.md §2.4).

    >>> standard_scores([30, -10, -10, -10])
    [4, 1, 1, 1]
    >>> standard_scores([10, 10, -5, -15])
    [3, 3, 1, 0]
    """
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    out: list[float] = [0] * len(totals)
    place = 0
    while place < len(order):
        tied = [i for i in order if totals[i] == totals[order[place]]]
        share = sum(STANDARD_SCORES[place:place + len(tied)]) / len(tied)
        for i in tied:
            out[i] = int(share) if share == int(share) else round(share, 4)
        place += len(tied)
    return out
