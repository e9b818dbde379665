"""Ready hands: the value of each winning tile (查大叫), the waits view, and 花猪."""

import pytest

from rulesets.errors import RulesError
from rulesets.registry import get_ruleset
from rulesets.sichuan import best_ready_value, is_flower_pig, ready_value, waits
from rulesets.tiles import tile, tiles
from tests.sichuan.helpers import hand, options

NINE_GATES = "1112345678999m"


def test_a_flower_pig_holds_all_three_suits():
    assert is_flower_pig(tiles("123m456p789s1m"))
    assert not is_flower_pig(tiles("123m456p7899p"))
    assert is_flower_pig(hand("[555s1]123m456p78p"))


def test_ready_value_lists_each_winning_tile_with_what_a_payer_owes():
    values = dict(ready_value(hand(NINE_GATES)))
    assert values == {tile(f"{r}m"): (8 if r in (1, 9) else 4) for r in range(1, 10)}
    assert best_ready_value(hand(NINE_GATES)) == (tile("1m"), 8)


def test_a_hand_that_is_not_ready_has_no_value():
    assert best_ready_value(hand("123m456m789m13p57p")) is None


def test_a_flower_pig_is_never_ready():
    assert ready_value(hand("123m456p789s1234m")) == []


def test_the_ready_value_is_capped_and_may_count_as_a_self_draw():
    assert best_ready_value(hand(NINE_GATES), options(cap=4)) == (tile("1m"), 4)
    assert best_ready_value(hand(NINE_GATES), options(chadajiao="zimo")) == (tile("1m"), 16)
    assert best_ready_value(hand(NINE_GATES), options(chadajiao="zimo", zimo="di", base=2)) == (tile("1m"), 18)


def test_situational_flags_do_not_count_in_the_ready_value():
    flagged = hand(NINE_GATES, seat="S", win="self_drawn", last_tile=True, heavenly=False)
    assert best_ready_value(flagged, options(haidi_laoyue=True)) == (tile("1m"), 8)


def test_a_wait_only_on_a_fifth_copy_is_not_ready():
    """1111m 789m 456p 789p formally waits on 1m, but all four are in hand (Novikov, §6.6 step 3)."""
    assert ready_value(hand("1111789m456789p")) == []


def test_the_ready_value_of_a_discard_comes_from_a_player_still_in():
    h = hand(NINE_GATES, seat="S", already_won=["E"])
    assert best_ready_value(h) == (tile("1m"), 8)


def test_waits_give_a_full_score_for_each_tile_and_the_ruleset_exposes_them():
    ruleset = get_ruleset("sichuan")
    found = ruleset.waits(hand(NINE_GATES), ruleset.parse_options())
    assert [str(t) for t, _ in found] == [f"{r}m" for r in range(1, 10)]
    assert all(s.valid and s.rules == "sichuan" for _, s in found)
    assert [s.total for t, s in found if str(t) == "1m"] == [3]
    assert waits(hand(NINE_GATES)) == found


def test_six_player_ready_hands_wait_for_an_eighth_tile():
    assert [str(t) for t, _ in ready_value(hand("1112345m"), rules="六人血战")] == ["2m", "3m", "5m", "6m"]


def test_an_unknown_table_name_is_refused():
    with pytest.raises(RulesError, match="sichuan-6p"):
        ready_value(hand(NINE_GATES), rules="mcr")
