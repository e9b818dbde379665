"""The golden cases of every regional system: one format, one runner (tests/golden/README.md).

Each ``tests/golden/<system>.json`` with ``"format": "cases-1"`` holds cases; each case is its own test,
named by its id and hand, and says where its expected value comes from (``source``). The expected
values were worked out by hand from that source, never taken from the code.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesets.engine import evaluate
from rulesets.errors import MahjongError

GOLDEN = Path(__file__).parent / "golden"


def _load() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != "cases-1":
            continue  # 国标, 四川, shapes and share codes have runners of their own
        for case in data["cases"]:
            out.append((data["rules"], case))
    return out


CASES = _load()


def _fans(result: dict[str, Any]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for fan in result["fans"]:
        counts[fan["id"]] += fan["count"]
    return dict(counts)


def _number(value: Any) -> Any:
    """Amounts in the file may be written as "45/2" for exact fractions."""
    if isinstance(value, str) and "/" in value:
        return float(Fraction(value))
    return value


def _check_tables(result: dict[str, Any], want: dict[str, Any], source: str) -> None:
    """The totals, payouts and payments a case expects."""
    if "fans" in want:
        assert _fans(result) == want["fans"], source
    if "total" in want:
        assert result["total"] == _number(want["total"]), source
    if "payouts" in want:
        assert result["payouts"] == {k: _number(v) for k, v in want["payouts"].items()}, source
        assert sum(result["payouts"].values()) == pytest.approx(0)
    for key, value in want.get("extra", {}).items():
        assert result[key] == value, (key, source)
    if "payments" in want:  # each listed payment is there (from, to, amount)
        got = [(p["from"], p["to"], p["amount"]) for p in result["payments"]]
        for p in want["payments"]:
            assert (p["from"], p["to"], _number(p["amount"])) in got, (p, source)


def _check_details(result: dict[str, Any], want: dict[str, Any], source: str) -> None:
    """The factors, wild stand-ins and waits a case expects."""
    if "factors" in want:  # ids of the factors of each payer's payment to the winner
        for payer, ids in want["factors"].items():
            line = next(p for p in result["payments"] if p["from"] == payer and p.get("factors"))
            assert [f["id"] for f in line["factors"]] == ids, (payer, source)
    if "wild" in want:  # what each wild stood for in the scoring shape, e.g. ["5p→3s"]
        subs = [f"{s['tile']}→{s['as']}" for g in result["shape"]["groups"] for s in g.get("wild", ())]
        assert sorted(subs) == sorted(want["wild"]), source
    if "waits" in want:
        assert [w["tile"] for w in result["waits"] if w["valid"]] == want["waits"], source


@pytest.mark.parametrize(("rules", "case"), CASES, ids=[f"{r}:{c['id']} {c.get('hand', '')}" for r, c in CASES])
def test_each_golden_case_scores_as_its_source_says(rules: str, case: dict[str, Any]) -> None:
    assert case.get("source"), "every golden case names the source of its expected value"
    want = case["expected"]
    if "error_has" in want:
        with pytest.raises(MahjongError) as info:
            evaluate(case["hand"], case.get("rules", rules), case.get("context"), case.get("options"))
        assert want["error_has"] in info.value.message
        return
    (result,) = evaluate(case["hand"], case.get("rules", rules), case.get("context"), case.get("options"))["results"]
    assert result["valid"] is want["valid"], (result["reason"], case["source"])
    if "reason_has" in want:
        assert want["reason_has"] in (result["reason"] or "") + " " + (result["reason_en"] or ""), case["source"]
    _check_tables(result, want, case["source"])
    _check_details(result, want, case["source"])
