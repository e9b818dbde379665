"""The pipeline's general steps for rows that do not stack (``OneOf``), what each counted line is on (``finish``)
and how a table writes its value (``Display``), on a toy system: 四川 runs on them, the toy shows what each does
alone."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rulesets.engine import context_from_mapping
from rulesets.hand import Hand, Seat, seats
from rulesets.notation import parse_hand
from rulesets.pipeline import Display, OneOf, Pipeline, Row, Valued
from rulesets.reading import Reading, placed
from rulesets.scoring import Excludes, Fan, Item, Ruleset, Score, Settlement, paid
from rulesets.shapes import ShapeKind


@dataclass(frozen=True)
class ToyOptions:
    doubled: bool = False  # the value written as a multiplier 2^value, in 倍


PLAIN = Fan("plain", "平胡", "Plain", 0)
PUNGS = Fan("pungs", "对对胡", "All pungs", 1)
FLUSH = Fan("flush", "清一色", "Full flush", 2)
PURE_PUNGS = Fan("pure_pungs", "清对", "Pure all pungs", 3, (Excludes("flush"), Excludes("pungs")))
HONOURS = Fan("honours", "字牌", "Honours", 2)  # a pattern that holds apart from 清对 in the toy
SELF = Fan("self", "自摸", "Self-drawn", 1)
STARTS = Fan("starts", "起番", "From 1", 1)
BY = "max_pattern"


def _all_pungs(r: Reading, o: ToyOptions) -> bool:
    return r.shape is not None and all(g.is_pung_like for g in r.shape.groups if g.is_set)


def _one_suit(r: Reading, o: ToyOptions) -> bool:
    return r.shape is not None and len({t.suit for g in r.shape.groups for t in g.tiles}) == 1


ROWS = (
    Row(PLAIN, lambda r, o: True),
    Row(PUNGS, _all_pungs),
    Row(FLUSH, _one_suit),
    Row(PURE_PUNGS, lambda r, o: _all_pungs(r, o) and _one_suit(r, o)),
    Row(HONOURS, lambda r, o: r.shape is not None and any(not t.is_suited for g in r.shape.groups for t in g.tiles)),
    Row(SELF, lambda r, o: r.hand.context.self_drawn),
)
PATTERNS = OneOf(frozenset({"plain", "pungs", "flush", "pure_pungs", "honours"}), BY, "patterns do not stack",
                 fallback="plain")


def _written(best: Valued[Any], options: ToyOptions) -> tuple[int, tuple[Item, ...]]:
    if options.doubled:
        return 2**best.total, best.items
    return best.total + 1, best.items + (Item(STARTS),)


def _noted(valued: Valued[Any], options: ToyOptions) -> Valued[Any]:
    items = tuple(dataclasses.replace(i, note=f"{i.fan.id}!") for i in valued.items)
    return Valued(valued.reading, items, valued.excluded, valued.total)


def _settle(score: Score, table: Hand, options: ToyOptions) -> Settlement:
    return Settlement((paid(Seat.E, table.context.seat, score.total, (), "和", "win"),), seats(4))


def _toy(**steps: Any) -> Ruleset[ToyOptions]:
    pipeline: Pipeline[ToyOptions, Any] = Pipeline(
        rows=ROWS, readings=placed(lambda o: frozenset({ShapeKind.STANDARD})), settle=_settle, **steps)
    return Ruleset(id="toy", zh="玩具", en="Toy", unit="番", players=4, options_type=ToyOptions, pipeline=pipeline)


def _hand(text: str, **context: Any) -> Hand:
    h = parse_hand(text)
    return h.with_context(context_from_mapping(context, h.context))


def _ids(items: Any) -> list[str]:
    return [i.fan.id for i in items]


PURE = "11133355577799m"  # four pungs and a pair of one suit: 对对胡, 清一色 and 清对 at once


def test_without_one_of_the_patterns_add_up_under_the_table_exclusions():
    s = _toy().score(_hand(PURE, seat="S"), ToyOptions())
    assert s.valid and s.total == 3 and _ids(s.items) == ["plain", "pure_pungs"]


def test_one_of_counts_the_best_pattern_with_the_rows_it_contains():
    s = _toy(one_of=PATTERNS).score(_hand(PURE, seat="S"), ToyOptions())
    assert s.total == 3 and _ids(s.items) == ["pure_pungs"]  # 平胡, the fallback, goes with a pattern held
    assert [(e.fan.id, e.by) for e in s.excluded] == [("flush", "pure_pungs"), ("pungs", "pure_pungs")]


def test_one_of_names_the_patterns_it_did_not_count_by_their_principle():
    s = _toy(one_of=PATTERNS).score(_hand("111333555777m11z", seat="S"), ToyOptions())
    assert s.total == 2 and _ids(s.items) == ["honours"]
    assert [(e.fan.id, e.by, e.reason) for e in s.excluded] == [("pungs", BY, "patterns do not stack")]


def test_one_of_counts_its_fallback_when_the_reading_holds_no_other_pattern():
    s = _toy(one_of=PATTERNS).score(_hand("123456789m23444s", seat="S"), ToyOptions())
    assert s.valid and s.total == 0 and _ids(s.items) == ["plain"] and s.excluded == ()


def test_finish_says_what_each_counted_line_is_on_in_every_reading():
    s = _toy(one_of=PATTERNS, finish=_noted).score(_hand(PURE, seat="S"), ToyOptions())
    assert [i.note for i in s.items] == ["pure_pungs!"]
    assert all(i.note == f"{i.fan.id}!" for shape in s.shapes for i in shape.items)


def test_display_writes_the_best_value_its_way_and_the_reading_keeps_its_own():
    toy = _toy(one_of=PATTERNS, display=Display(lambda o: "倍" if o.doubled else "番", _written, (STARTS,)))
    from_one = toy.score(_hand(PURE, seat="S"), ToyOptions())
    assert (from_one.unit, from_one.total, _ids(from_one.items)) == ("番", 4, ["pure_pungs", "starts"])
    assert from_one.shape is not None and from_one.shape.total == 3 and _ids(from_one.shape.items) == ["pure_pungs"]
    doubled = toy.score(_hand(PURE, seat="S"), ToyOptions(doubled=True))
    assert (doubled.unit, doubled.total, _ids(doubled.items)) == ("倍", 8, ["pure_pungs"])
    assert doubled.settlement is not None and doubled.settlement.as_dict()["S"] == 8
    refused = toy.score(_hand("123m456p789s11z23s5s", seat="S"), ToyOptions(doubled=True))
    assert not refused.valid and refused.unit == "倍"
    assert toy.fans[-1] is STARTS  # the fan reference lists the display's lines after the rows
