"""``Pipeline.penalty`` (rulesets/pipeline.py): what a hand that is no win costs at the table (香港's 詐糊).
Without it a refused hand settles nothing; with it the refused Score carries the penalty's settlement, and a win
is settled as always."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulesets.engine import context_from_mapping
from rulesets.hand import Hand, Seat, seats
from rulesets.notation import parse_hand
from rulesets.pipeline import Pipeline, Row
from rulesets.reading import placed
from rulesets.scoring import Fan, Ruleset, Score, Settlement, paid
from rulesets.shapes import ShapeKind


@dataclass(frozen=True)
class ToyOptions:
    pass


WIN = Fan("win", "和", "Win", 1)


def _settle(score: Score, table: Hand, options: ToyOptions) -> Settlement:
    return Settlement((paid(Seat.E, table.context.seat, score.total, (), "和", "win"),), seats(4))


def _penalty(score: Score, table: Hand, options: ToyOptions) -> Settlement:
    return Settlement((paid(table.context.seat, Seat.E, 5, (), "罚", "penalty"),), seats(4))


def _toy(penalty: Any = None) -> Ruleset[ToyOptions]:
    pipeline: Pipeline[ToyOptions, Any] = Pipeline(
        rows=(Row(WIN, lambda r, o: 1),), readings=placed(lambda o: frozenset({ShapeKind.STANDARD})), settle=_settle,
        penalty=penalty)
    return Ruleset(id="toy", zh="玩具", en="Toy", unit="番", players=4, options_type=ToyOptions, pipeline=pipeline)


def _hand(text: str, **context: Any) -> Hand:
    h = parse_hand(text)
    return h.with_context(context_from_mapping(context, h.context))


def test_a_refused_hand_settles_nothing_without_a_penalty() -> None:
    s = _toy().score(_hand("123m456p789s11z23s5s", seat="S"), ToyOptions())
    assert not s.valid and s.settlement is None


def test_a_refused_hand_carries_the_penalty_and_a_win_its_settlement() -> None:
    toy = _toy(_penalty)
    refused = toy.score(_hand("123m456p789s11z23s5s", seat="S"), ToyOptions())
    assert not refused.valid and refused.settlement is not None
    assert refused.settlement.as_dict() == {"E": 5, "S": -5, "W": 0, "N": 0}
    win = toy.score(_hand("123m456p789s11z234s", seat="S"), ToyOptions())
    assert win.valid and win.settlement is not None and win.settlement.as_dict() == {"E": -1, "S": 1, "W": 0, "N": 0}
