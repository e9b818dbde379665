"""拉密 Rummikub rounds with the pool empty (ledger/rummikub.py): tied lowest racks share exactly what there is
to share, and the seed's literal reading (everyone minus their own rack) is an option."""

from __future__ import annotations

import pytest

from ledger import rummikub


def test_tied_lowest_racks_share_every_point_the_others_give():
    """9, 9, 20, 13: the two lowest share (20 − 9) + (13 − 9) = 15 — whole points, the odd one to the first of them
    in turn order from the round's first player (not 7 each, which lost a point)."""
    racks = ["=9", "=9", "=20", "=13"]
    assert rummikub.score_round(racks, None) == [8, 7, -20, -13]
    assert rummikub.score_round(racks, None, first=1) == [7, 8, -20, -13]
    assert rummikub.score_round(racks, None, first=2) == [8, 7, -20, -13]  # turn order 2, 3, 0, 1: 0 comes first
    assert rummikub.score_round(racks, None, simple=True) == [8, 7, 0, 0]


@pytest.mark.parametrize("first", range(4))
def test_three_tied_racks_share_the_sum_whatever_the_first_player(first):
    scores = rummikub.score_round(["5", "5", "5", "30"], None, first=first)
    assert sum(scores[:3]) == 25 and sorted(scores[:3]) == [8, 8, 9] and scores[3] == -30
    assert scores[first if first < 3 else 0] == 9  # the first tied player in turn order gets the odd point


def test_the_seeds_literal_empty_pool_is_everyone_minus_their_own_rack():
    """Seed 004 拉密: 若沒有勝利者，就是把每家剩下的牌的數字總和相比，數字愈少就代表負分愈少，所以他就是贏家."""
    assert rummikub.score_round([20, "=9", "=15", "=30"], None, "minus_rack") == [-20, -9, -15, -30]
    assert rummikub.score_round([20, "=9", "=15", "=30"], None, "minus_rack", simple=True) == [0, 0, 0, 0]
    assert rummikub.score_round([20, "=9", "=15", "=30"], None, "lowest") == [-20, 38, -15, -30]  # RK-B
    assert rummikub.score_round([20, "=9", "=15", "=30"], None, "none") == [0, 0, 0, 0]


def test_the_sheet_gives_the_odd_point_by_each_rounds_first_player():
    """The first player moves on each round, so two rounds with the same tie give the odd point to each."""
    from ledger import sheet

    table = {"kind": "rummikub", "system": "", "options": {}, "settings": {"empty_pool": "lowest"},
             "players": ["A", "B", "C", "D"]}
    tie = {"kind": "rummikub", "data": {"racks": ["=9", "=9", "=20", "=13"], "out": None}}
    built, _ = sheet.build(table, [tie, tie])
    assert [r.deltas for r in built.rows] == [[8, 7, -20, -13], [7, 8, -20, -13]]
    assert built.totals == [15, 15, -40, -26]


@pytest.mark.django_db
def test_a_table_may_choose_the_seeds_reading_of_the_empty_pool(client):
    import json

    def api(method, url, body, status):
        response = getattr(client, method)(url, data=json.dumps(body), content_type="application/json")
        assert response.status_code == status, response.content.decode()[:500]
        return response.json()

    made = api("post", "/api/v1/tables", {"kind": "rummikub", "players": ["A", "B", "C", "D"],
                                          "settings": {"empty_pool": "minus_rack"}}, 201)
    assert made["table"]["settings"]["empty_pool"] == "minus_rack"
    state = api("post", f"/api/v1/tables/{made['links']['edit_token']}/entries",
                {"kind": "rummikub", "data": {"racks": [20, "=9", "=15", "=30"]}}, 201)
    assert state["totals"] == [-20, -9, -15, -30]
