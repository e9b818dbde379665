"""Scoring one hand: legality with reasons, every reading tried, display conventions, the result contract."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.engine import evaluate
from rulesets.errors import ContextError, HandError
from rulesets.hand import Hand, Seat, WinContext, WinMethod
from rulesets.registry import get_ruleset
from rulesets.tiles import SUITED_TILES, tiles
from tests.sichuan.helpers import fan_ids, hand, score

SC = get_ruleset("sichuan")


def test_a_hand_with_honours_is_invalid_with_a_reason_not_an_error():
    result = score("123456789m345pEE", seat="E", from_seat="S")
    assert not result.valid
    assert "东" in result.reason and "suited" in result.reason_en


def test_flowers_are_not_sichuan_tiles():
    result = score("123456789m2345p5p", flowers=["1f"])
    assert not result.valid and "花" in result.reason


def test_a_chow_meld_is_invalid_and_says_so():
    result = score("[123m1]456789m2345p5p")
    assert not result.valid
    assert "不能吃" in result.reason and "chow" in result.reason_en


def test_a_hand_holding_three_suits_cannot_win():
    result = score("123m456p789s234m55p")
    assert not result.valid and "缺一门" in result.reason and "void" in result.reason_en


def test_a_waiting_hand_is_refused_as_input_and_points_to_the_waits():
    with pytest.raises(HandError, match="waits view"):
        score("1112345678999m")


def test_the_wrong_hand_size_for_the_table_is_refused_as_input():
    with pytest.raises(HandError, match="expected 14"):
        score("11123456m", seat="S", win="self_drawn")  # 8 tiles at a 4-player table
    with pytest.raises(HandError, match="expected 8"):
        score("11112345678999m", rules="sichuan-6p", seat="S", win="self_drawn")


def test_a_seat_that_is_not_at_the_table_is_refused_as_input():
    with pytest.raises(ContextError, match="3-player"):
        score("11223345678999p", rules="sichuan-3p", seat="N", win="self_drawn")


def test_heavenly_hand_cannot_have_melds():
    result = score("[1111m][2222m]334455m66m", seat="E", win="self_drawn", heavenly=True)
    assert not result.valid and "天胡" in result.reason


def test_a_kong_of_the_winner_listed_among_other_players_kongs_is_refused():
    result = score("123456789m2345p5p", seat="E", from_seat="S", kongs=[{"seat": "E", "kind": "concealed"}])
    assert not result.valid and "melds" in result.reason_en


def test_seven_pairs_and_sets_are_both_tried_and_the_best_kept():
    result = score("11223344556677m", seat="S", from_seat="E")
    kinds = {s.shape.kind.value: s.total for s in result.shapes}
    assert kinds["seven_pairs"] == 4 and kinds["standard"] == 2
    assert result.shape.shape.kind.value == "seven_pairs" and fan_ids(result) == ["qingqidui"]


def test_every_split_is_tried_and_the_best_kept():
    result = score("111222333m777p99p", seat="S", from_seat="E")
    assert sorted(s.total for s in result.shapes) == [0, 1]
    assert fan_ids(result) == ["duiduihu"]


def test_a_pattern_not_contained_in_the_chosen_one_is_reported_by_principle():
    result = score("[2222m1][5555m][8888m2][2222p3]5p5p", seat="E", from_seat="S")
    (ex,) = [e for e in result.excluded if e.fan.id == "shibaluohan"]
    assert ex.by == "max_pattern" and "最大番" in ex.reason


def test_the_used_up_gen_is_named_in_its_exclusion():
    result = score("1133555577m2288p", seat="S", from_seat="W")
    (ex,) = [e for e in result.excluded if e.fan.id == "gen"]
    assert ex.by == "longqidui" and ex.reason.startswith("5m")


def test_each_gen_is_its_own_line_naming_its_tile_and_how_it_is_held():
    result = score("[6666p5]111123456m88m", seat="S", win="self_drawn", kong_replacement=True)
    notes = [i.note for i in result.items if i.fan.id == "gen"]
    assert notes == ["1m 一万（手中四张）", "6p 六筒（补杠）"]


def test_e1_display_adds_the_starting_fan_so_the_lines_still_add_up():
    result = score("22244455577799m", options={"preset": "table-b"}, seat="S", from_seat="E")
    assert result.total == 4 and sum(i.total for i in result.items) == 4
    assert result.extra["multiplier"] == 8 and result.extra["fan_e0"] == 3


def test_the_cap_line_makes_the_lines_add_up_to_the_capped_total():
    result = score("11224444557799m", options={"cap": 8}, seat="S", from_seat="E")
    assert result.total == 3 and sum(i.total for i in result.items) == 3
    (cap,) = [i for i in result.items if i.fan.id == "fengding"]
    assert cap.note == "×8" and cap.total == -2
    assert result.extra["multiplier_uncapped"] == 32 and result.extra["capped"] is True


def test_the_multiplier_display_uses_the_unit_bei():
    result = score("22244455577799m", options={"fan_display": "multiplier"}, seat="S", from_seat="E")
    assert (result.unit, result.total) == ("倍", 8)


def test_a_discard_win_pays_from_the_left_player_when_no_discarder_is_named():
    result = score("22244455577799m", seat="S")
    assert result.settlement.as_dict() == {"E": -8, "S": 8, "W": 0, "N": 0}


def test_an_earthly_flag_that_the_table_does_not_count_leaves_a_note():
    result = score("11334466m557799p", seat="S", from_seat="E", earthly=True)
    assert any("地胡" in n for n in result.extra["notes"])


def test_each_payment_line_itemises_the_hand():
    result = score("[6666p5]111123456m88m", options={"cap": 8}, seat="S", win="self_drawn", kong_replacement=True)
    why = result.settlement.payments[0].why
    for part in ("根·1m", "根·6p", "杠上花1番", "自摸加番1番", "封顶 ×8"):
        assert part in why
    assert "capped at x8" in result.settlement.payments[0].why_en


def test_the_result_object_carries_the_contract_fields_and_the_extras():
    (result,) = evaluate("22244455577799m", "sichuan", {"seat": "S", "from_seat": "E"})["results"]
    for key in ("rules", "valid", "reason", "unit", "total", "fans", "excluded", "shape", "shapes", "payouts",
                "payments", "options", "multiplier", "points"):
        assert key in result
    assert result["rules"] == "sichuan" and result["multiplier"] == 8 and result["options"]["cap"] == 0


def test_all_systems_leave_out_sichuan_for_a_hand_with_honours():
    found = [r["rules"] for r in evaluate("123456789m345pEE", None, {"seat": "E", "from_seat": "S"})["results"]]
    assert "sichuan" not in found


def test_all_systems_show_the_main_sichuan_table_only():
    found = [r["rules"] for r in evaluate("22244455577799m", None, {"seat": "S", "from_seat": "E"})["results"]]
    assert "sichuan" in found and not any(r.startswith("sichuan-") for r in found)


def test_all_systems_read_an_eight_tile_hand_as_six_player_sichuan():
    found = [r["rules"] for r in evaluate("11123456m", None, {"seat": "S", "win": "self_drawn"})["results"]]
    assert found == ["sichuan-6p"]


def test_can_read_accepts_a_waiting_hand_of_the_right_size():
    assert SC.can_read(hand("1112345678999m"))
    assert not SC.can_read(hand("11123456m"))


# --- properties over random two-suit hands ---------------------------------------------------------

TWO_SUITS = [t for t in SUITED_TILES if t.suit.value in "mp"]


def _complete_hands():
    def build(draw):
        sets = draw(st.lists(st.tuples(st.booleans(), st.sampled_from(TWO_SUITS)), min_size=4, max_size=4))
        pair = draw(st.sampled_from(TWO_SUITS))
        out = [pair, pair]
        for is_chow, t in sets:
            if is_chow and t.rank <= 7:
                out += [t, t.shifted(1), t.shifted(2)]
            else:
                out += [t, t, t]
        return out

    return st.composite(lambda draw: build(draw))()


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(_complete_hands(), st.booleans(), st.sampled_from(["e0", "e1"]), st.sampled_from([0, 4, 16]))
def test_lines_add_up_and_payouts_sum_to_zero_for_any_legal_hand(tiles_list, self_drawn, display, cap):
    if max(tiles_list.count(t) for t in tiles_list) > 4:
        return
    ctx = WinContext(seat=Seat.S, win=WinMethod.SELF_DRAWN if self_drawn else WinMethod.DISCARD)
    h = Hand(tuple(tiles_list[:-1]), winning_tile=tiles_list[-1], context=ctx)
    result = SC.score(h, SC.parse_options({"fan_display": display, "cap": cap}))
    assert result.valid, result.reason
    assert sum(i.total for i in result.items) == result.total
    assert sum(result.settlement.as_dict().values()) == 0
    assert result.extra["multiplier"] == 2 ** result.extra["fan_e0"]


@settings(max_examples=200)
@given(st.lists(st.sampled_from(SUITED_TILES), min_size=14, max_size=14))
def test_scoring_any_fourteen_suited_tiles_gives_a_result_never_an_error(picked):
    if max(picked.count(t) for t in picked) > 4:
        return
    result = SC.score(Hand(tuple(picked[:-1]), winning_tile=picked[-1]), SC.parse_options())
    assert result.valid or result.reason


def test_scoring_a_short_hand_says_the_size_is_wrong():
    with pytest.raises(HandError, match="tile count"):
        SC.score(Hand(tiles("1m"), winning_tile=tiles("1m")[0]), SC.parse_options())
