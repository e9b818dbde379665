"""The golden Sichuan cases (tests/golden/sichuan.json): the spec's worked examples, every example hand
of the seed documents' Chengdu tables, and one case per pattern, bonus and payment rule."""

import json
from collections import Counter
from pathlib import Path

import pytest

from rulesets.engine import context_from_mapping, evaluate
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.sichuan import settle_discard

CASES = json.loads((Path(__file__).parent.parent / "golden" / "sichuan.json").read_text(encoding="utf-8"))["cases"]
SINGLE = [c for c in CASES if "hands" not in c]
SHARED = [c for c in CASES if "hands" in c]


def _fans(result):
    counts = Counter()
    for fan in result["fans"]:
        counts[fan["id"]] += fan["count"]
    return dict(counts)


@pytest.mark.parametrize("case", SINGLE, ids=[c["id"] for c in SINGLE])
def test_each_golden_hand_scores_as_its_source_says(case):
    rules = case.get("rules", "sichuan")
    (result,) = evaluate(case["hand"], rules, case["context"], case.get("options"))["results"]
    want = case["expected"]
    assert result["valid"] is want["valid"], result["reason"]
    if not want["valid"]:
        assert want["reason_has"] in result["reason"]
        return
    assert _fans(result) == want["fans"], case["source"]
    assert (result["total"], result["multiplier"]) == (want["total"], want["multiplier"]), case["source"]
    assert result["payouts"] == want["payouts"], case["source"]
    assert sum(result["payouts"].values()) == 0
    for key in ("points", "capped", "unit", "provisional"):
        if key in want:
            assert result[key] == want[key]
    if "gen_tiles" in want:
        assert [f["note"].split()[0] for f in result["fans"] if f["id"] == "gen"] == want["gen_tiles"]
    for fan_id, by in want.get("excluded", {}).items():
        assert {"id": fan_id, "by": by} in [{"id": e["id"], "by": e["by"]} for e in result["excluded"]]


def _hand(item):
    hand = parse_hand(item["hand"])
    return hand.with_context(context_from_mapping(item["context"], hand.context))


@pytest.mark.parametrize("case", SHARED, ids=[c["id"] for c in SHARED])
def test_each_golden_discard_with_several_winners_settles_as_its_source_says(case):
    options = get_ruleset(case.get("rules", "sichuan")).parse_options(case.get("options"))
    scores, settlement = settle_discard([_hand(h) for h in case["hands"]], options)
    assert [s.total for s in scores] == case["expected"]["totals"], case["source"]
    assert settlement.as_dict() == case["expected"]["payouts"], case["source"]


def test_every_golden_case_names_its_source():
    assert all(c["source"].strip() for c in CASES)
    assert len({c["id"] for c in CASES}) == len(CASES)
