"""Tiles: 34 kinds + 8 flowers, names in 中文/English/Unicode, one canonical text form."""

import pytest

from rulesets.errors import NotationError
from rulesets.tiles import ALL_TILES, DRAGONS, FLOWERS, HONOURS, TILES_BY_INDEX, WINDS, Suit, Tile, counts34, tiles


def test_there_are_34_playing_tiles_and_8_flowers():
    assert len(ALL_TILES) == 34
    assert len(FLOWERS) == 8
    assert len(set(ALL_TILES + FLOWERS)) == 42


@pytest.mark.parametrize("t", TILES_BY_INDEX, ids=str)
def test_every_tile_round_trips_through_its_text_form(t):
    assert Tile.parse(str(t)) == t
    assert eval(repr(t)) == t  # repr rebuilds the value


@pytest.mark.parametrize("t", TILES_BY_INDEX, ids=str)
def test_every_tile_has_distinct_names_in_three_scripts(t):
    assert t.zh and t.en and t.unicode
    assert len(t.unicode) == 1


def test_names_are_unique_across_tiles():
    for attr in ("zh", "en", "unicode"):
        names = [getattr(t, attr) for t in TILES_BY_INDEX]
        assert len(set(names)) == len(names), attr


@pytest.mark.parametrize(
    "text, zh, en, uni",
    [
        ("1m", "一万", "1 Character", "🀇"),
        ("9p", "九筒", "9 Dot", "🀡"),
        ("5s", "五条", "5 Bamboo", "🀔"),
        ("1z", "东", "East Wind", "🀀"),
        ("4z", "北", "North Wind", "🀃"),
        ("5z", "中", "Red Dragon", "🀄"),
        ("6z", "发", "Green Dragon", "🀅"),
        ("7z", "白", "White Dragon", "🀆"),
        ("1f", "梅", "Plum", "🀢"),
        ("4f", "菊", "Chrysanthemum", "🀤"),
        ("8f", "冬", "Winter", "🀩"),
    ],
)
def test_tile_names_follow_the_chinese_honour_order(text, zh, en, uni):
    t = Tile.parse(text)
    assert (t.zh, t.en, t.unicode) == (zh, en, uni)


def test_honour_letters_read_as_the_chinese_order():
    assert [str(Tile.parse(c)) for c in "ESWNCFP"] == ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]


def test_tile_classes_partition_the_set():
    assert all(t.is_wind for t in WINDS) and all(t.is_dragon for t in DRAGONS)
    assert all(t.is_honour for t in HONOURS)
    assert [t for t in ALL_TILES if t.is_terminal] == [Tile.parse(x) for x in ("1m", "9m", "1p", "9p", "1s", "9s")]
    assert all(t.is_flower and not t.is_suited for t in FLOWERS)


def test_shifted_stays_in_its_suit():
    assert Tile.parse("8m").shifted(1) == Tile.parse("9m")
    assert Tile.parse("9m").shifted(1) is None
    assert Tile.parse("1z").shifted(1) is None


@pytest.mark.parametrize(
    "text, position, fragment",
    [
        ("12x", 2, "unknown character"),
        ("m", 0, "no digits"),
        ("123", 0, "no suffix"),
        ("8z", 0, "not a tile"),
        ("0m", 0, "not a tile"),
        ("9f", 0, "not a tile"),
    ],
)
def test_bad_tile_runs_say_what_and_where(text, position, fragment):
    with pytest.raises(NotationError) as info:
        tiles(text)
    assert info.value.position == position
    assert fragment in info.value.message


def test_a_bad_suit_letter_is_reported():
    with pytest.raises(NotationError, match="unknown suit"):
        Tile.parse("5q")


def test_counts34_ignores_flowers():
    c = counts34(tiles("1123m1f"))
    assert c[0] == 2 and c[1] == 1 and c[2] == 1 and sum(c) == 4


def test_suit_values_are_the_mpsz_letters():
    assert [s.value for s in Suit] == ["m", "p", "s", "z", "f"]
