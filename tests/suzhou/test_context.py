"""苏州: 中发白 as flowers, 翻倍 and 送杠 as declared context, the threshold's explanation."""

from __future__ import annotations

import pytest

from rulesets.engine import evaluate
from rulesets.errors import ContextError


def test_the_dragon_flowers_are_counted_and_bounded():
    with pytest.raises(ContextError):
        evaluate("[111m1]456p789p22s34s2s", "suzhou", {"dragon_flowers": 13})


def test_a_doubled_hand_travels_in_the_share_code():
    ctx = {"seat": "S", "from_seat": "W", "flowers": 3, "fanbei": True}
    first = evaluate("[111m1]456p789p22s34s2s", "suzhou", ctx)
    again = evaluate(first["hand"])
    assert again["results"][0]["payouts"] == first["results"][0]["payouts"] == {"E": 0, "S": 16, "W": -16, "N": 0}


def test_the_threshold_says_how_many_hua_the_hand_has():
    result = evaluate("[111m1]456p789p22s34s2s", "suzhou", {"seat": "S", "from_seat": "W", "flowers": 2})
    (score,) = result["results"]
    assert "3 花" in score["reason"] and "2 花" in score["reason"] and "needs 3" in score["reason_en"]


def test_the_result_reports_the_hold_hua():
    (score,) = evaluate("[1111z1]456p789p22s34s2s", "suzhou", {"seat": "S", "from_seat": "W"})["results"]
    assert score["hold_hua"] == 3 and score["big_hand"] is False and score["provisional"] is True
