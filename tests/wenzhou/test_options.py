"""温州 house rules: defaults, parsing, the ladders as data."""

import pytest

from rulesets.errors import RulesError
from rulesets.registry import get_ruleset
from rulesets.wenzhou.options import LADDERS, EightPairsLevel, ForcedLevel, IndicatorRule, Ladder, WenzhouOptions

WZ = get_ruleset("wenzhou")


def test_the_defaults_are_the_plain_anbang_room_with_the_spec_levels():
    o = WenzhouOptions()
    assert (o.ladder, o.teshu_shuangfan, o.lazila, o.caishen_qian, o.gang_fen) == (
        Ladder.STANDARD, False, False, False, False)
    assert (o.hard_extras, o.hard_eight_pairs, o.forced_level, o.indicator_rule) == (
        True, EightPairsLevel.ALWAYS, ForcedLevel.HARD, IndicatorRule.NEXT)


def test_every_option_has_names_and_a_source():
    for info in WZ.option_infos():
        assert info.zh and info.en and info.source, info.key


def test_options_are_read_from_text_and_json_values():
    o = WZ.parse_options({"ladder": "jinjie2", "teshu_shuangfan": "true", "lazila": True, "forced_level": "double"})
    assert (o.ladder, o.teshu_shuangfan, o.lazila, o.forced_level) == (Ladder.JINJIE2, True, True, ForcedLevel.DOUBLE)


@pytest.mark.parametrize("values", [{"ladder": "jinjie3"}, {"lazila": "maybe"}, {"tongpei": True}])
def test_unknown_options_and_values_are_refused(values):
    with pytest.raises(RulesError):
        WZ.parse_options(values)


@pytest.mark.parametrize(("ladder", "expected"), [
    (Ladder.STANDARD, [1, 2, 3, 4, 4, 4]), (Ladder.JINJIE1, [2, 4, 6, 8, 8, 8]),
    (Ladder.JINJIE2, [2, 4, 8, 16, 16, 16])])
def test_the_ladder_follows_the_dealers_streak_and_stops_at_the_fourth_step(ladder, expected):
    assert [ladder.difen(streak) for streak in range(6)] == expected
    assert LADDERS[ladder] == tuple(expected[:4])
