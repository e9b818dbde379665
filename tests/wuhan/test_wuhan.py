"""武汉 红中癞子杠: what the golden cases do not pin — options, context checks, the 癞子 order, share codes."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.engine import evaluate
from rulesets.errors import ContextError, RulesError
from rulesets.registry import get_ruleset
from rulesets.tiles import Tile
from rulesets.wild import successor
from rulesets.wuhan import HONOURS
from rulesets.wuhan.options import Kaikou, Payer, Rounding, WuhanOptions

WUHAN = get_ruleset("wuhan")
W_A = "[234m1][777s1]2678m123p2m"
W_A_CONTEXT: dict[str, Any] = {
    "win": "self_drawn", "seat": "S", "indicator": "4p", "kongs": [{"seat": "E", "kind": "exposed", "fed_by": "W"}],
    "red_kongs": {"W": 1}, "laizi_kongs": {"N": 1},
}


def _result(hand: str, context: dict[str, Any] | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    (result,) = evaluate(hand, "wuhan", context, options)["results"]
    return result


# --- the 癞子 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("indicator", "laizi"), [
    ("5m", "6m"), ("9m", "1m"), ("9p", "1p"), ("1s", "2s"),  # 一到九的循环
    ("1z", "2z"), ("2z", "3z"), ("3z", "4z"),  # 东南西北
    ("4z", "6z"), ("5z", "6z"),  # 摸到北和中都是发作癞子
    ("6z", "7z"), ("7z", "1z"),  # 发→白→东
])
def test_the_laizi_is_the_tile_after_the_indicator_skipping_red(indicator: str, laizi: str) -> None:
    assert successor(Tile.parse(indicator), HONOURS) == Tile.parse(laizi)


def test_no_indicator_means_no_laizi() -> None:
    result = _result(W_A, {"win": "self_drawn", "seat": "S"})
    assert result["valid"] and result["laizi"] is None


def test_the_ruleset_gives_its_wild_rule_to_the_engine() -> None:
    from rulesets.notation import parse_hand
    hand = parse_hand(W_A)
    assert WUHAN.wild is not None
    assert WUHAN.wild(hand, WuhanOptions()) is None
    rule = WUHAN.wild(hand.with_context(hand.context.replace(wildcard=Tile.parse("5p"))), WuhanOptions())
    assert rule is not None and rule.wilds == frozenset({Tile.parse("5p")})


# --- options ----------------------------------------------------------------------------------------


def test_options_parse_from_text() -> None:
    o = WUHAN.parse_options({"payer": "discarder", "kaikou": "each", "scale": "10", "big_kaikou": 4,
                             "rounding": "down", "cap": "50", "contract": "off"})
    assert (o.payer, o.kaikou, o.scale, o.big_kaikou, o.rounding, o.cap, o.contract) == (
        Payer.DISCARDER, Kaikou.EACH, 10, 4, Rounding.DOWN, 50, False)


@pytest.mark.parametrize("values", [{"scale": 3}, {"big_kaikou": 3}, {"payer": "nobody"}, {"colour": "red"},
                                    {"laizi_kong": 8}, {"contract_factor": 5}])
def test_bad_options_are_refused(values: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        WUHAN.parse_options(values)


def test_every_option_has_a_source() -> None:
    for info in WUHAN.option_infos():
        assert info.source and info.zh and info.en, info.key


# --- context checks ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "context", "message"), [
    (W_A, {"seat": "S", "red_kongs": {"E": 3, "W": 2}}, "only 4"),
    (W_A, {"seat": "S", "laizi_kongs": {"E": 1}}, "needs the 癞子"),
    (W_A, {"seat": "S", "indicator": "4p", "laizi_kongs": {"E": 3, "N": 2}}, "only 4"),
    (W_A, {"seat": "S", "openings": {"S": 1}}, "has 2 openings"),
    (W_A, {"seat": "S", "kongs": [{"seat": "S", "kind": "concealed"}]}, "winner's kongs"),
    ("[123s1][456s1][777s2]8889s9s", {"seat": "S", "third_opening": "S"}, "own opening"),
    (W_A, {"seat": "S", "third_opening": "N"}, "not three"),
    ("[123s1][456s1][777s2]8889s9s", {"seat": "S", "third_opening": "W"}, "supplied none"),
    (W_A, {"seat": "S", "red_kongs": {"S": 1}, "red_kong_draw": True}, "self-drawn"),
    (W_A, {"seat": "S", "win": "self_drawn", "red_kong_draw": True}, "no 红中 or 癞子"),
    (W_A, {"seat": "S", "win": "self_drawn", "kong_replacement": True}, "or a 红中杠 or 癞子杠"),
    (W_A, {"seat": "S", "win": "self_drawn", "kong_replacement": True, "red_kongs": {"W": 1}}, "or a 红中杠 or 癞子杠"),
    ("[777s1]2222m678m123p5m", {"seat": "S", "indicator": "2m"}, "cannot be turned up"),
    (W_A, {"seat": "S", "red_kongs": {"X": 1}}, "not at a 4-player table"),
    (W_A, {"seat": "S", "third_opening": "Y"}, "not at a 4-player table"),
])
def test_context_that_cannot_be_is_refused(hand: str, context: dict[str, Any], message: str) -> None:
    with pytest.raises(ContextError) as info:
        evaluate(hand, "wuhan", context)
    assert message in info.value.message


def test_a_per_seat_tally_is_refused_when_it_is_not_a_number() -> None:
    with pytest.raises(ContextError):
        evaluate(W_A, "wuhan", {"red_kongs": {"W": "many"}})


def test_an_exposed_kong_event_opens_its_player() -> None:
    # E's exposed kong is an opening even when openings says nothing (seed 开口翻: 吃、碰、明杠称为开口)
    with_openings = _result(W_A, {**W_A_CONTEXT, "openings": {"E": 1}})
    assert with_openings["payouts"] == _result(W_A, W_A_CONTEXT)["payouts"]


# --- the card -------------------------------------------------------------------------------------------


def test_each_payment_itemises_its_doubles() -> None:
    lines = {p["from"]: p for p in _result(W_A, W_A_CONTEXT)["payments"]}
    assert lines["E"]["why"] == "东付南 64 = 1 × 2^(开口 + 自摸 + 硬胡 + 开口 + 明杠 + 庄)"
    assert lines["N"]["why"].endswith("2^(开口 + 自摸 + 硬胡 + 2·癞子杠)")
    assert {f["seat"] for f in lines["E"]["factors"]} == {"S", "E"}
    assert lines["N"]["why_en"].startswith("North pays South 32 = 1 × 2^(")


def test_a_big_win_names_its_one_and_a_half() -> None:
    (line, *_) = _result("[777s1]12345688899s", {"win": "self_drawn", "seat": "S"})["payments"]
    assert "× 1.5（自摸）" in line["why"]
    assert any(f["id"] == "zimo" and f["value"] == 1.5 for f in line["factors"])


def test_the_card_says_what_the_laizi_stood_for() -> None:
    result = _result("[234m1][777s1]2678m13p5p2m", {"win": "self_drawn", "seat": "S", "indicator": "4p"})
    assert "5p→2p" in result["shape"]["text"]


def test_a_contract_line_names_whose_share_it_is() -> None:
    result = _result("[123s1][456s1][777s2]8889s9s", {"win": "self_drawn", "seat": "S", "third_opening": "N"})
    assert all(p["from"] == "N" for p in result["payments"])
    assert any(p["why"].startswith("北承包，代东付南") for p in result["payments"])


# --- the doors --------------------------------------------------------------------------------------------


def test_a_share_code_with_its_context_round_trips_and_scores_the_same() -> None:
    first = evaluate(W_A, "wuhan", W_A_CONTEXT, {"kaikou": "each"})
    again = evaluate(first["hand"])
    assert again["hand"] == first["hand"]
    assert again["results"] == first["results"]


@pytest.mark.parametrize(("hand", "context"), [
    ("[123s1][456s1][777s2]8889s9s", {"win": "self_drawn", "seat": "S", "third_opening": "N", "dealer": "W"}),
    ("[123m1][456p1][777s2][888m3]5s5s", {"seat": "S", "from_seat": "W", "discarder_ready": True, "wildcard": "2z"}),
    (W_A, {"win": "self_drawn", "seat": "S", "indicator": "5z", "red_kongs": {"S": 1}, "red_kong_draw": True,
           "openings": {"N": 2}}),
])
def test_every_declared_field_travels_in_the_share_code(hand: str, context: dict[str, Any]) -> None:
    first = evaluate(hand, "wuhan", context)
    again = evaluate(first["hand"])
    assert again == first
    assert first["results"][0]["valid"]


def test_a_waiting_hand_lists_its_waits_with_values() -> None:
    result = _result("[234m1][777s1]2678m123p", {"win": "self_drawn", "seat": "S", "indicator": "1z"})
    # 2m pairs the 2m; the 癞子 (2z, after the 东 indicator) drawn plays 2m
    assert [(w["tile"], w["total"]) for w in result["waits"] if w["valid"]] == [("2m", 1), ("2z", 1)]


def test_a_loose_hand_waits_on_any_tile_of_its_kind() -> None:
    result = _result("[111z1]2233444667z", {"win": "self_drawn", "seat": "S", "indicator": "1m"})
    # any honour but 红中, and the 癞子 (2m) itself
    assert [w["tile"] for w in result["waits"] if w["valid"]] == ["2m", "1z", "2z", "3z", "4z", "6z", "7z"]


def test_wuhan_is_not_in_the_default_comparison() -> None:
    assert all(r["rules"] != "wuhan" for r in evaluate(W_A)["results"])


@pytest.mark.parametrize("name", WUHAN.aliases)
def test_every_alias_names_wuhan(name: str) -> None:
    assert get_ruleset(name) is WUHAN


def test_the_declared_context_is_listed() -> None:
    keys = {f.key for f in WUHAN.context}
    assert {"indicator", "dealer", "red_kongs", "laizi_kongs", "openings", "third_opening"} <= keys


@pytest.mark.parametrize("fan", WUHAN.fans, ids=[f.id for f in WUHAN.fans])
def test_each_fan_example_scores_its_fan(fan: Any) -> None:
    result = evaluate(fan.example, "wuhan")["results"][0]
    assert result["valid"], result["reason"]
    assert fan.id in {f["id"] for f in result["fans"]}
    assert fan.zh and fan.en and fan.definition_zh and fan.definition_en and fan.source


# --- 杠上开花 after a 红中杠 or 癞子杠: the shared flag with no kong in hand -----------------------------------


RED_KONG: dict[str, Any] = {"seat": "S", "win": "self_drawn", "red_kongs": {"S": 1}}
LAIZI_KONG: dict[str, Any] = {"seat": "S", "win": "self_drawn", "indicator": "4p", "laizi_kongs": {"S": 1}}


@pytest.mark.parametrize("put_out", [RED_KONG, LAIZI_KONG], ids=["红中杠", "癞子杠"])
def test_a_kong_replacement_after_a_red_or_laizi_kong_is_kaihua_without_a_kong_in_hand(put_out: dict[str, Any]) -> None:
    flagged = evaluate(W_A, "wuhan", {**put_out, "kong_replacement": True})
    (result,) = flagged["results"]
    assert result["valid"] and "gangshangkaihua" in [f["id"] for f in result["fans"]]
    (declared,) = evaluate(W_A, "wuhan", {**put_out, "red_kong_draw": True})["results"]
    assert (result["total"], result["payouts"]) == (declared["total"], declared["payouts"])
    assert ".sk" in flagged["hand"] and evaluate(flagged["hand"]) == flagged  # its share code opens


def test_a_code_that_names_another_system_too_is_read_with_the_shared_check() -> None:
    code = evaluate(W_A, "wuhan", {**RED_KONG, "kong_replacement": True})["hand"]
    with pytest.raises(ContextError, match="needs a kong in the winner's hand"):
        evaluate(code + "~guobiao")


def test_a_kong_replacement_is_self_drawn_at_wuhan_too() -> None:
    with pytest.raises(ContextError, match="self-drawn"):
        evaluate(W_A, "wuhan", {**RED_KONG, "win": "discard", "kong_replacement": True})
