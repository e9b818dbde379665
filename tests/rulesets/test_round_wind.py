"""A round wind is a wind: E S W N. X and Y are seats of a table of six and name no round; a system whose
score reads the round wind refuses them with a reason, and a system that does not read it ignores them."""

import pytest

from rulesets.engine import evaluate
from rulesets.errors import ContextError
from rulesets.registry import all_rulesets

RUNS = ["123m", "456m", "789m", "234m", "567m"]


def plain_hand(size: int) -> str:
    """A win of ``size`` tiles in one suit: runs and a pair (a hand no system refuses for its tiles alone)."""
    return "".join(RUNS[: (size - 2) // 3]) + "5m5m"


@pytest.mark.parametrize("ruleset", [r for r in all_rulesets() if r.pipeline is not None], ids=lambda r: r.id)
def test_a_round_wind_with_no_wind_is_refused_by_the_systems_that_read_it(ruleset):
    hand = plain_hand(ruleset.hand_size)
    evaluate(hand, [ruleset.id], {"round_wind": "S"})  # the same hand at a real round: no refusal
    if ruleset.reads("round_wind"):
        with pytest.raises(ContextError, match="round|圈风|prevalent"):
            evaluate(hand, [ruleset.id], {"round_wind": "X"})
    else:
        assert evaluate(hand, [ruleset.id], {"round_wind": "X"})["results"][0]["rules"] == ruleset.id
