"""ledger/rounds.py as an adapter: positions ↔ seats, JSON events → the engine's round, its errors in the
ledger's words (the round itself is the engine's: tests/sichuan/test_rounds.py, tests/rulesets/test_rounds.py)."""

from __future__ import annotations

import pytest

from ledger import rounds

H1 = "11m234m567m789m55p5p"


def test_the_engines_seats_are_the_tables_positions_from_the_dealer_on():
    # player 2 deals (E); player 0 sits at W and wins self-drawn: the three others pay 2 each
    settled = rounds.settle_round("sichuan", {}, [{"type": "win", "player": 0, "hand": H1, "win": "self_drawn"}], 2)
    assert sorted((line.payer, line.payee, line.amount) for line in settled.lines) == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    assert settled.winners == [0] and settled.results[0]["hand"].startswith("v1.")


def test_an_engine_error_names_the_players_by_their_numbers_in_table_order():
    events = [{"type": "wall_end", "players": [{"player": 1, "state": "not_ready"}]}]
    missing = "^event 1: wall end: give the state of every player still in: 1, 3, 4$"  # seats N, E, S at dealer 2
    with pytest.raises(rounds.RoundError, match=missing):
        rounds.settle_round("sichuan", {}, events, 2)
    twice = [{"type": "win", "player": 3, "hand": H1, "win": "self_drawn"},
             {"type": "kong", "player": 3, "kind": "concealed"}]
    with pytest.raises(rounds.RoundError, match=r"^event 2: kong: player 4 has already won this round \(血战"):
        rounds.settle_round("sichuan", {}, twice, 1)


def test_a_win_with_a_kong_meld_books_the_hands_own_lines():
    events = [{"type": "kong", "player": 1, "kind": "concealed"},
              {"type": "win", "player": 1, "hand": "[2222m]345m678m34p5p55p", "win": "self_drawn"}]
    win_lines = rounds.settle_round("sichuan", {}, events, 0).lines[3:]
    assert [line.amount for line in win_lines] == [4, 4, 4]
    assert all(line.why.startswith("自摸") for line in win_lines)


def test_a_tongpao_after_a_kong_reaches_the_hands_of_a_changsha_table():
    wins = [{"player": 1, "hand": "22m234m567m789m55p5p"}, {"player": 3, "hand": "22m234m567m789m55p5p"}]
    plain = rounds.settle_round("changsha", {}, [{"type": "multi", "from": 0, "wins": wins}], 0)
    after = rounds.settle_round("changsha", {}, [{"type": "multi", "from": 0, "after_kong": True, "wins": wins}], 0)
    assert [r["fans"][0]["id"] for r in plain.results] == ["xiaohu"] * 2
    assert [r["fans"][0]["id"] for r in after.results] == ["gangshangpao"] * 2
    assert after.first_multi_from == 0 and after.winners == [1, 3]
