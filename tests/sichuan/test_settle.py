"""Payments of one win: who pays the hand, kong money, 呼叫转移, caps and 自摸加底 (spec §6)."""

from dataclasses import replace

import pytest

from rulesets.errors import ContextError
from rulesets.hand import KongKind, Seat
from rulesets.registry import get_ruleset
from rulesets.sichuan import VARIANTS
from rulesets.sichuan.settle import hand_value, kong_lines
from tests.sichuan.helpers import hand, options, score

SC = VARIANTS["sichuan"]


@pytest.mark.parametrize(
    "fan, zimo_di, opts, points, capped",
    [
        (3, False, {}, 8, False),
        (3, True, {}, 9, False),
        (4, False, {"cap": 8}, 8, True),
        (3, True, {"cap": 8}, 9, False),
        (3, True, {"cap": 8, "zimo_di_order": "before"}, 8, True),
        (2, True, {"cap": 8, "zimo_di_order": "before"}, 5, False),
        (3, False, {"base": 5}, 40, False),
        (3, True, {"base": 5}, 45, False),
    ],
)
def test_hand_value_applies_the_cap_and_zimo_jiadi_in_the_tables_order(fan, zimo_di, opts, points, capped):
    value = hand_value(fan, zimo_di, options(**opts))
    assert (value.points, value.capped) == (points, capped)


def test_kong_money_is_two_for_an_exposed_kong_one_for_an_added_and_two_for_a_concealed():
    o = options()
    exposed = kong_lines(SC, Seat.S, KongKind.EXPOSED, Seat.E, "", frozenset(), o)
    assert [(p.payer, p.amount) for p in exposed] == [(Seat.E, 2)]
    added = kong_lines(SC, Seat.S, KongKind.ADDED, None, "", frozenset(), o)
    assert [(p.payer, p.amount) for p in added] == [(Seat.E, 1), (Seat.W, 1), (Seat.N, 1)]
    concealed = kong_lines(SC, Seat.S, KongKind.CONCEALED, None, "", frozenset(), o)
    assert [(p.payer, p.amount) for p in concealed] == [(Seat.E, 2), (Seat.W, 2), (Seat.N, 2)]


def test_a_base_of_zero_makes_every_kong_pay_nothing_and_still_names_its_units():
    o = options(base=0)
    for kind in (KongKind.ADDED, KongKind.CONCEALED):
        lines = kong_lines(SC, Seat.S, kind, None, "", frozenset(), o)
        assert [p.amount for p in lines] == [0, 0, 0]
        assert ("1 base" if kind is KongKind.ADDED else "2 base") in lines[0].why_en


def test_players_who_already_won_pay_no_kong_money_in_xuezhan_but_do_in_xueliu():
    won = frozenset({Seat.W})
    assert {p.payer for p in kong_lines(SC, Seat.S, KongKind.CONCEALED, None, "", won, options())} == {Seat.E, Seat.N}
    xueliu = VARIANTS["sichuan-xueliu"]
    payers = {p.payer for p in kong_lines(xueliu, Seat.S, KongKind.CONCEALED, None, "", won, options("sichuan-xueliu"))}
    assert payers == {Seat.E, Seat.W, Seat.N}


def test_a_self_draw_is_paid_by_every_player_still_in():
    result = score("22244455577799m", seat="S", win="self_drawn", already_won=["E", "N"])
    assert result.settlement.as_dict() == {"E": 0, "S": 16, "W": -16, "N": 0}
    assert result.extra["payers"] == ["W"]


def test_other_players_kongs_are_settled_and_a_winner_who_left_takes_no_part():
    result = score("22244455577799m", seat="S", from_seat="E", already_won=["N"],
                   kongs=[{"seat": "W", "kind": "exposed", "fed_by": "E"}, {"seat": "E", "kind": "added"}])
    assert result.settlement.as_dict() == {"E": -8 - 2 + 2, "S": 8 - 1, "W": 2 - 1, "N": 0}


def test_an_exposed_kong_meld_with_no_source_is_fed_by_the_left_player():
    h = hand("[7777m3]222555m888p3m3m", seat="N", from_seat="W")
    h = replace(h, melds=(replace(h.melds[0], source=None),))
    result = get_ruleset("sichuan").score(h, options())
    assert result.settlement.as_dict() == {"E": 0, "S": 0, "W": -4 - 2, "N": 6}


def test_hujiao_zhuanyi_moves_only_the_discarders_last_kong():
    kongs = [{"seat": "S", "kind": "added"}, {"seat": "S", "kind": "concealed"}]
    result = score("123456789m2345p5p", seat="E", from_seat="S", after_kong=True, kongs=kongs)
    moved = [p for p in result.settlement.payments if p.why.startswith("呼叫转移")]
    assert [(p.payer, p.payee, p.amount) for p in moved] == [(Seat.S, Seat.E, 6)]


def test_hujiao_zhuanyi_without_a_listed_kong_leaves_a_note():
    result = score("123456789m2345p5p", seat="E", from_seat="S", after_kong=True)
    assert result.settlement.as_dict() == {"E": 2, "S": -2, "W": 0, "N": 0}
    assert any("呼叫转移" in n for n in result.extra["notes"])


def test_the_robbed_kong_pays_nothing_but_an_earlier_kong_of_the_same_player_does():
    kongs = [{"seat": "S", "kind": "concealed"}, {"seat": "S", "kind": "added"}]
    result = score("123456789m3455p2p", seat="E", from_seat="S", win="rob_kong", kongs=kongs)
    assert result.settlement.as_dict() == {"E": 2 - 2, "S": -2 + 6, "W": -2, "N": -2}


def test_dianganghua_applies_to_the_kong_the_context_names_never_to_the_order_of_the_melds():
    # which kong the replacement came from is explicit (replacement_kong), not "the last listed"
    for text in ("[6666p1][7777p5]234567m99m", "[7777p5][6666p1]234567m99m"):
        unnamed = score(text, options={"dianganghua": "dianpao"}, seat="S", win="self_drawn", kong_replacement=True)
        assert unnamed.extra["payers"] == ["E", "W", "N"]  # several kongs, none named: the winner's own
        fed = score(text, options={"dianganghua": "dianpao"}, seat="S", win="self_drawn", kong_replacement=True,
                    replacement_kong="6p")
        assert fed.extra["payers"] == ["E"] and "zimo_fan" not in [i.fan.id for i in fed.items]
        added = score(text, options={"dianganghua": "dianpao"}, seat="S", win="self_drawn", kong_replacement=True,
                      replacement_kong="7p")
        assert added.extra["payers"] == ["E", "W", "N"]


def test_a_single_fed_kong_is_the_replacement_kong_without_naming_it():
    result = score("[6666p1]234567m99m345m", options={"dianganghua": "dianpao"}, seat="S", win="self_drawn",
                   kong_replacement=True)
    assert result.extra["payers"] == ["E"]


def test_naming_a_kong_the_hand_does_not_have_is_an_error():
    with pytest.raises(ContextError, match="no kong of 5p"):
        score("[6666p1]234567m99m345m", seat="S", win="self_drawn", kong_replacement=True, replacement_kong="5p")


def test_gangshanghua_may_go_without_the_zimo_bonus():
    result = score("[6666p5]234567m34599p", options={"gangshanghua_zimo": False}, seat="S", win="self_drawn",
                   kong_replacement=True)
    assert "zimo_fan" not in [i.fan.id for i in result.items] and result.extra["payers"] == ["E", "W", "N"]


def test_kong_money_is_never_capped():
    result = score("[1111m1][3333m][4444p2][7777p3]9p9p", options={"cap": 4}, seat="E", win="self_drawn")
    assert result.settlement.as_dict()["E"] == 3 * 4 + 12
