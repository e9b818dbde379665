"""陕西麻将: what the golden cases do not pin — options, context errors, share codes, itemised factors."""

import pytest

from rulesets.engine import evaluate
from rulesets.errors import MahjongError, RulesError
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset

SX = get_ruleset("shaanxi")
HAND = "123m456p789s123s5z5z"


def test_options_parse_and_refuse_bad_values():
    o = SX.parse_options({"discard_payers": "all", "kongs": "xian", "base": "3"})
    assert (o.discard_payers.value, o.kongs.value, o.base) == ("all", "xian", 3)
    with pytest.raises(RulesError):
        SX.parse_options({"kongs": "double"})
    with pytest.raises(RulesError):
        SX.parse_options({"nonsense": 1})


@pytest.mark.parametrize("cannons", [{"E": -1}, {"Q": 1}, {"E": "x"}])
def test_bad_cannons_are_refused(cannons):
    with pytest.raises(MahjongError, match="cannons"):
        evaluate(HAND, "shaanxi", {"seat": "S", "cannons": cannons})


def test_a_share_code_with_cannons_round_trips_and_scores_the_same():
    ctx = {"seat": "S", "win": "self_drawn", "cannons": {"E": 2, "S": 1, "N": 4}}
    typed = evaluate(HAND, "shaanxi", ctx, {"dealer": "double"})
    assert "cannons-E2S1N4" in typed["hand"]
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"][0]["payments"] == typed["results"][0]["payments"]
    assert evaluate(parse_hand(typed["hand"]), "shaanxi", None, {"dealer": "double"})["results"][0]["payouts"] == \
        typed["results"][0]["payouts"]


def test_each_cannon_is_a_named_factor_of_its_payment():
    r = evaluate(HAND, "shaanxi", {"seat": "S", "win": "self_drawn", "cannons": {"E": 2, "S": 1}})["results"][0]
    line = next(p for p in r["payments"] if p["from"] == "E")
    assert [(f["zh"], f["op"], f["value"], f["seat"]) for f in line["factors"]] == [
        ("庄家", "+", 1, "E"), ("炮子", "+", 1, "S"), ("炮子", "+", 2, "E"), ("自摸", "×", 2, None)]
    assert line["base"] == 1 and line["amount"] == 10


def test_not_in_the_all_systems_comparison():
    assert not SX.can_read(parse_hand(HAND))


def test_every_fan_row_is_complete_and_its_example_scores_it_with_the_options_of_its_code():
    for fan in SX.fans:
        assert fan.zh and fan.en and fan.definition_zh and fan.definition_en and fan.source and fan.example, fan.id
        r = evaluate(fan.example, None if fan.example.startswith("v1.") else SX.id)["results"][0]
        assert fan.id in [f["id"] for f in r["fans"]], fan.id
