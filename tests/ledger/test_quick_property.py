"""For every system with a settlement, a quick entry of a hand's value pays what scoring the full hand pays.

The hands are every golden case of every system (tests/golden: each worked out by hand from its source) that is a
win, and generated 国标 hands; hypothesis draws a hand and a stake (each system's base/stake house rule: the
settlement reads it, the value does not), scores the full hand, reads the quick entry off the Score
(quickcases.py: the value and the system's quick fields) and settles that with the system's quick entry. The two
settlements must be the same, payment for payment in net per seat. A hand a quick entry cannot carry (its money
reads kongs or melds a quick entry does not hold: quickcases.py names each) is left out, and the test checks that
every system keeps cases in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.engine import build_request, score
from rulesets.errors import MahjongError
from rulesets.quick import quick_of, settle_quick
from rulesets.registry import all_rulesets
from tests.guobiao.handgen import FAMILIES, generate

from .quickcases import quick_of_score

GOLDEN = Path(__file__).parent.parent / "golden"
STAKES = ("base", "base_points", "unit", "base_amount", "per_tai")


KNOWN = {r.id for r in all_rulesets()}


def _cases() -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data.get("cases", ()):
            rules = case.get("rules") or data.get("rules") or path.stem
            if isinstance(case.get("hand"), str) and isinstance(rules, str) and rules in KNOWN:
                out.append((rules, case["hand"], case.get("context") or {}, case.get("options") or {}))
    return out


CASES = _cases()


def _scored(rules: str, hand: Any, context: dict[str, Any], options: dict[str, Any]) -> Any:
    try:
        request = build_request(hand, [rules], context or None, {rules: options} if options else None)
        (full,) = score(request)
    except MahjongError:
        return None
    if not full.valid or full.settlement is None:
        return None
    return request, full


def _stake(ruleset: Any) -> str | None:
    return next((o.key for o in ruleset.option_infos() if o.key in STAKES and o.kind == "int"), None)


def _same(rules: str, hand: Any, context: dict[str, Any], options: dict[str, Any], stake: int | None) -> str | None:
    """None when the quick entry pays what the full hand pays; else what differs. "skip" where it cannot say."""
    first = _scored(rules, hand, context, options)
    if first is None:
        return "skip"
    key = _stake(first[0].rulesets[0])
    if key is not None and stake is not None and "preset" not in options:
        again = _scored(rules, hand, context, {**options, key: stake})
        first = again or first
    request, full = first
    ruleset = request.rulesets[0]
    opts = request.options[ruleset.id]
    win = quick_of_score(ruleset, full, request.hand, opts)
    if win is None:
        return "skip"
    quick = settle_quick(ruleset, win, opts)
    if quick.as_dict() != full.settlement.as_dict():
        return f"{ruleset.id} {hand}: quick {quick.as_dict()} != full {full.settlement.as_dict()}"
    return None


def test_every_system_with_a_settlement_has_a_quick_entry():
    assert [r.id for r in all_rulesets() if quick_of(r) is None] == []


def test_every_system_has_hands_both_ways():
    """Each system keeps golden hands a quick entry can carry (the property below is not vacuous for any)."""
    carried: dict[str, int] = {}
    for rules, hand, context, options in CASES:
        found = _scored(rules, hand, context, options)
        if found is None:
            continue
        request, full = found
        r = request.rulesets[0]
        if quick_of_score(r, full, request.hand, request.options[r.id]) is not None:
            carried[r.id] = carried.get(r.id, 0) + 1
    assert {r.id for r in all_rulesets()} - set(carried) == set()
    assert sum(carried.values()) >= 500, carried


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), stake=st.integers(1, 50))
def test_quick_entry_pays_what_the_full_hand_pays(case, stake):
    found = _same(*case, stake)
    assert found in (None, "skip"), found


@settings(max_examples=60, deadline=None)
@given(family=st.sampled_from(sorted(FAMILIES)), seed=st.integers(0, 10_000), base=st.integers(1, 20))
def test_generated_guobiao_hands(family, seed, base):
    for hand in generate(family, seed=seed, count=2):
        found = _scored("guobiao", hand, {}, {"base_points": base})
        if found is None:
            continue
        request, full = found
        r = request.rulesets[0]
        opts = request.options[r.id]
        win = quick_of_score(r, full, request.hand, opts)
        assert win is not None
        assert settle_quick(r, win, opts).as_dict() == full.settlement.as_dict()


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}:{c[1][:30]}")
def test_every_golden_hand(case):
    """Every golden hand once, at its own stake (hypothesis above varies the stake)."""
    assert _same(*case, None) in (None, "skip")
