"""The MCR fan rows as lines of the pipeline's table: each predicate a :class:`~rulesets.pipeline.Row`, grouped
by scope into :class:`~rulesets.pipeline.Gate` lines.

:data:`.predicates.SCOPES` says which fans are detected together, behind which gate, and which read only the
whole hand's facts (a gate counted once per hand). A system running the MCR detection over its own fan table
(国标, 二人麻将) takes the gates of the rows its table has; the pipeline lists the items in the table's order
(the order :func:`rulesets.scoring.apply_exclusions` breaks ties by).

>>> from rulesets.guobiao import FANS
>>> lines = gates(FANS, frozenset({"chicken_hand", "flower_tiles"}))
>>> sum(len(g.rows) for g in lines), sum(len(g.rows) for g in lines if g.once)
(80, 33)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rulesets.pipeline import Gate, Row
from rulesets.scoring import Fan, Item

from .predicates import PREDICATES, SCOPES, Predicate
from .view import View


def _count(predicate: Predicate) -> Callable[[View, Any], int]:
    """A predicate as a row's count (which reads no options)."""
    return lambda view, options: predicate(view)


def row(fan: Fan, under: Callable[[Fan, Any], Fan | None] | None = None) -> Row[View, Any]:
    """The row of ``fan`` with its MCR predicate."""
    return Row(fan, _count(PREDICATES[fan.id]), under=under)


def gates(table: Iterable[Fan], not_detected: frozenset[str] = frozenset(),
          under: Callable[[Fan, Any], Fan | None] | None = None) -> tuple[Gate[View, Any], ...]:
    """The rows of ``table`` that have an MCR predicate (less ``not_detected``), one gate per scope; ``under``
    is each row's house rule (:attr:`rulesets.pipeline.Row.under`)."""
    by_id = {fan.id: fan for fan in table}
    out = []
    for scope in SCOPES:
        rows = tuple(row(by_id[f], under) for f in scope.fans if f in by_id and f not in not_detected)
        if rows:
            out.append(Gate(scope.gate, rows, once=scope.whole_hand))
    return tuple(out)


Detector = tuple[int, Fan, Predicate]  # (position in the table, fan, its predicate)
Gated = tuple[tuple[Callable[[View], bool], tuple[Detector, ...]], ...]  # (gate, its detectors) by scope


@dataclass(frozen=True)
class Plan:
    """A fan table ready to run: the whole-hand scopes and the reading scopes, each as its gate and
    the detectors of its fans that are in the table."""

    whole_hand: Gated
    reading: Gated
    _items: dict[tuple[int, int], Item] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def of(table: tuple[Fan, ...], not_detected: frozenset[str]) -> Plan:
        """The plan of ``table``; the fans in ``not_detected`` have no predicate run."""
        position = {fan.id: k for k, fan in enumerate(table)}
        whole_hand: list[tuple[Any, Any]] = []
        reading: list[tuple[Any, Any]] = []
        for scope in SCOPES:
            detectors = tuple(
                (position[f], table[position[f]], PREDICATES[f])
                for f in scope.fans
                if f in position and f not in not_detected
            )
            if detectors:
                (whole_hand if scope.whole_hand else reading).append((scope.gate, detectors))
        return Plan(tuple(whole_hand), tuple(reading))

    def detect(self, scopes: Gated, view: View) -> list[tuple[int, Item]]:
        """(position, item) of each fan of ``scopes`` present in ``view``; a scope whose gate fails is
        skipped."""
        return [
            (position, self._item(position, fan, n))
            for gate, detectors in scopes
            if gate(view)
            for position, fan, predicate in detectors
            if (n := predicate(view))
        ]

    def _item(self, position: int, fan: Fan, count: int) -> Item:
        """Items are values: one per (row, count) is made and shared."""
        item = self._items.get((position, count))
        if item is None:
            item = self._items[position, count] = Item(fan, count)
        return item
