"""The scoring pipeline's result: legality and its reason, items, exclusions, every reading, the options."""

from __future__ import annotations

import pytest

from rulesets.errors import ContextError, HandError
from rulesets.guobiao import RULESET, Options, waits
from rulesets.hand import Hand
from rulesets.tiles import tiles

from .conftest import fans, score_of
from .hands import spec


def test_it_says_when_the_tiles_are_not_a_winning_shape() -> None:
    s = score_of("123m456p789s1235z +6z")
    assert not s.valid
    assert (s.reason, s.reason_en) == ("不是和牌型", "not a winning shape")
    assert s.settlement is None and not s.shapes


def test_it_says_how_many_fans_a_hand_below_the_minimum_has() -> None:
    s = score_of("[123m][345m] 56s678p33z +7s", win="self_drawn")
    assert not s.valid
    assert (s.reason, s.reason_en) == ("1番，不足8番起和", "1 fan: below the 8-fan minimum")
    assert fans(s) == {"self_drawn": 1} and s.settlement is None


def test_a_legal_win_has_a_settlement_and_no_reason() -> None:
    s = score_of("123456789m234s5p +5p")
    assert s.valid and s.reason is None and s.settlement is not None
    assert s.total == 21 and s.unit == "番" and s.rules == "guobiao"


def test_every_reading_is_listed_with_its_total_and_the_chosen_one_is_the_highest() -> None:
    s = score_of("1112345678999m +2m")
    assert s.shape is not None and s.shape.total == s.total == 92
    assert all(x.total <= s.total for x in s.shapes)
    assert s.shape in s.shapes


def test_between_equal_readings_the_one_found_first_is_reported() -> None:
    # 111 234 44 678 789 (幺九刻) and 11 123 444 678 789 (老少副) are both worth 27 (summerinsects
    # keeps the first its search finds: sets in tile order, a pung before a chow)
    s = score_of("1112344677889p +4p")
    assert [x.total for x in s.shapes].count(27) == 2
    assert fans(s) == {"full_flush": 1, "concealed_hand": 1, "pung_of_terminals_or_honors": 1}


def test_a_tie_between_seven_pairs_and_a_standard_reading_reports_the_standard_one() -> None:
    # both readings are worth 52; PyMahjongGB reports the chows (mcr.md §3.5)
    s = score_of("4455566p445566s +5p", win="self_drawn")
    assert sorted(x.total for x in s.shapes) == [52, 52]
    assert s.shape is not None and s.shape.shape.kind.value == "standard"
    assert fans(s)["all_five"] == 1 and "seven_pairs" not in fans(s)


def test_each_excluded_fan_says_what_excluded_it() -> None:
    s = score_of("19m19p19s1234567z +1m", win="self_drawn")
    assert fans(s) == {"thirteen_orphans": 1, "self_drawn": 1}
    by = {e.fan.id: e.by for e in s.excluded}
    assert by["all_terminals_and_honors"] == "thirteen_orphans"
    assert by["fully_concealed_hand"] == "thirteen_orphans"


def test_the_nine_gates_needs_the_nine_sided_wait() -> None:
    assert fans(score_of("1112345678999m +5m"))["nine_gates"] == 1
    s = score_of("1113456789999m +2m")
    assert "nine_gates" not in fans(s) and s.total == 45


@pytest.mark.parametrize(
    ("win", "total"), [("1m", 106), ("2m", 92), ("3m", 89), ("5m", 91), ("9m", 106)], ids=lambda x: str(x)
)
def test_nine_gates_extras_depend_on_the_winning_tile(win: str, total: int) -> None:
    assert score_of(f"1112345678999m +{win}").total == total


def test_the_options_are_echoed() -> None:
    s = score_of("123456789m234s5p +5p")
    assert s.options == Options()  # the value it was scored with; the result object writes it as JSON
    assert s.as_dict()["options"] == {
        "mixed_kongs": "5", "knitted_wait_fans": True, "payout": "standard", "base_points": 8,
        "strict_voided_suit": False,
    }


def test_impossible_hands_raise() -> None:
    with pytest.raises(HandError):
        score_of("11111m234p678s66z +6z")
    with pytest.raises(HandError):
        RULESET.score(Hand(tiles("123m"), (), tiles("4m")[0]), Options())
    with pytest.raises(ContextError):
        score_of("[123m][345m] 56s678p33z +7s", kong_replacement=True, win="self_drawn")
    with pytest.raises(HandError, match="waiting hand"):
        RULESET.score(Hand(tiles("1112345678999m")), Options())


def test_the_result_object_serialises() -> None:
    d = score_of("[123m][345m] 56s678p33z +7s", flowers=2).as_dict()
    assert d["total"] == 10 and d["payouts"] == {"E": 34, "S": -8, "W": -8, "N": -18}
    assert [f["id"] for f in d["fans"]] == ["chicken_hand", "flower_tiles"]


def test_waits_list_each_winning_tile_with_its_score() -> None:
    result = waits(Hand(tiles("1112345678999m")))
    assert [(str(t), s.total) for t, s in result] == [
        ("1m", 106), ("2m", 92), ("3m", 89), ("4m", 89), ("5m", 91), ("6m", 89), ("7m", 89), ("8m", 92), ("9m", 106),
    ]


def test_waits_leave_out_a_tile_the_hand_holds_four_of() -> None:
    hand = spec("[123m][456p] 4444567s +7s")
    waiting = Hand(hand.standing, hand.melds)
    assert [str(t) for t, _ in waits(waiting)] == ["7s"]


def test_waits_refuse_a_complete_hand() -> None:
    with pytest.raises(HandError):
        waits(spec("123456789m234s5p +5p"))
