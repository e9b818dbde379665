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
from typing import Any

from rulesets.pipeline import Gate, Row
from rulesets.scoring import Fan

from .predicates import PREDICATES, SCOPES
from .view import View


def row(fan: Fan, under: Callable[[Fan, Any], Fan | None] | None = None) -> Row[View, Any]:
    """The row of ``fan`` with its MCR predicate (a count that reads no options)."""
    return Row(fan, PREDICATES[fan.id], under=under)


def gates(table: Iterable[Fan], not_detected: frozenset[str] = frozenset(),
          under: Callable[[Fan, Any], Fan | None] | None = None) -> tuple[Gate[View, Any], ...]:
    """The rows of ``table`` that have an MCR predicate (less ``not_detected``), one gate per scope; ``under``
    is each row's house rule (:attr:`rulesets.pipeline.Row.under`)."""
    by_id = {fan.id: fan for fan in table}
    out = []
    for scope in SCOPES:
        rows = tuple(row(by_id[f], under) for f in scope.fans if f in by_id and f not in not_detected)
        if rows:
            out.append(Gate(scope.gate, rows, once=scope.whole_hand, scan=scope.scan))
    return tuple(out)

