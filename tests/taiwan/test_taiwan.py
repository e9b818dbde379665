"""台灣十六張: what the golden cases do not pin — the readings and facts, a flower win through every door,
the waits with 嚦咕嚦咕, the preset, the fan table's data, the settlement again at another table."""

from __future__ import annotations

import json

import pytest

from rulesets.engine import build_request, evaluate, score, settle
from rulesets.errors import ContextError, HandError
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.taiwan import RULESET, TaiwanDetails
from rulesets.taiwan.options import FlowerOrder
from rulesets.taiwan.reading import own_flowers, seat_wind, waits_before

EIGHT = "159m159p159s1234567z"  # 16 tiles that are not even ready
ALL_FLOWERS = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]


def _hand(text: str, context: dict) -> object:
    return build_request(text, "taiwan", context).hand


def test_the_aliases_players_use_find_the_table() -> None:
    for name in ("台麻", "台灣麻將", "十六張", "十六张", "台湾十六张", "tw", "taiwanese"):
        assert get_ruleset(name) is RULESET


@pytest.mark.parametrize(("dealer", "seat", "wind", "flowers"), [
    ("E", "W", "3z", {"3f", "7f"}), ("S", "W", "2z", {"2f", "6f"}), ("S", "E", "4z", {"4f", "8f"}),
    ("N", "N", "1z", {"1f", "5f"}),
])
def test_the_seat_wind_and_own_flowers_count_from_the_dealer(dealer, seat, wind, flowers) -> None:
    hand = _hand("123m456m234s567s88s23p4p", {"seat": seat, "dealer": dealer})
    assert str(seat_wind(hand)) == wind
    assert {str(t) for t in own_flowers(hand, FlowerOrder.NUMBER)} == flowers


def test_the_pages_order_swaps_the_plants_of_west_and_north_only() -> None:
    west = _hand("123m456m234s567s88s23p4p", {"seat": "W"})
    north = _hand("123m456m234s567s88s23p4p", {"seat": "N"})
    assert {str(t) for t in own_flowers(west, FlowerOrder.PAGES)} == {"4f", "7f"}
    assert {str(t) for t in own_flowers(north, FlowerOrder.PAGES)} == {"3f", "8f"}


def test_a_tile_held_four_times_is_no_wait() -> None:
    hand = parse_hand("[1111m]23m456p789p234s55s4m")
    assert [str(t) for t in waits_before(hand, ligu=False)] == ["4m"]


@pytest.mark.django_db
def test_a_flower_win_is_scored_through_every_door(client) -> None:
    data = evaluate(EIGHT, "taiwan", {"seat": "W", "win": "self_drawn", "flowers": ALL_FLOWERS, "flower_win": True})
    (result,) = data["results"]
    assert result["valid"] and [f["id"] for f in result["fans"]] == ["baxian"] and result["shape"] is None
    code = data["hand"]
    assert "-" not in code.split(".")[1] and "flower_win-1" in code  # no winning tile; the flag travels
    assert evaluate(code)["results"] == data["results"]
    assert client.get(f"/h/{code}.json").json()["results"] == json.loads(json.dumps(data["results"]))
    page = client.get(f"/h/{code}").content.decode()
    assert "八仙过海" in page and "800" in page


@pytest.mark.django_db
def test_the_calculator_scores_a_flower_win_rather_than_listing_waits(client) -> None:
    page = client.get("/", {"hand": EIGHT + " 12345678f", "rules": "taiwan", "seat": "W", "win": "self_drawn",
                            "ctx-flower_win": "1"}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "八仙过海" in page and "+800" in page


def test_without_the_flag_sixteen_tiles_are_a_waiting_hand() -> None:
    (result,) = evaluate("[234p1]111p567p678p99p45p", "taiwan", {"seat": "W"})["results"]
    assert not result["valid"] and [w["tile"] for w in result["waits"]] == ["3p", "6p", "9p"]
    assert all(w["valid"] for w in result["waits"])


def test_the_waits_find_seven_pairs_and_a_pung_only_where_it_is_played() -> None:
    hand = "112233m4455p6677s99s"  # 16 tiles: 123m 123m + pairs, or seven pairs with one to make a pung
    plain = evaluate(hand, "taiwan", {"seat": "S", "win": "self_drawn"})["results"][0]["waits"]
    ligu = evaluate(hand, "taiwan", {"seat": "S", "win": "self_drawn"}, {"ligu": True})["results"][0]["waits"]
    assert [w["tile"] for w in plain if w["valid"]] == []
    assert [w["tile"] for w in ligu if w["valid"]] == ["1m", "2m", "3m", "4p", "5p", "6s", "7s", "9s"]


def test_each_flower_fact_is_refused_where_it_cannot_be() -> None:
    with pytest.raises(ContextError, match="flower_win"):
        evaluate(EIGHT, "taiwan", {"seat": "W", "flowers": ["1f", "2f"], "flower_win": True, "win": "self_drawn"})
    with pytest.raises(HandError):  # a waiting hand without the flag is not scored as a win
        RULESET.score(parse_hand(EIGHT), RULESET.parse_options())


def test_the_result_names_the_wind_counted_from_the_dealer_and_the_dealers_tai() -> None:
    request = build_request("[222z1]123m456m789p55p34s5s", "taiwan", {"seat": "W", "dealer": "S", "streak": 2})
    (s,) = score(request)
    assert TaiwanDetails.of(s) == TaiwanDetails("2z", 5)
    assert s.as_dict()["seat_wind"] == "2z"


def test_one_score_settles_again_at_another_table_and_stake() -> None:
    request = build_request("123m456m234s567s88s23p4p", "taiwan", {"seat": "S", "from_seat": "W"})
    (s,) = score(request)
    assert settle(s, request.hand, {"from_seat": "E", "streak": 1}).as_dict() == {"E": -220, "S": 220, "W": 0, "N": 0}
    assert settle(s, request.hand, options={"base": 50, "per_tai": 10}).as_dict() == {
        "E": 0, "S": 80, "W": -80, "N": 0}


def test_the_new_style_preset_counts_every_flower_and_the_big_flower_wins() -> None:
    (r,) = evaluate("[666z1]123456789p55z77z7z", "taiwan",
                    {"seat": "S", "win": "self_drawn", "flowers": ["2f", "5f", "6f", "7f", "8f"]},
                    {"preset": "new-style"})["results"]
    assert {f["id"]: f["count"] for f in r["fans"]}["huapai"] == 5
    (w,) = evaluate(EIGHT, "taiwan", {"seat": "W", "win": "self_drawn", "flowers": ALL_FLOWERS, "flower_win": True},
                    {"preset": "new-style"})["results"]
    assert w["total"] == 30


def test_every_row_has_a_source_in_the_works_and_an_example_that_scores_it() -> None:
    for fan in RULESET.fans:
        (r,) = evaluate(fan.example)["results"]
        assert fan.id in [f["id"] for f in r["fans"]], fan.id
        assert fan.source.work in RULESET.works


def test_a_payment_shows_its_parts() -> None:
    (r,) = evaluate("123456789m234p55s68s7s", "taiwan",
                    {"seat": "N", "win": "self_drawn", "flowers": ["8f"], "streak": 1})["results"]
    line = next(p for p in r["payments"] if p["from"] == "E")
    assert line["base"] == 5 and [(f["op"], f["value"]) for f in line["factors"]] == [
        ("+", 1), ("+", 2), ("×", 20), ("+", 100)]
    assert line["factors"][1]["zh"] == "连一拉一" and line["amount"] == 260
