"""Report the reference comparison's counts (agreed, disagreed, excused as a documented reference bug)."""

from __future__ import annotations

from collections import Counter

from tests.guobiao.reference import REFERENCE, STATS


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001 - pytest hook signature
    if not STATS:
        return
    total: Counter[str] = sum(STATS.values(), Counter())
    hands = sum(total.values())
    excused = {k: n for k, n in total.items() if k not in ("agree", "disagree")}
    terminalreporter.section(f"国标 vs {REFERENCE}")
    terminalreporter.write_line(
        f"{hands} hands in {len(STATS)} families: {total['agree']} agree, {total['disagree']} disagree, "
        f"{sum(excused.values())} excused as documented reference bugs"
        + ("" if not excused else " (" + ", ".join(f"{k}: {n}" for k, n in sorted(excused.items())) + ")")
    )
    for family, counts in sorted(STATS.items()):
        if counts["disagree"]:
            terminalreporter.write_line(f"  {family}: {counts['disagree']} of {sum(counts.values())} disagree")
