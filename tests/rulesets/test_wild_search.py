"""rulesets.wild's search part by part (a suit, the honours, wilds alone): the same readings, in the same order,
as one search over the whole hand; one per value keeps the first reading of each value; the waits on counts."""

from __future__ import annotations

import random
from functools import cache

import pytest

from rulesets import wild
from rulesets.hand import Hand, Meld, MeldKind
from rulesets.shapes import ShapeKind
from rulesets.tiles import ALL_TILES, Tile, tiles
from rulesets.wild import WildRule, decompose_wild, is_winning_wild, value_key, wild_waits

Spec = tuple[str, tuple[int, ...], tuple[int, ...]]


@cache
def whole_hand(counts: tuple[int, ...], jokers: int, pair: bool, cands: tuple[int, ...],
               ) -> tuple[tuple[Spec, ...], ...]:
    """The reference: one search over all 34 counts, lowest natural tile first (pair, pung, then each chow that
    holds it, natural tiles first), groups of wilds alone when no natural tile is left."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        if jokers < 2 * pair or (jokers - 2 * pair) % 3:
            return ()
        heads = [((("pair", (p, p), (p, p)),)) for p in cands] if pair else [()]
        pungs = wild._multisets(cands, (jokers - 2 * pair) // 3)
        return tuple(h + tuple(("pung", (t,) * 3, (t,) * 3) for t in combo) for h in heads for combo in pungs)
    out: list[tuple[Spec, ...]] = []
    c = list(counts)

    def take(naturals: list[int], spec: Spec, still_pair: bool) -> None:
        if len(spec[2]) > jokers:
            return
        for p in naturals:
            c[p] -= 1
        out.extend((spec, *rest) for rest in whole_hand(tuple(c), jokers - len(spec[2]), still_pair, cands))
        for p in naturals:
            c[p] += 1

    if pair:
        n = min(c[i], 2)
        take([i] * n, ("pair", (i, i), (i,) * (2 - n)), False)
    n = min(c[i], 3)
    take([i] * n, ("pung", (i, i, i), (i,) * (3 - n)), pair)
    if i < 27:
        low = i - i % 9
        for s in range(max(low, i - 2), min(i, low + 6) + 1):
            places = (s, s + 1, s + 2)
            naturals = [p for p in places if p >= i and c[p]]
            take(naturals, ("chow", places, tuple(p for p in places if p not in naturals)), pair)
    return tuple(out)


def random_counts(rng: random.Random, size: int, suits: list[int]) -> tuple[int, ...]:
    counts = [0] * 34
    while sum(counts) < size:
        i = rng.choice(suits)
        if counts[i] < 4:
            counts[i] += 1
    return tuple(counts)


SUITS = [list(range(34)), list(range(9)), list(range(27)), list(range(9)) + list(range(27, 34))]


def test_the_search_by_parts_finds_every_reading_of_one_search_over_the_hand_in_its_order() -> None:
    rng = random.Random(2026)
    for _ in range(600):
        jokers = rng.randrange(5)
        counts = random_counts(rng, rng.choice([14, 17, 11, 8]) - jokers, rng.choice(SUITS))
        cands = wild._candidates(counts, [ALL_TILES[rng.randrange(34)]] * jokers)
        assert wild._readings(counts, jokers, True, cands) == whole_hand(counts, jokers, True, cands), counts


def test_the_yes_or_no_part_by_part_agrees_with_the_readings() -> None:
    rng = random.Random(12)
    for _ in range(1500):
        jokers = rng.randrange(6)
        pair = rng.random() < 0.8
        size = rng.choice([14, 17, 11, 8, 12, 9]) - jokers - (0 if pair else 2)
        counts = random_counts(rng, max(size, 0), rng.choice(SUITS))
        cands = wild._candidates(counts, [ALL_TILES[rng.randrange(34)]] * jokers)
        assert wild._fits(counts, jokers, pair) == bool(whole_hand(counts, jokers, pair, cands)), (counts, jokers)


def _hands(seed: int, n: int) -> list[tuple[Hand, WildRule]]:
    """Complete hands with 0–4 wilds, some with a meld, some with 白板 playing the wild's face."""
    rng = random.Random(seed)
    out: list[tuple[Hand, WildRule]] = []
    while len(out) < n:
        w = ALL_TILES[rng.randrange(34)]
        stand_ins = ((Tile.parse("7z"), w),) if w != Tile.parse("7z") and rng.random() < 0.4 else ()
        other = ALL_TILES[rng.randrange(34)] if rng.random() < 0.15 else w  # now and then a second wild face
        rule = WildRule(frozenset({w, other}), stand_ins)
        jokers = rng.randrange(5)
        counts = random_counts(rng, 14 - jokers, rng.choice(SUITS))
        held = [ALL_TILES[i] for i, k in enumerate(counts) for _ in range(k) if ALL_TILES[i] not in rule.wilds]
        held += [rng.choice([w, other]) for _ in range(14 - len(held))]
        if any(held.count(t) > 4 for t in held) or not is_winning_wild(Hand(tuple(held[:-1]), winning_tile=held[-1]),
                                                                     rule):
            continue
        melds: tuple[Meld, ...] = ()
        pung = next((t for t in held if held.count(t) >= 3 and t != w), None)
        if pung is not None and rng.random() < 0.3:
            for _ in range(3):
                held.remove(pung)
            melds = (Meld(MeldKind.PUNG, pung),)
        rng.shuffle(held)
        out.append((Hand(tuple(held[:-1]), melds, held[-1]), rule))
    return out


@pytest.mark.parametrize("kinds", [{ShapeKind.STANDARD}, {ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS}],
                         ids=["standard", "with-seven-pairs"])
def test_one_reading_per_value_is_the_first_of_every_reading_with_that_value(kinds: set[ShapeKind]) -> None:
    for hand, rule in _hands(7, 250):
        every = decompose_wild(hand, rule, kinds, key=None)
        first: dict[object, object] = {}
        for shape in every:
            first.setdefault(value_key(shape), shape)
        assert decompose_wild(hand, rule, kinds) == list(first.values()), hand


def test_readings_are_the_same_from_a_cold_or_a_warm_search() -> None:
    hands = _hands(11, 60)
    warm = [decompose_wild(h, r, {ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS}) for h, r in hands]
    cold = []
    for h, r in hands:
        wild.clear_caches()
        cold.append(decompose_wild(h, r, {ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS}))
    assert cold == warm


def test_the_waits_on_counts_are_the_tiles_that_complete_the_hand() -> None:
    rng = random.Random(3)
    for hand, rule in _hands(5, 80):
        waiting = Hand(hand.standing, hand.melds)
        kinds = rng.choice([{ShapeKind.STANDARD}, {ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS}])
        expected = [t for t in ALL_TILES if is_winning_wild(waiting.with_winning_tile(t), rule, kinds)]
        assert wild_waits(waiting, rule, kinds) == expected


def test_wilds_of_two_faces_are_read_hand_wide() -> None:
    t = tiles("123m456m789p12s5s5p1z")
    shapes = decompose_wild(Hand(t[:-1], winning_tile=t[-1]), WildRule(frozenset(tiles("5p1z"))))
    assert [(s.describe(), s.wilds_as_others) for s in shapes] == [("123m 456m 789p 123s(1z→3s) 55s(5p→5s)", 2)]


def test_clearing_the_caches_empties_every_memo_of_the_search() -> None:
    t = tiles("123m456m789p12s5p5p")
    decompose_wild(Hand(t[:-1], winning_tile=t[-1]), WildRule(frozenset(tiles("5p"))))
    wild.clear_caches()
    memos = [v for v in vars(wild).values() if hasattr(v, "cache_info")]
    assert memos and all(m.cache_info().currsize == 0 for m in memos)
