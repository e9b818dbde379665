"""Hand strings: the three formats, their defaults, round trips, and an error for every bad input."""

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesets.errors import ContextError, HandError, NotationError
from rulesets.hand import Hand, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod
from rulesets.notation import (
    FORMATS,
    MAX_LENGTH,
    canonical_hand,
    check_hand,
    format_hand,
    hand_to_text,
    parse_hand,
    tile_runs,
)
from rulesets.tiles import ALL_TILES, FLOWERS, TILES_BY_INDEX, Tile, tile, tiles
from tests.rulesets.notation_support import fuzz, random_hand, read_or_clean_error


def melds_of(h: Hand) -> list[tuple]:
    return [(m.kind, str(m.tile), m.kong, m.source, m.claimed) for m in h.melds]


# --- the ChineseOfficialMahjongHelper format -------------------------------------------------------


def test_it_reads_the_helper_example_with_packs_standing_tiles_and_the_winning_tile_last():
    # ux-anchors §2.7 writes 456p beside the kong of 5p: five 5p, so the example uses 678p
    h = parse_hand("[789s1][5555p]23m678pWW1m")
    assert melds_of(h) == [
        (MeldKind.CHOW, "7s", None, Relative.LEFT, 1),
        (MeldKind.KONG, "5p", KongKind.CONCEALED, None, None),
    ]
    assert h.standing == tiles("23m678p33z")
    assert h.winning_tile == tile("1m")


def test_honour_letters_are_east_south_west_north_red_green_white():
    h = parse_hand("ESWNCFPESWNCF P")
    assert [t.zh for t in h.standing] == list("东南西北中发白东南西北中发")
    assert h.winning_tile.zh == "白"


@pytest.mark.parametrize(
    ("text", "claimed"), [("[123m]", 1), ("[123m1]", 1), ("[123m2]", 2), ("[123m3]", 3), ("[213m1]", 2), ("[312m3]", 2)]
)
def test_a_chow_digit_counts_the_claimed_tile_in_the_order_written(text, claimed):
    (meld,) = parse_hand(text + "1z").melds
    assert (meld.kind, str(meld.tile), meld.source, meld.claimed) == (MeldKind.CHOW, "1m", Relative.LEFT, claimed)


@pytest.mark.parametrize(
    ("digit", "source"), [("", Relative.LEFT), ("1", Relative.LEFT), ("2", Relative.ACROSS), ("3", Relative.RIGHT)]
)
def test_a_pung_digit_names_the_discarder_and_defaults_to_the_left_player(digit, source):
    (meld,) = parse_hand(f"[555p{digit}]1z").melds
    assert (meld.kind, meld.source) == (MeldKind.PUNG, source)


@pytest.mark.parametrize(
    ("digit", "kind", "source"),
    [
        ("", KongKind.CONCEALED, None),
        ("1", KongKind.EXPOSED, Relative.LEFT),
        ("2", KongKind.EXPOSED, Relative.ACROSS),
        ("3", KongKind.EXPOSED, Relative.RIGHT),
        ("5", KongKind.ADDED, Relative.LEFT),
        ("6", KongKind.ADDED, Relative.ACROSS),
        ("7", KongKind.ADDED, Relative.RIGHT),
    ],
)
def test_a_kong_digit_tells_exposed_added_and_concealed_kongs_apart(digit, kind, source):
    (meld,) = parse_hand(f"[7777s{digit}]1z").melds
    assert (meld.kind, meld.kong, meld.source) == (MeldKind.KONG, kind, source)


def test_a_hand_one_tile_short_is_a_waiting_hand_without_a_winning_tile():
    h = parse_hand("123m456p789s1122z")
    assert h.winning_tile is None
    assert len(h.standing) == 13


def test_it_reads_a_six_player_sichuan_hand_of_eight_tiles():
    h = parse_hand("[111m][999p]55s")
    assert h.size() == 8
    assert h.winning_tile == tile("5s")


def test_it_does_not_hold_a_hand_to_fourteen_tiles_but_to_three_n_plus_two():
    assert parse_hand("123456789m123p456s77s").size() == 17  # a 16-tile hand's win
    with pytest.raises(HandError, match="wrong tile count"):
        parse_hand("123456789m123p")


# --- GB-Mahjong ------------------------------------------------------------------------------------


def test_it_reads_the_gb_mahjong_example_with_winds_flags_and_flowers():
    h = parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    assert melds_of(h) == [
        (MeldKind.PUNG, "5z", None, Relative.ACROSS, None),
        (MeldKind.KONG, "1m", KongKind.CONCEALED, None, None),
    ]
    assert h.standing == tiles("456p78s22z")
    assert h.winning_tile == tile("9s")
    assert h.context == WinContext(win=WinMethod.SELF_DRAWN, round_wind=Seat.E, seat=Seat.S, flowers=tiles("15f"))


def test_the_gb_comma_and_the_helper_digit_mean_the_same_pack():
    assert parse_hand("[555p,3][7777s,6]1z") == parse_hand("[555p3][7777s6]1z")


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ("0000", {}),
        ("1000", {"win": WinMethod.SELF_DRAWN}),
        ("0100", {"last_copy": True}),
        ("0010", {"last_tile": True}),
        ("1010", {"win": WinMethod.SELF_DRAWN, "last_tile": True}),
        ("1001", {"win": WinMethod.SELF_DRAWN, "kong_replacement": True}),
        ("0001", {"win": WinMethod.ROB_KONG}),
    ],
)
def test_the_fourth_gb_flag_is_kong_replacement_when_self_drawn_and_robbing_a_kong_on_a_discard(flags, expected):
    h = parse_hand(f"[1111m]123p456p78s55z9s|NW{flags}")
    assert h.context == WinContext(round_wind=Seat.N, seat=Seat.W, **expected)


def test_the_gb_context_may_give_only_the_winds():
    assert parse_hand("123m456p789s11z22z|SN").context == WinContext(round_wind=Seat.S, seat=Seat.N)


def test_gb_flowers_are_letters_for_plum_to_winter_or_a_count():
    assert parse_hand("1m|EE0000|hca").context.flowers == (FLOWERS[0], FLOWERS[2], FLOWERS[7])
    assert parse_hand("1m|EE0000|3").context.flowers == FLOWERS[:3]
    assert parse_hand("1m||0").context.flowers == ()


# --- mpsz and mixed forms --------------------------------------------------------------------------


def test_z_honours_follow_the_chinese_order_east_to_north_then_red_green_white():
    assert parse_hand("1234567z") == parse_hand("ESWNCFP")
    assert parse_hand("5z").winning_tile is None and parse_hand("5z").standing[0].zh == "中"  # not Tenhou's 白


def test_it_reads_mpsz_tiles_inside_brackets_and_letters_beside_them():
    assert parse_hand("[555z2][7777s]123m45mEE6m") == parse_hand("[CCC2][7777s]123m45m11z6m")


def test_it_reads_flowers_written_as_mpsz_f_tiles():
    h = parse_hand("[555z2][7777s]123m45m11z6m 15f")
    assert h.context.flowers == (FLOWERS[0], FLOWERS[4])
    assert h.winning_tile == tile("6m")


def test_spaces_are_ignored_even_between_digits_and_their_suit():
    assert parse_hand(" 123 m 456p  [ 555 s ] 1 1z ") == parse_hand("123m456p[555s]11z")


def test_it_reads_full_width_characters_and_chinese_brackets():
    expected = parse_hand("[555p,3]123m456s789sEE|ES1000")
    assert parse_hand("【５５５ｐ，３】１２３ｍ４５６ｓ７８９ｓＥＥ｜ＥＳ１０００") == expected


def test_it_reads_unicode_tiles():
    h = parse_hand("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀄︎🀄︎🀄︎")
    assert h == parse_hand("123m123p123s11z555z")


def test_it_reads_a_share_code_as_a_hand():
    assert parse_hand("v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s") == canonical_hand(
        parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    )


def test_it_reads_a_pasted_share_link():
    link = "https://example.org/h/v1.123m456p789s1z-1z.P555z2~guobiao"
    assert parse_hand(link) == parse_hand("[555z2]123m456p789s11z")


# --- errors: what and where --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "error", "message", "position"),
    [
        ("123m456x", NotationError, "unknown character 'x'", 7),
        ("123m4e", NotationError, "unknown character 'e'", 5),
        ("m123", NotationError, "suffix 'm' has no digits before it", 0),
        ("123m4567", NotationError, "digits '4567' have no suit letter .* at the end", 4),
        ("12m3E", NotationError, "digits '3' have no suit letter .* before 'E'", 3),
        ("[123m456p", NotationError, "unclosed bracket", 0),
        ("[123m2", NotationError, "unclosed bracket", 0),
        ("[123m[456p]", NotationError, "unclosed bracket", 0),
        ("123m]", NotationError, r"'\]' closes no '\['", 4),
        ("1m,2m", NotationError, "',' outside a pack", 2),
        ("[124m]1z", NotationError, r"\[124m\] is not a chow, pung or kong", 0),
        ("[55m]1z", NotationError, r"\[55m\] holds 2 tiles", 0),
        ("[55555m]1z", NotationError, r"holds 5 tiles", 0),
        ("[789mE]1z", NotationError, r"is not a chow, pung or kong", 0),
        ("[555p4]1z", NotationError, "pung digit 4 is out of range", 5),
        ("[123m0]1z", NotationError, "chow digit 0 is out of range", 5),
        ("[7777s4]1z", NotationError, "kong digit 4 is out of range", 6),
        ("[7777s8]1z", NotationError, "kong digit 8 is out of range", 6),
        ("[555p,]1z", NotationError, "',' in a pack must be followed by one digit", 5),
        ("[555p23]1z", NotationError, "a pack takes one digit", 6),
        ("[555p,3m]1z", NotationError, "unexpected '3' in the pack", 6),
        ("[5f55p]1z", NotationError, "5f is a flower and cannot be in a pack", 1),
        ("8z", NotationError, "8z is not a tile", 0),
        ("0z", NotationError, "0z is not a tile", 0),  # 0p is a red five (赤五), read as 5p: see below
        ("55555m1z", HandError, "a 5th copy of 5m", 4),
        ("[5555m]5m123p456p7z7z", HandError, "a 5th copy of 5m", 7),
        ("[123m][123m][123m][123m]1m1z", HandError, "a 5th copy of 1m", 24),
        ("123m456p789s11z2z", HandError, "wrong tile count: 12 tiles", 15),
        ("123m456p789s1z|XS1000", NotationError, "bad wind letter 'X'", 15),
        ("123m456p789s1z|Es1000", NotationError, "bad wind letter 's'", 16),
        ("123m456p789s1z|ES10", NotationError, "four 0/1 flags .* not 2", 18),
        ("123m456p789s1z|ES1020", NotationError, "bad flag '2'", 19),
        ("123m456p789s1z|E", NotationError, "two winds", 15),
        ("123m456p789s1z|ES|9", NotationError, "flowers out of range: 9", 18),
        ("123m456p789s1z|ES|12", NotationError, "flowers out of range: 12", 18),
        ("123m456p789s1z|ES|ai", NotationError, "'i' is not a flower", 19),
        ("123m456p789s1z|ES|aa", NotationError, "flower 1f .* is given twice", 19),
        ("123m456p789s1z|ES||", NotationError, "a third '|'", 18),
        ("", NotationError, "empty hand string", None),
        ("|ES1000", NotationError, "no tiles", 6),
        ("x" * (MAX_LENGTH + 1), NotationError, "too long", MAX_LENGTH),
    ],
)
def test_each_bad_input_gets_an_error_that_names_the_problem_and_where(text, error, message, position):
    with pytest.raises(error, match=message) as info:
        parse_hand(text)
    assert info.value.position == position
    assert info.value.text == text
    if position is not None:
        assert f"at position {position}" in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1111m]123p456p789s9m|EE0101", "抢杠和 and 和绝张 exclude each other"),
        ("[1111m]123p456p789s9m|EE0011", "抢杠和 .* cannot be 海底"),
        ("123m456p789s111z33m|EE0001", "抢杠和 on 3m: the hand already holds that tile"),
        ("123m456p789s111z33m|EE0100", "和绝张 on 3m: the hand holds another 3m"),
        ("123m456p789s111z22z|EE1001", "杠上开花 needs a kong"),
    ],
)
def test_flags_that_contradict_each_other_or_the_tiles_are_refused_at_the_context(text, message):
    with pytest.raises(ContextError, match=message) as info:
        parse_hand(text)
    assert info.value.position == text.index("|")


def test_an_error_does_not_drag_the_internal_error_it_came_from_into_the_traceback():
    with pytest.raises(NotationError) as info:
        parse_hand("8z")
    assert info.value.__suppress_context__


def test_a_hand_string_must_be_text():
    with pytest.raises(NotationError, match="must be text"):
        parse_hand(None)  # type: ignore[arg-type]


# --- writing and round trips ---------------------------------------------------------------------------


def test_each_format_writes_packs_first_and_the_winning_tile_last():
    h = parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    assert format_hand(h) == "[CCC2][1111m]456p78sSS9s"
    assert format_hand(h, "helper") == "[CCC2][1111m]456p78sSS9s"
    assert format_hand(h, "gb") == "[CCC,2][1111m]456p78sSS9s|ES1000|ae"
    assert format_hand(h, "mpsz") == "[555z2][1111m]456p78s22z9s 15f"


def test_gb_leaves_out_a_default_context_and_writes_every_claimed_packs_digit():
    h = parse_hand("[123m][555p][7777s]1m9m")
    assert format_hand(h, "gb") == "[123m,1][555p,1][7777s]19m"
    with_a_flower = replace(h, context=WinContext(flowers=FLOWERS[:1]))
    assert format_hand(with_a_flower, "gb") == "[123m,1][555p,1][7777s]19m|EE0000|a"


def test_writing_fills_in_the_defaults_of_a_meld_built_without_them():
    h = Hand(standing=tiles("1m"), melds=(Meld(MeldKind.CHOW, tile("1m")), Meld(MeldKind.PUNG, tile("5z"))))
    assert format_hand(h) == "[123m1][CCC1]1m"


def test_writing_refuses_a_chow_from_across_the_table():
    h = Hand(standing=tiles("1m"), melds=(Meld(MeldKind.CHOW, tile("1m"), source=Relative.ACROSS, claimed=1),))
    with pytest.raises(HandError, match="always claimed from the left"):
        format_hand(h)


def test_writing_refuses_a_tile_count_no_string_can_say():
    with pytest.raises(HandError, match="3n\\+1"):
        format_hand(Hand(standing=tiles("12m"), winning_tile=tile("3m")))


def test_writing_refuses_an_unknown_format():
    with pytest.raises(NotationError, match="unknown hand string format 'tenhou'"):
        format_hand(parse_hand("1m"), "tenhou")


def test_gb_strings_cannot_name_a_fifth_seat():
    with pytest.raises(NotationError, match="not seat X"):
        format_hand(Hand(standing=tiles("1m"), context=WinContext(seat=Seat.X)), "gb")


def hands_with(t: Tile) -> list[Hand]:
    """``t`` as a lone waiting tile, the winning tile, in a pung and kong of each kind, in a chow."""
    other = tile("2z") if t == tile("1z") else tile("1z")
    melds = [Meld(MeldKind.PUNG, t, source=Relative.RIGHT), Meld(MeldKind.KONG, t, kong=KongKind.CONCEALED)]
    melds += [Meld(MeldKind.KONG, t, kong=k, source=Relative.ACROSS) for k in (KongKind.EXPOSED, KongKind.ADDED)]
    if t.is_suited and t.rank <= 7:
        melds.append(Meld(MeldKind.CHOW, t, source=Relative.LEFT, claimed=3))
    return [Hand(standing=(t,)), Hand(standing=(other,), winning_tile=t)] + [
        Hand(standing=(other,), melds=(m,), winning_tile=other) for m in melds
    ]


@pytest.mark.parametrize("t", ALL_TILES, ids=str)
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_tile_round_trips_as_standing_tile_winning_tile_and_in_every_pack(t, fmt):
    for h in hands_with(t):
        assert parse_hand(format_hand(h, fmt)) == h


@pytest.mark.parametrize("f", FLOWERS, ids=str)
@pytest.mark.parametrize("fmt", ["gb", "mpsz"])
def test_every_flower_round_trips(f, fmt):
    h = Hand(standing=tiles("1m"), winning_tile=tile("1m"), context=WinContext(flowers=(f,)))
    assert parse_hand(format_hand(h, fmt)) == h


def reach(h: Hand, fmt: str) -> Hand:
    """What ``fmt`` can say about ``h``: the tiles always; flowers in mpsz; winds, four flags, flowers in GB."""
    ctx = h.context
    if fmt == "helper":
        return replace(h, context=WinContext())
    if fmt == "mpsz":
        return replace(h, context=WinContext(flowers=ctx.flowers))
    kept = WinContext(
        win=ctx.win, seat=ctx.seat, round_wind=ctx.round_wind, last_copy=ctx.last_copy, last_tile=ctx.last_tile,
        kong_replacement=ctx.kong_replacement, flowers=ctx.flowers,
    )
    return replace(h, context=kept)


@pytest.mark.parametrize("seed", range(150))
@pytest.mark.parametrize("fmt", FORMATS)
def test_random_hands_round_trip_through_each_format(seed, fmt):
    h = random_hand(random.Random(seed), six_seats=False)
    assert parse_hand(format_hand(h, fmt)) == reach(h, fmt)


@pytest.mark.parametrize("seed", range(50))
def test_random_hands_within_a_formats_reach_round_trip_exactly(seed):
    h = random_hand(random.Random(seed), full_context=False, six_seats=False)
    assert parse_hand(format_hand(h, "gb")) == h


def test_check_hand_holds_every_hand_to_three_n_plus_one_standing_tiles():
    with pytest.raises(HandError, match="wrong tile count"):
        check_hand(Hand(standing=tiles("11m")))
    check_hand(Hand(standing=tiles("1m")))


def test_copy_as_text_gives_the_gb_string_and_unicode_tiles():
    text = hand_to_text(parse_hand("[CCC,2][1111m]456p78sSS9s|ES1000|ae"))
    assert text == "[CCC,2][1111m]456p78sSS9s|ES1000|ae\n🀄\ufe0e🀄\ufe0e🀄\ufe0e 🀇🀇🀇🀇 🀜🀝🀞🀖🀗🀁🀁 🀘 🀢🀦"


def test_copy_as_text_falls_back_to_the_helper_string_for_a_sixth_seat():
    text = hand_to_text(Hand(standing=tiles("1m"), context=WinContext(seat=Seat.Y)))
    assert text == "1m\n🀇"


# --- no input crashes the parser ------------------------------------------------------------------------

HAND_ALPHABET = "0123456789mpszfESWNCFPabcdefgh[],| v.-~🀄【】１"


@fuzz(400)
@given(st.text(max_size=60))
def test_any_text_gives_a_hand_or_a_mahjong_error(text):
    read_or_clean_error(parse_hand, text)


@fuzz(600)
@given(st.text(alphabet=HAND_ALPHABET, max_size=40))
def test_near_miss_hand_strings_give_a_hand_or_a_mahjong_error(text):
    h = read_or_clean_error(parse_hand, text)
    if h is not None:
        check_hand(h)
        if h.context.seat in set(Seat) - {Seat.X, Seat.Y}:
            assert parse_hand(format_hand(h, "gb")) == reach(h, "gb")



@pytest.mark.parametrize("suit", "mps")
def test_a_red_five_is_read_as_a_plain_five_with_a_note(suit):
    from rulesets.notation import read_hand

    others = "123m456s789s" if suit == "m" else "123m789m"
    hand, notes = read_hand(f"340{suit}{others}11z22z")
    assert hand == parse_hand(f"345{suit}{others}11z22z")
    assert [n.key for n in notes] == ["notation.red_five"]
    assert f"0{suit}" in notes[0].zh and f"5{suit}" in notes[0].en


def test_a_zero_honour_or_flower_is_still_not_a_tile():
    for text in ("0z123m456p789s1z", "123m456p789s11z 0f"):
        with pytest.raises(NotationError, match="is not a tile"):
            parse_hand(text)


# --- the plain reader: the same hand, or the same error, as the token reader ---------------------------


def _read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """What the reader makes of ``text`` with its plain path, and token by token (the plain path off)."""
    import re

    import rulesets.notation as notation
    from rulesets.errors import MahjongError

    def outcome() -> object:
        try:
            reader = notation._Reader(text)
            return reader.read(), tuple(reader.notes)
        except MahjongError as exc:
            return type(exc), exc.message, exc.position, exc.code

    plain = outcome()
    with monkeypatch.context() as m:
        m.setattr(notation, "_PLAIN", re.compile(r"(?!)"))
        return plain, outcome()


@pytest.mark.parametrize("text", [
    "[777m3]4p3s5p3p3p5m3s3s4p5p5m", "[345p1][555z1]4s8m6z8m4s6z8m6z", "[CCC2][1111m]456p78sSS9s", "[123m,]456m",
    "[123m4]456m", "[123m0]", "[555p0]123m", "[5555p9]1m", "[1234m]", "[12m]", "[123m12]", "123m[", "123m456",
    "11111m", "1m2m3m4m5m6m7m8m9m1p2p3p4p5p", "EEE", "[EEE5]123m456m789m11p", "[889s]1m", "8z", "9z1m", "[888z]",
    "[234s3]345p678p11z22z2z", "[555z]123p456p789p1p1p", "1112345678999m5m", "[123m1][456m2][789m3][111p]2p2p",
])
def test_the_plain_reader_reads_as_the_token_reader(text, monkeypatch):
    plain, tokens = _read_both(text, monkeypatch)
    assert plain == tokens


def test_the_plain_reader_reads_as_the_token_reader_over_strings_of_its_own_characters(monkeypatch):
    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice("123456789mpsz[],0ESWNCFP") for _ in range(rng.choice((4, 9, 14, 20))))
        plain, tokens = _read_both(text, monkeypatch)
        assert plain == tokens, text


def test_a_plain_pack_read_again_is_the_same_meld_as_the_token_reader_makes():
    """A plain string's packs come from a table of the packs read before: the same meld as the token-by-token
    reader makes of the same pack (a space sends a string that way), and a pack that is no set stays an error."""
    for pack in ("[123m2]", "[789s3]", "[555p3]", "[CCC2]", "[1111m]", "[4444z5]", "[EEEE1]"):
        tail, other = ("123456789s1s", "789s123456s1s") if "p" in pack else ("123456789p1p", "789p123456p1p")
        plain, again, spaced = parse_hand(pack + tail), parse_hand(pack + other), parse_hand(pack + " " + tail)
        assert plain.melds == again.melds == spaced.melds
        assert plain.melds[0] is again.melds[0]
    for _ in range(2):
        with pytest.raises(NotationError, match="not a chow"):
            parse_hand("[124m]12345678p5s")


def test_tile_runs_write_each_suits_letter_once_after_its_run_for_any_tiles_in_any_order():
    """``tile_runs`` in one pass, against its definition: each tile's text, then every suit letter followed by a
    tile of the same suit left out (an honour written as a letter ends the run before it and stands alone)."""
    same_suit_next = re.compile(r"([a-z])(?=[0-9]\1)")

    def defined(seq, letters):
        return same_suit_next.sub("", "".join([t.letter if letters and t.is_honour else str(t) for t in seq]))

    chance = random.Random(2027)
    seqs = [(), tiles("1m"), tiles("1z2z3z"), tiles("123m45p5p1z22z"), TILES_BY_INDEX]
    seqs += [tuple(chance.choices(TILES_BY_INDEX, k=chance.randrange(0, 20))) for _ in range(2000)]
    seqs += [tuple(sorted(chance.choices(TILES_BY_INDEX[:34], k=13), key=lambda t: t.index)) + (chance.choice(
        TILES_BY_INDEX[:34]),) for _ in range(500)]
    for seq in seqs:
        for letters in (False, True):
            assert tile_runs(seq, letters) == defined(seq, letters), (seq, letters)
