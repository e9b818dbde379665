"""国标 golden cases (tests/golden/guobiao.json): every fan's example from the rule spec, the tricky
cases it lists, and regressions of other calculators. Each case is its own test, named by its hand.

Each case is checked twice: our ruleset gives the expected fans, total and legality; and the
reference calculator (PyMahjongGB) still agrees with the expectation written in the file.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rulesets.errors import MahjongError
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from tests.guobiao.reference import fan_for, our_fan_ids, reference_fan_ids, reference_score

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "guobiao.json").read_text(encoding="utf-8"))
CASES = GOLDEN["cases"]
REJECTED = GOLDEN["rejected"]
RULESET = get_ruleset("guobiao")
OPTIONS = RULESET.parse_options({})


def case_id(case: dict) -> str:
    return f"{case['id']} {case['hand']}"


def expected_fans(case: dict) -> Counter[str]:
    return Counter({fan_for(RULESET, zh).id: n for zh, n in case["fans"].items()})


def test_the_golden_file_has_a_case_for_every_fan() -> None:
    covered = {fan_for(RULESET, zh).id for case in CASES for zh in case["fans"]}
    assert [f.zh for f in RULESET.fans if f.id not in covered] == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_our_ruleset_scores_the_golden_hand(case: dict) -> None:
    score = RULESET.score(parse_hand(case["hand"]), OPTIONS)
    got = (score.valid, dict(our_fan_ids(score)), score.total)
    assert got == (case["valid"], dict(expected_fans(case)), case["total"]), case["source"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_reference_agrees_with_the_golden_hand(case: dict) -> None:
    result = reference_score(parse_hand(case["hand"]))
    assert (result.valid, result.total) == (case["valid"], case["total"]), case["source"]
    assert dict(reference_fan_ids(RULESET, result)) == dict(expected_fans(case)), case["source"]


@pytest.mark.parametrize("case", REJECTED, ids=case_id)
def test_a_hand_that_cannot_exist_is_refused(case: dict) -> None:
    with pytest.raises(MahjongError) as error:
        parse_hand(case["hand"])
    assert error.value.code == case["error"], case["source"]
