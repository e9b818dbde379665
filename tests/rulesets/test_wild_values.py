"""The cheaper ways the wild systems value many readings give what reading each one in full gives: 富阳's facts
of a reading from its key, 杭州's fours of a 七对 reading, 温州's levels valued once per kind of reading."""

from __future__ import annotations

import random
from dataclasses import replace

from rulesets import wenzhou
from rulesets.fuyang.fans import Facts as FuyangFacts
from rulesets.fuyang.options import FuyangOptions
from rulesets.hand import Hand, Meld, MeldKind
from rulesets.hangzhou.fans import fours
from rulesets.pipeline import value_all
from rulesets.shapes import GroupKind, Shape, ShapeKind
from rulesets.tiles import ALL_TILES, Suit, Tile
from rulesets.wenzhou.options import WenzhouOptions
from rulesets.wild import WildRule, decompose_wild


def _hands(seed: int, n: int, size: int) -> list[tuple[Hand, WildRule]]:
    """Complete concealed hands of ``size`` tiles with 0–4 wilds (白板 now and then playing the wild's face),
    some with a claimed pung, read as sets and a pair or as pairs."""
    rng = random.Random(seed)
    out: list[tuple[Hand, WildRule]] = []
    while len(out) < n:
        w = ALL_TILES[rng.randrange(34)]
        white = Tile.parse("7z")
        rule = WildRule(frozenset({w}), ((white, w),) if w != white and rng.random() < 0.3 else ())
        tiles: list[Tile] = []
        suits = rng.choice([range(34), range(9), range(27, 34), list(range(9)) + list(range(27, 34))])
        while len(tiles) < size - 2:
            t = rng.choice(list(suits))
            group = [t, t, t] if t >= 27 or t % 9 > 6 or rng.random() < 0.5 else [t, t + 1, t + 2]
            tiles += [ALL_TILES[i] for i in group]
        tiles += [ALL_TILES[rng.choice(list(suits))]] * 2
        for i in rng.sample(range(len(tiles)), rng.randrange(5)):
            tiles[i] = w
        if any(tiles.count(t) > 4 for t in tiles):
            continue
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.3 and tiles[0] == tiles[1] == tiles[2] != w:
            melds, tiles = (Meld(MeldKind.PUNG, tiles[0]),), tiles[3:]
        rng.shuffle(tiles)
        out.append((Hand(tuple(tiles[:-1]), melds, tiles[-1]), rule))
    return out


def _readings(size: int, kinds: set[ShapeKind]) -> list[tuple[Hand, WildRule, list[Shape]]]:
    return [(h, r, shapes) for h, r in _hands(size, 150, size) if (shapes := decompose_wild(h, r, kinds))]


def _fuyang_of(facts: FuyangFacts, shape: Shape) -> FuyangFacts:
    """富阳's facts of a reading as the rows define them, tile by tile."""
    played = {t.suit for g in shape.groups for t in g.tiles}
    pungs = [g.tiles[0] for g in shape.sets if g.is_pung_like]
    counted = tuple(sorted(t for t in pungs if t.is_dragon or t == facts.menfeng))
    return FuyangFacts(facts.ganghua, facts.menfeng, facts.kong_replacement, facts.options,
                       frozenset(played - {Suit.Z}), Suit.Z in played, counted, len(pungs) == len(shape.sets))


def test_fuyang_facts_of_a_reading_come_from_its_key() -> None:
    found = _readings(14, {ShapeKind.STANDARD})
    assert len(found) > 100
    for seat_wind in ("1z", "2z"):
        facts = FuyangFacts(0, Tile.parse(seat_wind), False, FuyangOptions())
        for _, _, shapes in found:
            for shape in shapes:
                assert facts.of(shape) == facts.played(facts.key(shape)) == _fuyang_of(facts, shape)


def _fours(shape: Shape, wild_ok: bool) -> int:
    odd: dict[Tile, bool] = {}
    found = 0
    for g in shape.groups:
        if g.kind is not GroupKind.PAIR or (not wild_ok and any(s.substitutes for s in g.subs)):
            continue
        found += odd.get(g.tiles[0], False)
        odd[g.tiles[0]] = not odd.get(g.tiles[0], False)
    return found


def test_hangzhou_fours_of_seven_pairs() -> None:
    found = [s for _, _, shapes in _readings(14, {ShapeKind.SEVEN_PAIRS}) for s in shapes]
    assert len(found) > 50 and any(fours(s, True) for s in found)
    for shape in found:
        assert fours(shape, True) == _fours(shape, True) and fours(shape, False) == _fours(shape, False)


EACH_ALONE = replace(wenzhou.PIPELINE, alike=None)
"""温州's pipeline valuing every reading by itself."""


def test_wenzhou_values_each_kind_of_reading_once_as_each_reading_alone() -> None:
    found = _readings(17, {ShapeKind.STANDARD})
    assert len(found) > 100
    for options in (WenzhouOptions(), WenzhouOptions(lazila=True, hard_extras=False),
                    WenzhouOptions(teshu_shuangfan=True)):
        for hand, rule, shapes in found:
            c = next(iter(rule.wilds))
            n = wenzhou.wilds_held(hand, rule)
            facts = [wenzhou.Facts(hand, s, c, n, options) for s in shapes + wenzhou.eight_pairs(hand, rule)]
            alone = [value_all(EACH_ALONE, [f], options)[0] for f in facts]
            assert value_all(wenzhou.PIPELINE, facts, options) == alone
