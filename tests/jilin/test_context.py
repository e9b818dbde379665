"""吉林 (长春): the declared context (报听, 宝, 冲宝/摸宝) reads, checks and travels in the share code."""

from __future__ import annotations

import pytest

from rulesets.engine import evaluate
from rulesets.errors import ContextError

CHONG = {"seat": "S", "win": "self_drawn", "baoting": ["S"], "bao": "1m", "bao_win": "chong"}


def test_the_bao_context_travels_in_the_share_code_and_scores_the_same():
    first = evaluate("23m456p789s11122z1m", "jilin", CHONG)
    assert "bao_win-chong" in first["hand"] and "baoting-S" in first["hand"]
    again = evaluate(first["hand"])
    assert again["results"][0]["payouts"] == first["results"][0]["payouts"] == {"E": -32, "S": 64, "W": -16, "N": -16}


def test_an_unknown_bao_win_is_refused_with_the_choices():
    with pytest.raises(ContextError) as info:
        evaluate("23m456p789s11122z1m", "jilin", {**CHONG, "bao_win": "maybe"})
    assert "bao_win" in info.value.message


def test_a_bao_win_on_a_discard_is_not_a_win():
    result = evaluate("23m456p789s11122z1m", "jilin", {**CHONG, "win": "discard", "from_seat": "W"})["results"][0]
    assert not result["valid"] and "self_drawn" in result["reason_en"]


def test_mobao_says_which_tile_the_bao_stood_for():
    ctx = {"seat": "S", "win": "self_drawn", "baoting": ["S"], "bao": "5s", "bao_win": "mo"}
    result = evaluate("23m456p789s11122z5s", "jilin", ctx)["results"][0]
    assert result["represented_win"] in ("1m", "4m") and result["notes"]


def test_mobao_of_a_hand_that_is_not_ready_is_refused():
    ctx = {"seat": "S", "win": "self_drawn", "baoting": ["S"], "bao_win": "mo"}
    result = evaluate("19m456p789s11122z5s", "jilin", ctx)["results"][0]
    assert not result["valid"] and "没有听牌" in result["reason"]


def test_the_unready_discarder_pays_every_line_and_says_for_whom():
    result = evaluate("1199m1199p2299s55z", "jilin", {"seat": "S", "from_seat": "W"})["results"][0]
    assert {p["from"] for p in result["payments"]} == {"W"}
    assert sum("包三家" in p["why"] for p in result["payments"]) == 2
