"""The hand: melds, context, validation with precise errors."""

import pytest

from rulesets.errors import ContextError, HandError
from rulesets.hand import Hand, KongEvent, KongKind, Meld, MeldKind, Relative, Seat, WinContext, WinMethod, seats
from rulesets.tiles import Tile, tile, tiles


def hand(standing, winning=None, melds=(), **ctx):
    return Hand(
        standing=tiles(standing),
        melds=tuple(melds),
        winning_tile=tile(winning) if winning else None,
        context=WinContext(**ctx),
    )


def pung(t, source=Relative.LEFT):
    return Meld(MeldKind.PUNG, tile(t), source=source)


def kong(t, kind, source=None):
    return Meld(MeldKind.KONG, tile(t), kong=kind, source=source)


def test_a_complete_hand_validates():
    hand("1234567899m123p", "9m").validate()


def test_it_rejects_a_wrong_tile_count():
    with pytest.raises(HandError, match="wrong tile count: 13 .* expected 14"):
        hand("123456789m123p", "9m").validate()


def test_it_rejects_five_copies_of_a_tile_across_melds_and_standing_tiles():
    with pytest.raises(HandError, match="5 copies of 1m"):
        Hand(standing=tiles("1m456789p123s"), melds=(pung("1m"),), winning_tile=tile("1m")).validate()
    with pytest.raises(HandError, match="5 copies of 1m"):
        hand("1111m234567899p", "1m").validate()


def test_kongs_count_as_three_tiles_for_the_hand_size():
    h = Hand(
        standing=tiles("23456789p11s"),
        melds=(kong("5z", KongKind.CONCEALED),),
        winning_tile=tile("1s"),
    )
    h.validate()
    assert len(h.all_tiles) == 15


def test_a_flower_cannot_stand_in_the_hand():
    with pytest.raises(HandError, match="flower"):
        Hand(standing=tiles("123456789m1234p"[:-2] + "1f"), winning_tile=tile("2p")).validate()


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Meld(MeldKind.CHOW, tile("8m")), "not a chow"),
        (lambda: Meld(MeldKind.CHOW, tile("1z")), "not a chow"),
        (lambda: Meld(MeldKind.PUNG, tile("1f")), "flower"),
        (lambda: Meld(MeldKind.KONG, tile("1m")), "needs its kind"),
        (lambda: Meld(MeldKind.PUNG, tile("1m"), kong=KongKind.EXPOSED), "only a kong"),
        (lambda: Meld(MeldKind.KONG, tile("1m"), kong=KongKind.CONCEALED, source=Relative.LEFT), "not claimed"),
        (lambda: Meld(MeldKind.PUNG, tile("1m"), claimed=2), "only a chow"),
        (lambda: Meld(MeldKind.CHOW, tile("1m"), claimed=4), "only a chow"),
    ],
)
def test_a_meld_that_is_not_a_set_is_refused(make, message):
    with pytest.raises(HandError, match=message):
        make()


def test_meld_tiles_and_concealment():
    assert [str(t) for t in Meld(MeldKind.CHOW, tile("7p")).tiles] == ["7p", "8p", "9p"]
    assert len(kong("1m", KongKind.ADDED, Relative.ACROSS).tiles) == 4
    assert kong("1m", KongKind.CONCEALED).is_concealed
    assert not kong("1m", KongKind.EXPOSED, Relative.RIGHT).is_concealed
    assert not pung("1m").is_concealed


@pytest.mark.parametrize(
    "ctx, message",
    [
        ({"kong_replacement": True}, "needs a self-drawn win"),
        ({"win": WinMethod.ROB_KONG, "last_tile": True}, "海底"),
        ({"win": WinMethod.ROB_KONG, "last_copy": True}, "exclude each other"),
        ({"win": WinMethod.SELF_DRAWN, "from_seat": Seat.S}, "no discarder"),
        ({"seat": Seat.S, "from_seat": Seat.S}, "own discard"),
        ({"heavenly": True, "earthly": True, "win": WinMethod.SELF_DRAWN}, "both"),
        ({"heavenly": True, "seat": Seat.S, "win": WinMethod.SELF_DRAWN}, "dealer"),
        ({"earthly": True}, "non-dealer"),
        ({"after_kong": True, "win": WinMethod.SELF_DRAWN}, "杠上炮"),
        ({"flowers": (Tile.parse("1f"), Tile.parse("1f"))}, "once"),
        ({"flowers": (Tile.parse("1m"),)}, "flower tiles"),
        ({"seat": Seat.S, "already_won": frozenset({Seat.S})}, "already won"),
        ({"from_seat": Seat.W, "already_won": frozenset({Seat.W})}, "already won"),
        ({"seat": Seat.X}, "not at a 4-player table"),
        # every seat the context names (the engine fuzz found a kong by X settled at a table of four: KeyError)
        ({"kongs": (KongEvent(Seat.X, KongKind.CONCEALED),)}, "seat X is not at a 4-player table"),
        ({"kongs": (KongEvent(Seat.S, KongKind.EXPOSED, Seat.Y),)}, "seat Y is not at a 4-player table"),
        ({"seat": Seat.S, "already_won": frozenset({Seat.X})}, "seat X is not at a 4-player table"),
    ],
)
def test_context_flags_that_cannot_go_together_are_refused(ctx, message):
    with pytest.raises(ContextError, match=message):
        WinContext(**ctx).check()


def test_a_quiet_context_breaks_no_rule_so_check_need_not_ask_them():
    """``WinContext.check`` skips the rules for a quiet context: over every mix of the flags, no rule breaks for one."""
    import itertools

    from rulesets.hand import CONTEXT_RULES, WINNERS_LEAVE_RULES

    quiet = 0
    for win, seat, from_seat, flags, flowers, won in itertools.product(
        WinMethod, (Seat.E, Seat.S, None), (None, Seat.E, Seat.W), itertools.product((False, True), repeat=6),
        ((), (Tile.parse("1f"),)), (frozenset(), frozenset({Seat.E}), frozenset({Seat.W})),
    ):
        names = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")
        ctx = WinContext(win=win, seat=seat, from_seat=from_seat, flowers=flowers, already_won=won,
                         **dict(zip(names, flags, strict=True)))
        if ctx.quiet:
            quiet += 1
            assert not [key for broken, key in CONTEXT_RULES + WINNERS_LEAVE_RULES if broken(ctx)], ctx
    assert quiet == 2 * 2 * 2 * 2  # discard or self-drawn, seat E or S, 海底 and 和绝张 either way


def test_kong_replacement_needs_a_kong_in_the_hand():
    with pytest.raises(ContextError, match="needs a kong"):
        hand("1234567899m123p", "9m", win=WinMethod.SELF_DRAWN, kong_replacement=True).validate()


def test_robbing_a_kong_on_a_tile_already_held_is_refused():
    with pytest.raises(ContextError, match="already holds"):
        hand("1234567899m123p", "9m", win=WinMethod.ROB_KONG).validate()
    hand("1234567899m124p", "3p", win=WinMethod.ROB_KONG).validate()


def test_last_copy_cannot_be_claimed_for_a_tile_still_in_the_hand():
    with pytest.raises(ContextError, match="last copy"):
        hand("1234567899m123p", "9m", last_copy=True).validate()


def test_the_discarder_defaults_to_the_winners_left_player():
    assert WinContext(seat=Seat.E).discarder() is Seat.N
    assert WinContext(seat=Seat.S).discarder() is Seat.E
    assert WinContext(seat=Seat.S, from_seat=Seat.N).discarder() is Seat.N
    assert WinContext(win=WinMethod.SELF_DRAWN).discarder() is None


@pytest.mark.parametrize(
    "seat, rel, source",
    [
        (Seat.E, Relative.LEFT, Seat.N),
        (Seat.E, Relative.ACROSS, Seat.W),
        (Seat.E, Relative.RIGHT, Seat.S),
        (Seat.W, Relative.LEFT, Seat.S),
    ],
)
def test_relative_sources_map_to_seats_and_back(seat, rel, source):
    assert seat.source(rel) is source
    assert seat.relative_of(source) is rel


def test_tables_take_the_first_seats_in_turn_order():
    assert seats(2) == (Seat.E, Seat.S)
    assert seats(6)[-2:] == (Seat.X, Seat.Y)
    assert Seat.E.wind_tile == Tile.parse("1z")
