"""``Ruleset.settle(score, table, options) -> Settlement`` (rulesets/settle.py): every system settles a Score
by one function, the one its ``score`` settles with, so settling a golden case's Score again at its own table
gives its settlement; settling it under other payout options gives what scoring under them gives, and at
another table (another dealer, discarder, streak) what scoring there gives — with no new shape search."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulesets import engine
from rulesets.engine import build_request
from rulesets.errors import MahjongError, RulesError
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.settle import by_scoring

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _cases() -> list[tuple[str, dict[str, Any]]]:
    """Every golden hand of every system: the cases-1 files (tests/test_golden.py), 国标's own file
    (tests/guobiao/test_golden.py) and 四川's single hands (tests/sichuan/test_golden.py)."""
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") == "cases-1":
            out += [(data["rules"], c) for c in data["cases"]]
        elif path.stem in ("guobiao", "sichuan"):
            out += [(path.stem, c) for c in data["cases"] if "hands" not in c]
    return out


CASES = _cases()


def _scored(rules: str, case: dict[str, Any]):
    request = build_request(case["hand"], case.get("rules", rules), case.get("context"), case.get("options"))
    (r,) = request.rulesets
    return r, request, engine.score(request)[0]


def test_every_system_has_golden_cases_here():
    systems = {get_ruleset(c.get("rules", rules)).id for rules, c in CASES}
    assert systems >= {r.id for r in all_rulesets()} - {"sichuan-3p", "sichuan-2p", "sichuan-6p", "sichuan-xueliu"}


def test_every_registered_system_gives_its_own_settle():
    assert [r.id for r in all_rulesets() if getattr(r.settle, "func", None) is by_scoring] == []


@pytest.mark.parametrize(("rules", "case"), CASES, ids=[f"{r}:{c['id']}" for r, c in CASES])
def test_settling_a_golden_score_again_gives_its_settlement(rules, case):
    try:
        r, request, score = _scored(rules, case)
    except MahjongError:
        return  # a golden case of bad input: nothing to settle
    if not score.valid:  # no settlement, or what the system says a hand that is no win costs (香港's 詐糊)
        penalty = r.pipeline.penalty if r.pipeline is not None else None
        owed = penalty(score, request.hand, request.options[r.id]) if penalty is not None else None
        assert score.settlement == owed
        with pytest.raises(RulesError):
            engine.settle(score, request.hand)
        return
    options = request.options[r.id]
    assert r.settle(score, request.hand, options) == score.settlement
    assert engine.settle(score, request.hand) == score.settlement  # the score's own house rules, read back


def _both(rules: str, hand: str, context: dict[str, Any], options: dict[str, Any],
          table: dict[str, Any] | None = None, other: dict[str, Any] | None = None):
    """The Score under ``options`` settled again at ``table`` (context changes) under ``other`` options, and the
    settlement of scoring it there under those options."""
    r = get_ruleset(rules)
    request = build_request(hand, rules, context, options)
    (score,) = engine.score(request)
    assert score.valid, score.reason_en
    changed = {**context, **(table or {})}
    fresh = build_request(hand, rules, changed, {**options, **(other or {})})
    (again,) = engine.score(fresh)
    assert again.valid, again.reason_en
    resettled = r.settle(score, fresh.hand, fresh.options[r.id])
    assert resettled != score.settlement  # the change mattered
    return resettled, again.settlement


@pytest.mark.parametrize(("rules", "hand", "context", "options", "other"), [
    ("guobiao", "123456789m11122z", {"win": "self_drawn"}, {}, {"base_points": 5}),
    ("guobiao", "123456789m11122z", {"win": "self_drawn"}, {}, {"payout": "quan_chong"}),
    ("fuyang", "[555z1]123m345m789m1z1z", {"win": "self_drawn", "seat": "S"}, {}, {"payout": "power"}),
    ("fuyang", "[555z1]123m345m789m1z1z", {"win": "self_drawn", "seat": "S"}, {}, {"base": 3}),
    ("wuhan", "[234m1][777s1]2678m123p2m", {"win": "discard", "seat": "S", "from_seat": "E", "indicator": "4p"},
     {}, {"payer": "discarder"}),
    ("sichuan", "22244455577799m", {"seat": "S", "from_seat": "E"}, {}, {"base": 2}),
    ("hangzhou", "123m456m789p234s7z5s", {"win": "self_drawn", "indicator": "4s", "dealer": "S", "streak": 2}, {},
     {"dealer_factor": "fixed8"}),
    ("changsha", "444666888s9s[222s]9s", {"win": "self_drawn", "birds": "5m6p"}, {}, {"bird_rule": "add"}),
    ("shaanxi", "123m456p789s123s5z5z", {"seat": "S", "win": "self_drawn", "cannons": {"E": 2, "S": 1}}, {},
     {"dealer": "double"}),
    ("erren", "123456789m11122z", {"win": "self_drawn"}, {}, {"base": 4}),
    ("custom", "123m456p789s234m11s", {"win": "self_drawn"}, {"zimo": 2}, {"base": 3}),
])
def test_settling_under_other_payout_options_is_scoring_under_them(rules, hand, context, options, other):
    resettled, scored = _both(rules, hand, context, options, other=other)
    assert resettled == scored


@pytest.mark.parametrize(("rules", "hand", "context", "options", "table"), [
    ("guobiao", "123456789m11122z", {"win": "discard", "seat": "S", "from_seat": "W"}, {}, {"from_seat": "N"}),
    ("sichuan", "22244455577799m", {"seat": "S", "from_seat": "E"}, {}, {"from_seat": "N"}),
    ("changsha", "444666888s9s[222s]9s", {"win": "self_drawn", "birds": "5m6p"}, {}, {"dealer": "W"}),
    ("wenzhou", "123456789m234s67s55p1z", {"seat": "S", "wildcard": "5p"}, {}, {"dealer": "W", "streak": 2}),
    ("jilin", "[123m1]456p111z55z13s2s", {"seat": "S", "win": "self_drawn"}, {}, {"dealer": "S"}),
    ("hangzhou", "123m456m789p234s7z5s", {"win": "self_drawn", "indicator": "4s", "dealer": "S", "streak": 2},
     {"dealer_factor": "ladder"}, {"streak": 0}),
    ("shaanxi", "123m456p789s123s5z5z", {"seat": "S", "win": "self_drawn", "cannons": {"E": 2, "S": 1}}, {},
     {"cannons": {"N": 3, "S": 1}}),
])
def test_settling_at_another_table_is_scoring_there(rules, hand, context, options, table):
    resettled, scored = _both(rules, hand, context, options, table=table)
    assert resettled == scored


def test_the_engine_settles_with_house_rules_given_as_the_api_gives_them():
    request = build_request("123456789m11122z", "guobiao", {"seat": "S", "from_seat": "W"})
    (score,) = engine.score(request)
    assert score.settlement is not None and score.settlement.as_dict() == {"E": -8, "S": 51, "W": -35, "N": -8}
    assert engine.settle(score, request.hand, options={"base_points": 0}).as_dict() == {
        "E": 0, "S": 27, "W": -27, "N": 0}
    assert engine.settle(score, "123456789m11122z", {"seat": "S", "from_seat": "N"}).as_dict() == {
        "E": -8, "S": 51, "W": -8, "N": -35}
    assert engine.settle(score, score_code(request), {"from_seat": "E"}) == engine.settle(
        score, request.hand, {"from_seat": "E"})
    with pytest.raises(MahjongError):
        engine.settle(score, request.hand, {"from_seat": "S"})  # the winner's own discard
    with pytest.raises(RulesError):
        engine.settle(score, request.hand, options=["base_points"])


def score_code(request) -> str:
    return engine.result_object(request, engine.score(request))["hand"]
