"""Benchmark: time our 国标 ruleset against PyMahjongGB (C++) on the same generated hands.

Run on demand (never a test):

    .venv/bin/python bench/bench_guobiao.py                # ≈13,000 hands, seed 2024
    .venv/bin/python bench/bench_guobiao.py --write-doc    # also update docs/performance.md

Hands come from tests/guobiao/handgen.py (every family, twice the test run's counts). Each hand is
scored once by ``RULESET.score`` (the first time the process sees it) and once by the reference's
``MahjongFanCalculator`` call (arguments prepared beforehand, so only the C++ call is timed).
Times are the thread's CPU time (``time.thread_time_ns``), so other load on a shared machine does
not count; the wall-clock total of the run is printed too. As with ``timeit``, garbage collection is
off during the timed calls (a full collection would otherwise land on whichever hand is being scored);
it runs between batches of hands instead.
Bars (docs/performance.md): median within 20× of the reference, no hand over 5 ms.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from MahjongGB import MahjongFanCalculator  # noqa: E402

from rulesets.hand import Hand  # noqa: E402
from rulesets.registry import get_ruleset  # noqa: E402
from tests.guobiao import handgen  # noqa: E402
from tests.guobiao.reference import hand_text, reference_arguments  # noqa: E402

DOC = ROOT / "docs" / "performance.md"
HEADING = "## Engine: 国标 vs PyMahjongGB"
RATIO_BAR = 20.0
WORST_BAR_MS = 5.0


@dataclass(frozen=True)
class Timing:
    family: str
    hand: Hand
    ours_ns: int
    reference_ns: int


CLOCK = time.thread_time_ns


def time_ours(hand: Hand, ruleset, options) -> int:  # noqa: ANN001 - a Ruleset and its options value
    start = CLOCK()
    ruleset.score(hand, options)
    return CLOCK() - start


def time_reference(args: dict) -> int:
    start = CLOCK()
    try:
        MahjongFanCalculator(**args, verbose=True)
    except TypeError:  # ERROR_NOT_WIN: the reference is done as well
        pass
    return CLOCK() - start


def run(seed: int, scale: float) -> list[Timing]:
    ruleset = get_ruleset("guobiao")
    options = ruleset.parse_options({})
    out = []
    gc.disable()
    try:
        for family, hands in handgen.generate_all(seed, scale).items():
            for hand in hands:
                args = reference_arguments(hand)
                out.append(Timing(family, hand, time_ours(hand, ruleset, options), time_reference(args)))
                if len(out) % 500 == 0:
                    gc.collect()
    finally:
        gc.enable()
    return out


def quantile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(ns: float) -> str:
    return f"{ns / 1e6:.3f} ms"


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def summary(timings: list[Timing], seed: int, scale: float, wall: float) -> str:
    ours = [t.ours_ns for t in timings]
    ref = [t.reference_ns for t in timings]
    med_ratio = statistics.median(ours) / statistics.median(ref)
    total_ratio = sum(ours) / sum(ref)
    worst = sorted(timings, key=lambda t: -t.ours_ns)[:5]
    over = [t for t in timings if t.ours_ns > WORST_BAR_MS * 1e6]
    lines = [
        f"- Command: `.venv/bin/python bench/bench_guobiao.py --seed {seed} --scale {scale:g}`",
        f"- Machine: {machine()}; load average {os.getloadavg()[0]:.1f} at the end of the run "
        f"(shared with other work), {wall:.1f} s wall clock in all.",
        f"- Hands: {len(timings)} from {len({t.family for t in timings})} generator families "
        "(tests/guobiao/handgen.py), each scored once, the first time the process sees it.",
        "- Times: the thread's CPU time per call; garbage collection off during the calls (as `timeit` "
        "does) and run between batches; the reference's time is its C++ call alone, arguments prepared "
        "beforehand; ours is `RULESET.score` with the default options, result object and settlement included.",
        "",
        "| | ours (`RULESET.score`) | PyMahjongGB (C++ call) | ours / reference |",
        "|---|---|---|---|",
        f"| median | {ms(statistics.median(ours))} | {ms(statistics.median(ref))} | {med_ratio:.1f}× |",
        f"| p99 | {ms(quantile(ours, 0.99))} | {ms(quantile(ref, 0.99))} | |",
        f"| worst | {ms(max(ours))} | {ms(max(ref))} | |",
        f"| total | {sum(ours) / 1e9:.2f} s | {sum(ref) / 1e9:.3f} s | {total_ratio:.1f}× |",
        "",
        "Slowest hands (ours):",
        "",
        *(f"- {ms(t.ours_ns)} `{hand_text(t.hand)}` ({t.family})" for t in worst),
        "",
        f"Bars: median within {RATIO_BAR:g}× of the reference — "
        + ("met" if med_ratio <= RATIO_BAR else f"NOT met ({med_ratio:.1f}×)")
        + f"; no hand over {WORST_BAR_MS:g} ms — "
        + ("met" if not over else f"NOT met ({len(over)} hands over)"),
    ]
    return "\n".join(lines)


def write_doc(text: str) -> None:
    section = f"{HEADING}\n\n{text}\n"
    doc = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Performance\n"
    pattern = re.compile(rf"^{re.escape(HEADING)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(doc):
        doc = pattern.sub(lambda _: section + "\n", doc, count=1).rstrip("\n") + "\n"
    else:
        doc = doc.rstrip("\n") + "\n\n" + section
    DOC.write_text(doc, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scale", type=float, default=2.0, help="multiplies each family's test-run count")
    parser.add_argument("--write-doc", action="store_true", help=f"write the figures into {DOC.relative_to(ROOT)}")
    ns = parser.parse_args()
    start = time.perf_counter()
    timings = run(ns.seed, ns.scale)
    text = summary(timings, ns.seed, ns.scale, time.perf_counter() - start)
    print(text)
    if ns.write_doc:
        write_doc(text)


if __name__ == "__main__":
    main()
