"""Mahjong Australia / Zung Jung: the pattern table as data (44 patterns, series, limits), the series
rule, and a share-code round trip."""

from __future__ import annotations

from rulesets.australia.fans import BY_ID, LIMITS, PATTERNS
from rulesets.engine import evaluate


def test_there_are_44_patterns():
    assert len(PATTERNS) == 44


def test_each_pattern_excludes_the_lower_ones_of_its_series():
    assert {e.fan for e in BY_ID["four_concealed_triplets"].excludes} == {"two_concealed_triplets",
                                                                           "three_concealed_triplets"}
    assert {e.fan for e in BY_ID["big_four_winds"].excludes} == {"small_three_winds", "big_three_winds",
                                                                  "small_four_winds"}
    assert BY_ID["all_sequences"].excludes == ()


def test_the_listed_limits_are_the_seven_of_320_to_480():
    assert {BY_ID[f].value for f in LIMITS} == {320, 400, 480} and len(LIMITS) == 7


def test_only_the_highest_of_a_series_counts_and_the_rest_is_reported():
    (r,) = evaluate("111m444p777s999s55z", "australia", {"seat": "S", "from_seat": "W"})["results"]
    assert {e["id"] for e in r["excluded"]} >= {"two_concealed_triplets", "three_concealed_triplets"}


def test_a_share_code_scores_the_same():
    first = evaluate("123456789m11222z", "australia", {"seat": "S", "from_seat": "W"}, {"payoff": "apm"})
    assert evaluate(first["hand"])["results"][0]["payouts"] == first["results"][0]["payouts"]
