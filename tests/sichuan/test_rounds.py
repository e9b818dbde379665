"""Several hands at once: 一炮多响 on one discard, the wall's end (退税, 查花猪, 查大叫), and a whole round
settled event by event (``Ruleset.settle_round``, rulesets/sichuan/round.py) without the ledger."""

import pytest

from rulesets.errors import ContextError
from rulesets.hand import KongEvent, KongKind, Seat
from rulesets.notation import parse_hand
from rulesets.registry import get_ruleset
from rulesets.rounds import Held, Kong, RefundTo, Round, RoundError, State, WallEnd, Win
from rulesets.sichuan import STAND_INS, is_flower_pig, settle_discard, wall_end
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


# ---- a whole round, settled by the engine alone (rulesets.sichuan.round, Ruleset.settle_round) ----------

SC = get_ruleset("sichuan")
EXPOSED, ADDED, CONCEALED = KongKind.EXPOSED, KongKind.ADDED, KongKind.CONCEALED


def settle(*events, rules="sichuan", refunds=RefundTo.STILL_IN, **values):
    ruleset = get_ruleset(rules)
    return ruleset.settle_round(Round(events, refunds), ruleset.parse_options(values))


def net(result):
    return {s.value: v for s, v in result.settlement.net.items()}


def test_a_whole_xuezhan_round_kongs_gangshangpao_with_hujiao_and_yipao_duoxiang():
    """Worked by hand from rules/sichuan.md (defaults: 底 1, 自摸加番, 呼叫转移 on, 一炮多响 on, no cap):

    1. W 暗杠 (下雨): 2 from each player still in — E −2, S −2, N −2, W +6 (§6.4).
    2. N 直杠 fed by E (刮风): E pays 2 — E −2, N +2.
    3. N discards after the kong, S wins (杠上炮): 平胡 0番 + 杠上炮 1番 = ×2, N pays 2; 呼叫转移: the 2 N
       collected for that kong go to S — N −4, S +4 (§6.2, §6.4). S leaves the hand.
    4. E discards 9s, W and N both win (一炮多响, each paid on their own, §6.2 item 4): W 清一色 2番 + 根 (the
       暗杠) 1番 = ×8, N 平胡 + 根 (the 直杠) 1番 = ×2 — E −8 −2. Three have won: the round is over (§6.2 item 6).

    Net: E −2−2−10 = −14, S −2+4 = +2, W +6+8 = +14, N −2+2−4+2 = −2.
    """
    result = settle(
        Kong(Seat.W, CONCEALED),
        Kong(Seat.N, EXPOSED, fed_by=Seat.E),
        Win((hand("234m456m345p678p7p7p", seat="S", from_seat="N", after_kong=True),)),
        Win((hand("[5555s]234s678s678s9s9s", seat="W", from_seat="E"),
             hand("[7777m3]345m234s678s9s9s", seat="N", from_seat="E"))),
    )
    assert net(result) == {"E": -14, "S": 2, "W": 14, "N": -2}
    assert [sum(p.amount for p in e.payments) for e in result.events] == [6, 2, 4, 10]
    assert result.winners == (Seat.S, Seat.W, Seat.N)
    assert [s.total for e in result.events for s in e.scores] == [1, 3, 1]
    transfer = result.events[2].payments[-1]
    assert (transfer.payer, transfer.payee, transfer.amount) == (Seat.N, Seat.S, 2) and "呼叫转移" in transfer.why
    # the round filled in who had already won when each hand was scored
    assert [h.context.already_won for h in result.events[3].hands] == [frozenset({Seat.S})] * 2


def test_a_whole_xuezhan_round_that_ends_at_the_wall_with_tuishui_huazhu_and_chadajiao():
    """Worked by hand from rules/sichuan.md §6.4–6.6 (defaults; 退税 to the payers still in):

    1. S 补杠: 1 from each — E −1, W −1, N −1, S +3.
    2. W 暗杠: 2 from each — E −2, S −2, N −2, W +6.
    3. E 自摸 平胡: 0番 + 自摸加番 1番 = ×2 from each player still in — S −2, W −2, N −2, E +6. E leaves.
    4. The wall runs out: S not ready (no tiles given), W 花猪, N ready with 234m345m678m22m67m: on 2m it reads
       22m 234m 234m 567m 678m with four 2m, 清一色 2番 + 根 1番 = ×8; on 3m, 4m, 5m or 8m only 清一色 = ×4; the
       best wait is 2m, 8 (§6.6 step 3).
       退税: S returns its 补杠 money to W and N (1 each; E has left), W its 暗杠 money to S and N (2 each).
       查花猪: W pays 16 to each non-花猪 player still in (S, N). 查大叫: S (not ready) pays N 8.
       S −2+2+16−8 = +8, W +1−4−32 = −35, N +1+2+16+8 = +27.

    Net: E −1−2+6 = 3, S +3−2−2+8 = 7, W −1+6−2−35 = −32, N −1−2−2+27 = 22.
    """
    events = (
        Kong(Seat.S, ADDED),
        Kong(Seat.W, CONCEALED),
        Win((hand("234m456m345p678p7p7p", seat="E", win="self_drawn"),)),
        WallEnd((Held(Seat.S, State.NOT_READY), Held(Seat.W, State.PIG, hand("[5555s]123m456p789p1s")),
                 Held(Seat.N, State.READY, hand("234m345m678m22m67m")))),
    )
    result = settle(*events)
    assert net(result) == {"E": 3, "S": 7, "W": -32, "N": 22}
    wall = result.events[3].payments
    assert [(p.payer.value, p.payee.value, p.amount) for p in wall] == [
        ("S", "W", 1), ("S", "N", 1), ("W", "S", 2), ("W", "N", 2),  # 退税
        ("W", "S", 16), ("W", "N", 16),  # 查花猪
        ("S", "N", 8),  # 查大叫
    ]
    assert wall[0].why.startswith("退税") and "查花猪" in wall[4].why and "查大叫" in wall[6].why
    # refunded to every original payer, E (who won and left) gets the 1 + 2 back as well
    everyone = settle(*events, refunds=RefundTo.ALL)
    assert net(everyone) == {"E": 3 + 3, "S": 7 - 1, "W": -32 - 2, "N": 22}


def test_a_whole_xueliu_round_winners_stay_in_and_everyone_is_checked_at_the_wall():
    """Worked by hand from rules/sichuan.md §7 (血流成河 defaults: winners stay, pay and are paid):

    1. S 暗杠: 2 from each of the other three — E −2, W −2, N −2, S +6.
    2. E 自摸 平胡: ×2 (自摸加番) from everyone else, S included — S −2, W −2, N −2, E +6. E stays in.
    3. E wins again, on W's discard: 平胡 ×1 — W −1, E +1.
    4. The wall runs out; everyone is checked: E ready (234m345m678m22m67m, best 2m: 清一色 + 根 = 8), S not
       ready, W 花猪 (no tiles given for either), N ready (1112345678999m, best 1m or 9m: 清一色 + 根 = 8).
       退税: S returns its 暗杠 money to E, W and N (2 each; in 血流 nobody has left). 查花猪: W pays 16 to E,
       S and N. 查大叫: S pays E 8 and N 8.
       E +2+16+8 = 26, S −6+16−16 = −6, W +2−48 = −46, N +2+16+8 = 26.

    Net: E −2+6+1+26 = 31, S +6−2−6 = −2, W −2−2−1−46 = −51, N −2−2+26 = 22.
    """
    result = settle(
        Kong(Seat.S, CONCEALED),
        Win((hand("234m456m345p678p7p7p", seat="E", win="self_drawn"),)),
        Win((hand("234m456m345p678p7p7p", seat="E", from_seat="W"),)),
        WallEnd((Held(Seat.E, State.READY, hand("234m345m678m22m67m")), Held(Seat.S, State.NOT_READY),
                 Held(Seat.W, State.PIG), Held(Seat.N, State.READY, hand("1112345678999m")))),
        rules="sichuan-xueliu",
    )
    assert net(result) == {"E": 31, "S": -2, "W": -51, "N": 22}
    assert result.winners == (Seat.E, Seat.E)
    assert [h.context.already_won for h in result.events[2].hands] == [frozenset({Seat.E})]


def test_the_round_is_the_ruleset_capability_of_every_sichuan_table():
    for rules in ("sichuan", "sichuan-xueliu", "sichuan-3p", "sichuan-2p", "sichuan-6p"):
        ruleset = get_ruleset(rules)
        assert ruleset.settle_round is not None and ruleset.round_events == {Kong, Win, WallEnd}


def test_a_single_win_books_the_hand_and_leaves_the_kong_money_to_the_kong_events():
    # the winner's own 暗杠 counts for 根 (1番 ×2, 自摸加番 ×4) but its money was the kong event's
    result = settle(Kong(Seat.S, CONCEALED), Win((hand("[2222m]345m678m34p5p55p", seat="S", win="self_drawn"),)))
    assert net(result) == {"E": -2 - 4, "S": 6 + 12, "W": -2 - 4, "N": -2 - 4}
    assert [p.amount for p in result.events[1].payments] == [4, 4, 4]
    assert all(p.why.startswith("自摸") for p in result.events[1].payments)  # the hand's lines, not the kong's


def test_a_player_who_has_won_cannot_act_again_and_the_error_names_the_seat_and_the_event():
    won = Win((hand(H1 := "11m234m567m789m55p5p", seat="S", win="self_drawn"),))
    with pytest.raises(RoundError, match="^event 2: kong: player S has already won") as caught:
        settle(won, Kong(Seat.S, CONCEALED))
    assert caught.value.worded(lambda s: {"S": "Bo"}[s.value]) == (
        "event 2: kong: player Bo has already won this round (血战: they left the hand)")
    assert net(settle(won, Win((hand(H1, seat="S", win="self_drawn"),)), rules="sichuan-xueliu")) == {
        "E": -4, "S": 12, "W": -4, "N": -4}


def test_a_robbed_added_kong_gives_its_money_back():
    result = settle(Kong(Seat.S, ADDED), Win((hand("11m234m567m789m45p6p", seat="W", win="rob_kong", from_seat="S"),)))
    assert net(result) == {"E": 0, "S": -2, "W": 2, "N": 0}
    assert "抢杠" in result.events[1].payments[0].why


def test_hujiao_refund_returns_the_kong_money_and_none_leaves_it():
    events = (Kong(Seat.W, CONCEALED), Win((hand("11m234m567m789m55p5p", seat="S", from_seat="W", after_kong=True),)))
    assert net(settle(*events)) == {"E": -2, "S": -2 + 2 + 6, "W": 6 - 2 - 6, "N": -2}
    assert net(settle(*events, hujiao="refund")) == {"E": 0, "S": 2, "W": -2, "N": 0}
    assert net(settle(*events, hujiao="none")) == {"E": -2, "S": -2 + 2, "W": 6 - 2, "N": -2}


def test_yipao_duoxiang_off_only_the_first_after_the_discarder_wins():
    hands = (hand(E_WINS, seat="E", from_seat="S"), hand(N_WINS, seat="N", from_seat="S"))
    result = settle(Win(hands), yipao_duoxiang=False)
    assert result.winners == (Seat.N,) and net(result) == {"E": 0, "S": -4, "W": 0, "N": 4}


def test_a_gangshangpao_with_two_winners_transfers_only_with_hujiao_multi():
    events = (Kong(Seat.S, CONCEALED),
              Win((hand(E_WINS, seat="E", from_seat="S", after_kong=True),
                   hand(N_WINS, seat="N", from_seat="S", after_kong=True))))
    kept = settle(*events)
    assert net(kept) == {"E": -2 + 4, "S": 6 - 12, "W": -2, "N": -2 + 8}
    assert any("一炮多响" in n for n in kept.notes)
    assert net(settle(*events, hujiao_multi=True)) == {"E": -2 + 4 + 6, "S": 6 - 12 - 12, "W": -2, "N": -2 + 8 + 6}


def test_the_wall_end_wants_every_player_still_in_and_tiles_that_match_the_state():
    with pytest.raises(RoundError, match="every player still in: S, W, N") as caught:
        settle(WallEnd((Held(Seat.E, State.NOT_READY),)))
    assert caught.value.seats == (Seat.S, Seat.W, Seat.N)
    with pytest.raises(RoundError, match="player E: the tiles entered are ready"):
        settle(WallEnd(tuple(Held(s, State.NOT_READY, hand(READY) if s is Seat.E else None) for s in SC.players_seats)))
    with pytest.raises(RoundError, match="13 tiles are needed"):
        settle(WallEnd(tuple(Held(s, State.READY) for s in SC.players_seats)))
    with pytest.raises(RoundError, match="no 花猪"):
        settle(WallEnd(tuple(Held(s, State.PIG) for s in get_ruleset("sichuan-3p").players_seats)), rules="sichuan-3p")


def test_a_hand_that_is_no_win_stops_the_round_at_its_event():
    with pytest.raises(RoundError, match="^event 2: .*three suits"):
        settle(Kong(Seat.E, CONCEALED), Win((hand("123m456p789s11m23m4m", seat="S", win="self_drawn"),)))


@pytest.mark.parametrize("key", sorted(STAND_INS))
def test_a_stand_in_is_what_its_state_says(key):
    for state, text in STAND_INS[key].items():
        assert is_flower_pig(parse_hand(text)) == (state == "pig")
