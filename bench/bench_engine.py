"""Engine benchmark across every system in the registry, run on demand (``make bench``).

For each system it scores a fixed set of inputs — everyday hands, seeded random winning hands, and
hands with many readings (九莲宝灯 waiting on every tile, 七对 that are also runs, triple-pung/chow
hands) — and reports the median and the worst time per hand, naming the slowest inputs.

Scoring is timed two ways: *cold*, with every memoisation cache of the engine emptied before the call
(``shapes._sets_only_cached``, the 国标 shape and chow-pair tables…: what the first request for a new
hand costs; the fastest of three such calls), and *warm*, the median of repeated calls (a hand seen
before). The caches are pure memoisation, per process. Times are the thread's CPU time with the
garbage collector off during the calls (as ``timeit`` does): other work on a shared machine does not count.
Every time is also shown as a ratio to references measured in the same run on the same hands:
``parse_hand`` alone and ``shapes.decompose`` alone (cold), so figures from machines of different
speed can be compared.

    .venv/bin/python bench/bench_engine.py               # tables
    .venv/bin/python bench/bench_engine.py --markdown    # the same, as Markdown for docs/performance.md
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets import shapes  # noqa: E402
from rulesets.engine import build_request, evaluate, score  # noqa: E402
from rulesets.errors import MahjongError  # noqa: E402
from rulesets.notation import parse_hand  # noqa: E402
from rulesets.registry import all_rulesets  # noqa: E402
from rulesets.tiles import ALL_TILES  # noqa: E402

EVERYDAY = {
    "plain discard win": "[123m1]456m789m345p55p",
    "all pungs, claimed": "[555p3][777s1]222m999s11z",
    "two kongs": "[7777s1][2222p]345m678m99m",
    "seven pairs": "1133557799m2244p",
    "mixed straight": "123m456p789s234s11z",
    "GB string with flags": "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
    "pure straight, self-drawn": "123456789p234s55s|EE1000",
}
MANY_READINGS = {
    **{f"nine gates + {r}m": f"1112345678999m{r}m" for r in range(1, 10)},
    "seven consecutive pairs": "11223344556677m",
    "pure shifted pungs and chows": "111222333m456p77s",
    "pure triple chows / shifted pungs": "111222333444m55m",
    "double pure chows, two suits": "223344m223344p55s",
    "knitted tiles + honours": "147m258p369s12345z",
    "thirteen orphans": "19m19p19s1234567z1m",
}
SMALL_TABLE = {  # 8-tile hands, for systems played with fewer tiles (six-player Sichuan)
    "8 tiles: plain": "234m678m55m",
    "8 tiles: pungs": "111m999p55p",
    "8 tiles: many readings": "11122233m",
}
RANDOM_HANDS = 200
SEED = 2024


def random_winning_hands(count: int, seed: int) -> dict[str, str]:
    """Seeded random hands of four sets and a pair from the 136 tiles; some sets written as packs."""
    rng = random.Random(seed)
    names = [str(t) for t in ALL_TILES]
    out: dict[str, str] = {}
    while len(out) < count:
        text = _one_random_hand(rng, names)
        if text is not None:
            out[f"random #{len(out) + 1}: {text}"] = text
    return out


def _one_random_hand(rng: random.Random, names: list[str]) -> str | None:
    left = Counter({t: 4 for t in names})
    packs, standing = [], []
    for _ in range(4):
        start = rng.choice(names)
        rank, suit = int(start[0]), start[1]
        chow = suit != "z" and rank <= 7 and rng.random() < 0.6
        group = [f"{rank + i}{suit}" for i in range(3)] if chow else [start] * 3
        if any(left[t] < group.count(t) for t in group):
            return None
        left.subtract(group)
        if rng.random() < 0.3:
            packs.append(f"[{''.join(t[0] for t in group)}{suit}{rng.choice('123') if not chow else '1'}]")
        else:
            standing += group
    pairs = [t for t in names if left[t] >= 2]
    pair = rng.choice(pairs)
    standing += [pair, pair]
    rng.shuffle(standing)
    return "".join(packs) + "".join(standing)


# ---------------------------------------------------------------- timing


def engine_caches() -> list[Callable[[], None]]:
    """``cache_clear`` of every memoised function of the engine (the registry's list of systems aside)."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("rulesets.") or name == "rulesets.registry":
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                found.append(clear)
    return found


_CACHES: list[Callable[[], None]] = []


def _clear_caches() -> None:
    for clear in _CACHES:
        clear()


def clock() -> int:
    """This thread's CPU time: time other processes take on a shared machine is not counted."""
    return time.thread_time_ns()


def time_calls(calls: dict[str, Callable[[], object]], repeats: int) -> list[Timing]:
    """Cold and warm times of each call, with the garbage collector off while timing (as ``timeit`` does)."""
    out = []
    for name, call in calls.items():
        gc.collect()
        gc.disable()
        try:
            out.append(Timing(name, cold_ns(call), warm_ns(call, repeats)))
        finally:
            gc.enable()
    return out


def cold_ns(call: Callable[[], object], tries: int = 3) -> int:
    """The fastest of ``tries`` calls, each with the caches emptied first (the least disturbed one)."""
    best = None
    for _ in range(tries):
        _clear_caches()
        start = clock()
        call()
        took = clock() - start
        best = took if best is None else min(best, took)
    return best or 0


def warm_ns(call: Callable[[], object], repeats: int) -> int:
    call()
    times = []
    for _ in range(repeats):
        start = clock()
        call()
        times.append(clock() - start)
    return int(statistics.median(times))


@dataclass
class Timing:
    name: str
    cold: int
    warm: int


# ---------------------------------------------------------------- what is timed


def references(inputs: dict[str, str], repeats: int) -> dict[str, list[Timing]]:
    parsed = {name: parse_hand(text) for name, text in inputs.items()}
    waiting = [name for name, hand in parsed.items() if not hand.is_complete]
    if waiting:
        raise SystemExit(f"not complete hands: {waiting}")
    return {
        "parse_hand": time_calls({n: (lambda t=t: parse_hand(t)) for n, t in inputs.items()}, repeats),
        "shapes.decompose": time_calls({n: (lambda h=h: shapes.decompose(h)) for n, h in parsed.items()}, repeats),
    }


def system_calls(ruleset_id: str | None, inputs: dict[str, str]) -> tuple[dict[str, Callable[[], object]], int]:
    """``score`` calls for every input the system reads (built once, outside the timing); refusals counted."""
    calls: dict[str, Callable[[], object]] = {}
    refused = 0
    for name, text in inputs.items():
        try:
            request = build_request(text, [ruleset_id] if ruleset_id else None)
            score(request)
        except MahjongError:
            refused += 1
            continue
        calls[name] = lambda r=request: score(r)
    return calls, refused


def front_door_calls(inputs: dict[str, str]) -> dict[str, Callable[[], object]]:
    """``evaluate`` of the hand string under every system that reads it: parse, score, result object."""
    calls: dict[str, Callable[[], object]] = {}
    for name, text in inputs.items():
        try:
            evaluate(text)
        except MahjongError:
            continue
        calls[name] = lambda t=text: evaluate(t)
    return calls


# ---------------------------------------------------------------- report


@dataclass
class Row:
    what: str
    hands: int
    refused: int
    median_warm: float  # µs
    median_cold: float
    worst_cold: float
    worst_name: str


def summarise(what: str, timings: list[Timing], refused: int = 0) -> Row:
    worst = max(timings, key=lambda t: t.cold)
    return Row(
        what, len(timings), refused,
        statistics.median(t.warm for t in timings) / 1000, statistics.median(t.cold for t in timings) / 1000,
        worst.cold / 1000, worst.name,
    )


def render(rows: list[Row], parse_us: float, decompose_us: float, markdown: bool) -> str:
    header = ("what", "hands", "refused", "median µs (warm)", "median µs (cold)", "worst µs (cold)",
              "median ÷ parse", "median ÷ decompose", "slowest input")
    body = [
        (r.what, str(r.hands), str(r.refused), f"{r.median_warm:.0f}", f"{r.median_cold:.0f}", f"{r.worst_cold:.0f}",
         f"{r.median_cold / parse_us:.1f}", f"{r.median_cold / decompose_us:.1f}", r.worst_name)
        for r in rows
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 2) + "---|"]
        return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in body])
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in [header, *body])


def slowest(timings: dict[str, list[Timing]], count: int) -> list[tuple[float, str, str]]:
    every = [(t.cold / 1000, what, t.name) for what, ts in timings.items() for t in ts]
    return sorted(every, reverse=True)[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=20, help="warm calls per hand (the median is kept)")
    parser.add_argument("--random", type=int, default=RANDOM_HANDS, help="seeded random winning hands")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)

    all_rulesets()  # import every system, so that its caches are found
    _CACHES.extend(engine_caches())
    inputs = {**EVERYDAY, **MANY_READINGS, **SMALL_TABLE, **random_winning_hands(args.random, SEED)}
    refs = references(inputs, args.repeats)
    parse_us = statistics.median(t.cold for t in refs["parse_hand"]) / 1000
    decompose_us = statistics.median(t.cold for t in refs["shapes.decompose"]) / 1000

    per_system: dict[str, list[Timing]] = {}
    rows = [summarise(f"reference: {name}", ts) for name, ts in refs.items()]
    for ruleset in all_rulesets():
        calls, refused = system_calls(ruleset.id, inputs)
        if calls:
            per_system[ruleset.id] = time_calls(calls, args.repeats)
            rows.append(summarise(f"score: {ruleset.id}", per_system[ruleset.id], refused))
    calls, refused = system_calls(None, inputs)
    per_system["every system"] = time_calls(calls, args.repeats)
    rows.append(summarise("score: every system that reads the hand", per_system["every system"], refused))
    front = time_calls(front_door_calls(inputs), args.repeats)
    rows.append(summarise("evaluate(hand string): parse + every system + result object", front))
    per_system["evaluate"] = front

    print(f"{len(inputs)} inputs ({len(EVERYDAY)} everyday, {len(MANY_READINGS)} with many readings, "
          f"{len(SMALL_TABLE)} of 8 tiles, "
          f"{args.random} random, seed {SEED}; {len(_CACHES)} engine caches emptied for each cold call); "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(render(rows, parse_us, decompose_us, args.markdown))
    print("\nslowest inputs (cold):")
    for us, what, name in slowest(per_system, 8):
        print(f"  {us:8.0f} µs  {what:<14} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
