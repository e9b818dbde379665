"""ledger/rounds.py: 血战/血流 rounds settled through the engine, event by event, and the sheet around them."""

from __future__ import annotations

import pytest

from ledger import rounds, sheet

H1 = "11m234m567m789m55p5p"  # 平胡: 1 on a discard, 2 self-drawn
READY = "11m234m567m789m55p"


def deltas(settled, n=4):
    out = [0] * n
    for line in settled.lines:
        out[line.payer] -= line.amount
        out[line.payee] += line.amount
    return out


def win(player, how="discard", frm=None, **flags):
    return {"type": "win", "player": player, "hand": H1, "win": how, **({"from": frm} if frm is not None else {}),
            **flags}


@pytest.mark.parametrize("system", ["sichuan", "sichuan-3p", "sichuan-6p"])
def test_the_stand_in_hands_are_what_they_stand_for(system):
    from rulesets.notation import parse_hand
    from rulesets.sichuan import VARIANTS, is_flower_pig

    variant = VARIANTS[system]
    stand_ins = rounds.STAND_INS[(variant.two_suits, variant.hand_size - 1)]
    assert rounds.best_wait(system, {}, stand_ins["not_ready"]) is None
    assert not is_flower_pig(parse_hand(stand_ins["not_ready"]))
    assert ("pig" in stand_ins) == variant.flower_pig
    if variant.flower_pig:
        assert is_flower_pig(parse_hand(stand_ins["pig"]))


def test_a_two_suit_table_settles_a_wall_end_and_has_no_flower_pig():
    ready = "11p234p567p789p55s"
    events = [{"type": "wall_end", "players": [{"player": 0, "state": "ready", "hand": ready},
                                               {"player": 1, "state": "not_ready"},
                                               {"player": 2, "state": "not_ready"}]}]
    assert deltas(rounds.settle_round("sichuan-3p", {}, events, 0), 3) == [2, -1, -1]
    in_mp = [{"type": "wall_end", "players": [{"player": 0, "state": "ready", "hand": "11m234m567m789m55p"},
                                              {"player": 1, "state": "not_ready"},
                                              {"player": 2, "state": "not_ready"}]}]
    assert deltas(rounds.settle_round("sichuan-3p", {"suits": "mp"}, in_mp, 0), 3) == [2, -1, -1]
    pig = [{"type": "wall_end", "players": [{"player": p, "state": "pig"} for p in range(3)]}]
    with pytest.raises(rounds.RoundError, match="no 花猪"):
        rounds.settle_round("sichuan-3p", {}, pig, 0)


REFUND_ROUND = [{"type": "kong", "player": 1, "kind": "concealed"}, win(0, "self_drawn"),
                {"type": "wall_end", "players": [{"player": 1, "state": "not_ready"},
                                                 {"player": 2, "state": "ready", "hand": READY},
                                                 {"player": 3, "state": "ready", "hand": READY}]}]


def test_refunds_reach_players_who_left_only_when_the_table_says_so():
    kept = deltas(rounds.settle_round("sichuan", {}, REFUND_ROUND, 0, refund_policy="still_in"))
    everyone = deltas(rounds.settle_round("sichuan", {}, REFUND_ROUND, 0, refund_policy="all"))
    # S's 暗杠 6; E 自摸 2 from each; S not ready: refunds W and N (and E only with "all"), pays 查大叫 1 to W and N
    assert kept == [-2 + 6, 6 - 2 - 4 - 2, -2 - 2 + 2 + 1, -2 - 2 + 2 + 1]
    assert everyone == [kept[0] + 2, kept[1] - 2, kept[2], kept[3]]


def test_the_default_refund_policy_refunds_every_original_payer():
    """rules/sichuan.md §6.6 退税: "Default: refund to the original payers" — E, who won and left, gets back the 2 it
    paid for S's 暗杠, by default and on a table whose settings name no policy."""
    everyone = [-2 + 6 + 2, 6 - 2 - 6 - 2, -2 - 2 + 2 + 1, -2 - 2 + 2 + 1]
    assert deltas(rounds.settle_round("sichuan", {}, REFUND_ROUND, 0)) == everyone
    table = {"kind": "mahjong", "system": "sichuan", "options": {}, "settings": {}, "players": ["A", "B", "C", "D"]}
    assert sheet.build(table, [{"kind": "round", "data": {"events": REFUND_ROUND}}])[0].totals == everyone


def test_hujiao_refund_gives_the_kong_money_back_to_its_payers():
    events = [{"type": "kong", "player": 2, "kind": "concealed"}, win(1, frm=2, after_kong=True)]
    moved = deltas(rounds.settle_round("sichuan", {}, events, 0))
    back = deltas(rounds.settle_round("sichuan", {"hujiao": "refund"}, events, 0))
    assert moved == [-2, -2 + 2 + 6, 6 - 2 - 6, -2]
    assert back == [0, 2, -2, 0]


def test_yipao_duoxiang_off_the_first_after_the_discarder_wins_alone():
    events = [{"type": "multi", "from": 0, "wins": [{"player": 3, "hand": H1}, {"player": 2, "hand": H1}]}]
    both = rounds.settle_round("sichuan", {}, events, 0)
    alone = rounds.settle_round("sichuan", {"yipao_duoxiang": False}, events, 0)
    assert deltas(both) == [-2, 0, 1, 1] and both.first_multi_from == 0
    assert deltas(alone) == [-1, 0, 1, 0] and alone.winners == [2] and alone.first_multi_from is None


def test_hujiao_multi_gives_each_winner_the_kong_money():
    events = [{"type": "kong", "player": 0, "kind": "exposed", "fed_by": 1},
              {"type": "multi", "from": 0, "after_kong": True,
               "wins": [{"player": 2, "hand": H1}, {"player": 3, "hand": H1}]}]
    kept = deltas(rounds.settle_round("sichuan", {}, events, 0))
    moved = deltas(rounds.settle_round("sichuan", {"hujiao_multi": True}, events, 0))
    assert kept == [2 - 2 - 2, -2, 2, 2]
    assert moved == [kept[0] - 4, -2, 4, 4]


def test_in_xueliu_a_winner_stays_in_and_wins_again():
    events = [win(1, "self_drawn"), win(1, "self_drawn")]
    with pytest.raises(rounds.RoundError, match="already won"):
        rounds.settle_round("sichuan", {}, events, 0)
    settled = rounds.settle_round("sichuan-xueliu", {}, events, 0)
    assert deltas(settled) == [-4, 12, -4, -4]


def test_a_robbed_added_kong_pays_nothing():
    events = [{"type": "kong", "player": 1, "kind": "added"},
              {"type": "win", "player": 2, "hand": "11m234m567m789m45p6p", "win": "rob_kong", "from": 1}]
    assert deltas(rounds.settle_round("sichuan", {}, events, 0)) == [0, -2, 2, 0]


def test_a_state_the_tiles_contradict_is_refused():
    events = [{"type": "wall_end", "players": [{"player": 0, "state": "not_ready", "hand": READY},
                                               {"player": 1, "state": "not_ready"},
                                               {"player": 2, "state": "not_ready"},
                                               {"player": 3, "state": "not_ready"}]}]
    with pytest.raises(rounds.RoundError, match="ready"):
        rounds.settle_round("sichuan", {}, events, 0)


def test_a_missing_player_at_the_wall_end_is_named():
    events = [{"type": "wall_end", "players": [{"player": 0, "state": "not_ready"}]}]
    with pytest.raises(rounds.RoundError, match="every player still in: 2, 3, 4"):
        rounds.settle_round("sichuan", {}, events, 0)


def test_a_three_player_table_has_three_seats():
    events = [{**win(2, "self_drawn"), "hand": "11p234p567p789p55s5s"}]
    settled = rounds.settle_round("sichuan-3p", {}, events, 1)
    assert deltas(settled, 3) == [-2, -2, 4]


TABLE = {"kind": "mahjong", "system": "sichuan", "options": {}, "settings": {}, "players": ["A", "B", "C", "D"]}


def _entry(events):
    return {"kind": "round", "data": {"events": events}, "snapshot": {}}


def test_a_kept_snapshot_is_not_rescored_and_recompute_says_what_the_engine_gives_now(monkeypatch):
    entries = [_entry([win(1, "self_drawn")])]
    built, snaps = sheet.build(TABLE, entries)
    assert built.totals == [-2, 6, -2, -2]
    entries[0]["snapshot"] = snaps[0]

    def broken(*args, **kwargs):
        raise AssertionError("a kept snapshot was scored again")

    monkeypatch.setattr(sheet, "settle", broken)
    again, _ = sheet.build(TABLE, entries)
    assert again.totals == [-2, 6, -2, -2]
    monkeypatch.undo()
    snaps[0]["deltas"] = [0, 0, 0, 0]  # as if an older engine had scored it otherwise
    entries[0]["snapshot"] = snaps[0]
    assert sheet.build(TABLE, entries)[0].totals == [0, 0, 0, 0]
    assert sheet.build(TABLE, entries, fresh=True)[0].totals == [-2, 6, -2, -2]


def test_an_edit_before_a_round_moves_the_deal_and_resettles_what_follows():
    first = _entry([win(1, "self_drawn")])
    second = _entry([win(2, "discard", frm=3), win(0, "self_drawn")])
    built, snaps = sheet.build(TABLE, [first, second])
    assert [r.dealer for r in built.rows] == [0, 1] and built.dealer == 2
    first["snapshot"], second["snapshot"] = snaps
    edited = _entry([win(3, "self_drawn")])
    rebuilt, _ = sheet.build(TABLE, [edited, second])
    assert [r.dealer for r in rebuilt.rows] == [0, 3]
    assert rebuilt.rows[1].snapshot["key"] != snaps[1]["key"]  # settled again under its new dealer


def test_an_entry_an_edit_made_impossible_is_kept_and_counts_nothing():
    first = _entry([win(1, "self_drawn")])
    heavenly = {"kind": "hand", "data": {"hand": H1, "player": 1, "win": "self_drawn", "heavenly": True},
                "snapshot": {}}  # 天胡 by B, who deals after round 1
    built, _ = sheet.build(TABLE, [first, heavenly])
    assert not built.rows[1].error
    built, _ = sheet.build(TABLE, [_entry([win(2, "self_drawn")]), heavenly])  # round 1 edited: C deals now
    assert built.rows[1].error and built.rows[1].deltas == [0, 0, 0, 0]
    assert built.totals == [-2, -2, 6, -2]


def test_a_system_with_the_settle_round_capability_settles_several_wins_on_one_discard():
    hand = "22m234m567m789m55p5p"  # 长沙 小胡 on a 2/5/8 pair
    events = [{"type": "multi", "from": 0, "wins": [{"player": 1, "hand": hand}, {"player": 3, "hand": hand}]}]
    assert rounds.has_rounds("changsha") and not rounds.has_rounds("guobiao")
    settled = rounds.settle_round("changsha", {}, events, 0)
    from rulesets.engine import evaluate

    def alone(seat):  # each winner is paid in full by the discarder, as if they had won alone
        return evaluate(hand, "changsha", {"seat": seat, "win": "discard", "from_seat": "E"})["results"][0]["payouts"]

    south, north = alone("S"), alone("N")
    assert deltas(settled) == [south["E"] + north["E"], south["S"], 0, north["N"]]
    assert settled.first_multi_from == 0 and settled.winners == [1, 3]
    table = {**TABLE, "system": "changsha"}
    built, _ = sheet.build(table, [_entry(events)])
    assert built.dealer == 0  # 通炮: the discarder deals next
    with pytest.raises(rounds.RoundError, match="only at 四川"):
        rounds.settle_round("changsha", {}, [{"type": "kong", "player": 0, "kind": "concealed"}], 0)



def test_an_entry_that_cannot_be_settled_keeps_its_reason_in_both_languages():
    table = {"kind": "mahjong", "system": "sichuan", "options": {}, "players": ["A", "B", "C", "D"], "settings": {}}
    wall = {"type": "wall_end", "players": [{"player": 0, "state": "not_ready"}]}
    built, snaps = sheet.build(table, [{"kind": "round", "data": {"events": [wall]}}])
    row = built.rows[0]
    assert row.error == "event 1: wall end: give the state of every player still in: 2, 3, 4"
    assert row.error_zh == snaps[0]["error_zh"] == "第 1 个事件：流局：请给出每个还在局中的玩家的状态：2、3、4"
    with pytest.raises(rounds.RoundError) as caught:  # the ledger's own words come in both languages too
        rounds.settle_round("sichuan", {}, [{"type": "nonsense"}], 0)
    assert (str(caught.value), caught.value.render("zh-hans")) == (
        "event 1: unknown event type 'nonsense'", "第 1 个事件：未知的事件类型 'nonsense'")
