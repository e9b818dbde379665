"""长沙麻将: what the golden cases do not pin — 通炮 (settle_round), options, context errors, share codes."""

import pytest

from rulesets.engine import evaluate
from rulesets.errors import MahjongError, RulesError
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.rounds import Round, Win

CS = get_ruleset("changsha")


def tongpao(hands, options):
    """通炮 as a round of one event: a win of several hands on one discard."""
    result = CS.settle_round(Round((Win(tuple(hands)),)), options)
    return list(result.events[0].scores), result.settlement


def test_tongpao_the_discarder_pays_each_winner_with_its_own_birds():
    ctx = {"from_seat": "W", "birds": "2m3s"}
    hands = []
    for seat, text in (("S", "23567m345p678s55s4m"), ("N", "23m456p789p234s88s4m")):
        hand = evaluate(text, "changsha", {**ctx, "seat": seat})["hand"]
        hands.append(parse_hand(hand))
    scores, settlement = tongpao(hands, CS.parse_options())
    assert all(s.valid for s in scores)
    assert settlement.as_dict() == {"E": 0, "S": 4, "W": -6, "N": 2}


def test_tongpao_refuses_a_self_drawn_hand_and_two_discarders():
    a = parse_hand(evaluate("23567m345p678s55s4m", "changsha", {"seat": "S", "from_seat": "W"})["hand"])
    b = parse_hand(evaluate("23m456p789p234s88s4m", "changsha", {"seat": "N", "from_seat": "E"})["hand"])
    with pytest.raises(MahjongError):
        tongpao([a, b], CS.parse_options())
    c = parse_hand(evaluate("23m456p789p234s88s4m", "changsha", {"seat": "N", "win": "self_drawn"})["hand"])
    with pytest.raises(MahjongError):
        tongpao([a, c], CS.parse_options())


def test_options_parse_and_refuse_bad_values():
    o = CS.parse_options({"bird_rule": "add", "bird_origin": "winner", "small_self_drawn": "1"})
    assert (o.bird_rule.value, o.bird_origin.value, o.small_self_drawn) == ("add", "winner", 1)
    with pytest.raises(RulesError):
        CS.parse_options({"bird_rule": "triple"})
    with pytest.raises(RulesError):
        CS.parse_options({"small_self_drawn": 3})


def test_birds_must_be_suited_tiles():
    with pytest.raises(MahjongError, match="birds"):
        evaluate("23567m345p678s55s4m", "changsha", {"seat": "S", "birds": "1z"})


@pytest.mark.parametrize(("hand", "context"), [
    ("444666888s9s[222s]9s", {"win": "self_drawn", "birds": "5m6p"}),
    ("111222m345p6789s", {"seat": "N", "starting_hand": True}),
    ("23567m345p678s55s4m", {"seat": "S", "win": "self_drawn", "starting_wins": {"S": 1, "E": 2}}),
])
def test_a_share_code_round_trips_and_scores_the_same(hand, context):
    typed = evaluate(hand, "changsha", context)
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"][0]["payouts"] == typed["results"][0]["payouts"]
    assert again["results"][0]["payments"] == typed["results"][0]["payments"]


def test_each_bird_is_itemised_on_the_payment_it_doubles():
    r = evaluate("444666888s9s[222s]9s", "changsha", {"win": "self_drawn", "birds": "5m6p"})["results"][0]
    line = next(p for p in r["payments"] if p["from"] == "S")
    birds = [(f["zh"], f["seat"]) for f in line["factors"] if f["id"] == "bird"]
    assert birds == [("中鸟 5m", "E"), ("中鸟 6p", "S")]
    assert r["birds"] == [{"tile": "5m", "seat": "E"}, {"tile": "6p", "seat": "S"}]


@pytest.mark.parametrize(("value", "said", "birds"), [
    ("each", "is every bird", [{"tile": "4m", "seat": "N"}] * 2),
    ("one", "is one bird", [{"tile": "4m", "seat": "N"}]),
])
def test_a_haidi_win_says_what_the_haidi_tile_stands_for_instead_of_the_birds_given(value, said, birds):
    r = evaluate("23567m345p678s55s4m", "changsha", {"seat": "S", "win": "self_drawn", "last_tile": True,
                                                     "birds": "1m2m"}, {"haidi_birds": value})["results"][0]
    assert r["birds"] == birds
    assert len(r["notes"]) == 1 and said in r["notes"][0]


def test_not_in_the_all_systems_comparison():
    assert not CS.can_read(parse_hand("23567m345p678s55s4m"))


def test_every_fan_row_is_complete_and_its_example_scores_it_with_the_options_of_its_code():
    for fan in CS.fans:
        assert fan.zh and fan.en and fan.definition_zh and fan.definition_en and fan.source and fan.example, fan.id
        r = evaluate(fan.example, None if fan.example.startswith("v1.") else CS.id)["results"][0]
        assert fan.id in [f["id"] for f in r["fans"]], fan.id
