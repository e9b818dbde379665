"""House rules: every setting of spec §9 with a default and a source; presets; variant defaults."""

import dataclasses

import pytest

from rulesets.errors import RulesError
from rulesets.scoring import option_infos
from rulesets.sichuan import PRESET_INFO, PRESETS, RULESETS
from rulesets.sichuan.options import (
    HuJiao,
    LiangfangOptions,
    Mode,
    SichuanOptions,
    TwoSuits,
    XueliuOptions,
    Zimo,
    with_defaults,
)

SPEC_SECTION_9 = {
    "mode", "base", "fan_display", "cap", "zimo", "zimo_di_order", "long_qidui", "gangshanghua_fan", "dianganghua",
    "zhigang", "guagua", "hujiao", "yipao_duoxiang", "qianggang", "yaojiu_jiangdui", "menqing_zhongzhang",
    "menqing_qidui", "tiandihu", "dihu", "jingoudiao", "haidi_laoyue", "haidi_pao", "huazhu", "chadajiao",
    "chadajiao_winners", "tuishui", "duiduihu_fan",
}


@pytest.mark.parametrize("info", option_infos(SichuanOptions), ids=lambda i: i.key)
def test_every_option_has_names_and_a_source(info):
    assert info.zh and info.en and info.source


def test_every_setting_of_the_spec_table_is_an_option():
    assert SPEC_SECTION_9 <= {f.name for f in dataclasses.fields(SichuanOptions)}


def test_the_defaults_are_the_spec_recommendations():
    o = SichuanOptions()
    assert (o.mode, o.base, o.cap, o.zimo, o.zhigang, o.hujiao) == (Mode.XUEZHAN, 1, 0, Zimo.FAN, 2, HuJiao.TRANSFER)
    assert (o.long_qidui.value, o.gangshanghua_fan, o.dianganghua.value) == ("lookup", 1, "zimo")
    assert (o.tiandihu.value, o.yaojiu_jiangdui, o.menqing_zhongzhang) == ("fixed", True, False)
    assert (o.haidi_laoyue, o.haidi_pao, o.guagua) == (False, False, False)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_applies_to_every_variant(ruleset, preset):
    values = ruleset.parse_options({"preset": preset})
    for key, value in PRESETS[preset].items():
        assert getattr(values, key) == value


def test_every_preset_has_names_and_a_source():
    assert set(PRESET_INFO) == set(PRESETS)
    assert all(zh and en and source for zh, en, source in PRESET_INFO.values())


def test_options_given_with_a_preset_override_it():
    values = RULESETS[0].parse_options({"preset": "table-b", "base": "1"})
    assert (values.base, values.zhigang, values.fan_display.value) == (1, 1, "e1")


def test_an_unknown_preset_or_value_is_refused_with_the_choices():
    with pytest.raises(RulesError, match="table-a"):
        RULESETS[0].parse_options({"preset": "nope"})
    with pytest.raises(RulesError, match="64"):
        RULESETS[0].parse_options({"cap": "12"})


def test_variants_change_only_defaults():
    assert [f.name for f in dataclasses.fields(XueliuOptions)] == [f.name for f in dataclasses.fields(SichuanOptions)]
    assert XueliuOptions().mode is Mode.XUELIU
    assert LiangfangOptions().suits is TwoSuits.PS and LiangfangOptions().hujiao is HuJiao.NONE
    assert [i.source for i in option_infos(XueliuOptions)] == [i.source for i in option_infos(SichuanOptions)]


def test_with_defaults_refuses_an_option_that_does_not_exist():
    with pytest.raises(ValueError, match="nope"):
        with_defaults(SichuanOptions, "Bad", nope=1)
