"""rulesets/rounds.py: a round's events and result, the same for every system with ``settle_round``."""

import pytest

from rulesets.engine import context_from_mapping
from rulesets.errors import ContextError, HandError, MahjongError
from rulesets.hand import KongKind, Seat
from rulesets.messages import Words, msg
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets
from rulesets.rounds import Held, Kong, RefundTo, Round, RoundError, RoundResult, Settled, State, WallEnd, Win
from rulesets.scoring import Payment

PLAIN = "22m234m567m789m55p5p"  # a win under every system that settles rounds (四川 缺一门, 长沙 2/5/8 pair)
ROUND_SYSTEMS = [r for r in all_rulesets() if r.settle_round is not None]


def hand(text=PLAIN, **context):
    parsed = parse_hand(text)
    return parsed.with_context(context_from_mapping(context, parsed.context))


def test_an_exposed_kong_names_who_fed_it_and_only_it_does():
    assert Kong(Seat.S, KongKind.EXPOSED, Seat.E).fed_by is Seat.E
    with pytest.raises(ContextError, match="needs the player who fed it"):
        Kong(Seat.S, KongKind.EXPOSED, Seat.S)
    with pytest.raises(ContextError, match="only an exposed kong"):
        Kong(Seat.S, KongKind.CONCEALED, Seat.E)


def test_a_win_holds_at_least_one_hand_and_several_are_one_discard():
    with pytest.raises(ContextError, match="at least one"):
        Win(())
    assert not Win((hand(),)).one_discard
    assert Win((hand(seat="S", from_seat="E"), hand(seat="W", from_seat="E"))).one_discard


def test_the_wall_end_names_each_player_once_and_comes_last():
    with pytest.raises(ContextError, match="once"):
        WallEnd((Held(Seat.E, State.READY), Held(Seat.E, State.PIG)))
    wall = WallEnd((Held(Seat.E, State.NOT_READY),))
    with pytest.raises(RoundError, match="^event 1: the wall's end is the round's last event"):
        Round((wall, Kong(Seat.E, KongKind.CONCEALED)))
    assert Round((Kong(Seat.E, KongKind.CONCEALED), wall)).refunds is RefundTo.STILL_IN


def test_states_and_refund_policies_have_their_wire_values_and_names():
    assert [s.value for s in State] == ["ready", "not_ready", "pig"] and State.PIG.zh == "花猪"
    assert [r.value for r in RefundTo] == ["still_in", "all"]


def test_a_round_error_names_its_seats_by_wind_or_by_the_callers_names():
    error = RoundError(msg("round.wall_end_missing", seats=(Seat.N, Seat.S)))
    assert str(error) == "wall end: give the state of every player still in: S, N"
    at = error.at(3)
    assert str(at) == "event 4: wall end: give the state of every player still in: S, N" and at.at(5) is at
    names = {Seat.S: "2", Seat.N: "4"}
    assert at.worded(names.__getitem__) == "event 4: wall end: give the state of every player still in: 2, 4"
    assert isinstance(at, MahjongError) and at.seats == (Seat.N, Seat.S)


def test_a_round_error_speaks_both_languages():
    at = RoundError(msg("round.left", what=Words("杠", "kong"), seats=(Seat.W,))).at(1)
    assert at.message_zh == "第 2 个事件：杠：玩家 W 本局已经和牌（血战：和牌后就离场了）"
    assert at.worded(lambda s: "3", lang="zh") == "第 2 个事件：杠：玩家 3 本局已经和牌（血战：和牌后就离场了）"
    assert at.key == "round.at_event" and at.as_dict()["message"] == str(at)
    wrapped = RoundError.of(HandError(msg("hand.chow_kong"))).at(0)
    assert (str(wrapped), wrapped.message_zh) == ("event 1: a chow cannot be a kong", "第 1 个事件：顺子不能是杠")


def test_the_result_nets_every_event_and_lists_the_winners_in_order():
    win = hand(seat="S", win="self_drawn")
    events = (Settled(Kong(Seat.E, KongKind.CONCEALED), (Payment(Seat.S, Seat.E, 2, "暗杠"),)),
              Settled(Win((win,)), (Payment(Seat.E, Seat.S, 3, "和"),), (win,), notes=("n",)))
    result = RoundResult(events, (Seat.E, Seat.S))
    assert result.settlement.as_dict() == {"E": -1, "S": 1}
    assert result.winners == (Seat.S,) and result.notes == ("n",)
    assert result.as_dict()["payouts"] == {"E": -1, "S": 1}


@pytest.mark.parametrize("ruleset", ROUND_SYSTEMS, ids=lambda r: r.id)
def test_a_round_of_one_win_settles_what_the_hand_alone_settles(ruleset):
    """Every system with ``settle_round`` reads the same events: a round of one self-drawn win (no kong in
    the hand, so no kong money to keep apart) pays what scoring that hand alone pays."""
    if ruleset.hand_size != 14:
        pytest.skip(f"the sample hands have 14 tiles; {ruleset.id} plays {ruleset.hand_size}-tile hands")
    text = PLAIN if ruleset.players == 4 else "22p234p567p789p55s5s"
    win = hand(text, seat="S", win="self_drawn")
    options = ruleset.parse_options()
    alone = ruleset.score(win, options)
    assert alone.valid, alone.reason_en
    result = ruleset.settle_round(Round((Win((win,)),)), options)
    assert result.settlement.as_dict() == alone.settlement.as_dict()
    assert result.winners == (Seat.S,) and result.events[0].scores[0].total == alone.total
    assert Win in ruleset.round_events


@pytest.mark.parametrize("ruleset", ROUND_SYSTEMS, ids=lambda r: r.id)
def test_a_round_refuses_an_event_its_system_does_not_read_and_a_hand_that_is_no_win(ruleset):
    if Kong not in ruleset.round_events:
        with pytest.raises(RoundError, match="^event 1: "):
            ruleset.settle_round(Round((Kong(Seat.E, KongKind.CONCEALED),)), ruleset.parse_options())
    bad = hand("123m456p789s11m23m4m", seat="S", win="self_drawn") if ruleset.hand_size == 14 else None
    if bad is not None:
        with pytest.raises(RoundError, match="^event 1: "):
            ruleset.settle_round(Round((Win((bad,)),)), ruleset.parse_options())
