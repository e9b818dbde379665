"""温州's declared context (买底/顶底, the others' 财神) and the checks of the context against the hand."""

import pytest

from rulesets.context import field
from rulesets.engine import evaluate
from rulesets.errors import ContextError
from rulesets.hand import Seat

SOFT = "123456789m5p234s67s1z1z"


def test_the_system_declares_its_fields_once_and_shares_dealer_streak_and_indicator():
    from rulesets.registry import get_ruleset

    keys = [f.key for f in get_ruleset("wenzhou").context]
    assert keys == ["dealer", "streak", "indicator", "maidi", "caishen"]
    assert field("maidi").read(["N", "E"]) == frozenset({Seat.E, Seat.N})
    assert field("caishen").read({"S": 2, "W": 0}) == ((Seat.S, 2),)


@pytest.mark.parametrize(("key", "value"), [
    ("maidi", "EQ"), ("maidi", 3), ("caishen", {"S": 5}), ("caishen", {"Q": 1})])
def test_bad_values_are_refused_with_the_field_named(key, value):
    with pytest.raises(ContextError, match=key):
        field(key).read(value)


def test_the_winners_own_caishen_are_not_given_in_the_context():
    with pytest.raises(ContextError, match="lists the winner"):
        evaluate(SOFT, "wenzhou", {"seat": "S", "wildcard": "5p", "caishen": {"S": 1}})


def test_the_players_cannot_hold_more_than_four_caishen():
    with pytest.raises(ContextError, match="four copies"):
        evaluate(SOFT, "wenzhou", {"seat": "S", "wildcard": "5p", "caishen": {"E": 2, "W": 2}})


def test_caishen_counts_need_a_caishen():
    with pytest.raises(ContextError, match="no 财神 is named"):
        evaluate(SOFT, "wenzhou", {"seat": "S", "caishen": {"E": 1}})


def test_a_wildcard_and_an_indicator_must_agree():
    with pytest.raises(ContextError, match="indicator"):
        evaluate(SOFT, "wenzhou", {"seat": "S", "wildcard": "5p", "indicator": "5p"})
    agreed = evaluate(SOFT, "wenzhou", {"seat": "S", "wildcard": "5p", "indicator": "4p"})["results"][0]
    assert agreed["caishen"] == "5p"


@pytest.mark.parametrize("context", [
    {"seat": "S", "wildcard": "5p", "maidi": ["E", "N"], "streak": 2, "dealer": "E", "caishen": {"W": 1}},
    {"seat": "N", "win": "self_drawn", "indicator": "9p", "maidi": ["N"],
     "kongs": [{"seat": "E", "kind": "concealed"}]},
])
def test_a_share_code_carries_the_context_and_scores_the_same(context):
    typed = evaluate(SOFT, "wenzhou", context, {"caishen_qian": True, "gang_fen": True})
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"] == typed["results"]
