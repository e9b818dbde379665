"""Payouts (1998 rules 第十条 一(二)(三), mcr.md §2.3)."""

from __future__ import annotations

from rulesets.guobiao import Options, Payout
from rulesets.guobiao.settle import settle
from rulesets.hand import Seat, WinContext, WinMethod


def net(total: int, ctx: WinContext, options: Options | None = None) -> dict[str, int]:
    return settle(total, ctx, options or Options()).as_dict()


def test_self_drawn_each_other_player_pays_base_plus_the_hand() -> None:
    assert net(12, WinContext(win=WinMethod.SELF_DRAWN)) == {"E": 60, "S": -20, "W": -20, "N": -20}


def test_on_a_discard_the_discarder_pays_base_plus_the_hand_and_the_others_pay_base() -> None:
    ctx = WinContext(seat=Seat.W, from_seat=Seat.E)
    assert net(12, ctx) == {"E": -20, "S": -8, "W": 36, "N": -8}


def test_without_a_named_discarder_the_winners_left_hand_player_pays() -> None:
    assert net(8, WinContext(seat=Seat.S)) == {"E": -16, "S": 32, "W": -8, "N": -8}


def test_the_kong_robbed_pays_like_a_discarder() -> None:
    ctx = WinContext(win=WinMethod.ROB_KONG, seat=Seat.N, from_seat=Seat.S)
    assert net(10, ctx) == {"E": -8, "S": -18, "W": -8, "N": 34}


def test_the_quan_chong_house_rule_makes_a_self_draw_cost_a_third() -> None:
    options = Options(payout=Payout.QUAN_CHONG)
    assert net(13, WinContext(win=WinMethod.SELF_DRAWN), options) == {"E": 39, "S": -13, "W": -13, "N": -13}
    assert net(13, WinContext(from_seat=Seat.N), options) == {"E": 37, "S": -8, "W": -8, "N": -21}


def test_the_base_points_are_an_option() -> None:
    zero_base = Options(base_points=0)
    assert net(10, WinContext(win=WinMethod.SELF_DRAWN), zero_base) == {"E": 30, "S": -10, "W": -10, "N": -10}


def test_each_payment_says_why() -> None:
    payments = settle(12, WinContext(from_seat=Seat.S), Options()).payments
    why = {p.payer.value: (p.amount, p.why, p.why_en) for p in payments}
    assert why["S"] == (20, "点和：底分8+12番", "discarded the winning tile: base 8 + 12")
    assert why["W"] == (8, "底分8", "base 8")
