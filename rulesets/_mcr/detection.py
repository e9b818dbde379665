"""Running the fan table on a reading: every predicate of the table in force, grouped by scope.

:data:`.predicates.SCOPES` says which fans are detected together, behind which gate, and which read
only the whole hand's facts (detected once per hand). A :class:`Plan` is the table in force laid out
that way, each detector keeping its row's position so that the items come out in table order (the
order :func:`rulesets.scoring.apply_exclusions` breaks ties by).

>>> from rulesets.guobiao import FANS
>>> plan = Plan.of(FANS, frozenset({"chicken_hand", "flower_tiles"}))
>>> sum(len(detectors) for _, detectors in plan.whole_hand + plan.reading)
80
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulesets.scoring import Fan, Item

from .predicates import PREDICATES, SCOPES, Predicate
from .view import View

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
