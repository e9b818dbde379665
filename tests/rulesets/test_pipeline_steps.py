"""Two steps of the pipeline a system may fill in (rulesets/pipeline.py, rulesets/context.py):

- ``Pipeline.penalty``: what a hand that is no win costs at the table (香港's 詐糊). Without it a refused hand
  settles nothing; with it the refused Score carries the penalty's settlement, and a win is settled as always.
- ``ContextField.complete``: a declared field that makes a hand with no winning tile complete as it stands (a win
  on the flowers), so the engine scores it instead of listing its waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulesets import engine
from rulesets.context import FLOWER_WIN, complete
from rulesets.engine import Request, context_from_mapping
from rulesets.hand import Hand, Seat, WinContext, seats
from rulesets.notation import parse_hand
from rulesets.pipeline import Pipeline, Row
from rulesets.reading import placed
from rulesets.scoring import Fan, Ruleset, Score, Settlement, paid
from rulesets.shapes import Shape, ShapeKind


@dataclass(frozen=True)
class ToyOptions:
    pass


WIN = Fan("win", "和", "Win", 1)
ON_FLOWERS = Fan("flowers", "花", "On the flowers", 3)


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


@dataclass(frozen=True)
class _OnFlowers:
    """A reading of a win with no shape."""

    hand: Hand
    shape: Shape | None = None


def test_a_field_that_completes_a_hand_has_it_scored_without_a_winning_tile() -> None:
    assert not complete(WinContext())
    assert complete(WinContext(table=((FLOWER_WIN.key, True),)))
    pipeline: Pipeline[ToyOptions, Any] = Pipeline(
        rows=(Row(ON_FLOWERS, lambda r, o: 1),), readings=lambda h, o: [_OnFlowers(h)], settle=_settle,
        validate=lambda h, o: None)
    toy = Ruleset(id="toy", zh="玩具", en="Toy", unit="番", players=4, options_type=ToyOptions, pipeline=pipeline)
    waiting = _hand("123m456p789s1122z", seat="S")
    (listed,) = engine.score(Request(waiting, (toy,), {"toy": ToyOptions()}))
    assert not listed.valid and "waits" in listed.extra  # no winning tile, nothing completes it: its waits
    flowered = _hand("123m456p789s1122z12345678f", seat="S", flower_win=True)
    (scored,) = engine.score(Request(flowered, (toy,), {"toy": ToyOptions()}))
    assert scored.valid and scored.total == 3 and scored.settlement is not None
