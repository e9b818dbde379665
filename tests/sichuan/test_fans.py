"""The fan table: every row complete, every exclusion pointing at a row, every example scoring its row."""

import pytest

from rulesets.sichuan.fans import BY_ID, DISPLAY, DUIDUI_FAMILY, FANS, PATTERN, PREDICATES
from tests.sichuan.helpers import fan_ids, score

ROWS_WITHOUT_EXAMPLE = {"tianhu", "dihu", "tianhu_add", "dihu_add", "qifan", "fengding"}
EVERYTHING_ON = {"haidi_laoyue": True, "haidi_pao": True, "jiang_qidui": True}


@pytest.mark.parametrize("fan", FANS, ids=[f.id for f in FANS])
def test_every_row_has_names_a_definition_and_a_source(fan):
    assert fan.zh and fan.en and fan.definition_zh and fan.definition_en and fan.source
    assert fan.category


def test_every_exclusion_names_a_row_of_the_table():
    for fan in FANS:
        for ex in fan.excludes:
            assert ex.fan in BY_ID, f"{fan.id} excludes unknown {ex.fan}"
            assert ex.fan != fan.id


def test_every_row_but_the_display_lines_has_one_predicate():
    assert set(PREDICATES) == {f.id for f in FANS if f.category != DISPLAY}


def test_row_ids_are_unique():
    assert len(BY_ID) == len(FANS)


EXAMPLES = [f for f in FANS if f.id not in ROWS_WITHOUT_EXAMPLE]


@pytest.mark.parametrize("fan", EXAMPLES, ids=[f.id for f in EXAMPLES])
def test_every_example_hand_is_a_valid_win(fan):
    opts = dict(EVERYTHING_ON)
    if fan.id == "zimo_di":
        opts["zimo"] = "di"
    if fan.id in ("menqing", "zhongzhang"):
        opts["menqing_zhongzhang"] = True
    result = score(fan.example, options=opts)
    assert result.valid, result.reason
    assert fan.id in fan_ids(result), f"{fan.example} does not score {fan.zh}"


@pytest.mark.parametrize(
    "whole, parts",
    [
        ("qingdui", ("qingyise", "duiduihu")),
        ("qingqidui", ("qingyise", "qidui")),
        ("qingyaojiu", ("qingyise", "daiyaojiu")),
        ("jingoudiao", ("duiduihu",)),
        ("qingjingoudiao", ("qingdui",)),
        ("jiangjingoudiao", ("jiangdui",)),
        ("shibaluohan", ("jingoudiao",)),
        ("qingshibaluohan", ("qingjingoudiao",)),
        ("qinglongqidui", ("qingqidui",)),
        ("longqidui", ("qidui",)),
    ],
)
def test_named_patterns_are_the_sum_of_their_parts_as_the_spec_checks(whole, parts):
    """§4: 清对 = 清一色 2 + 对对胡 1; 金钩钓 = 对对胡 + 1; 十八罗汉 = 金钩钓 + 4 根; 清龙七对 = 清七对 + the
    consumed 根; 龙七对 (lookup) = 七对 + 2."""
    extra = {"jingoudiao": 1, "qingjingoudiao": 1, "jiangjingoudiao": 1, "shibaluohan": 4, "qingshibaluohan": 4,
             "qinglongqidui": 1, "longqidui": 2}.get(whole, 0)
    assert BY_ID[whole].value == sum(BY_ID[p].value for p in parts) + extra


def test_every_pattern_excludes_the_patterns_it_contains_transitively():
    for fan in FANS:
        if fan.category != PATTERN:
            continue
        direct = {e.fan for e in fan.excludes}
        for sub in direct:
            inner = {e.fan for e in BY_ID[sub].excludes if BY_ID[e.fan].category == PATTERN}
            assert inner <= direct, f"{fan.id} contains {sub}, which contains {inner - direct}"


def test_the_duidui_family_is_every_all_pungs_pattern():
    assert DUIDUI_FAMILY == {"duiduihu", "jiangdui", "qingdui", "jingoudiao", "jiangjingoudiao", "qingjingoudiao",
                             "shibaluohan", "qingshibaluohan"}


def test_heavenly_hand_excludes_every_pattern_and_bonus():
    excluded = {e.fan for e in BY_ID["tianhu"].excludes}
    assert excluded == {f.id for f in FANS if f.category not in ("special", DISPLAY)}
