"""The score pipeline of the issue-15 systems: check → readings → items → ``apply_exclusions`` →
value → best reading → settle, each step supplied by the system as a small function.

A system is a :class:`System` value; :func:`score` is the one orchestrator. A hand the rules do not
allow is a Score with ``valid=False`` and its reason in 中文 and English; a hand that cannot exist
(size, copies, seats) raises, as everywhere in the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from types import MappingProxyType
from typing import Any

from ..errors import HandError
from ..hand import Hand
from ..hand import seats as table_seats
from ..messages import msg
from ..reading import Reading, readings
from ..scoring import Exclusion, Item, Payment, Score, Settlement, ShapeScore, apply_exclusions, options_dict
from ..settle import settled
from ..shapes import ShapeKind, decompose

Problem = tuple[str, str]
"""Why a hand is not a win here: (中文, English)."""


@dataclass(frozen=True)
class Valued:
    """One reading with its counted items, what was not counted, and its value in the system's unit."""

    reading: Reading
    items: tuple[Item, ...]
    excluded: tuple[Exclusion, ...]
    total: int

    def shape_score(self) -> ShapeScore:
        return ShapeScore(self.reading.shape, self.total, self.items, self.excluded)


@dataclass(frozen=True)
class System:
    """The steps of one system. ``items`` lists what a reading is worth before exclusions; ``value``
    turns the counted items into the hand's value (sum, cap, limit); ``admit`` refuses a value below
    the minimum; ``settle`` writes the payments of a hand worth ``total`` (the Score's) at the hand's table;
    ``extra`` adds result fields."""

    id: str
    unit: str
    players: int
    kinds: Callable[[Any], frozenset[ShapeKind]]
    items: Callable[[Reading, Any], list[Item]]
    settle: Callable[[Hand, int, Any], list[Payment]]
    check: Callable[[Hand, Any], Problem | None] = lambda hand, options: None
    legal: Callable[[Reading, Any], Problem | None] = lambda reading, options: None  # a reading the rules refuse
    value: Callable[[list[Item], Any], tuple[int, list[Item]]] = lambda items, options: (
        sum(i.total for i in items), items)
    admit: Callable[[Valued, Any], Problem | None] = lambda valued, options: None
    extra: Callable[[Hand, Valued, Any], Mapping[str, object]] = lambda hand, valued, options: {}
    shape_problem: Problem = ("不是和牌型：四组一将，或七对",
                              "Not a winning shape: four sets and a pair, or seven pairs")
    provisional: tuple[str, str] | None = None  # (中文, English) note on a card whose sources are below a rulebook
    notes: Callable[[Hand, Any], list[str]] = lambda hand, options: []
    hand_size: int = 14
    winners_stay: bool = field(default=False)


@lru_cache(maxsize=512)
def applied(options: Any) -> Mapping[str, object]:
    """The applied house rules as JSON values (options are frozen, so each is worked out once)."""
    return MappingProxyType(options_dict(options))


def invalid(system: System, options: Any, problem: Problem, extra: Mapping[str, object] | None = None) -> Score:
    more = dict(extra or {})
    if system.provisional:
        more.setdefault("provisional", True)
        more.setdefault("provisional_note", {"zh": system.provisional[0], "en": system.provisional[1]})
    return Score(rules=system.id, valid=False, unit=system.unit, reason=problem[0], reason_en=problem[1],
                 options=applied(options), extra=more)


def validate(system: System, hand: Hand) -> None:
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    hand.validate(hand_size=system.hand_size, players=system.players, winners_stay=system.winners_stay)


def value_reading(system: System, reading: Reading, options: Any) -> Valued:
    kept, excluded = apply_exclusions(system.items(reading, options))
    total, shown = system.value(kept, options)
    return Valued(reading, tuple(shown), tuple(excluded), total)


def best(valued: Sequence[Valued]) -> Valued:
    """The reading worth most (就高不就低); the first of equals."""
    return max(valued, key=lambda v: v.total)


def score(system: System, hand: Hand, options: Any) -> Score:
    """Score one complete hand under ``system`` (DESIGN §4.4), with its settlement."""
    validate(system, hand)
    problem = system.check(hand, options)
    if problem:
        return invalid(system, options, problem)
    shapes = decompose(hand, system.kinds(options))
    if not shapes:
        return invalid(system, options, system.shape_problem)
    every = readings(hand, shapes)
    kept = [r for r in every if system.legal(r, options) is None]
    if not kept:
        problem = system.legal(every[0], options)
        assert problem is not None
        return invalid(system, options, problem)
    valued = [value_reading(system, r, options) for r in kept]
    top = best(valued)
    extra = dict(system.extra(hand, top, options))
    notes = system.notes(hand, options)
    if notes:
        extra["notes"] = notes
    if system.provisional:
        extra["provisional"] = True
        extra["provisional_note"] = {"zh": system.provisional[0], "en": system.provisional[1]}
    refused = system.admit(top, options)
    if refused:
        return Score(rules=system.id, valid=False, unit=system.unit, total=top.total, items=top.items,
                     excluded=top.excluded, reason=refused[0], reason_en=refused[1], shape=top.shape_score(),
                     shapes=tuple(v.shape_score() for v in valued), options=applied(options), extra=extra)
    return settled(Score(rules=system.id, valid=True, unit=system.unit, total=top.total, items=top.items,
                         excluded=top.excluded, shape=top.shape_score(), shapes=tuple(v.shape_score() for v in valued),
                         options=applied(options), extra=extra), partial(settle, system), hand, options)


def settle(system: System, score: Score, table: Hand, options: Any) -> Settlement:
    """``Ruleset.settle`` of a pipeline system (rulesets/settle.py): the payments of the Score's total at ``table``
    (who won, who discarded, the dealer and the system's table fields), with ``options``' payout rules. The
    total is the Score's: a table that changes what the hand is worth (how it was won is a fan in every one of
    these tables) needs a new score."""
    return Settlement(tuple(system.settle(table, score.total, options)), table_seats(system.players))
