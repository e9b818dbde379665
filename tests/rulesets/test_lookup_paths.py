"""The shortcuts agree with the search they stand for: the exclusions when no fan held excludes another, the
七对 waits told by the odd counts."""

from __future__ import annotations

import dataclasses
import random

from rulesets.guobiao import FANS
from rulesets.scoring import Exclusion, Item, apply_exclusions
from rulesets.shapes import _seven_pairs_waits


def _exclusions_searched(items: list[Item]) -> tuple[list[Item], list[Exclusion]]:
    """apply_exclusions without its shortcut: every fan visited, highest value first."""
    by_id: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        by_id.setdefault(item.fan.id, []).append(i)
    counts = [i.count for i in items]
    dropped: list[Exclusion] = []
    for i in sorted(range(len(items)), key=lambda k: items[k].value, reverse=True):
        if counts[i] <= 0:
            continue
        fan = items[i].fan
        for ex in fan.excludes:
            left = ex.count
            for j in by_id.get(ex.fan, ()):
                if j == i or counts[j] <= 0 or left == 0:
                    continue
                n = counts[j] if left is None else min(left, counts[j])
                counts[j] -= n
                left = None if left is None else left - n
                dropped.append(Exclusion(items[j].fan, fan.id, n))
    kept = [item if n == item.count else dataclasses.replace(item, count=n)
            for item, n in zip(items, counts, strict=True) if n > 0]
    return kept, dropped


def test_exclusions_with_and_without_the_shortcut() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        fans = rng.sample(FANS, rng.randint(0, 7))
        items = [Item(f, rng.choice((0, 1, 1, 1, 2, 3))) for f in fans]
        assert apply_exclusions(items) == _exclusions_searched(items)



def test_seven_pairs_waits_as_the_odd_counts_say() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        counts = [0] * 34
        for _ in range(13):
            counts[rng.choice(range(rng.choice((3, 9, 34))))] += 1
        odd = [i for i, c in enumerate(counts) if c % 2]
        assert _seven_pairs_waits(tuple(counts)) == (odd if len(odd) == 1 else [])
    assert _seven_pairs_waits((2,) * 6 + (1,) + (0,) * 27) == [6]
    assert _seven_pairs_waits((5,) + (2,) * 4 + (0,) * 29) == [0]
