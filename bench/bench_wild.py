"""Wild-tile benchmark, run on demand (``make bench-wild``): every system with wild tiles, against a
brute-force reference measured in the same run on the same hands.

For each system with ``Ruleset.wild`` it builds seeded random winning hands of the system's size with
0–4 wild tiles (the system's own wild, derived from a random indicator through the system's rule),
and times:

- ``score``: the system's whole score of the hand (shapes with wilds, fans, settlement), cold (every
  memoisation cache emptied first) — median and worst;
- ``brute force``: the reference answer to "is it a win?", found by trying every multiset of tiles the
  wilds could stand for (34 tiles, with repetition) through the plain shape check — the cost of the
  obvious algorithm, and a check that ``rulesets.wild`` finds a win exactly when the brute force does;
  ``brute force ÷ score``: the median over the hands the brute force reads of its time over the whole
  score's (above 1: the whole score costs less than the bare yes/no by brute force);
- ``waits``: the waits of the hand with one tile taken out (a waiting hand) — median and worst;
- ``all systems``: one waiting 13-tile hand with 3 wilds under every wild system together.

Times are the thread's CPU time with the garbage collector off during a call.

    .venv/bin/python bench/bench_wild.py              # tables
    .venv/bin/python bench/bench_wild.py --markdown   # the same, for docs/performance.md
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesets import fuyang, shapes, wild  # noqa: E402
from rulesets.engine import completions  # noqa: E402
from rulesets.errors import MahjongError  # noqa: E402
from rulesets.hand import Hand, WinContext, WinMethod  # noqa: E402
from rulesets.registry import all_rulesets  # noqa: E402
from rulesets.scoring import Ruleset  # noqa: E402
from rulesets.tiles import ALL_TILES, Tile  # noqa: E402


def _cpu(call: Callable[[], Any]) -> float:
    gc.disable()
    try:
        start = time.thread_time()
        call()
        return (time.thread_time() - start) * 1000
    finally:
        gc.enable()


def _clear() -> None:
    wild.clear_caches()
    for fn in (shapes._sets_only_cached, shapes._part_state, shapes._part_completions, shapes.winning_tiles,
               fuyang.notes_of):
        fn.cache_clear()


def _rule(r: Ruleset, indicator: Tile) -> wild.WildRule | None:
    ctx = WinContext(win=WinMethod.SELF_DRAWN, table=(("indicator", indicator),))
    probe = Hand(standing=(), winning_tile=ALL_TILES[0], context=ctx)
    try:
        return r.wild(probe, r.parse_options({})) if r.wild else None
    except MahjongError:
        return None


def _winning_hand(rng: random.Random, size: int, rule: wild.WildRule, k: int, suits: str) -> list[Tile] | None:
    """A random complete hand of ``size`` tiles (sets and a pair) with ``k`` of its tiles replaced by wilds."""
    allowed = [t for t in ALL_TILES if t.suit.value in suits and t not in rule.wilds
               and t not in dict(rule.stand_ins)]
    counts: dict[Tile, int] = {}
    tiles: list[Tile] = []

    def take(group: list[Tile]) -> bool:
        if any(counts.get(t, 0) + group.count(t) > 4 for t in group):
            return False
        for t in group:
            counts[t] = counts.get(t, 0) + 1
        tiles.extend(group)
        return True

    for _ in range(200):
        if len(tiles) == size - 2:
            break
        t = rng.choice(allowed)
        nxt = [t.shifted(1), t.shifted(2)] if t.is_suited else [None]
        if rng.random() < 0.5 and all(n is not None and n in allowed for n in nxt):
            take([t, nxt[0], nxt[1]])  # type: ignore[list-item]
        else:
            take([t, t, t])
    while len(tiles) == size - 2:
        t = rng.choice(allowed)
        if take([t, t]):
            break
    if len(tiles) != size:
        return None
    wilds = sorted(rule.wilds)
    for i in rng.sample(range(size), k):
        tiles[i] = wilds[0] if len(wilds) == 1 else rng.choice(wilds)
    if max(tiles.count(t) for t in set(tiles)) > 4:
        return None
    rng.shuffle(tiles)
    return tiles


def _brute_force(tiles: list[Tile], rule: wild.WildRule) -> bool:
    faces = dict(rule.stand_ins)
    counts = [0] * 34
    k = 0
    for t in tiles:
        if t in rule.wilds:
            k += 1
        else:
            counts[(faces.get(t) or t).index] += 1
    for combo in combinations_with_replacement(range(34), k):
        trial = list(counts)
        for i in combo:
            trial[i] += 1
        if shapes._is_standard(tuple(trial)):
            return True
    return False


def _hand(tiles: list[Tile], indicator: Tile) -> Hand:
    ctx = WinContext(win=WinMethod.SELF_DRAWN, table=(("indicator", indicator),))
    return Hand(standing=tuple(tiles[:-1]), winning_tile=tiles[-1], context=ctx)


def _stats(times: list[float]) -> str:
    if not times:
        return "—"
    return f"{statistics.median(times):.2f} / {max(times):.2f}"


def run(per_k: int, brute_per_k: int, seed: int) -> list[list[str]]:
    rows = []
    rng = random.Random(seed)
    systems = [r for r in all_rulesets() if r.wild is not None]
    for r in systems:
        suits = "mpsz"  # every system with wilds plays the 136 tiles
        options = r.parse_options({})
        for k in range(5):
            score_t, waits_t, brute_t = [], [], []
            disagree = 0
            made = 0
            attempts = 0
            while made < per_k and attempts < per_k * 40:
                attempts += 1
                indicator = rng.choice(ALL_TILES[:34])
                rule = _rule(r, indicator)
                if rule is None:
                    break
                tiles = _winning_hand(rng, r.hand_size, rule, k, suits)
                if tiles is None:
                    continue
                hand = _hand(tiles, indicator)
                try:
                    hand.validate(hand_size=r.hand_size, players=r.players)
                    r.score(hand, options)  # a hand the system refuses (e.g. all four copies of the indicator)
                except MahjongError:
                    continue
                made += 1
                _clear()
                score_t.append(_cpu(lambda h=hand, r=r, o=options: r.score(h, o)))
                waiting = Hand(standing=hand.standing, winning_tile=None, context=hand.context)
                _clear()
                waits_t.append(_cpu(lambda h=waiting, r=r, o=options: completions(r, h, o)))
                if made <= brute_per_k:
                    ours = wild.is_winning_wild(hand, rule, {shapes.ShapeKind.STANDARD})
                    start = time.thread_time()
                    ref = _brute_force(tiles, rule)
                    brute_t.append((time.thread_time() - start) * 1000)
                    disagree += ours != ref
            ratio = [b / s for b, s in zip(brute_t, score_t, strict=False) if s]  # the same hands
            rows.append([r.id, str(r.hand_size), str(k), str(made), _stats(score_t), _stats(waits_t),
                         _stats(brute_t), f"{statistics.median(ratio):.1f}" if ratio else "—", str(disagree)])
    return rows


def all_systems(seed: int) -> list[str]:
    """One waiting 13-tile hand with 3 wilds under every 14-tile wild system together (median / worst of 20)."""
    rng = random.Random(seed)
    systems = [r for r in all_rulesets() if r.wild is not None and r.hand_size == 14]
    times = []
    for _ in range(20):
        indicator = rng.choice(ALL_TILES[:27])
        rule = _rule(systems[0], indicator)
        tiles = None
        while tiles is None and rule is not None:
            tiles = _winning_hand(rng, 14, rule, 3, "mps")
        if tiles is None:
            continue
        waiting = Hand(standing=tuple(tiles[:-1]), winning_tile=None,
                       context=WinContext(win=WinMethod.SELF_DRAWN, table=(("indicator", indicator),)))
        _clear()

        def every(waiting: Hand = waiting) -> None:
            for r in systems:
                completions(r, waiting, r.parse_options({}))
        times.append(_cpu(every))
    return [", ".join(r.id for r in systems), _stats(times)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=40, help="hands per system and wild count")
    parser.add_argument("--brute", type=int, default=6, help="of those, how many the brute force also reads")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    head = ["system", "tiles", "wilds", "hands", "score ms (median / worst)", "waits ms (median / worst)",
            "brute force ms (median / worst)", "brute force ÷ score", "disagree"]
    load = os.getloadavg()[0]
    rows = run(args.hands, args.brute, args.seed)
    every = all_systems(args.seed)
    when = f"{time.strftime('%Y-%m-%d %H:%M')}, load average {load:.2f} before the run, {os.getloadavg()[0]:.2f} after"
    if args.markdown:
        print(f"Run {when}.\n")
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        print(f"\nA waiting 13-tile hand with 3 wilds under {every[0]} together: {every[1]} ms (median / worst).")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    print(f"\nwaiting 13-tile hand, 3 wilds, under {every[0]} together: {every[1]} ms (median / worst)")
    print(when)


if __name__ == "__main__":
    main()
