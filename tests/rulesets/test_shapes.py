"""Decompositions: every reading of a hand, for every shape kind; waits of a waiting hand."""

import json
from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative
from rulesets.shapes import ALL_SHAPES, SETS_AND_PAIRS, Group, GroupKind, ShapeKind, decompose, is_winning, waits
from rulesets.tiles import ALL_TILES, Tile, tile, tiles

GOLDEN = json.loads((Path(__file__).parent.parent / "golden" / "shapes.json").read_text(encoding="utf-8"))["cases"]


def _meld(kind, t, kong):
    k = MeldKind(kind)
    return Meld(
        k, tile(t), kong=KongKind(kong) if kong else None, source=None if kong == "concealed" else Relative.LEFT
    )


def golden_hand(case):
    melds = tuple(_meld(*m) for m in case.get("melds", ()))
    return Hand(standing=tiles(case["standing"]), melds=melds, winning_tile=tile(case["win"]))


@pytest.mark.parametrize("case", GOLDEN, ids=[c["id"] for c in GOLDEN])
def test_golden_hands_have_exactly_the_expected_readings(case):
    found: dict[str, list[str]] = {}
    for shape in decompose(golden_hand(case)):
        found.setdefault(shape.kind.value, []).append(shape.describe())
    assert {k: sorted(v) for k, v in found.items()} == {k: sorted(v) for k, v in case["expected"].items()}, case["note"]


def test_systems_can_limit_the_shape_kinds():
    h = golden_hand(next(c for c in GOLDEN if c["id"] == "seven-consecutive-pairs"))
    assert {s.kind for s in decompose(h, {ShapeKind.STANDARD})} == {ShapeKind.STANDARD}
    orphans = golden_hand(next(c for c in GOLDEN if c["id"] == "thirteen-orphans"))
    assert decompose(orphans, SETS_AND_PAIRS) == []
    assert is_winning(orphans, ALL_SHAPES)


def test_seven_pairs_and_special_shapes_need_a_fully_concealed_hand():
    h = Hand(
        standing=tiles("2233445566m7"[:-1] + "7m"),
        melds=(Meld(MeldKind.PUNG, tile("1z"), source=Relative.LEFT),),
        winning_tile=tile("7m"),
    )
    assert all(s.kind is ShapeKind.STANDARD for s in decompose(h))


def test_win_groups_name_where_the_winning_tile_can_sit():
    (shape,) = [s for s in decompose(Hand(standing=tiles("1112345678999m"), winning_tile=tile("5m")))]
    places = [
        shape.groups[i].describe() if hasattr(shape.groups[i], "describe") else str(shape.groups[i])
        for i in shape.win_groups()
    ]
    assert places == ["55m"]


def test_a_waiting_hand_needs_no_winning_tile_for_waits():
    with pytest.raises(ValueError):
        waits(Hand(standing=tiles("1112345678999m"), winning_tile=tile("1m")))
    with pytest.raises(ValueError):
        decompose(Hand(standing=tiles("1112345678999m")))


@pytest.mark.parametrize(
    "standing, expected",
    [
        ("1112345678999m", "123456789m"),  # nine gates: all nine
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided orphans
        ("2233445566778s", "258s"),  # seven pairs' 8s, and sets+pair readings
        ("4444567s", "47s"),  # 4444 567 + 7, or 444 4567 + 4 (formally)
        ("123m456p789s1234z", None),
        ("147m258p369s1234z", "567z"),  # 全不靠: any missing honour
        ("1112223334445z", "5z"),  # four pungs and a single wait
        ("1112223334456z", None),  # no reading with any 14th tile
    ],
)
def test_waits_list_every_winning_tile(standing, expected):
    h = Hand(standing=tiles(standing))
    got = "".join(f"{t.rank}{t.suit.value}" for t in waits(h))
    want = "" if expected is None else "".join(f"{t.rank}{t.suit.value}" for t in tiles(expected))
    assert got == want


def test_a_tile_held_four_times_still_counts_as_a_formal_wait():
    h = Hand(
        standing=tiles("4444567s"),
        melds=(
            Meld(MeldKind.CHOW, tile("1m"), source=Relative.LEFT),
            Meld(MeldKind.CHOW, tile("4p"), source=Relative.LEFT),
        ),
    )
    assert [str(t) for t in waits(h)] == ["4s", "7s"]


# --- an independent brute-force check of the standard search -------------------------------------------------


@lru_cache(maxsize=1)
def _one_suit_table():
    """Every 4-sets + pair multiset within 1m..9m, by count vector (brute force over all set combinations)."""
    sets = [("pung", i) for i in range(9)] + [("chow", i) for i in range(7)]
    table: dict[tuple[int, ...], set[tuple]] = {}
    for combo in combinations_with_replacement(sets, 4):
        base = Counter()
        for kind, i in combo:
            if kind == "pung":
                base[i] += 3
            else:
                base.update((i, i + 1, i + 2))
        for p in range(9):
            c = base.copy()
            c[p] += 2
            key = tuple(c[i] for i in range(9))
            if max(key) <= 4:
                table.setdefault(key, set()).add((p, tuple(sorted(combo))))
    return table


def _readings(hand):
    out = set()
    for shape in decompose(hand, {ShapeKind.STANDARD}):
        pair = shape.pair.tile.index
        combo = tuple(sorted(("pung" if g.kind.value == "pung" else "chow", g.tile.index) for g in shape.sets))
        out.add((pair, combo))
    return out


def _counts_of(perm):
    c = Counter(perm[:14])
    return tuple(c[i] for i in range(9))


_ANY_HAND = st.permutations([i for i in range(9) for _ in range(4)]).map(_counts_of)
_WINNING_HAND = st.sampled_from(sorted(_one_suit_table()))


@settings(max_examples=400, deadline=None)
@given(st.one_of(_ANY_HAND, _WINNING_HAND))
def test_the_standard_search_agrees_with_brute_force_on_one_suit_hands(counts):
    t = [ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)]
    hand = Hand(standing=tuple(t[:-1]), winning_tile=t[-1])
    assert _readings(hand) == _one_suit_table().get(tuple(counts), set())


def test_brute_force_finds_the_many_reading_hands_too():
    # 11122233344455m + pair shapes have several readings; the table must hold them all.
    counts = (3, 3, 3, 3, 2, 0, 0, 0, 0)
    t = [ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)]
    assert len(_readings(Hand(standing=tuple(t[:-1]), winning_tile=t[-1]))) == len(_one_suit_table()[counts]) >= 3


def test_tile_type_is_exported_for_callers():
    assert isinstance(tile("1m"), Tile)


def test_the_kinds_a_system_finds_itself_have_names_and_no_finder() -> None:
    # 八对 (温州) and 嚦咕嚦咕 (台湾's house rule): each system finds its own; decompose skips them
    hand = Hand(standing=tiles("11m22m33m44p55p66s77s99s"), winning_tile=tiles("9s")[0])
    assert decompose(hand, [ShapeKind.SEVEN_PAIRS_PUNG, ShapeKind.EIGHT_PAIRS]) == []
    assert (ShapeKind.SEVEN_PAIRS_PUNG.zh, ShapeKind.SEVEN_PAIRS_PUNG.en) == ("七对加一刻", "Seven pairs and a pung")


# --- the order of the readings: one search over the whole hand, lowest tile first ----------------------------


def _search(counts, i=0):
    """Every split of ``counts`` into pungs and chows: the lowest tile left in a pung, then in a chow."""
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        yield ()
        return
    if counts[i] >= 3:
        rest = list(counts)
        rest[i] -= 3
        yield from ((("pung", i), *sets) for sets in _search(rest, i))
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        rest = list(counts)
        for j in (i, i + 1, i + 2):
            rest[j] -= 1
        yield from ((("chow", i), *sets) for sets in _search(rest, i))


def _searched(hand):
    """The standard readings in the order of one search over the whole hand: by the pair, then the sets, each
    reading once, where the search first finds it."""
    counts = [0] * 34
    for t in (*hand.standing, hand.winning_tile):
        counts[t.index] += 1
    out = []
    for p in range(34):
        if counts[p] >= 2:
            rest = list(counts)
            rest[p] -= 2
            out += [(p, tuple(sorted(sets))) for sets in _search(rest)]
    return list(dict.fromkeys(out))  # a set of sets found twice (a pung then a chow of one tile, and back) once


def _found(hand):
    return [(shape.pair.tile.index, tuple(sorted((g.kind.value, g.tile.index) for g in shape.sets)))
            for shape in decompose(hand, {ShapeKind.STANDARD})]


@pytest.mark.parametrize("text", ["11m111222333p555s", "111222333m11123p", "11122233344455m", "11123m33345p789s",
                                  "123m111222333s11z", "22233344m111p777z", "111222333m222333444p55z"])
def test_the_readings_come_in_the_order_of_one_search_from_the_lowest_tile(text):
    t = tiles(text)
    hand = Hand(standing=t[:-1], winning_tile=t[-1])
    assert _found(hand) == _searched(hand)


_SETS = [("pung", i) for i in range(34)] + [("chow", i) for i in range(27) if i % 9 <= 6]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_SETS), min_size=1, max_size=5), st.integers(0, 33))  # 5 sets: 台湾's 17 tiles
def test_the_readings_of_any_suits_come_in_the_order_of_one_search(sets, pair):
    counts = Counter({pair: 2})
    for kind, i in sets:
        counts.update((i,) * 3 if kind == "pung" else (i, i + 1, i + 2))
    if max(counts.values()) > 4:
        return
    t = [ALL_TILES[i] for i in sorted(counts.elements())]
    hand = Hand(standing=tuple(t[:-1]), winning_tile=t[-1])
    assert _found(hand) == _searched(hand)


def test_a_fixed_meld_is_one_group_for_every_hand_that_holds_an_equal_meld():
    """The group of a fixed meld is made once per meld value: two hands holding equal melds (two objects) read
    it as the same group, which shows what a group made afresh shows."""
    def pung() -> Meld:
        return Meld(MeldKind.PUNG, tiles("5p")[0], source=Relative.ACROSS)

    first, second = pung(), pung()
    assert first is not second
    rest = tiles("123m456m789s11z")
    a = decompose(Hand(rest[:-1], (first,), rest[-1]))[0].groups[0]
    b = decompose(Hand(rest[:-1], (second,), rest[-1]))[0].groups[0]
    assert a is b and a.meld == first
    fresh = Group(GroupKind.PUNG, first.tiles, first)
    assert a == fresh and a.shown == fresh.shown and str(first) == "555p"
