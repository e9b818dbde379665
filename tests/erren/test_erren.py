"""二人麻将: what the golden cases do not pin — options, context, share codes, the fan table's data, the alias."""

import pytest

from rulesets.engine import evaluate
from rulesets.errors import MahjongError, RulesError
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset

ER = get_ruleset("erren")
HAND = "12233467m111z55z8m"


def test_the_alias_erren_opens_this_game_and_the_sichuan_table_keeps_its_names():
    assert get_ruleset("二人") is ER
    for name in ("两人两房", "两人", "sichuan-2p", "sichuan_2p", "2p"):
        assert get_ruleset(name).id == "sichuan-2p"


def test_options_parse_and_refuse_bad_values():
    o = ER.parse_options({"cap": "0", "rob_kong_self_drawn": "off"})
    assert (o.cap, o.rob_kong_self_drawn) == (0, False)
    with pytest.raises(RulesError):
        ER.parse_options({"cap": "thirteen"})


def test_bad_context_is_refused():
    with pytest.raises(MahjongError, match="tianting"):
        evaluate(HAND, "erren", {"tianting": "maybe"})
    with pytest.raises(MahjongError, match="baoting"):
        evaluate(HAND, "erren", {"baoting": "Q"})


def test_a_share_code_with_its_context_round_trips_and_scores_the_same():
    typed = evaluate(HAND, "erren", {"baoting": ["E"], "tianting": True, "flowers": ["1f", "6f"]}, {"cap": 0})
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"][0]["total"] == typed["results"][0]["total"] == 45 - 4 + 2
    assert again["results"][0]["payouts"] == typed["results"][0]["payouts"]


def test_every_fan_row_is_complete_and_its_example_scores_it():
    for fan in ER.fans:
        assert fan.zh and fan.en and fan.definition_zh and fan.definition_en and fan.source and fan.example, fan.id
        r = evaluate(fan.example, "erren")["results"][0]
        assert fan.id in [f["id"] for f in r["fans"]], fan.id


def test_exclusions_only_name_fans_of_the_table():
    ids = {f.id for f in ER.fans}
    for fan in ER.fans:
        assert {e.fan for e in fan.excludes} <= ids, fan.id


def test_the_cap_is_an_itemised_factor():
    r = evaluate(HAND, "erren", {"win": "self_drawn"})["results"][0]
    (line,) = r["payments"]
    assert [f["id"] for f in line["factors"]] == ["cap"] and line["base"] == 15 and line["amount"] == 13


def test_not_in_the_all_systems_comparison():
    assert not ER.can_read(parse_hand(HAND))
