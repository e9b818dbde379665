"""香港麻雀: what the golden cases do not pin — the flower numbers, the money tables against their source, settling
a Score again under other house rules or at another table, the declared context travelling in a share link, the
waits, and the messages for a hand or a table that cannot be."""

from __future__ import annotations

import pytest

from rulesets import engine
from rulesets.engine import build_request, evaluate
from rulesets.errors import ContextError, HandError, RulesError
from rulesets.hand import Seat
from rulesets.hongkong.fans import OWN_FLOWERS
from rulesets.hongkong.options import Schedule
from rulesets.hongkong.settle import multiplier
from rulesets.registry import get_ruleset


def test_each_seat_owns_the_flowers_hong_kong_numbers_for_it():
    # HK: 梅1 蘭2 菊3 竹4, 春1 夏2 秋3 冬4; the project writes 1f-8f = 梅 蘭 竹 菊 春 夏 秋 冬
    assert {s: sorted(str(t) for t in OWN_FLOWERS[s]) for s in OWN_FLOWERS} == {
        Seat.E: ["1f", "5f"], Seat.S: ["2f", "6f"], Seat.W: ["4f", "7f"], Seat.N: ["3f", "8f"]}


def test_the_multipliers_are_the_tables_of_the_sources():
    # mahjong-scorer README: 半辣上 1 2 4 8 16 24 32 48 64 96 128 192 256 384; 辣辣上 2^f; bigproduction's tiers
    assert [multiplier(f, Schedule.HALF_SPICY) for f in range(14)] == [
        1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    assert [multiplier(f, Schedule.SPICY) for f in (0, 5, 13)] == [1, 32, 8192]
    assert [multiplier(f, Schedule.TIERED) for f in range(14)] == [1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64]


HK_A = ("[777z1]12345678m11z9m", {"seat": "S", "from_seat": "N"})


@pytest.mark.parametrize(("other", "net"), [
    ({"responsibility": "full"}, {"E": 0, "S": 48, "W": 0, "N": -48}),
    ({"stake": "one_two"}, {"E": -24, "S": 96, "W": -24, "N": -48}),
    ({"schedule": "spicy"}, {"E": -16, "S": 64, "W": -16, "N": -32}),
    ({"stake": "custom", "base": 10}, {"E": -120, "S": 480, "W": -120, "N": -240}),
])
def test_a_score_settles_again_under_other_money_rules_as_scoring_under_them_does(other, net):
    hand, context = HK_A
    request = build_request(hand, "hongkong", context)
    (score,) = engine.score(request)
    again = engine.settle(score, request.hand, options=other)
    (fresh,) = engine.score(build_request(hand, "hongkong", context, other))
    assert again == fresh.settlement and again.as_dict() == net


def test_a_score_settles_again_at_another_table():
    hand, context = HK_A
    request = build_request(hand, "hongkong", context)
    (score,) = engine.score(request)
    assert engine.settle(score, request.hand, {"from_seat": "E"}).as_dict() == {"E": -24, "S": 48, "W": -12, "N": -12}


def test_the_declared_context_travels_in_the_share_code():
    first = evaluate("[123p1][555z2][678p1][999p3]4p4p", "hongkong", {"seat": "N", "win": "self_drawn", "liable": "E"})
    assert "liable-E" in first["hand"]
    again = evaluate(first["hand"])
    assert again["results"][0]["payouts"] == first["results"][0]["payouts"] == {"E": -96, "S": 0, "W": 0, "N": 96}


def test_a_win_on_the_flowers_is_scored_from_its_share_code_without_a_winning_tile():
    first = evaluate("123m456p789s1122z1234567f", "hongkong", {"seat": "S", "win": "self_drawn", "flower_win": True})
    (result,) = first["results"]
    assert result["valid"] and [f["id"] for f in result["fans"]] == ["huahu"] and result["flower_win"] is True
    assert "flower_win-1" in first["hand"] and "-" not in first["hand"].split(".")[1]
    assert evaluate(first["hand"])["results"][0]["payouts"] == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_the_same_tiles_without_the_flower_win_are_a_waiting_hand():
    (result,) = evaluate("123m456p789s1122z1234567f", "hongkong", {"seat": "S"})["results"]
    assert not result["valid"] and [w["tile"] for w in result["waits"]] == ["1z", "2z"]


def test_a_false_win_is_said_and_paid_by_the_declarer():
    (result,) = evaluate("123m456p789s11z23s5s", "hongkong", {"seat": "W", "declared_win": True})["results"]
    assert not result["valid"] and result["reason"].startswith("诈糊") and "False win" in result["reason_en"]
    assert result["payouts"] == {"E": 128, "S": 128, "W": -384, "N": 128}
    assert {p["to"] for p in result["payments"]} == {"E", "S", "N"}


def test_the_card_shows_the_limit_line_and_the_minimum_reads_the_total_before_it():
    (result,) = evaluate("[222p1][555p1]777p999p3p3p", "hongkong", {"seat": "N", "win": "self_drawn"},
                         {"min_faan": 11})["results"]
    cap = next(f for f in result["fans"] if f["id"] == "baopeng")
    assert result["valid"] and result["total"] == 10 and cap["value"] == -2 and cap.get("note") == "12→10"


@pytest.mark.parametrize(("hand", "context", "options", "error", "words"), [
    ("[777z1]12345678m11z9m", {"seat": "S"}, {"min_faan": 14}, RulesError, "min_faan"),
    ("[777z1]12345678m11z9m", {"seat": "S"}, {"max_faan": 0}, RulesError, "max_faan"),
    ("[777z1]12345678m11z9m", {"seat": "S", "from_seat": "N", "flower_win": True}, {}, ContextError, "flowers"),
    ("123m456p789s1122z1234567f", {"seat": "S", "flower_win": True}, {}, ContextError, "self-draw"),
    ("[777z1]12345678m11z9m", {"seat": "S", "win": "self_drawn", "kong_on_kong": True}, {}, ContextError, "two kongs"),
    ("123m456p789s11222z", {"seat": "S", "win": "self_drawn", "earthly": True}, {}, ContextError, "first discard"),
    ("123m456p789s11222z", {"seat": "S", "from_seat": "E", "earthly": True}, {"dihu": "first_draw"}, ContextError,
     "first draw"),
    ("[777z1]12345678m11z9m1f", {"seat": "S"}, {"flowers_in_play": False}, HandError, "without flowers"),
])
def test_what_cannot_be_at_a_hong_kong_table_is_refused_with_its_reason(hand, context, options, error, words):
    with pytest.raises(error) as info:
        evaluate(hand, "hongkong", context, options)
    assert words in info.value.message and info.value.message_zh != info.value.message


def test_the_system_is_asked_for_by_name_and_by_the_names_players_use():
    hk = get_ruleset("hongkong")
    assert all(get_ruleset(name) is hk for name in ("香港", "港式", "廣東牌", "广东牌", "老番", "hkos", "hong-kong"))
    assert not hk.can_read(build_request("123m456p789s11222z", "hongkong").hand)
