"""Our 国标 ruleset against an independent reference (PyMahjongGB) on thousands of generated hands.

One test per generator family (tests/guobiao/handgen.py), so a failure names the kind of hand.
Hands are the same on every run (seeded; set GUOBIAO_SEED to explore other seeds). A disagreement
fails the test, except where docs/guobiao-reference.md documents that the reference is wrong
(reference.KNOWN_REFERENCE_BUGS); those are counted and reported at the end of the run.
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rulesets.hand import KongKind, Meld, MeldKind, Relative, WinContext, WinMethod
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from tests.guobiao import handgen
from tests.guobiao.reference import (
    KNOWN_REFERENCE_BUGS,
    REFERENCE,
    STATS,
    Outcome,
    compare,
    pack,
    reference_arguments,
)

SEED = int(os.environ.get("GUOBIAO_SEED", "2024"))
RULESET = get_ruleset("guobiao")
OPTIONS = RULESET.parse_options({})
SHOWN = 5  # disagreeing hands printed per failing family
DOC = Path(__file__).parents[2] / "docs" / "guobiao-reference.md"


class CountsReport:
    """Prints, at the end of the run, how many hands agreed, disagreed or were excused (by bug id)."""

    def pytest_terminal_summary(self, terminalreporter) -> None:  # noqa: ANN001 - pytest hook signature
        if not STATS:
            return
        total: Counter[str] = sum(STATS.values(), Counter())
        excused = {k: n for k, n in total.items() if k not in ("agree", "disagree")}
        terminalreporter.section(f"国标 vs {REFERENCE}")
        terminalreporter.write_line(
            f"{total.total()} hands in {len(STATS)} families: {total['agree']} agree, {total['disagree']} disagree, "
            f"{sum(excused.values())} excused as documented reference bugs"
            + "".join(f"; {bug}: {n}" for bug, n in sorted(excused.items()))
        )
        for family, counts in sorted(STATS.items()):
            if counts["disagree"]:
                terminalreporter.write_line(f"  {family}: {counts['disagree']} of {counts.total()} disagree")


@pytest.fixture(autouse=True, scope="module")
def _report_counts(pytestconfig: pytest.Config):  # noqa: ANN202 - a fixture
    if not pytestconfig.pluginmanager.has_plugin("guobiao-reference-counts"):
        pytestconfig.pluginmanager.register(CountsReport(), "guobiao-reference-counts")
    yield


@cache
def outcomes(family: str) -> tuple[Outcome, ...]:
    results = tuple(compare(hand, RULESET, OPTIONS) for hand in handgen.generate(family, SEED))
    STATS[family] = Counter(o.excused_by or o.status for o in results)
    return results


def report(family: str, bad: list[Outcome]) -> str:
    shown = "\n".join(o.describe(RULESET) for o in bad[:SHOWN])
    return f"{len(bad)} of {len(outcomes(family))} {family} hands disagree with the reference (seed {SEED}):\n{shown}"


@pytest.mark.parametrize("family", list(handgen.FAMILIES))
def test_our_ruleset_agrees_with_the_reference_on_every_hand_of(family: str) -> None:
    bad = [o for o in outcomes(family) if o.status == "disagree"]
    assert not bad, report(family, bad)


def test_the_comparison_covers_at_least_5000_hands() -> None:
    assert sum(len(outcomes(f)) for f in handgen.FAMILIES) >= 5000


def test_the_generated_hands_reach_every_fan_of_the_reference() -> None:
    seen = Counter()
    for family in handgen.FAMILIES:
        for o in outcomes(family):
            seen.update(o.reference_fans)
    assert [f.zh for f in RULESET.fans if not seen[f.id]] == []


def test_the_generated_hands_include_wins_below_the_minimum_and_shapes_that_are_not_wins() -> None:
    states = Counter(
        "not a win" if not o.reference.is_win else ("valid" if o.reference.valid else "below 8")
        for family in handgen.FAMILIES
        for o in outcomes(family)
    )
    assert min(states["not a win"], states["below 8"], states["valid"]) >= 100, states


def test_every_excused_hand_names_a_documented_reference_bug() -> None:
    text = DOC.read_text(encoding="utf-8")
    used = {o.excused_by for f in handgen.FAMILIES for o in outcomes(f) if o.status == "excused"}
    documented = {bug.id for bug in KNOWN_REFERENCE_BUGS if f"`{bug.id}`" in text and bug.doc in text}
    assert used <= documented


def test_the_generator_gives_the_same_hands_for_the_same_seed() -> None:
    first = handgen.generate("random_standard", seed=7, count=50)
    assert first == handgen.generate("random_standard", seed=7, count=50)
    assert first != handgen.generate("random_standard", seed=8, count=50)


# --- the adapter --------------------------------------------------------------------------------


def test_the_adapter_writes_melds_as_the_reference_packs() -> None:
    t = parse_hand("[456p,3]123m789s11z99s9s").melds[0].tile
    assert pack(Meld(MeldKind.CHOW, t, source=Relative.LEFT, claimed=3)) == ("CHI", "B5", 3)
    assert pack(Meld(MeldKind.PUNG, t, source=Relative.ACROSS)) == ("PENG", "B4", 2)
    assert pack(Meld(MeldKind.KONG, t, kong=KongKind.CONCEALED)) == ("GANG", "B4", 0)
    assert pack(Meld(MeldKind.KONG, t, kong=KongKind.ADDED, source=Relative.RIGHT)) == ("GANG", "B4", 3)


def test_the_adapter_sends_robbing_a_kong_as_a_kong_flag_on_a_discard() -> None:
    hand = parse_hand("[123m,1][345m,1]678p56sWW7s")
    args = reference_arguments(hand.with_context(WinContext(win=WinMethod.ROB_KONG)))
    flags = (args["isSelfDrawn"], args["isAboutKong"], args["winTile"], args["hand"][-2:])
    assert flags == (False, True, "T7", ("F3", "F3"))


def test_a_score_missing_one_fan_is_reported_as_a_disagreement() -> None:
    dropped = []

    def score_without_last_fan(hand, options):  # noqa: ANN001, ANN202 - same signature as RULESET.score
        score = RULESET.score(hand, options)
        dropped.append(score.items[-1])
        return dataclasses.replace(score, items=score.items[:-1])

    # a score of its own, in place of the pipeline's
    broken = dataclasses.replace(RULESET, pipeline=None, score=score_without_last_fan)
    outcome = compare(parse_hand("[123m,1][456p,1]789sWWWC5z"), broken, OPTIONS)
    missing = outcome.reference_fans - outcome.our_fans
    assert (outcome.status, missing) == ("disagree", Counter({dropped[0].fan.id: dropped[0].count}))
