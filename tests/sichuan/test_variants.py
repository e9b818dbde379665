"""The tables: 血战到底, 血流成河, 三人/两人 两房, 六人血战 (provisional), found by the registry."""

import pytest

from rulesets.registry import all_rulesets, get_ruleset
from rulesets.sichuan import RULESETS
from tests.sichuan.helpers import score


@pytest.mark.parametrize(
    "name, rules_id",
    [("sichuan", "sichuan"), ("成都", "sichuan"), ("chengdu", "sichuan"), ("血战到底", "sichuan"), ("SC", "sichuan"),
     ("四川麻将·血战到底", "sichuan"), ("血流成河", "sichuan-xueliu"), ("xueliu", "sichuan-xueliu"),
     ("三人两房", "sichuan-3p"), ("两人两房", "sichuan-2p"), ("6p", "sichuan-6p"),
     ("六人血战", "sichuan-6p")],
)
def test_the_registry_finds_every_table_by_id_alias_or_name(name, rules_id):
    assert get_ruleset(name).id == rules_id


def test_the_registry_discovers_all_five_tables():
    ids = {r.id for r in all_rulesets()}
    assert {"sichuan", "sichuan-xueliu", "sichuan-3p", "sichuan-2p", "sichuan-6p"} <= ids


def test_each_table_has_its_player_count_and_hand_size():
    assert [(r.id, r.players, r.hand_size) for r in RULESETS] == [
        ("sichuan", 4, 14), ("sichuan-xueliu", 4, 14), ("sichuan-3p", 3, 14), ("sichuan-2p", 2, 14),
        ("sichuan-6p", 6, 8)]
    assert get_ruleset("sichuan").zh == "四川麻将·血战到底"


def test_only_the_six_player_table_is_provisional_and_it_says_what_it_assumes():
    six = get_ruleset("sichuan-6p")
    assert [r.id for r in RULESETS if r.provisional] == ["sichuan-6p"]
    assert "暂定" in six.description_zh and "assum" in six.description_en


def test_every_table_describes_itself():
    assert all(r.description_zh and r.description_en for r in RULESETS)


def test_three_player_two_suit_tables_use_two_suits_chosen_by_option():
    assert score("11223345678999p", rules="sichuan-3p", seat="E", win="self_drawn").valid
    result = score("11223345678999m", rules="sichuan-3p", options={"suits": "mp"}, seat="E", win="self_drawn")
    assert result.valid and result.settlement.as_dict() == {"E": 16, "S": -8, "W": -8}


def test_the_six_player_table_has_no_seven_pairs_and_five_payers():
    assert not score("11335577m", rules="sichuan-6p", seat="E", from_seat="S").valid
    result = score("[555p1]123m9m9m", rules="sichuan-6p", seat="X", win="self_drawn")
    assert result.valid and result.extra["payers"] == ["E", "S", "W", "N", "Y"]


def test_the_six_player_table_keeps_the_void_suit_rule():
    assert "缺一门" in score("123m456p1s1s", rules="sichuan-6p", seat="S", win="self_drawn").reason


def test_a_six_player_golden_wait_is_both_sets_melded():
    result = score("[222m1][555p2]8m8m", rules="sichuan-6p", seat="S", from_seat="E")
    assert [i.fan.id for i in result.items] == ["jiangjingoudiao"]


def test_xueliu_keeps_winners_paying_a_self_draw():
    xuezhan = score("22244455577799m", seat="S", win="self_drawn", already_won=["E"])
    xueliu = score("22244455577799m", rules="sichuan-xueliu", seat="S", win="self_drawn", already_won=["E"])
    assert xuezhan.settlement.as_dict()["E"] == 0 and xueliu.settlement.as_dict()["E"] == -16


def test_the_main_table_may_be_played_as_xueliu_by_option():
    result = score("22244455577799m", options={"mode": "xueliu"}, seat="S", win="self_drawn", already_won=["E"])
    assert result.settlement.as_dict()["E"] == -16
