"""The fan table: 81 fans plus 明暗杠, one row each, with everything the reference pages need."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from rulesets._mcr.predicates import PREDICATES
from rulesets.guobiao import RULESET, Options, fan_table
from rulesets.guobiao.fans import CATEGORIES, FAN, FANS
from rulesets.guobiao.options import MixedKongs
from rulesets.notation import parse_hand

# mcr.md §7 headings: how many fans of each value
TIERS = {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}


def test_the_table_has_the_81_fans_and_the_mixed_kong_option_row() -> None:
    official = [f for f in FANS if f.id != "melded_and_concealed_kong"]
    assert len(official) == 81
    assert Counter(f.value for f in official) == TIERS


def test_ids_are_unique_snake_case_english() -> None:
    ids = [f.id for f in FANS]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", i) for i in ids)


def test_chinese_names_are_the_official_2006_names_with_he_not_hu() -> None:
    names = {f.zh for f in FANS}
    assert {"无番和", "妙手回春", "海底捞月", "杠上开花", "抢杠和", "和绝张", "碰碰和", "坎张", "单钓将"} <= names
    assert not any("胡" in n for n in names)


def test_every_exclusion_names_a_fan_of_the_table() -> None:
    for f in FANS:
        for e in f.excludes:
            assert e.fan in FAN, (f.id, e.fan)
            assert e.fan != f.id


def test_dragon_and_wind_fans_remove_only_their_own_pungs_terminal_pung() -> None:
    counts = {f.id: {e.fan: e.count for e in f.excludes}.get("pung_of_terminals_or_honors") for f in FANS}
    assert counts["big_three_dragons"] == 3
    assert counts["little_three_dragons"] == 2
    assert counts["two_dragons_pungs"] == 2
    assert counts["dragon_pung"] == 1
    assert counts["big_four_winds"] == 4
    assert counts["big_three_winds"] == 3
    assert counts["nine_gates"] == 1


def test_every_row_is_documented_with_source_category_and_definitions() -> None:
    for f in FANS:
        assert f.definition_zh and f.definition_en, f.id
        assert f.source.work in RULESET.works and "1998" in f.source.note and "mcr.md" in f.source.note, f.id
        # the 81 fans are the 1998 rulebook's table, by number; 明暗杠 (not one of them) is the calculators'
        expected = ("helper", "明暗杠") if f.id == "melded_and_concealed_kong" else ("rules-1998", "番种表 第")
        assert (f.source.work.key, f.source.where[: len(expected[1])]) == expected, f.id
        assert f.category in CATEGORIES, f.id


def test_every_fan_but_the_chicken_hand_has_a_predicate() -> None:
    assert set(PREDICATES) == {f.id for f in FANS} - {"chicken_hand"}


@pytest.mark.parametrize("fan", FANS, ids=lambda f: f.id)
def test_the_example_hand_scores_the_fan(fan) -> None:
    score = RULESET.score(parse_hand(fan.example), Options())
    assert score.valid, score.reason_en
    assert fan.id in {i.fan.id for i in score.items}


def test_the_mixed_kong_row_follows_the_option() -> None:
    def value(option: MixedKongs) -> int | None:
        row = [f for f in fan_table(Options(mixed_kongs=option)) if f.id == "melded_and_concealed_kong"]
        return row[0].value if row else None

    assert value(MixedKongs.FIVE) == 5
    assert value(MixedKongs.SIX) == 6
    assert value(MixedKongs.SEPARATE) is None


def test_the_ruleset_is_found_by_every_alias() -> None:
    from rulesets.registry import get_ruleset

    for name in ("guobiao", "gb", "mcr", "国标", "chinese-official", "国标麻将", "Chinese Official (MCR)"):
        assert get_ruleset(name) is RULESET
