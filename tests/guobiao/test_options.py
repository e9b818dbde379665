"""House rules: each option changes what it says and nothing else (mcr.md §8)."""

from __future__ import annotations

import pytest

from rulesets.errors import RulesError
from rulesets.guobiao import RULESET, MixedKongs, Options

from .conftest import fans, score_of

MIXED = "[5555z](1111m) 234p567p9s +9s"


def test_one_melded_and_one_concealed_kong_is_worth_five_by_default() -> None:
    s = score_of(MIXED)
    assert fans(s) == {
        "melded_and_concealed_kong": 1, "dragon_pung": 1, "short_straight": 1,
        "pung_of_terminals_or_honors": 1, "single_wait": 1,
    }
    assert s.total == 10


def test_the_mixed_kongs_can_score_six_or_as_two_separate_kongs() -> None:
    assert score_of(MIXED, Options(mixed_kongs=MixedKongs.SIX)).total == 11
    s = score_of(MIXED, Options(mixed_kongs=MixedKongs.SEPARATE))
    assert fans(s)["melded_kong"] == 1 and fans(s)["concealed_kong"] == 1
    assert "melded_and_concealed_kong" not in fans(s) and s.total == 8


def test_wait_fans_inside_the_knitted_straight_can_be_turned_off() -> None:
    text = "13347s12369m258p +3m"
    assert score_of(text).total == 17
    s = score_of(text, Options(knitted_wait_fans=False))
    assert fans(s) == {"knitted_straight": 1, "concealed_hand": 1, "all_chows": 1} and s.total == 16


def test_a_wait_outside_the_knitted_straight_counts_either_way() -> None:
    s = score_of("[678s] 147m369s258p2z +2z", Options(knitted_wait_fans=False))
    assert fans(s)["single_wait"] == 1


def test_strict_1998_drops_one_voided_suit_next_to_big_three_dragons() -> None:
    text = "[555z][666z][777z] 111m3p +3p"
    assert fans(score_of(text))["one_voided_suit"] == 1
    s = score_of(text, Options(strict_voided_suit=True))
    assert "one_voided_suit" not in fans(s)
    assert {e.fan.id: e.by for e in s.excluded}["one_voided_suit"] == "big_three_dragons"


def test_options_are_read_from_text_and_unknown_ones_refused() -> None:
    options = RULESET.parse_options({"mixed_kongs": "separate", "knitted_wait_fans": "off", "base_points": "4"})
    assert options == Options(mixed_kongs=MixedKongs.SEPARATE, knitted_wait_fans=False, base_points=4)
    with pytest.raises(RulesError):
        RULESET.parse_options({"red_dragons_wild": True})
    with pytest.raises(RulesError):
        Options(base_points=-1)


def test_every_option_cites_its_source() -> None:
    for info in RULESET.option_infos():
        assert info.zh and info.en and info.source.work in RULESET.works and "mcr.md" in info.source.note
