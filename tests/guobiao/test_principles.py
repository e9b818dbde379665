"""The scoring principles (mcr.md §4, §5): each case is quoted from the rule text, where it was checked
against PyMahjongGB 1.4.0."""

from __future__ import annotations

from rulesets._mcr.principles import ACCOUNT_ONCE, NON_IDENTICAL, choose_edges, has_unique_wait

from .conftest import excluded_by, fans, score_of
from .hands import spec

# --- 不重复 non-repeat: implied fans are not counted, and only as many copies as implied --------------


def test_big_three_dragons_removes_only_the_terminal_pungs_of_its_dragons() -> None:
    s = score_of("[555z][666z][777z] 111m3p +3p")  # mcr.md §4.1
    assert fans(s) == {
        "big_three_dragons": 1, "all_pungs": 1, "pung_of_terminals_or_honors": 1,
        "one_voided_suit": 1, "single_wait": 1,
    }
    assert s.total == 97
    assert {"dragon_pung", "two_dragons_pungs"} <= set(excluded_by(s))


def test_two_fans_that_together_imply_a_third_do_not_remove_it() -> None:
    # 绿一色 + 清一色 imply 断幺, which stays (mcr.md §4.1; its hand there has six 8s, so two 2s are added)
    s = score_of("2222334466888s +8s")
    assert fans(s) == {"all_green": 1, "seven_pairs": 1, "full_flush": 1, "all_simples": 1, "tile_hog": 2}
    assert s.total == 142


def test_the_exclusion_names_the_fan_that_implies_it() -> None:
    s = score_of("123456789m234s5p +5p")
    assert excluded_by(s)["short_straight"] == {"pure_straight"}
    assert excluded_by(s)["two_terminal_chows"] == {"pure_straight"}


# --- 不拆移 non-separation and 不得相同 non-identical -------------------------------------------------


def test_four_pure_shifted_chows_is_not_taken_apart_into_pairs() -> None:
    s = score_of("123345567789p1z +1z")  # mcr.md §4.2
    assert fans(s) == {"four_pure_shifted_chows": 1, "half_flush": 1, "concealed_hand": 1, "single_wait": 1}


def test_a_chow_makes_the_same_pair_fan_only_once() -> None:
    s = score_of("234s223344567p1z +1z")  # mcr.md §4.3: 一般高 + 喜相逢 + 连六, not 喜相逢×2
    assert fans(s) == {
        "concealed_hand": 1, "pure_double_chow": 1, "mixed_double_chow": 1,
        "short_straight": 1, "one_voided_suit": 1, "single_wait": 1,
    }
    assert not s.valid and s.reason_en == "7 fans: below the 8-fan minimum"
    assert NON_IDENTICAL in excluded_by(s)["mixed_double_chow"]


def test_mixed_shifted_chows_step_by_one_only() -> None:
    s = score_of("123m345s567p789m1z +1z")  # mcr.md §8 #14
    assert "mixed_shifted_chows" not in fans(s)
    assert fans(s) == {"concealed_hand": 1, "two_terminal_chows": 1, "single_wait": 1}


# --- 套算一次 account-once -----------------------------------------------------------------------------


def test_four_related_chows_give_at_most_three_pair_fans() -> None:
    s = score_of("123789m123789s1z +1z")  # mcr.md §4.5
    assert fans(s) == {
        "outside_hand": 1, "concealed_hand": 1, "mixed_double_chow": 2,
        "two_terminal_chows": 1, "one_voided_suit": 1, "single_wait": 1,
    }
    assert excluded_by(s)["two_terminal_chows"] == {ACCOUNT_ONCE}


def test_two_pairs_of_mixed_double_chows_and_one_short_straight() -> None:
    s = score_of("234567s234567p5s +5s")
    assert fans(s) == {
        "concealed_hand": 1, "all_chows": 1, "all_simples": 1, "mixed_double_chow": 2,
        "short_straight": 1, "one_voided_suit": 1,
    }


def test_the_fourth_chow_of_a_three_chow_fan_pairs_once() -> None:
    s = score_of("123456m1178s456p +9s")  # 花龙 + one of 连六 / 喜相逢
    assert fans(s) == {"mixed_straight": 1, "concealed_hand": 1, "all_chows": 1, "mixed_double_chow": 1}


def test_a_pure_straight_with_a_repeated_chow_adds_one_pure_double_chow() -> None:
    s = score_of("123m456m789m123m1z +1z")
    assert fans(s) == {
        "pure_straight": 1, "half_flush": 1, "concealed_hand": 1, "pure_double_chow": 1, "single_wait": 1,
    }


def test_the_pair_kept_for_the_fourth_chow_follows_summerinsects_priority() -> None:
    s = score_of("[123m][789m] 456p78s22s +9s")  # 花龙 + 喜相逢 (789m–789s), not 老少副
    assert fans(s)["mixed_double_chow"] == 1
    assert "two_terminal_chows" not in fans(s)


def test_double_pung_counts_for_each_pair_of_pungs() -> None:
    s = score_of("222m555m222s555s8p +8p")
    assert fans(s) == {"four_concealed_pungs": 1, "double_pung": 2, "all_simples": 1, "single_wait": 1}


def test_edges_form_a_forest_without_a_chow_in_two_pairs_of_one_kind() -> None:
    chows = (19, 10, 10, 13)  # 234s 234p 234p 567p, by their first tiles' indices
    live = frozenset({"pure_double_chow", "mixed_double_chow", "short_straight"})
    edges = choose_edges(tuple(sorted(chows)), live, None)
    assert sorted(k for _, _, k in edges) == ["mixed_double_chow", "pure_double_chow", "short_straight"]


# --- 就高不就低 highest decomposition -----------------------------------------------------------------


def test_the_seven_pairs_reading_wins_when_it_scores_more() -> None:
    s = score_of("112233778899m1z +1z")
    assert fans(s) == {"seven_pairs": 1, "half_flush": 1}
    assert len(s.shapes) >= 2


def test_the_highest_of_several_readings_is_chosen() -> None:
    s = score_of("555666777p5556s +7s", win="self_drawn")  # mcr.md §4.4: 48 beats 47
    assert s.total == 48
    assert fans(s)["pure_triple_chow"] == 1
    assert sorted(x.total for x in s.shapes) == [47, 48]


def test_quadruple_chow_beats_shifted_pungs_and_tile_hogs() -> None:
    s = score_of("1122233334444s +2s")
    assert fans(s) == {"quadruple_chow": 1, "full_flush": 1, "lower_four": 1, "concealed_hand": 1, "all_chows": 1}
    assert s.total == 88


# --- 幺九刻 accounting (mcr.md §5.1) -------------------------------------------------------------------


def test_a_wind_pung_that_is_both_prevalent_and_seat_gives_both_and_no_terminal_pung() -> None:
    s = score_of("[111z] 123m456p78s99s +9s")
    assert fans(s) == {"mixed_straight": 1, "prevalent_wind": 1, "seat_wind": 1}


def test_another_wind_pung_is_a_terminal_pung() -> None:
    s = score_of("[111z] 123m456p78s99s +9s", seat="S", round_wind="W")
    assert fans(s) == {"mixed_straight": 1, "pung_of_terminals_or_honors": 1}


def test_big_three_winds_with_the_prevalent_wind_keeps_a_terminal_pung_of_nines() -> None:
    s = score_of("[111z][222z] 333z999m5p +5p")
    assert fans(s)["big_three_winds"] == 1
    assert fans(s)["prevalent_wind"] == 1 and fans(s)["seat_wind"] == 1
    assert fans(s)["pung_of_terminals_or_honors"] == 1  # the 999m pung


def test_big_four_winds_leaves_no_wind_fans() -> None:
    s = score_of("[111z][222z][333z] 444z5z +5z", seat="S", round_wind="W")
    assert fans(s) == {"big_four_winds": 1, "all_honors": 1, "single_wait": 1}


# --- concealed pungs (mcr.md §5.2) ---------------------------------------------------------------------


def test_a_pung_completed_on_a_discard_is_melded() -> None:
    s = score_of("111m555p999s77z33z +7z")
    assert fans(s)["three_concealed_pungs"] == 1
    assert "four_concealed_pungs" not in fans(s)


def test_a_pung_stays_concealed_when_the_tile_can_complete_a_chow() -> None:
    s = score_of("111m444p77s234s55z +7s")  # the 7s completes the pair-pung; 双暗刻 only
    assert fans(s)["two_concealed_pungs"] == 1
    chow = score_of("111m444p777s23s55z +4s")
    assert chow.valid and fans(chow)["three_concealed_pungs"] == 1


def test_self_drawn_four_concealed_pungs_adds_only_self_drawn() -> None:
    s = score_of("111m555p999s777z3z +3z", win="self_drawn")
    assert fans(s) == {
        "four_concealed_pungs": 1, "all_types": 1, "dragon_pung": 1,
        "pung_of_terminals_or_honors": 2, "single_wait": 1, "self_drawn": 1,
    }


def test_kong_series_and_concealed_pung_series_count_one_each() -> None:
    assert fans(score_of("(1111m)(2222p) 555z777s3z +3z")) == {
        "four_concealed_pungs": 1, "all_types": 1, "two_concealed_kongs": 1,
        "dragon_pung": 1, "pung_of_terminals_or_honors": 1, "single_wait": 1,
    }
    assert score_of("[1111m](2222p)(3333s) 444s5z +5z").total == 64
    assert score_of("[1111m][2222p](5555z)(7777s) 3z +3z").total == 99


# --- unique waits (mcr.md §5.5) -------------------------------------------------------------------------


def test_a_tile_held_four_times_still_counts_as_a_wait() -> None:
    s = score_of("[123m][456p] 4444567s +7s")
    assert fans(s) == {"tile_hog": 1, "mixed_double_chow": 1, "no_honors": 1}


def test_several_waits_give_no_wait_fan() -> None:
    assert not has_unique_wait(spec("[444z] 77789m11888p +7m"))
    s = score_of("[444z] 78889m11888p +8m")
    assert fans(s) == {
        "tile_hog": 1, "double_pung": 1, "two_concealed_pungs": 1,
        "pung_of_terminals_or_honors": 1, "one_voided_suit": 1,
    }


def test_one_tile_read_as_edge_or_single_counts_as_edge() -> None:
    s = score_of("[123m][456m] 12p789s66p +3p")
    assert fans(s)["edge_wait"] == 1 and "single_wait" not in fans(s)


def test_a_closed_wait_between_pairs() -> None:
    s = score_of("1122335577899m +8m")
    assert fans(s) == {"pure_terminal_chows": 1, "concealed_hand": 1, "closed_wait": 1}


def test_wait_fans_count_inside_the_knitted_straight_by_default() -> None:
    assert fans(score_of("13347s12369m258p +3m"))["edge_wait"] == 1
    assert fans(score_of("147s2333469m258p +3m"))["closed_wait"] == 1


# --- 无番和 and flowers (mcr.md §5.7) -------------------------------------------------------------------


def test_a_hand_with_nothing_else_is_a_chicken_hand() -> None:
    s = score_of("[123m][345m] 56s678p33z +7s")
    assert s.valid and fans(s) == {"chicken_hand": 1} and s.total == 8


def test_a_knitted_straight_alone_is_twelve_not_twelve_plus_chicken() -> None:
    s = score_of("[678s] 147m369s25p22z +8p")
    assert fans(s) == {"knitted_straight": 1} and s.total == 12


def test_flowers_do_not_count_toward_the_minimum() -> None:
    s = score_of("[123m][789m] 234s78p55p +6p", flowers=8)
    assert not s.valid
    assert s.total == 11
    assert s.reason == "3番，不足8番起和"


def test_flowers_are_added_to_a_chicken_hand() -> None:
    s = score_of("[123m][345m] 56s678p33z +7s", flowers=2)
    assert fans(s) == {"chicken_hand": 1, "flower_tiles": 2} and s.total == 10
