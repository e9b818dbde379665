"""winning_tiles: the waits of a waiting hand found on tile counts, the same tiles as shapes.waits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative
from rulesets.shapes import ALL_SHAPES, SETS_AND_PAIRS, ShapeKind, waits, winning_tiles
from rulesets.tiles import ALL_TILES, tile, tiles


def counts_of(hand: Hand) -> tuple[int, ...]:
    counts = [0] * 34
    for t in hand.standing:
        counts[t.index] += 1
    return tuple(counts)


def fast(hand: Hand, kinds: frozenset[ShapeKind] = ALL_SHAPES) -> list[str]:
    return [str(ALL_TILES[i]) for i in winning_tiles(counts_of(hand), kinds, len(hand.melds))]


def slow(hand: Hand, kinds: frozenset[ShapeKind] = ALL_SHAPES) -> list[str]:
    return [str(t) for t in waits(hand, kinds)]


def waiting(text: str, *melds: Meld) -> Hand:
    return Hand(standing=tiles(text), melds=melds)


PUNG_1Z = Meld(MeldKind.PUNG, tile("1z"), source=Relative.LEFT)
CHOW_1M = Meld(MeldKind.CHOW, tile("1m"), source=Relative.LEFT)
KONG_5P = Meld(MeldKind.KONG, tile("5p"), kong=KongKind.CONCEALED)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (waiting("1112345678999m"), ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        (waiting("19m19p19s1234567z"), [str(t) for t in tiles("19m19p19s1234567z")]),
        (waiting("19m19p19s1234566z"), ["7z"]),
        (waiting("1122334455667m"), ["1m", "4m", "7m"]),
        (waiting("1122334455666m"), ["1m", "2m", "3m", "4m", "5m", "6m"]),
        (waiting("147m258p369s1234z"), ["5z", "6z", "7z"]),
        (waiting("14m258p369s123s55z"), ["7m"]),
        (waiting("4444567s", CHOW_1M, PUNG_1Z), ["4s", "7s"]),
        (waiting("12m456p789s55z", PUNG_1Z), ["3m"]),
        (waiting("1234567m", CHOW_1M, PUNG_1Z), ["1m", "4m", "7m"]),
        (waiting("147m258p36s55z", PUNG_1Z), ["9s"]),
        (waiting("1m", CHOW_1M, PUNG_1Z, KONG_5P, CHOW_1M), ["1m"]),
        (waiting("1357m2468p1357s9s"), []),
    ],
    ids=[
        "nine-gates-waits-on-all-nine", "thirteen-orphans-thirteen-sided", "thirteen-orphans-missing-one",
        "seven-pairs-and-sets", "four-of-a-kind-in-pairs", "honours-and-knitted",
        "knitted-straight-far-tile", "a-tile-held-four-times-still-counts", "edge-wait-with-a-meld",
        "three-sided-with-two-melds",
        "knitted-straight-with-a-meld", "single-tile-left", "no-wait",
    ],
)
def test_it_finds_the_same_winning_tiles_as_waits(hand: Hand, expected: list[str]) -> None:
    assert slow(hand) == expected
    assert fast(hand) == expected


def test_it_limits_the_tiles_to_the_shape_kinds_asked_for() -> None:
    hand = waiting("1122334455667m")
    assert fast(hand, frozenset({ShapeKind.SEVEN_PAIRS})) == ["7m"]
    assert fast(hand, frozenset({ShapeKind.STANDARD})) == ["1m", "4m", "7m"]
    assert fast(waiting("1133557799m13p5s"), frozenset({ShapeKind.STANDARD})) == []
    assert fast(waiting("19m19p19s1234566z"), SETS_AND_PAIRS) == []


def test_shapes_without_melds_are_not_offered_to_a_hand_with_melds() -> None:
    # seven tiles that would be a seven-pairs wait if the hand had no melds: with melds it is not one
    hand = waiting("1122m", CHOW_1M, PUNG_1Z, KONG_5P)
    assert fast(hand) == slow(hand) == ["1m", "2m"]


def test_it_answers_nothing_for_a_hand_of_the_wrong_size() -> None:
    assert winning_tiles(counts_of(waiting("11223344556677m"))) == ()
    assert winning_tiles((0,) * 33) == ()


# --- property: the fast answer is the slow one --------------------------------------------------------

SUITED = st.integers(0, 26)
ANY_TILE = st.integers(0, 33)


@st.composite
def near_wins(draw: st.DrawFn) -> Hand:
    """A winning hand (sets + pair, some of them melds) with one concealed tile taken away: mostly
    waiting hands, many with several winning tiles."""
    n_melds = draw(st.integers(0, 4))
    suit = draw(st.sampled_from([None, 0, 9, 18]))  # one suit makes dense, many-sided waits
    tile_index = st.integers(suit, suit + 8) if suit is not None else ANY_TILE
    concealed: list[int] = []
    melds: list[Meld] = []
    for k in range(4):
        first = draw(tile_index)
        chow = first < 27 and first % 9 <= 6 and draw(st.booleans())
        group = [first, first + 1, first + 2] if chow else [first] * 3
        if k < n_melds:
            kind = MeldKind.CHOW if chow else MeldKind.PUNG
            melds.append(Meld(kind, ALL_TILES[first], source=Relative.LEFT))
        else:
            concealed.extend(group)
    concealed.extend([draw(tile_index)] * 2)
    concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    return Hand(standing=tuple(ALL_TILES[i] for i in sorted(concealed)), melds=tuple(melds))


@st.composite
def random_thirteen(draw: st.DrawFn) -> Hand:
    """Thirteen tiles, any at most four times: honours, knitted and orphans patterns turn up."""
    pool = draw(st.sampled_from([range(34), range(9), (0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)),
                                 (0, 8, 9, 17, 18, 26, *range(27, 34))]))
    chosen = draw(st.permutations([i for i in pool for _ in range(4)]))[:13]
    return Hand(standing=tuple(ALL_TILES[i] for i in sorted(chosen)))


@settings(max_examples=400, deadline=None)
@given(near_wins())
def test_near_wins_have_the_same_winning_tiles_both_ways(hand: Hand) -> None:
    assert fast(hand) == slow(hand)


@settings(max_examples=400, deadline=None)
@given(random_thirteen())
def test_random_hands_have_the_same_winning_tiles_both_ways(hand: Hand) -> None:
    assert fast(hand) == slow(hand)


@settings(max_examples=150, deadline=None)
@given(near_wins(), st.sets(st.sampled_from(sorted(ALL_SHAPES, key=lambda k: k.value)), min_size=1))
def test_a_subset_of_shape_kinds_gives_the_same_tiles_both_ways(hand: Hand, kinds: set[ShapeKind]) -> None:
    assert fast(hand, frozenset(kinds)) == slow(hand, frozenset(kinds))
