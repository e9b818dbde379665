"""富阳麻将 beyond the golden cases: options, the 财神 and 杠花 from the turned-up tile, 门风, share codes."""

import pytest

from rulesets.caishen import predecessor
from rulesets.engine import build_request, evaluate
from rulesets.errors import RulesError
from rulesets.fuyang import RULESET, caishen, menfeng
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.scoring import option_infos
from rulesets.tiles import tile
from rulesets.wild import successor

SELF = {"win": "self_drawn", "seat": "S"}


def _hand(text, context=None):
    return build_request(text, "fuyang", context).hand


@pytest.mark.parametrize("info", option_infos(RULESET.options_type), ids=lambda i: i.key)
def test_every_option_has_names_and_a_source(info):
    assert info.zh and info.en and info.source


def test_options_refuse_bad_values():
    with pytest.raises(RulesError, match="payout"):
        RULESET.parse_options({"payout": "double"})


@pytest.mark.parametrize(("turned", "fanfa", "wild", "flower"), [
    ("3m", "doudi", "3m", "4m"),  # seed 000: 若财神是三万，即四万为杠花
    ("4m", "daogun", "3m", "4m"),
    ("1m", "daogun", "9m", "1m"),
    ("9s", "doudi", "9s", "1s"),
    ("1z", "daogun", "4z", "1z"),
    ("5z", "daogun", "7z", "5z"),
    ("7z", "doudi", "7z", "5z"),
])
def test_the_caishen_and_the_ganghua_follow_from_the_turned_up_tile(turned, fanfa, wild, flower):
    got = caishen(_hand("123m456m789p234s99s", {"indicator": turned}), RULESET.parse_options({"fanfa": fanfa}))
    assert (str(got), str(successor(got))) == (wild, flower)


def test_predecessor_undoes_successor_for_every_tile():
    for i in range(34):
        t = tile(f"{i % 9 + 1}{'mps'[i // 9]}") if i < 27 else tile(f"{i - 26}z")
        assert predecessor(successor(t)) == t


@pytest.mark.parametrize(("seat", "dealer", "wind"), [("E", None, "1z"), ("S", None, "2z"), ("S", "S", "1z"),
                                                      ("E", "S", "4z"), ("N", "W", "2z")])
def test_menfeng_counts_from_the_dealer(seat, dealer, wind):
    context = {"seat": seat, **({"dealer": dealer} if dealer else {})}
    assert menfeng(_hand("123m456m789p234s99s", context)) == tile(wind)


def test_it_is_asked_for_by_name_not_in_every_comparison():
    assert [get_ruleset(n).id for n in ("fuyang", "富阳", "富阳麻将", "fy")] == ["fuyang"] * 4
    assert not RULESET.can_read(parse_hand("123p456p789p234p55p"))


def test_the_card_states_the_payout_assumption_in_both_languages():
    (result,) = evaluate("123p456p789p234p55p", "fuyang", SELF)["results"]
    assert any("假设" in n and "assumed payout" in n for n in result["notes"])


@pytest.mark.parametrize(("hand", "context", "options"), [
    ("[555z1]123p456p789p4m4m", {"win": "discard", "seat": "S", "from_seat": "W", "indicator": "3m"}, None),
    ("[222z1][555z1]123m456p11s", {"win": "self_drawn", "seat": "S", "dealer": "W"}, {"payout": "power"}),
    ("111z222z333z555z66z", {"win": "self_drawn", "seat": "S"}, {"quanfengzi": "adds"}),
])
def test_a_share_code_keeps_the_context_and_scores_the_same(hand, context, options):
    typed = evaluate(hand, "fuyang", context, options)
    again = evaluate(typed["hand"])
    assert again["hand"] == typed["hand"]
    assert again["results"] == typed["results"]


def test_every_fan_page_renders(client):
    for fan in RULESET.fans:
        assert client.get(f"/fans/fuyang/{fan.id}/").status_code == 200


def test_the_calculator_page_scores_it(client):
    response = client.get("/", {"hand": "[555z1]123m345m789m1z1z|ES1000", "rules_shown": "1", "rules": "fuyang"},
                          HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = response.content.decode()
    assert response.status_code == 200
    assert "混一色" in html and "假设" in html
