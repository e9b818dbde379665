"""The one pipeline every system runs (DESIGN §2): readings → fan rows → exclusions → value → settlement.

A system declares its steps as data, a :class:`Pipeline` held by its :class:`~rulesets.scoring.Ruleset`
(``Ruleset(..., pipeline=PIPELINE)``); :func:`score` runs them for every system the same way:

1. **validate**: a hand that cannot exist (its size, a fifth copy, seats not at the table) raises;
2. **check**: a hand the rules refuse before any reading (flowers at a table without them, a claimed
   chow where chows are not allowed) is a Score that is no win, with the reason in 中文 and English;
3. **readings** (``Pipeline.readings``): the shapes of the hand as the system reads them — every
   placement of the winning tile (:func:`rulesets.reading.placed`), wild tiles
   (:func:`rulesets.wild.decompose_wild`), special shapes (八对, a hand of three 财神 with no shape);
   ``legal`` refuses the readings the rules do not allow; ``no_reading`` says why a hand with none is no win
   (``no_reading_says``, when the house rules decide the words: 陕西's 七对 allowed or not);
4. **fan rows** (``Pipeline.rows``): each :class:`Row` is a fan with its predicate; an :class:`Each` counts
   its rows set by set (or flower by flower); a house rule may change a row's value or leave it out
   (``Row.under``), and how the hand was won may set it (``Row.value``). Readings alike in what the rows
   read (``Pipeline.alike``) are valued once. A :class:`Gate` puts rows behind a test every one of them needs
   (no pung: no pung fan), and counts the rows that read only the whole hand once per hand;
5. **exclusions**: :func:`~rulesets.scoring.apply_exclusions`, the one generic step (不计); rows that do not
   stack (:class:`OneOf`: named patterns, 只按最大番算) are tried one at a time, the best kept and the others
   reported as not counted by their principle; then the system's principles that are no row
   (``Pipeline.principles``: 国标's 套算一次), each removal an :class:`~rulesets.scoring.Exclusion` that names
   its principle; then the rows counted after the exclusions (``Row.after``: 国标's flowers);
   ``Pipeline.finish`` then says what each counted line is on (a 根 per four, the tiles that make it);
6. **value** (:class:`Value`): the counted rows added, the highest of them, or multiplied; a cap and a
   limit as data; the readings the rules refuse once valued left out (``Pipeline.refuse``: 武汉's small win
   needs a 2/5/8 pair); the best reading kept (就高不就低, or by ``Pipeline.prefer``: 武汉 keeps the one the
   winner collects most from), its value held where the system holds it (``Value.held``: 杭州's 封顶), and
   the :class:`Minimum` a win needs; how the table writes the best reading's value (:class:`Display`: from 0
   or 1, a multiplier, a cap on it; the unit under the house rules) is the last step of the value;
7. **settlement** (``Pipeline.settle``, the system's ``settle.py``): who pays whom, each payment from its
   named factors (:func:`rulesets.scoring.paid`); a round settlement is ``Ruleset.settle_round``. A hand that
   is no win settles nothing, unless the system says what it costs (``Pipeline.penalty``: 香港's 詐糊).

What a system adds to its result is a typed value (``Pipeline.details``: a :class:`~rulesets.scoring.Details`
dataclass its settlement reads as fields) and notes for the player (``Pipeline.notes``). Which tiles make each
fan a system that knows more than its table lights itself (``Pipeline.lights``), when a reader asks.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from types import CodeType
from typing import TYPE_CHECKING, Any, Protocol

from .errors import ContextError, HandError, MahjongError
from .hand import SEATS4, Hand, WinContext
from .messages import msg
from .scoring import Details, Exclusion, Fan, Item, Score, Settlement, ShapeScore, apply_exclusions
from .settle import settled
from .shapes import Shape, ShapeKind, waits
from .tiles import Tile
from .values import plain_fields, quick
from .wild import WildRule

if TYPE_CHECKING:
    from .scoring import Ruleset

__all__ = [
    "Combine", "Each", "EachRow", "Gate", "Minimum", "Outcome", "Pipeline", "Problem", "Readable", "Row", "StandsFor",
    "Valued", "Value", "book_order", "detect", "score", "value_all",
    "Display", "OneOf",
]

Problem = tuple[str, str]
"""Why a hand is no win here: (中文, English)."""


class Readable(Protocol):
    """What the pipeline needs of a reading: its shape (None for a win without one, e.g. three 财神)."""

    @property
    def shape(self) -> Shape | None: ...


def _no_problem(*_: object) -> Problem | None:
    return None


# --- the fan table -------------------------------------------------------------------------------------


@plain_fields
@dataclass(frozen=True)
class Row[R: Readable, O]:
    """One row of a fan table and its predicate: how many times a reading holds the fan (0 or False: not).

    ``shapes``: the shape kinds the row is counted in (None: any). ``under``: the row as the house rules have
    it — another value, other exclusions — or None where they leave it out (None: the row as written).
    ``fallback``: counted only when no other row is (a chicken hand). ``value``: the row's value read from the
    reading where how the hand was won sets it (长沙's 小胡: 1 on a discard, the house rule's when self-drawn; None:
    the fan's value). ``after``: counted after the exclusions and the principles, excluding nothing and excluded
    by nothing, and no bar to a fallback (国标's flowers)."""

    fan: Fan
    count: Callable[[R, O], int]
    shapes: frozenset[ShapeKind] | None = None
    under: Callable[[Fan, O], Fan | None] | None = None
    fallback: bool = False
    value: Callable[[R, O], int | None] | None = None
    after: bool = False


@dataclass(frozen=True)
class EachRow[R: Readable, O, E]:
    """A row counted element by element: once for each element (a set, a flower) its test accepts."""

    fan: Fan
    test: Callable[[E, R], bool]
    shapes: frozenset[ShapeKind] | None = None
    under: Callable[[Fan, O], Fan | None] | None = None


@dataclass(frozen=True)
class Each[R: Readable, O, E]:
    """Rows counted element by element (``elements`` of a reading: its sets, its flowers). Their items are
    listed in the order of the elements that first count them: a card lists 暗杠 before 风碰 when the
    concealed kong is the first of the sets."""

    elements: Callable[[R], Iterable[E]]
    rows: tuple[EachRow[R, O, E], ...]


@plain_fields
@dataclass(frozen=True)
class Gate[R: Readable, O]:
    """Rows behind a test every one of them needs (no pung: no pung fan, no chow pair: no chow fan): where
    ``test(reading)`` fails, none of their predicates is run (None: no test, they run in every reading).
    ``once``: rows that read only the whole hand, counted on the first reading of a hand and the same in every
    other. A gate groups rows for speed, never for meaning: a table with gates lists its items in the order of
    ``Pipeline.book``. ``scan``: every row's count worked out in one call where the test holds, by fan id (read
    from a table made once: the counts a set of chows holds), in place of one call of each row's ``count``; it
    says what the rows' counts say, which stay their meaning."""

    test: Callable[[R], bool] | None
    rows: tuple[Row[R, O], ...]
    once: bool = False
    scan: Callable[[R], Mapping[str, int]] | None = None
    _items: dict[tuple[int, int], Item] = field(default_factory=dict, compare=False, repr=False)

    def detect(self, reading: R, options: O) -> list[Item]:
        """The items of the rows the reading holds (none when the test fails); items are values, made once."""
        if self.test is not None and not self.test(reading):
            return []
        shape = reading.shape
        made = self._items
        out = []
        counts = self.scan(reading) if self.scan is not None else None
        for k, row in enumerate(self.rows):
            n = row.count(reading, options) if counts is None else counts[row.fan.id]
            if n and (row.shapes is None or _fits(row.shapes, shape)):
                item = made.get((k, n))
                if item is None:
                    item = made[k, n] = Item(row.fan, int(n))
                out.append(item)
        return out


type Line[R: Readable, O] = Row[R, O] | Each[R, O, Any] | Gate[R, O]
"""One line of a system's table: a row, rows counted element by element, or rows behind a gate."""


def _rows_of(line: Line[Any, Any]) -> tuple[Row[Any, Any] | EachRow[Any, Any, Any], ...]:
    return line.rows if isinstance(line, (Each, Gate)) else (line,)


def book_order(lines: Iterable[Line[Any, Any]], book: Sequence[str] = (), *lines_shown: Fan | None
               ) -> tuple[Fan, ...]:
    """The fans of ``lines`` (and the lines a value shows: a cap, a limit) as the fan reference lists them: in the
    order ``book`` names them (the rule book's order), or, without one, in the order of the lines (the order a
    card lists its items)."""
    fans = [r.fan for line in lines for r in _rows_of(line)]
    fans += [f for f in lines_shown if f is not None and f not in fans]
    if not book:
        return tuple(fans)
    by_id = {f.id: f for f in fans}
    if sorted(by_id) != sorted(book) or len(book) != len(fans):
        raise ValueError(f"the book order names {sorted(set(book) ^ set(by_id))} differently from the rows")
    return tuple(by_id[i] for i in book)


@dataclass(frozen=True)
class OneOf:
    """Rows that do not stack (named patterns: 只按最大番算): a reading counts one of them, with the rows its
    ``excludes`` name (the ones it contains). Each row of the set the reading holds is tried in turn, the best
    kept (its value, then the row's own value; the first on a tie), and the others it holds are reported as not
    counted, by ``principle`` with ``reason``. ``fallback``: the row of the set counted only when it holds no other
    (a plain win)."""

    ids: frozenset[str]
    principle: str
    reason: str = ""
    fallback: str | None = None

    def ways(self, items: list[Item]) -> Iterator[tuple[int, list[Item], list[Exclusion]]]:
        """Each way to count ``items``: (the value of the row of the set kept, the items counted, the rows of the
        set not counted)."""
        held = [i for i in items if i.fan.id in self.ids and i.fan.id != self.fallback]
        if not held:
            yield 0, items, []
            return
        for one in held:
            contained = {e.fan for e in one.fan.excludes}
            counted = [i for i in items if i.fan.id not in self.ids or i is one or i.fan.id in contained]
            others = [Exclusion(i.fan, self.principle, 1, self.reason) for i in held
                      if i is not one and i.fan.id not in contained]
            yield one.value, counted, others


# --- the value -----------------------------------------------------------------------------------------


class Combine(enum.Enum):
    """How the counted rows make the hand's value."""

    ADD = "add"  # the values added (台, points, 番 that add; 番 paid as 2^番 double in the settlement)
    HIGHEST = "highest"  # the highest value alone (levels: 温州's 软 硬 双翻 四翻)
    MULTIPLY = "multiply"  # each value to the power of its count, multiplied (倍 that multiply)


def _combined(how: Combine, items: Sequence[Item]) -> int:
    if how is Combine.ADD:  # Item.total, without its two properties' calls
        return sum([i.count * (i.fan.value if i.value_override is None else i.value_override) for i in items])
    if how is Combine.HIGHEST:
        return max((i.value for i in items), default=0)
    product = 1
    for i in items:
        product *= i.value**i.count
    return product


@plain_fields
@dataclass(frozen=True)
class Value[O]:
    """How the counted rows make the hand's value: combined (:class:`Combine`), then a listed limit hand worth
    its highest limit row alone (shown as ``limit_row``), else held to ``cap(options)`` (0: none; shown as
    ``cap_row``). ``held(total, options)`` holds the hand's value once its best reading is chosen, with no line
    shown and each reading keeping its own value (杭州's 封顶: each payment carries the cap as its own factor)."""

    combine: Combine = Combine.ADD
    cap: Callable[[O], int] | None = None
    cap_row: Fan | None = None
    limits: frozenset[str] = frozenset()
    limit_row: Fan | None = None
    held: Callable[[int, O], int] | None = None

    def of(self, kept: list[Item], options: O) -> tuple[int, list[Item]]:
        """The value of the counted items, and the items as a card shows them (with a cap or limit line)."""
        total = _combined(self.combine, kept)
        limits = [i.value for i in kept if i.fan.id in self.limits] if self.limits else []
        if limits and self.limit_row is not None:
            top = max(limits)
            line = [Item(self.limit_row, 1, f"{total}→{top}", value_override=top - total)] if total != top else []
            return top, kept + line
        cap = self.cap(options) if self.cap is not None else 0
        if cap and total > cap and self.cap_row is not None:
            return cap, kept + [Item(self.cap_row, 1, f"{total}→{cap}", value_override=cap - total)]
        return total, kept


@dataclass(frozen=True)
class Display[O]:
    """How a table writes the value of the best reading once it is chosen: the unit under the house rules (番 or
    倍), and ``written(best, options)``, the total with the items as the card lists them (a cap on a multiplier,
    a starting 番 added as lines). The readings keep their own value and items (``Score.shape``, ``Score.shapes``);
    ``lines`` are the fans those added lines show (the fan reference lists them after the rows)."""

    unit: Callable[[O], str]
    written: Callable[[Valued[Any], O], tuple[int, tuple[Item, ...]]]
    lines: tuple[Fan, ...] = ()


@quick
@dataclass(frozen=True)
class Valued[R: Readable]:
    """One reading with its counted items, what was not counted, and its value."""

    reading: R
    items: tuple[Item, ...]
    excluded: tuple[Exclusion, ...]
    total: int
    lighter: Callable[[], Sequence[Item]] | None = field(default=None, compare=False, repr=False)

    def shape_score(self) -> ShapeScore | None:
        shape = self.reading.shape
        return None if shape is None else ShapeScore(shape, self.total, self.items, self.excluded, self.lighter)


@plain_fields
@dataclass(frozen=True)
class Minimum[O, R: Readable]:
    """What a win needs: ``need(hand, options)`` of what ``counts`` (the value, by default), unless ``waived``;
    ``says(has, need, hand, options)`` why a hand below it is no win."""

    need: Callable[[Hand, O], int]
    says: Callable[[int, int, Hand, O], Problem]
    counts: Callable[[Valued[R], O], int] | None = None
    waived: Callable[[Valued[R], O], bool] | None = None

    def refuses(self, hand: Hand, best: Valued[R], options: O) -> Problem | None:
        if self.waived is not None and self.waived(best, options):
            return None
        has = self.counts(best, options) if self.counts is not None else best.total
        need = self.need(hand, options)
        return None if has >= need else self.says(has, need, hand, options)


# --- what a system adds to its result ------------------------------------------------------------------


@quick
@dataclass(frozen=True)
class Outcome[O, R: Readable]:
    """How scoring a hand went, for the system's details and notes: the best reading (None when the hand was
    refused before its readings were valued), why it is no win (None for a win), and the tile a drawn tile
    stood for (:class:`StandsFor`)."""

    hand: Hand
    options: O
    best: Valued[R] | None = None
    refused: Problem | None = None
    represented: Tile | None = None


@dataclass(frozen=True)
class StandsFor[O]:
    """A drawn tile that stands for the best tile the other 13 wait on (吉林's 摸宝): when ``applies``, the hand is
    scored with each winning tile of ``context`` (the context it is read with) and the best win kept; with
    none, ``none`` says why. ``note(drawn, tile)`` tells the player which tile it stood for."""

    applies: Callable[[Hand, O], bool]
    context: Callable[[WinContext], WinContext]
    kinds: frozenset[ShapeKind]
    none: Problem
    note: Callable[[Tile, Tile], str]


# --- the pipeline --------------------------------------------------------------------------------------


@plain_fields
@dataclass(frozen=True)
class Pipeline[O, R: Readable]:
    """The steps of one system, declared as data and run by :func:`score` (see the module's docstring).

    ``rows`` are listed in the order a result card lists its items; ``book`` gives the fan reference's order
    of the same rows when the rule book lists them otherwise. The rest are the steps each system fills in:
    the defaults are those of a system that needs no such step."""

    rows: tuple[Line[R, O], ...]
    readings: Callable[[Hand, O], Sequence[R]]
    settle: Callable[[Score, Hand, O], Settlement]
    value: Value[O] = Value()
    minimum: Minimum[O, R] | None = None
    check: Callable[[Hand, O], Problem | None] = _no_problem
    legal: Callable[[R, O], Problem | None] = _no_problem
    no_reading: Problem = ("不是和牌型：四组一将，或七对", "Not a winning shape: four sets and a pair, or seven pairs")
    no_reading_says: Callable[[Hand, O], Problem] | None = None  # the words of no_reading under the house rules
    validate: Callable[[Hand, O], None] | None = None  # None: size, copies and seats at the ruleset's table
    wild: Callable[[Hand, O], WildRule | None] | None = None
    alike: Callable[[R], Hashable | None] | None = None  # readings with the same key are valued once
    rank: Callable[[Valued[R]], Any] | None = None  # readings listed best first (None: as read, the best the highest)
    details: Callable[[Outcome[O, R]], Details | None] = lambda outcome: None
    notes: Callable[[Outcome[O, R]], Sequence[object]] = lambda outcome: ()  # texts (国标: messages as JSON)
    stands_for: StandsFor[O] | None = None
    # a reading the rules refuse once it is valued (武汉: a small win's pair not a 2, 5 or 8), or None: left out
    # of the best and of the shapes listed; when every reading is refused, the hand is no win for the first's reason
    refuse: Callable[[Valued[R], O], Problem | None] | None = None
    # the best reading by this key, the readings listed as read (None: by ``rank``, else the highest value)
    prefer: Callable[[Valued[R], O], Any] | None = None
    # what a hand that is no win costs at the table (香港's 詐糊: a declared win that is none), or None: the
    # Score stays without a settlement
    penalty: Callable[[Score, Hand, O], Settlement | None] | None = None
    waits: Callable[[Hand, O], Sequence[tuple[Tile, Score | None]]] | None = None  # None: the shapes' (wilds') waits
    book: tuple[str, ...] = ()
    one_of: OneOf | None = None  # rows that do not stack: the reading counts the best one of them
    finish: Callable[[Valued[R], O], Valued[R]] | None = None  # what each counted line is on, once it is counted
    display: Display[O] | None = None  # how the table writes the best reading's value (None: as it is, in r.unit)
    # the principles that are no row, after the table's exclusions: (reading, kept, options) → (kept, each removal
    # an Exclusion naming its principle) (国标's 套算一次)
    principles: Callable[[R, list[Item], O], tuple[list[Item], Sequence[Exclusion]]] | None = None
    # which tiles make each counted fan, for a system that knows more than its table: (reading, counted, counted
    # before the principles, excluded) → the lit items, worked out when a reader asks (ShapeScore.lighter), or at
    # once with ``light_now``
    lights: Callable[[R, list[Item], list[Item], list[Exclusion]], Callable[[], Sequence[Item]]] | None = None
    light_now: bool = False
    choose: Callable[[Sequence[Valued[R]]], Valued[R]] | None = None  # the best reading, readings listed as read
    _in_force: dict[object, tuple[Line[R, O], ...]] = field(default_factory=dict, compare=False, repr=False)
    _order: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _gated: dict[object, _Gated | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def fans(self) -> tuple[Fan, ...]:
        """The fan table in the book's order (the fan reference, ``Ruleset.fans``)."""
        shown = self.display.lines if self.display is not None else ()
        return book_order(self.rows, self.book, self.value.limit_row, self.value.cap_row, *shown)

    def order(self) -> dict[str, int]:
        """Each fan's place in the book (the order a table with gates lists its items in)."""
        if not self._order:
            self._order.update((f.id, k) for k, f in enumerate(self.fans))
        return self._order

    def gated(self, options: O) -> _Gated | None:
        """The table in force laid out to run fast when it has gates (None: it has none)."""
        try:
            return self._gated[options]
        except KeyError:
            table = self.table(options)
            found = _Gated.of(table, self.order()) if any(isinstance(line, Gate) for line in table) else None
            if len(self._gated) >= 256:
                self._gated.pop(next(iter(self._gated)))
            self._gated[options] = found
            return found

    def table(self, options: O) -> tuple[Line[R, O], ...]:
        """The rows in force under ``options`` (each row as the house rules have it; rows they leave out gone)."""
        found = self._in_force.get(options)
        if found is None:
            found = self._in_force[options] = tuple(_in_force(self.rows, options))
            if len(self._in_force) > 256:
                self._in_force.pop(next(iter(self._in_force)))
        return found


def _under[Rw: (Row[Any, Any], EachRow[Any, Any, Any])](row: Rw, options: object) -> Rw | None:
    if row.under is None:
        return row
    fan = row.under(row.fan, options)
    return None if fan is None else replace(row, fan=fan)


def _in_force[R: Readable, O](rows: Iterable[Line[R, O]], options: O) -> Iterable[Line[R, O]]:
    for line in rows:
        if isinstance(line, Each):
            each = tuple(r for r in (_under(r, options) for r in line.rows) if r is not None)
            if each:
                yield Each(line.elements, each)
        elif isinstance(line, Gate):
            gated = tuple(r for r in (_under(r, options) for r in line.rows) if r is not None)
            if gated:
                yield Gate(line.test, gated, line.once, line.scan)
        elif (row := _under(line, options)) is not None:
            yield row


def _fits(shapes: frozenset[ShapeKind] | None, shape: Shape | None) -> bool:
    return shapes is None or (shape is not None and shape.kind in shapes)


def detect[R: Readable, O](table: Iterable[Line[R, O]], reading: R, options: O,
                           order: dict[str, int] | None = None) -> list[Item]:
    """Every row of ``table`` the reading holds, as items in the table's order (an :class:`Each` in the order of
    its elements, a :class:`Gate` in the order of its rows), or in the book's ``order`` when given; fallback rows
    only when no other row holds; rows counted ``after`` the exclusions left out."""
    shape = reading.shape
    items: list[Item] = []
    fallbacks: list[Item] = []
    for line in table:
        if isinstance(line, Gate):
            items += line.detect(reading, options)
        elif isinstance(line, Each):
            items += _each(line, reading, shape)
        elif not line.after and _fits(line.shapes, shape) and (n := line.count(reading, options)):
            (fallbacks if line.fallback else items).append(_item(line, reading, options, int(n)))
    if order is not None:
        items.sort(key=lambda i: order[i.fan.id])
    return items or fallbacks


def _item[R: Readable, O](row: Row[R, O], reading: R, options: O, n: int) -> Item:
    return Item(row.fan, n) if row.value is None else Item(row.fan, n, value_override=row.value(reading, options))


Detector = tuple[int, Callable[[Any, Any], int], Fan, frozenset[ShapeKind] | None]
"""A row of a gated table as it runs: its place in the book, its count, its fan, its shape kinds."""
Scan = tuple[Callable[[Any], Mapping[str, int]], Callable[[Mapping[str, int]], tuple[int, ...]]]
"""A gate's ``scan`` and what picks its rows' counts, in the rows' order, from what it gives."""
Scopes = tuple[tuple[Callable[[Any], bool] | None, tuple[Detector, ...], Scan | None], ...]


@dataclass(frozen=True)
class _Gated:
    """A table in force with :class:`Gate` lines, laid out to run fast: the gates counted once per hand, the
    others, the rows outside a gate and the rows counted after the exclusions, each row with its place in the
    book (items are listed in the book's order)."""

    once: Scopes
    gates: Scopes
    rows: tuple[tuple[int, Row[Any, Any]], ...]
    after: tuple[Row[Any, Any], ...]
    run_once: Callable[[Any, Any], list[tuple[int, Item]]]
    run_gates: Callable[[Any, Any], list[tuple[int, Item]]]

    @staticmethod
    def of(table: Iterable[Line[Any, Any]], order: dict[str, int]) -> _Gated:
        once: list[tuple[Callable[[Any], bool] | None, tuple[Detector, ...], Scan | None]] = []
        gates: list[tuple[Callable[[Any], bool] | None, tuple[Detector, ...], Scan | None]] = []
        rows: list[tuple[int, Row[Any, Any]]] = []
        after: list[Row[Any, Any]] = []
        for line in table:
            if isinstance(line, Gate):
                detectors = tuple((order[r.fan.id], r.count, r.fan, r.shapes) for r in line.rows)
                scan = None if line.scan is None else (line.scan, _picker(tuple(r.fan.id for r in line.rows)))
                (once if line.once else gates).append((line.test, detectors, scan))
            elif isinstance(line, Each):
                raise ValueError("a table with gates counts no rows element by element")
            else:
                (after.append(line) if line.after else rows.append((order[line.fan.id], line)))
        made: dict[tuple[int, int], Item] = {}
        return _Gated(tuple(once), tuple(gates), tuple(rows), tuple(after), _runner(tuple(once), made),
                      _runner(tuple(gates), made))

    def detect(self, reading: Readable, options: object, once: list[tuple[int, Item]]) -> list[Item]:
        """The items of the reading in the book's order, with the ``once`` items of its hand; fallback rows only
        when nothing else holds."""
        found = once + self.run_gates(reading, options)
        shape = reading.shape
        for place, row in self.rows:
            if not row.fallback and _fits(row.shapes, shape) and (n := row.count(reading, options)):
                found.append((place, _item(row, reading, options, int(n))))
        if not found:  # the fallback rows, only now
            found = [(place, _item(row, reading, options, int(n))) for place, row in self.rows
                     if row.fallback and _fits(row.shapes, shape) and (n := row.count(reading, options))]
        found.sort(key=itemgetter(0))
        return [i for _, i in found]


def _runner(scopes: Scopes, made: dict[tuple[int, int], Item]) -> Callable[[Any, Any], list[tuple[int, Item]]]:
    """``run(reading, options)``: (place, item) of each row of ``scopes`` the reading holds, a gate whose test fails
    skipped. Written out as one function, a line per gate and per row (as :func:`rulesets.values.quick` writes an
    ``__init__``), so the table costs no loop of its own; an item counted once is made once, the others kept in
    ``made`` (items are values)."""
    names: dict[str, object] = {"_fits": _fits, "_made": _made_item, "made": made}
    body = ["def run(reading, options):", "    out = []", "    add = out.append"]
    if any(shapes is not None for _, detectors, _ in scopes for *_, shapes in detectors):
        body.append("    shape = reading.shape")
    for g, (test, detectors, scan) in enumerate(scopes):
        indent = "    "
        if test is not None:
            names[f"t{g}"] = test
            body.append(f"    if t{g}(reading):")
            indent = "        "
        if scan is not None:
            names[f"s{g}"], names[f"k{g}"] = scan
            body.append(f"{indent}c = k{g}(s{g}(reading))")
        for d, (place, count, fan, shapes) in enumerate(detectors):
            row = f"{g}_{d}"
            names[f"c{row}"], names[f"f{row}"], names[f"i{row}"] = count, fan, Item(fan, 1)
            n = f"c[{d}]" if scan is not None else f"c{row}(reading, options)"
            fits = "" if shapes is None else f" and _fits(S{row}, shape)"
            if shapes is not None:
                names[f"S{row}"] = shapes
            body.append(f"{indent}if (n := {n}){fits}:")
            body.append(f"{indent}    add(({place}, i{row} if n == 1 else _made(made, {place}, f{row}, n)))")
    body.append("    return out")
    source = "\n".join(body) + "\n"
    code = _RUNNERS.get(source)
    if code is None:  # the same layout under other options (other fans, the same lines): compiled once
        code = _RUNNERS[source] = compile(source, "<gated table>", "exec")
    exec(code, names)  # noqa: S102 - made from the table's own rows, as quick makes an __init__
    run: Callable[[Any, Any], list[tuple[int, Item]]] = names["run"]  # type: ignore[assignment]
    return run


_RUNNERS: dict[str, CodeType] = {}
"""The compiled code of each layout of a gated table (a handful: one per system and set of rows in force)."""


def _made_item(made: dict[tuple[int, int], Item], place: int, fan: Fan, n: int) -> Item:
    item = made.get((place, n))
    if item is None:
        item = made[place, n] = Item(fan, int(n))
    return item


def _picker(ids: tuple[str, ...]) -> Callable[[Mapping[str, int]], tuple[int, ...]]:
    """What takes the counts of ``ids``, in their order, from a gate's scan (one C call)."""
    if len(ids) == 1:
        only = ids[0]
        return lambda counts: (counts[only],)
    return itemgetter(*ids)


def _after[R: Readable, O](rows: Iterable[Row[R, O]], reading: R, options: O) -> list[Item]:
    """The items of the rows counted after the exclusions."""
    return [Item(row.fan, int(n)) for row in rows if (n := row.count(reading, options))]


def _each[R: Readable](line: Each[R, Any, Any], reading: R, shape: Shape | None) -> list[Item]:
    counted: dict[int, list[int]] = {}  # row position → [first element, count]
    rows = [r for r in line.rows if _fits(r.shapes, shape)]
    for k, element in enumerate(line.elements(reading)):
        for position, row in enumerate(rows):
            if row.test(element, reading):
                seen = counted.setdefault(position, [k, 0])
                seen[1] += 1
    order = sorted(counted, key=lambda position: (counted[position][0], position))
    return [Item(rows[p].fan, counted[p][1]) for p in order]


def _value[R: Readable, O](p: Pipeline[O, R], table: tuple[Line[R, O], ...], reading: R, options: O) -> Valued[R]:
    items = detect(table, reading, options)
    if p.one_of is not None:
        valued = _one_of(p, p.one_of, reading, items, options)
    else:
        kept, excluded = apply_exclusions(items)
        if p.principles is None and p.lights is None:
            total, shown = p.value.of(kept, options)
            valued = Valued(reading, tuple(shown), tuple(excluded), total)
        else:
            after = tuple(line for line in table if isinstance(line, Row) and line.after)
            valued = _principled(p, after, reading, options, kept, excluded)
    return valued if p.finish is None else p.finish(valued, options)


def _one_of[R: Readable, O](p: Pipeline[O, R], one_of: OneOf, reading: R, items: list[Item], options: O) -> Valued[R]:
    """The best way to count rows that do not stack (:class:`OneOf`): the highest value, then the highest row."""
    best: tuple[int, int] | None = None
    valued: Valued[R] | None = None
    for own, counted, others in one_of.ways(items):
        kept, excluded = apply_exclusions(counted)
        total, shown = p.value.of(kept, options)
        if best is None or (total, own) > best:
            best, valued = (total, own), Valued(reading, tuple(shown), tuple(excluded + others), total)
    assert valued is not None
    return valued


def _principled[R: Readable, O](p: Pipeline[O, R], after: Iterable[Row[R, O]], reading: R, options: O,
                                before: list[Item], excluded: list[Exclusion]) -> Valued[R]:
    """The principles after the exclusions, the rows counted after them, and the lights."""
    kept, trimmed = p.principles(reading, before, options) if p.principles is not None else (before, ())
    if after:
        kept = kept + _after(after, reading, options)
    total, shown = p.value.of(kept, options)
    lighter = p.lights(reading, shown, before, excluded) if p.lights is not None else None
    if lighter is not None and p.light_now:
        shown, lighter = list(lighter()), None
    return Valued(reading, tuple(shown), (*excluded, *trimmed) if trimmed else tuple(excluded), total, lighter)


def _value_gated[R: Readable, O](p: Pipeline[O, R], gated: _Gated, readings: Sequence[R], options: O
                                 ) -> list[Valued[R]]:
    """Each reading of a table with gates valued, the gates counted once per hand run on the first reading."""
    once = gated.run_once(readings[0], options) if readings else []
    out = []
    for reading in readings:
        kept, excluded = apply_exclusions(gated.detect(reading, options, once))
        out.append(_principled(p, gated.after, reading, options, kept, excluded))
    return out


def value_all[R: Readable, O](p: Pipeline[O, R], readings: Sequence[R], options: O) -> list[Valued[R]]:
    """Each reading valued; readings alike in what the rows read (``p.alike``) valued once; the rows of a gate
    counted once per hand (:class:`Gate`) counted on the first reading."""
    gated = p.gated(options)
    if gated is not None:
        return _value_gated(p, gated, readings, options)
    table = p.table(options)
    if p.alike is None:
        return [_value(p, table, r, options) for r in readings]
    done: dict[Hashable, Valued[R]] = {}
    out = []
    for r in readings:
        key = p.alike(r)
        if key is None:
            out.append(_value(p, table, r, options))
            continue
        known = done.get(key)
        if known is None:
            known = done[key] = _value(p, table, r, options)
        out.append(known if known.reading is r else Valued(r, known.items, known.excluded, known.total))
    return out


# --- running it ----------------------------------------------------------------------------------------


def _extra(r: Ruleset[Any], details: Details | None, notes: Sequence[object]) -> dict[str, object]:
    """The result object's view of a system's additions: its details, the notes, the provisional warning."""
    out: dict[str, object] = details.as_dict() if details is not None else {}
    if notes:
        out["notes"] = list(notes)
    if r.provisional_note:
        out["provisional"] = True
        out["provisional_note"] = {"zh": r.provisional_note[0], "en": r.provisional_note[1]}
    return out


def _result[O, R: Readable](r: Ruleset[O], p: Pipeline[O, R], outcome: Outcome[O, R],
                            valued: Sequence[Valued[R]] = ()) -> Score:
    """The Score of an outcome (its settlement still to come for a win; a refused hand's penalty, if any, settled)."""
    details = p.details(outcome)
    extra = _extra(r, details, p.notes(outcome))
    best, refused = outcome.best, outcome.refused
    reason = refused or (None, None)
    unit = r.unit if p.display is None else p.display.unit(outcome.options)
    listed: list[ShapeScore] = []
    shape: ShapeScore | None = None  # the best reading's shape, the one listed (lit once with the others)
    for v in valued:
        if (s := v.shape_score()) is not None:
            listed.append(s)
            if v is best and shape is None:
                shape = s
    shapes = tuple(listed)
    if best is None:  # refused before a best reading: its readings listed when every one was refused
        # Score's fields in their order, by position: a call naming a dozen keywords costs more than the Score
        # (rules, valid, unit, total, items, excluded, reason, reason_en, shape, shapes, settlement, options, extra,
        # details)
        no_win = Score(r.id, False, unit, 0, (), (), reason[0], reason[1], None, shapes, None, outcome.options, extra,
                       details)
        return _penalised(p, no_win, outcome)
    if shape is None:
        shape = best.shape_score()
    total, items = (best.total, best.items) if p.display is None else p.display.written(best, outcome.options)
    if p.value.held is not None:
        total = p.value.held(total, outcome.options)
    made = Score(r.id, refused is None, unit, total, items, best.excluded, reason[0], reason[1], shape, shapes, None,
                 outcome.options, extra, details)  # by position, as above
    return made if refused is None else _penalised(p, made, outcome)


def _penalised[O, R: Readable](p: Pipeline[O, R], no_win: Score, outcome: Outcome[O, R]) -> Score:
    """A Score that is no win, with what it costs at the table where the system has a penalty (``Pipeline.penalty``)."""
    if p.penalty is None:
        return no_win
    owed = p.penalty(no_win, outcome.hand, outcome.options)
    return no_win if owed is None else settled(no_win, lambda s, t, o: owed, outcome.hand, outcome.options)


def _validate(r: Ruleset[Any], hand: Hand) -> None:
    if hand.winning_tile is None:
        raise HandError(msg("hand.waiting_not_a_win", n=hand.size()))
    hand.validate(hand_size=r.hand_size, players=r.players, skip_checks=r.skip_checks)


def score[O](r: Ruleset[O], hand: Hand, options: O) -> Score:
    """Score one complete hand under ``r`` (DESIGN §4.4), with its settlement: ``Ruleset.score`` of every
    system on the pipeline. A hand the rules do not allow is a Score with ``valid=False`` and the reason in
    中文 and English; a hand that cannot exist raises :class:`HandError`/:class:`ContextError`."""
    p = r.pipeline
    assert p is not None, f"{r.id} is not on the pipeline"
    stands = p.stands_for
    if stands is None or hand.winning_tile is None or not stands.applies(hand, options):
        return _checked(r, p, hand, options)
    problem = _check(r, p, hand, options)
    if problem:
        return _result(r, p, Outcome(hand, options, refused=problem))
    return _stood_for(r, p, stands, hand, options)


def _check[O, R: Readable](r: Ruleset[O], p: Pipeline[O, R], hand: Hand, options: O) -> Problem | None:
    """Validate (raises for a hand that cannot exist), then what the rules refuse before any reading."""
    if p.validate is not None:
        p.validate(hand, options)
    else:
        _validate(r, hand)
    round_wind = hand.context.round_wind
    if round_wind not in SEATS4 and r.reads("round_wind"):  # X or Y: a seat of six, no wind of a round
        raise ContextError(msg("context.round_wind", seat=round_wind.value))
    return p.check(hand, options)


def _checked[O, R: Readable](r: Ruleset[O], p: Pipeline[O, R], hand: Hand, options: O) -> Score:
    problem = _check(r, p, hand, options)
    return _result(r, p, Outcome(hand, options, refused=problem)) if problem else _read(r, p, hand, options)


def _read[O, R: Readable](r: Ruleset[O], p: Pipeline[O, R], hand: Hand, options: O) -> Score:
    """Readings → rows → exclusions → value → the readings refused → the best reading → the minimum → the
    settlement."""
    every = p.readings(hand, options)
    if not every:
        return _result(r, p, Outcome(hand, options, refused=_no_reading(p, hand, options)))
    kept = every if p.legal is _no_problem else [reading for reading in every if p.legal(reading, options) is None]
    if not kept:
        return _result(r, p, Outcome(hand, options, refused=p.legal(every[0], options)))
    valued = value_all(p, kept, options)
    if p.refuse is not None:
        problems = [p.refuse(v, options) for v in valued]
        if all(problems):
            return _result(r, p, Outcome(hand, options, refused=problems[0]), valued)
        valued = [v for v, problem in zip(valued, problems, strict=True) if problem is None]
    if p.rank is not None:
        valued = sorted(valued, key=p.rank, reverse=True)
        best = valued[0]
    elif p.prefer is not None:
        prefer = p.prefer
        best = max(valued, key=lambda v: prefer(v, options))
    elif p.choose is not None:
        best = valued[0] if len(valued) == 1 else p.choose(valued)
    else:
        best = max(valued, key=lambda v: v.total)
    refused = p.minimum.refuses(hand, best, options) if p.minimum is not None else None
    outcome = Outcome(hand, options, best, refused)
    if refused:
        return _result(r, p, outcome, valued)
    return settled(_result(r, p, outcome, valued), p.settle, hand, options)


def _no_reading[O, R: Readable](p: Pipeline[O, R], hand: Hand, options: O) -> Problem:
    """Why a hand with no reading is no win: ``no_reading``, or its words under the house rules."""
    return p.no_reading if p.no_reading_says is None else p.no_reading_says(hand, options)


def _stood_for[O, R: Readable](r: Ruleset[O], p: Pipeline[O, R], stands: StandsFor[O], hand: Hand,
                               options: O) -> Score:
    """A drawn tile standing for the best tile the hand waits on: the best win among them, saying which."""
    before = Hand(hand.standing, hand.melds, None, stands.context(hand.context))
    best: Score | None = None
    chosen = None
    for t in waits(before, stands.kinds):
        try:
            s = _checked(r, p, before.with_winning_tile(t), options)
        except MahjongError:
            continue
        if s.valid and (best is None or s.total > best.total):
            best, chosen = s, t
    if best is None or chosen is None:
        return _result(r, p, Outcome(hand, options, refused=stands.none))
    assert hand.winning_tile is not None
    details = p.details(Outcome(hand, options, represented=chosen))
    extra = {**best.extra, **(details.as_dict() if details is not None else {}),
             "notes": [stands.note(hand.winning_tile, chosen)]}
    return replace(best, extra=extra, details=details)

