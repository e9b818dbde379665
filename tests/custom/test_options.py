"""Our table rules: the options are the whole definition — they parse from text, travel in the share
code, and a definition that cannot be played is refused with a message."""

from __future__ import annotations

import pytest

from rulesets.custom.options import PRESETS, CustomOptions
from rulesets.engine import evaluate
from rulesets.errors import RulesError
from rulesets.registry import get_ruleset

CUSTOM = get_ruleset("custom")
TABLE = {"combine": "double", "qingyise": 3, "zimo": 2, "payers": "all", "dealer_factor": 2, "cap": 6, "minimum": 1,
         "seven_pairs": False, "pair_258": True, "gen": 0, "ziyise": 0}


def test_the_whole_definition_travels_in_the_share_code():
    first = evaluate("123m456p678s234m55s", "custom", {"win": "self_drawn", "seat": "S"}, TABLE)
    again = evaluate(first["hand"])
    assert again["hand"] == first["hand"]
    assert again["results"][0]["options"] == first["results"][0]["options"]
    for key in ("valid", "total", "fans", "payouts", "payments"):
        assert again["results"][0][key] == first["results"][0][key]


def test_a_shared_definition_scores_the_same_typed_hand_the_same():
    first = evaluate("[123m1]456p789s234m55s", "custom", {"seat": "S", "from_seat": "E"}, TABLE)
    code = first["hand"]
    assert "~custom." in code and "combine-double" in code
    assert evaluate(code)["results"][0]["payouts"] == first["results"][0]["payouts"]


def test_a_template_is_expanded_into_options_so_the_link_does_not_depend_on_it():
    first = evaluate("11122233344455m", "custom", {"seat": "S", "from_seat": "W"}, {"preset": "sichuan"})
    assert "preset" not in first["hand"] and "void_suit-true" in first["hand"]
    assert evaluate(first["hand"])["results"][0]["total"] == 3


def test_options_parse_from_text():
    o = CUSTOM.parse_options({"seven_pairs": "false", "qingyise": "5", "combine": "double"})
    assert (o.seven_pairs, o.qingyise, o.combine.value) == (False, 5, "double")


@pytest.mark.parametrize(("values", "message"), [
    ({"minimum": 5, "cap": 3}, "高于封顶"),
    ({"pair_258": True, "seven_pairs": False}, "字一色"),
    ({"combine": "double", "qingyise": 30}, "0–20"),
    ({"qingyise": -1}, "0–1000"),
    ({"base": 0}, "base"),
    ({"cap": -1}, "负数"),
    ({"payers": "nobody"}, "not one of"),
    ({"no_such_rule": 1}, "unknown option"),
])
def test_a_bad_definition_is_refused_with_a_message(values, message):
    with pytest.raises(RulesError) as info:
        CUSTOM.parse_options(values)
    assert message in info.value.message


def test_every_template_is_a_valid_definition():
    for name in PRESETS:
        assert isinstance(CUSTOM.parse_options({"preset": name}), CustomOptions)


def test_a_waiting_hand_lists_its_waits_with_the_table_values():
    result = evaluate("123m456p789s234m1s", "custom", None, {"pinghu": 4})["results"][0]
    assert result["waits"] == [{"tile": "1s", "valid": True, "total": 5}]


def test_zero_valued_patterns_are_left_out_but_the_plain_win_stays():
    result = evaluate("123m456p789s234m11s", "custom", None, {"pinghu": 0, "menqing": 0})["results"][0]
    assert [f["id"] for f in result["fans"]] == ["pinghu"] and result["total"] == 0
