"""Several hands at once: 一炮多响 on one discard, and the wall's end (退税, 查花猪, 查大叫)."""

import pytest

from rulesets.errors import ContextError
from rulesets.hand import KongEvent, KongKind, Seat
from rulesets.sichuan import settle_discard, wall_end
from tests.sichuan.helpers import hand, options

E_WINS = "[111m1][333m2]555m7799p9p"
N_WINS = "22446688m113399p"
KONG_S = [{"seat": "S", "kind": "concealed"}]


def test_each_winner_of_one_discard_is_paid_separately():
    scores, settlement = settle_discard([hand(E_WINS, seat="E", from_seat="S"), hand(N_WINS, seat="N", from_seat="S")])
    assert [s.total for s in scores] == [1, 2]
    assert settlement.as_dict() == {"E": 2, "S": -6, "W": 0, "N": 4}


def test_other_players_kongs_are_settled_once_however_many_win():
    hands = [hand(E_WINS, seat="E", from_seat="S", kongs=[{"seat": "W", "kind": "concealed"}]),
             hand(N_WINS, seat="N", from_seat="S", kongs=[{"seat": "W", "kind": "concealed"}])]
    _, settlement = settle_discard(hands)
    assert settlement.as_dict() == {"E": 2 - 2, "S": -6 - 2, "W": 6, "N": 4 - 2}


def test_a_gangshangpao_with_two_winners_moves_no_kong_money_by_default():
    hands = [hand(E_WINS, seat="E", from_seat="S", after_kong=True, kongs=KONG_S),
             hand(N_WINS, seat="N", from_seat="S", after_kong=True, kongs=KONG_S)]
    scores, settlement = settle_discard(hands)
    assert [s.total for s in scores] == [2, 3]
    assert settlement.as_dict() == {"E": 4 - 2, "S": -12 + 6, "W": -2, "N": 8 - 2}
    assert any("一炮多响" in n for n in scores[0].extra["notes"])


def test_a_gangshangpao_with_two_winners_gives_each_the_kong_money_when_chosen():
    hands = [hand(E_WINS, seat="E", from_seat="S", after_kong=True, kongs=KONG_S),
             hand(N_WINS, seat="N", from_seat="S", after_kong=True, kongs=KONG_S)]
    _, settlement = settle_discard(hands, options(hujiao_multi=True))
    assert settlement.as_dict() == {"E": 4 - 2 + 6, "S": -12 + 6 - 12, "W": -2, "N": 8 - 2 + 6}


def test_without_yipao_duoxiang_the_first_player_after_the_discarder_wins():
    hands = [hand(E_WINS, seat="E", from_seat="S"), hand(N_WINS, seat="N", from_seat="S")]
    scores, settlement = settle_discard(hands, options(yipao_duoxiang=False))
    assert [s.total for s in scores] == [2]
    assert settlement.as_dict() == {"E": 0, "S": -4, "W": 0, "N": 4}


@pytest.mark.parametrize(
    "hands, message",
    [
        ([], "at least one"),
        ([(E_WINS, {"seat": "E", "win": "self_drawn"})], "self-drawn"),
        ([(E_WINS, {"seat": "E", "from_seat": "S"}), (N_WINS, {"seat": "N", "from_seat": "W"})], "same player"),
        ([(E_WINS, {"seat": "E", "from_seat": "S"}), (N_WINS, {"seat": "E", "from_seat": "S"})], "different seat"),
    ],
)
def test_a_discard_settlement_refuses_hands_that_cannot_share_one_discard(hands, message):
    with pytest.raises(ContextError, match=message):
        settle_discard([hand(text, **ctx) for text, ctx in hands])


READY = "1112345678999m"  # best wait 1m/9m: 8 each
NOT_READY = "123m456m789m13p57p"
PIG = "123m456p789s1234m"


def test_a_flower_pig_pays_sixteen_to_every_player_still_in_who_is_not_one():
    settlement = wall_end({Seat.E: hand(READY), Seat.S: hand(PIG), Seat.W: hand(NOT_READY)})
    net = settlement.as_dict()
    assert net["S"] == -32 and net["E"] == 16 + 8 and net["W"] == 16 - 8


def test_the_flower_pig_penalty_may_be_the_cap_or_nothing():
    hands = {Seat.E: hand(READY), Seat.S: hand(PIG)}
    assert wall_end(hands, options(huazhu="cap", cap=32)).as_dict()["S"] == -32
    assert wall_end(hands, options(huazhu="off")).as_dict()["S"] == 0


def test_a_player_who_is_not_ready_pays_each_ready_player_their_best_value():
    settlement = wall_end({Seat.E: hand(READY), Seat.S: hand(READY), Seat.W: hand(NOT_READY)})
    assert settlement.as_dict() == {"E": 8, "S": 8, "W": -16, "N": 0}
    assert "查大叫" in settlement.payments[0].why


def test_a_player_who_is_not_ready_refunds_the_kong_money_of_this_hand():
    kongs = [KongEvent(Seat.W, KongKind.CONCEALED)]
    net = wall_end({Seat.E: hand(READY), Seat.W: hand(NOT_READY)}, kongs=kongs).as_dict()
    assert net == {"E": 8 + 2, "S": 2, "W": -8 - 6, "N": 2}
    kept = wall_end({Seat.E: hand(READY), Seat.W: hand(NOT_READY)}, options(tuishui=False), kongs=kongs).as_dict()
    assert kept == {"E": 8, "S": 0, "W": -8, "N": 0}


def test_nothing_is_checked_when_only_one_player_is_left():
    hands = {Seat.E: hand(READY), Seat.W: hand(NOT_READY)}
    assert wall_end(hands, already_won=frozenset({Seat.E, Seat.S, Seat.N})).payments == ()


def test_earlier_winners_collect_chadajiao_only_when_the_table_says_so():
    hands = {Seat.E: hand(READY), Seat.S: hand(READY), Seat.W: hand(NOT_READY)}
    won = frozenset({Seat.E})
    assert wall_end(hands, already_won=won).as_dict() == {"E": 0, "S": 8, "W": -8, "N": 0}
    shared = wall_end(hands, options(chadajiao_winners=True), already_won=won)
    assert shared.as_dict() == {"E": 8, "S": 8, "W": -16, "N": 0}


def test_a_three_player_table_settles_chadajiao_among_its_players():
    hands = {Seat.E: hand("1112345678999s"), Seat.S: hand("123s456s789s13p57p")}
    settlement = wall_end(hands, rules="sichuan-3p")
    assert settlement.as_dict() == {"E": 8, "S": -8, "W": 0}
