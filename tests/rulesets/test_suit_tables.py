"""The complete suits looked up (rulesets.shapes' tables) say what splitting the suit says."""

from __future__ import annotations

import random
from itertools import product

from rulesets.shapes import _part_completions, _part_state, _sets_fit


def split_state(part: tuple[int, ...]) -> int:
    """A suit's state by splitting it: 0 sets only, 2 sets and a pair, -1 neither."""
    left = sum(part) % 3
    if left == 0:
        return 0 if _sets_fit(part, True) else -1
    if left == 2 and any(c >= 2 and _sets_fit(part, True, i) for i, c in enumerate(part)):
        return 2
    return -1


def split_completions(part: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    if sum(part) % 3 == 0:
        return ()
    out = []
    for i in range(9):
        state = split_state(part[:i] + (part[i] + 1,) + part[i + 1 :])
        if state >= 0:
            out.append((i, state))
    return tuple(out)


def suits() -> list[tuple[int, ...]]:
    """Every suit of at most seven tiles, and seeded random suits of eight to seventeen, some with a rank four
    times (a rank one more then counted formally: five)."""
    small = [p for p in product(range(5), repeat=9) if sum(p) <= 7]
    rng = random.Random(7)
    large = []
    while len(large) < 30000:
        part = [0] * 9
        for _ in range(rng.randint(8, 17)):
            part[rng.randrange(9)] += 1
        if max(part) <= 4:
            large.append(tuple(part))
    return small + large


def test_a_suit_looked_up_has_the_state_splitting_gives() -> None:
    for part in suits():
        assert _part_state(part, True) == split_state(part), part


def test_a_suit_looked_up_has_the_completions_splitting_gives() -> None:
    for part in suits():
        assert _part_completions(part, True) == split_completions(part), part
