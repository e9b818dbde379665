"""A hand without a winning tile is a waiting hand, unless a context field its system declares ``complete``
holds: a win by the flowers (``flower_win``) is scored as it stands, for that system only."""

from __future__ import annotations

from dataclasses import dataclass

from rulesets.context import FLOWER_REPLACEMENT, FLOWER_WIN, complete_as_it_stands
from rulesets.engine import Request, context_from_mapping, score
from rulesets.hand import Hand
from rulesets.notation import parse_hand
from rulesets.scoring import Ruleset, Score, Settlement


@dataclass(frozen=True)
class _Options:
    pass


def _scored_as_it_stands(hand: Hand, options: _Options) -> Score:
    return Score(rules="stands", valid=True, unit="台", total=8, reason="花牌胡", reason_en="won on the flowers")


def _ruleset(rid: str, context: tuple = ()) -> Ruleset[_Options]:
    return Ruleset(id=rid, zh=rid, en=rid, unit="台", players=4, options_type=_Options, score=_scored_as_it_stands,
                   settle=lambda s, table, o: Settlement((), ()), context=context)


FLOWERS = _ruleset("stands", (FLOWER_WIN,))
PLAIN = _ruleset("plain")


def _hand(context: dict) -> Hand:
    hand = parse_hand("1112345678999m")  # 13 tiles: a waiting hand
    return hand.with_context(context_from_mapping(context, hand.context))


def test_only_a_declared_complete_field_that_holds_makes_a_hand_complete() -> None:
    won = _hand({"flower_win": True, "flowers": 8})
    assert complete_as_it_stands(won.context, (FLOWER_WIN,))
    assert not complete_as_it_stands(won.context, ())  # a system that does not declare it
    assert not complete_as_it_stands(_hand({"flower_replacement": True}).context, (FLOWER_REPLACEMENT,))
    assert not complete_as_it_stands(_hand({}).context, (FLOWER_WIN,))
    assert FLOWER_WIN.as_dict()["complete"] is True and "complete" not in FLOWER_REPLACEMENT.as_dict()


def test_the_engine_scores_a_flower_win_for_the_system_that_declares_it_and_lists_waits_for_the_others() -> None:
    hand = _hand({"flower_win": True, "flowers": 8})
    flowers, plain = score(Request(hand, (FLOWERS, PLAIN), {"stands": _Options(), "plain": _Options()}))
    assert flowers.valid and flowers.total == 8
    assert not plain.valid and [w["tile"] for w in plain.extra["waits"]][:3] == ["1m", "2m", "3m"]


def test_without_the_flag_the_hand_is_waiting_for_every_system() -> None:
    (flowers,) = score(Request(_hand({"flowers": 8}), (FLOWERS,), {"stands": _Options()}))
    assert not flowers.valid and flowers.extra["waits"]
