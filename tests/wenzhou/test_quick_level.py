"""The waits' quick level agrees with the full score on generated winning hands (every option but 特殊双翻)."""

import random

import pytest

from rulesets.errors import ContextError
from rulesets.hand import Hand, Seat, WinContext, WinMethod
from rulesets.tiles import ALL_TILES, Tile
from rulesets.wenzhou import RULESET, quick_level, wild_rule
from rulesets.wenzhou.options import EightPairsLevel, ForcedLevel, WenzhouOptions

C = Tile.parse("5p")
BAI = Tile.parse("7z")
OPTIONS = [WenzhouOptions(), WenzhouOptions(lazila=True), WenzhouOptions(hard_extras=False),
           WenzhouOptions(hard_eight_pairs=EightPairsLevel.SPECIAL), WenzhouOptions(forced_level=ForcedLevel.DOUBLE)]
CONTEXTS = [WinContext(seat=Seat.S, wildcard=C), WinContext(win=WinMethod.SELF_DRAWN, wildcard=C),
            WinContext(win=WinMethod.SELF_DRAWN, heavenly=True, wildcard=C)]


def _winning_tiles(rng: random.Random) -> list[Tile]:
    """Five sets and a pair, or eight pairs and a tile, with some tiles turned into 财神 or 白板."""
    if rng.random() < 0.25:
        faces = rng.sample([t for t in ALL_TILES if t not in (C, BAI)], 9)
        out = [t for t in faces[:8] for _ in range(2)] + [faces[8]]
    else:
        out = []
        while len(out) < 15:
            t = rng.choice([t for t in ALL_TILES if t not in (C, BAI)])
            group = [t] * 3 if not t.is_suited or t.rank > 7 or rng.random() < 0.4 else [
                t, ALL_TILES[t.index + 1], ALL_TILES[t.index + 2]]
            if all(out.count(x) + group.count(x) <= 4 and x not in (C, BAI) for x in group):
                out += group
        pair = rng.choice([t for t in ALL_TILES if t not in (C, BAI) and out.count(t) <= 2])
        out += [pair, pair]
    for i in rng.sample(range(17), rng.choice([0, 0, 1, 2, 3, 4])):
        out[i] = C
    for i in rng.sample(range(17), rng.choice([0, 0, 0, 1, 2])):
        if out[i] == C:
            out[i] = BAI
    return out


def _hands(count: int):
    rng = random.Random(7)
    while count:
        tiles = _winning_tiles(rng)
        if sum(t == C for t in tiles) > 4 or sum(t == BAI for t in tiles) > 4:
            continue
        win = next((t for t in tiles if t != C), None)
        if win is None:
            continue
        tiles.remove(win)
        count -= 1
        yield tiles, win


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "lazila", "no-extras", "special-8", "forced-double"])
def test_the_quick_level_is_the_full_scores_level(options):
    for standing, win in _hands(120):
        for ctx in CONTEXTS:
            hand = Hand(tuple(sorted(standing)), winning_tile=win, context=ctx)
            full = RULESET.score(hand, options)
            assert quick_level(hand, wild_rule(hand, options), options) == (full.total if full.valid else None), (
                " ".join(map(str, hand.concealed_tiles)), ctx.win)


@pytest.mark.parametrize("text", ["123456789m555p234s1z1z", "129m19p19s123456z555p8s", "1133557799m2244p55p3z",
                                  "[123m1][456m1][789m1][234s1][678s1]5p9s", "123456789m5p234s67s1z8s"])
@pytest.mark.parametrize("options", OPTIONS, ids=["default", "lazila", "no-extras", "special-8", "forced-double"])
def test_the_quick_level_agrees_on_three_caishen_forced_wins_and_melded_hands(text, options):
    from rulesets.notation import parse_hand

    for ctx in CONTEXTS + [WinContext(win=WinMethod.ROB_KONG, seat=Seat.S, wildcard=C)]:
        hand = parse_hand(text).with_context(ctx)
        try:
            full = RULESET.score(hand, options)
        except ContextError:  # 抢杠 on a tile the hand holds
            continue
        assert quick_level(hand, wild_rule(hand, options), options) == (full.total if full.valid else None)
