"""The hand editor behind the palette: reading hands at any stage, adding tiles and packs, taking them back."""

import pytest

from calculator import editor
from calculator.editor import EditError, EditorHand, Pack, add, from_hand, read, remove, write
from rulesets.notation import parse_hand
from rulesets.tiles import tile, tiles


def test_it_reads_a_hand_at_any_stage_of_entry():
    assert read("") == EditorHand()
    assert read("1m").standing == (tile("1m"),)
    three = read("123m")
    assert three.size == 3 and three.winning_tile is None


def test_the_last_tile_of_a_full_hand_is_the_winning_tile():
    hand = read("123m456p789s345m22z")
    assert hand.size == 14
    assert hand.winning_tile == tile("2z")
    assert write(hand) == "123345m456p789s22z"


@pytest.mark.parametrize(
    "text, kind, digit",
    [
        ("[123m2]", "chow", 2),
        ("[555p3]", "pung", 3),
        ("[555p]", "pung", 1),
        ("[7777s1]", "exposed_kong", 1),
        ("[7777s]", "concealed_kong", None),
        ("[7777s6]", "added_kong", 2),
        ("[CCC,2]", "pung", 2),
    ],
)
def test_it_reads_each_kind_of_pack(text, kind, digit):
    (pack,) = read(text).packs
    assert (pack.kind, pack.digit) == (kind, digit)


@pytest.mark.parametrize("text", ["[555p3]123m", "[123m2][7777s][9999p6]11z", "[456s3]1234m", "55z"])
def test_what_it_writes_it_reads_back(text):
    assert write(read(text)) == text


@pytest.mark.parametrize("text", ["v1.123m", "[124m]", "[123m4]", "8z", "12x", "123", "[555p"])
def test_what_the_engine_cannot_read_it_cannot_read(text):
    assert read(text) is None


@pytest.mark.parametrize(
    "text",
    ["123m4p|ES1000", "0m", "[CCC,2][1111m]456p78sSS9s|ES1000|ae", "123m456p789s1155z", "【555p3】123m456s789s1z1z",
     "1m[555p3]23m456s789s1z1z", "[213m1]456p7p"],
)
def test_it_reads_every_format_by_the_engines_own_grammar(text):
    # one grammar: the editor's packs and standing tiles are the parser's, in the order written
    hand = parse_hand(text)
    win = (hand.winning_tile,) if hand.winning_tile else ()
    assert read(text) == EditorHand(from_hand(hand).packs, hand.standing + win)


def test_it_reads_a_share_codes_hand():
    code = "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao"
    assert read(code) == from_hand(parse_hand(code))


def test_a_hand_being_entered_is_read_past_what_a_hand_may_hold():
    # the parser holds a hand to a count and 4 copies; the editor reads the box as it is and checks each edit
    assert read("11111m").counts()[0] == 5
    assert read("123456789m123456789p").size == 18


def test_a_parsed_hand_of_any_format_becomes_an_editor_hand():
    hand = from_hand(parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae"))
    assert [p.kind for p in hand.packs] == ["pung", "concealed_kong"]
    assert hand.winning_tile == tile("9s")
    assert write(hand) == "[555z2][1111m]456p78s22z9s"


def test_adding_to_a_full_hand_is_refused():
    with pytest.raises(EditError, match="full"):
        add(read("123m456p789s345m22z"), tile("9m"))


def test_a_fifth_copy_is_refused():
    with pytest.raises(EditError, match="5 copies of 1m"):
        add(read("1111m"), tile("1m"))


def test_the_fourteenth_tile_is_the_winning_tile_wherever_it_sorts():
    hand = add(read("23345m456p789s22z"), tile("1m"))
    assert hand.winning_tile == tile("1m")
    assert write(hand) == "23345m456p789s22z1m"


def test_a_tile_added_below_a_full_count_stays_last_the_others_sorted():
    assert write(add(read("5m1m"), tile("3m"))) == "153m"  # 1m 5m, then 3m, the last tapped


def test_a_pack_entered_last_leaves_the_last_tapped_tile_the_winning_tile():
    hand = add(read("123m56p789s22z4p"), tile("5z"), "pung", 2)  # 4p tapped last, then 碰 中 fills the hand
    assert hand.winning_tile == tile("4p")  # not 2z, the last tile in sorted order
    assert write(hand) == "[555z2]123m56p789s22z4p"


def test_a_pack_taking_a_copy_spares_the_last_tapped_tile():
    hand = add(read("111z2z1z"), tile("1z"), "pung", 1)
    assert hand.standing == (tile("2z"), tile("1z"))


def test_any_standing_tile_of_a_full_hand_can_be_made_the_winning_tile():
    hand = editor.make_winning(read("[555z2]123m456p789s22z"), "4p")
    assert hand.winning_tile == tile("4p") and hand.size == 14
    assert editor.make_winning(hand, "2z").winning_tile == tile("2z")
    with pytest.raises(EditError):
        editor.make_winning(hand, "9m")
    with pytest.raises(EditError):
        editor.make_winning(read("123m"), "1m")  # not full: no winning tile yet


def test_a_pung_takes_its_tiles_from_the_standing_tiles_when_there():
    hand = add(read("1155z"), tile("5z"), "pung", 2)
    assert hand.packs == (Pack("pung", tile("5z"), 2),)
    assert hand.standing == tiles("11z")


def test_a_chow_is_entered_by_its_claimed_tile_and_place():
    hand = add(EditorHand(), tile("5s"), "chow", 2)
    assert hand.packs == (Pack("chow", tile("4s"), 2),)
    assert write(hand) == "[456s2]"


@pytest.mark.parametrize("claimed, place", [("1m", 2), ("9m", 1), ("8m", 1), ("2m", 3), ("1z", 1)])
def test_a_chow_off_the_end_of_a_suit_is_refused(claimed, place):
    with pytest.raises(EditError, match="no chow"):
        add(EditorHand(), tile(claimed), "chow", place)


def test_an_added_kong_promotes_the_pung_and_keeps_its_seat():
    hand = add(read("[999p3]123m9p"), tile("9p"), "added_kong", 1)
    assert hand.packs == (Pack("added_kong", tile("9p"), 3),)
    assert hand.standing == tiles("123m")
    assert write(hand) == "[9999p7]123m"


def test_an_added_kong_without_a_pung_is_a_new_pack_from_the_seat_chosen():
    hand = add(EditorHand(), tile("1s"), "added_kong", 2)
    assert write(hand) == "[1111s6]"


def test_a_concealed_kong_has_no_seat():
    assert write(add(EditorHand(), tile("7z"), "concealed_kong", 3)) == "[7777z]"


def test_a_pack_that_would_overflow_the_hand_is_refused():
    with pytest.raises(EditError, match="a hand has 14"):
        add(read("123456789m1234p"), tile("7s"), "pung", 1)


def test_removing_the_winning_tile_leaves_a_waiting_hand():
    hand = remove(read("123m456p789s345m22z"), "w")
    assert hand.size == 13 and hand.winning_tile is None


def test_removing_a_standing_tile_of_a_full_hand_returns_the_winning_tile_to_the_hand():
    hand = remove(read("123m456p789s345m22z"), "t:1m")
    assert hand.size == 13
    assert tile("2z") in hand.standing and tile("1m") not in hand.standing


def test_removing_a_pack_removes_all_its_tiles():
    assert write(remove(read("[555p3][123m1]11z"), "p:0")) == "[123m1]11z"


@pytest.mark.parametrize("token", ["t:9m", "p:3", "x", "w"])
def test_removing_what_is_not_there_is_refused(token):
    with pytest.raises(EditError):
        remove(read("123m"), token)


def test_tiles_left_counts_every_copy_placed():
    left = editor.tiles_left(read("[7777s]11m"))
    assert left[tile("7s").index] == 0
    assert left[tile("1m").index] == 2
    assert editor.tiles_left(None) == [4] * 34


@pytest.mark.parametrize(
    "text",
    ["1m", "31m", "[555p3]31m", "340m406p789s11z", "123m456p789s345m22z", "123m456p789s345m2z2z|EE",
     "［555p３］9s123m2z", "[7777s]123m456p345s1z1z", "[123m2][555p1]9s8s7s2z2z", "2z1z3z4z", "EESSWWN"],
)
@pytest.mark.parametrize("full", [8, 14, 17])
def test_the_view_of_a_parsed_hand_string_is_its_reading(text, full):
    from rulesets.notation import read_hand

    assert editor.as_typed(read_hand(text)[0], full) == read(text, full)


@pytest.mark.parametrize("kind", [mode for mode in editor.MODES if mode != "standing"])
def test_a_packs_kept_tiles_and_text_are_its_melds(kind):
    from rulesets.notation import format_pack
    from rulesets.tiles import ALL_TILES

    for low in ALL_TILES:
        if kind == "chow" and (low.is_honour or low.rank > 7):
            continue
        for digit in (None,) if kind == "concealed_kong" else (1, 2, 3):
            for _ in range(2):  # worked out, then read from the table
                pack = Pack(kind, low, digit)
                assert pack.tiles == pack.meld.tiles
                assert pack.text() == format_pack(pack.meld, "mpsz")


def test_the_standing_tiles_are_written_in_tile_order_the_last_one_tapped_last():
    hand = read("9s1z5p1m9s3m", full=6)
    assert hand.ordered == tuple(sorted(hand.standing[:-1])) + hand.standing[-1:]
    assert hand.held == tuple(sorted(hand.standing[:-1]))
    short = read("9s1z5p1m3m")
    assert short.held == tuple(sorted(short.standing))


def test_no_copy_is_left_of_a_tile_typed_more_than_four_times():
    assert editor.tiles_left(read("111111m"))[tile("1m").index] == 0
