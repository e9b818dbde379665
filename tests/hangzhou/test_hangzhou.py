"""杭州麻将: what the golden cases do not pin — options, declared context, the 财神 rule, share codes, pages."""

import pytest

from rulesets.engine import build_request, evaluate
from rulesets.errors import ContextError, RulesError
from rulesets.hand import Seat
from rulesets.hangzhou import RULESET, wild_rule
from rulesets.hangzhou.options import Caishen, DealerFactor, Discard
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.scoring import option_infos
from rulesets.tiles import tile

SELF = {"win": "self_drawn", "seat": "S"}


def _hand(text, context=None):
    return build_request(text, "hangzhou", context).hand


@pytest.mark.parametrize("info", option_infos(RULESET.options_type), ids=lambda i: i.key)
def test_every_option_has_names_and_a_source(info):
    assert info.zh and info.en and info.source


def test_the_competition_preset_sets_the_competition_table():
    o = RULESET.parse_options({"preset": "competition"})
    assert (o.caishen, o.discard, o.dealer_factor, o.cap) == (Caishen.WHITE, Discard.NEVER, DealerFactor.FIXED8, 512)
    assert o.baotou_qidui and o.sibai


def test_options_refuse_unknown_keys_and_values():
    with pytest.raises(RulesError, match="caishen"):
        RULESET.parse_options({"caishen": "red"})
    with pytest.raises(RulesError, match="unknown option"):
        RULESET.parse_options({"laizi": "x"})


@pytest.mark.parametrize(("context", "message"), [
    ({"piao": 4}, "context.piao"),
    ({"chain_kongs": -1}, "context.chain_kongs"),
    ({"claims_from_winner": {"Q": 3}}, "claims_from_winner"),
    ({"piao_turn": "maybe"}, "piao_turn"),
    ({"streak": "two"}, "context.streak"),
])
def test_declared_context_is_checked(context, message):
    with pytest.raises(ContextError, match=message):
        evaluate("123m456m789p234s99s", "hangzhou", {**SELF, **context})


def test_the_turned_up_tile_is_the_caishen_and_white_plays_its_face():
    rule = wild_rule(_hand("123m456m789p234s99s", {"indicator": "5s"}), RULESET.parse_options())
    assert rule.wilds == frozenset({tile("5s")}) and rule.stand_ins == ((tile("7z"), tile("5s")),)


def test_a_turned_up_white_makes_the_whites_wild_with_no_stand_in():
    rule = wild_rule(_hand("123m456m789p234s99s", {"indicator": "7z"}), RULESET.parse_options())
    assert rule.wilds == frozenset({tile("7z")}) and rule.stand_ins == ()


def test_without_a_turned_up_tile_there_is_no_caishen_and_the_card_says_so():
    assert wild_rule(_hand("123m456m789p234s99s"), RULESET.parse_options()) is None
    (result,) = evaluate("123m456m789p234s99s", "hangzhou", SELF)["results"]
    assert any("indicator" in n for n in result["notes"])


def test_the_competition_table_makes_the_four_whites_wild():
    rule = wild_rule(_hand("123m456m789p234s99s", {"indicator": "5s"}), RULESET.parse_options({"caishen": "white"}))
    assert rule.wilds == frozenset({tile("7z")}) and rule.stand_ins == ()


def test_it_is_asked_for_by_name_not_in_every_comparison():
    assert [get_ruleset(n).id for n in ("hangzhou", "杭州", "杭州麻将", "hz", "杭麻")] == ["hangzhou"] * 5
    assert not RULESET.can_read(parse_hand("123m456m789p234s99s"))
    ids = [r["rules"] for r in evaluate("123m456m789p234s99s")["results"]]
    assert "hangzhou" not in ids


def test_it_declares_what_it_reads():
    assert {f.key for f in RULESET.context} == {"indicator", "dealer", "streak", "piao", "chain_kongs", "piao_turn",
                                                "claims_from_winner"}
    assert RULESET.reads("kong_replacement") and not RULESET.reads("round_wind")


@pytest.mark.parametrize(("hand", "context", "options"), [
    ("[7777s]123m456m789p5p1z", {"win": "self_drawn", "seat": "E", "chain_kongs": 1, "piao": 1, "indicator": "5p"},
     None),
    ("123m456m789p234s5s7z", {"win": "self_drawn", "seat": "N", "indicator": "5s", "claims_from_winner": {"E": 3}},
     None),
    ("123m456m789p234s99s", {"win": "discard", "seat": "W", "from_seat": "S", "dealer": "S", "streak": 2},
     {"dealer_factor": "ladder"}),
])
def test_a_share_code_keeps_the_context_and_scores_the_same(hand, context, options):
    typed = evaluate(hand, "hangzhou", context, options)
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"] == typed["results"]


def test_a_waiting_hand_lists_each_winning_tile_with_its_value():
    (result,) = evaluate("123m456m789p234s5p", "hangzhou", {**SELF, "indicator": "5p"})["results"]
    waits = {w["tile"]: w["total"] for w in result["waits"] if w["valid"]}
    assert len(waits) == 34 and all(v == 2 for v in waits.values())  # a lone 财神: every draw is 暴头


def test_payments_carry_the_dealer_seat_on_the_dealer_factor():
    (result,) = evaluate("1111m33p55p77s99s1z1z", "hangzhou", SELF, {"preset": "competition"})["results"]
    east = next(p for p in result["payments"] if p["from"] == "E")
    assert east["factors"][-1] == {"id": "zhuang", "zh": "庄闲×8", "en": "dealer ×8", "op": "×", "value": 8,
                                   "seat": "E"}
    assert Seat.E.value == result["dealer"]


def test_every_fan_page_renders(client):
    for fan in RULESET.fans:
        assert client.get(f"/fans/hangzhou/{fan.id}/").status_code == 200


def test_the_calculator_page_scores_it_with_its_context_controls(client):
    response = client.get("/", {"hand": "123m456m789p234s5p9s|ES1000", "rules_shown": "1", "rules": "hangzhou",
                                "ctx-indicator": "5p"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = response.content.decode()
    assert response.status_code == 200
    assert "暴头" in html and 'name="ctx-piao"' in html and 'name="ctx-claims_from_winner' in html


def test_the_api_lists_its_declared_context(client):
    rules = {r["id"]: r for r in client.get("/api/v1/rules").json()["rules"]}
    declared = {f["key"] for f in rules["hangzhou"]["context"]["declared"]}
    assert {"piao", "chain_kongs", "piao_turn", "claims_from_winner", "indicator", "dealer", "streak"} <= declared
