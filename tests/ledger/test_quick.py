"""Quick entries (a hand without tiles) and adjustment lines: the API, the edit page's forms, the sheet.

Every expected amount is worked out here from the system's payment rule as its source states it."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.utils import translation

from ledger.models import Table

from .test_api import api, create

pytestmark = pytest.mark.django_db


def add(client, made, kind, data, status=201):
    return api(client, "post", f"/api/v1/tables/{made['links']['edit_token']}/entries", {"kind": kind, "data": data},
               status)


def test_a_guobiao_quick_entry_pays_as_mcr_says(client):
    """mcr.md §2.3: on a discard the discarder pays 8 + F, the others 8; self-drawn each pays 8 + F."""
    made = create(client, system="guobiao")
    after = add(client, made, "quick", {"wins": [{"player": 1, "win": "discard", "from": 2, "value": 10}]})
    assert after["totals"] == [-8, 34, -18, -8]
    after = add(client, made, "quick", {"wins": [{"player": 3, "win": "self_drawn", "value": 8}]})
    assert after["totals"] == [-24, 18, -34, 40]
    entry = after["entries"][-1]
    assert entry["kind"] == "quick" and entry["data"]["wins"][0]["value"] == 8


def test_a_sichuan_quick_round_wins_in_order_and_leaves_the_winners_out(client):
    """血战 (rules/sichuan.md §6): a 2-番 win on a discard pays 4 from the discarder; a later self-draw of 1 番 + 1 根
    (×4) is paid by the two players still in, and 自摸加番 is in the value as entered."""
    made = create(client, system="sichuan")
    after = add(client, made, "quick", {"wins": [
        {"player": 0, "win": "discard", "from": 1, "value": 2},
        {"player": 2, "win": "self_drawn", "value": 1, "fields": {"gen": 1}},
    ]})
    assert after["totals"] == [4, -8, 8, -4]
    # a player who left cannot win again in 血战
    refused = add(client, made, "quick", {"wins": [
        {"player": 0, "win": "self_drawn", "value": 0}, {"player": 0, "win": "self_drawn", "value": 0}]}, 400)
    assert refused["error"]["message"].startswith("event 2")


def test_one_discard_several_winners_quick(client):
    """一炮多响: each winner is paid by the discarder (2^番); the discarder deals next."""
    made = create(client, system="sichuan")
    after = add(client, made, "quick", {"wins": [
        {"player": 1, "win": "discard", "from": 3, "value": 1},
        {"player": 2, "win": "discard", "from": 3, "value": 3, "together": True}]})
    assert after["totals"] == [0, 2, 8, -10]
    assert after["dealer"] == 3


def test_fields_reach_the_systems_own_settlement(client):
    """台灣 (rules/taiwan.md §4): 底 100 + 每台 20 × (台 + 莊家 1 + 連 n 拉 n): the dealer (player 0, streak 2)
    self-draws 3 台: each pays 100 + 20 × (3 + 1 + 4) = 260."""
    made = create(client, system="taiwan")
    after = add(client, made, "quick", {"wins": [{"player": 0, "win": "self_drawn", "value": 3,
                                                  "fields": {"streak": 2}}]})
    assert after["totals"] == [780, -260, -260, -260]


def test_per_player_fields_are_given_by_player(client):
    """陕西 (rules/regional.md §4(c)): 1 × (1 + 庄 1 + both sides' cannons) × 点炮 1: player 1 wins 1 倍 on player 0's
    (the dealer's) discard, cannons 2 (winner) and 1 (discarder): 1 + 1 + 2 + 1 = 5."""
    made = create(client, system="shaanxi")
    after = add(client, made, "quick", {"wins": [{"player": 1, "win": "discard", "from": 0, "value": 1,
                                                  "fields": {"cannons": [1, 2, 0, 0]}}]})
    assert after["totals"] == [-5, 5, 0, 0]


@pytest.mark.parametrize("data, says", [
    ({"wins": []}, "wins"),
    ({"wins": [{"player": 9, "value": 1}]}, "wins[0].player"),
    ({"wins": [{"player": 1, "win": "discard", "from": 1, "value": 1}]}, "own discard"),
    ({"wins": [{"player": 1, "value": "x"}]}, "wins[0].value"),
    ({"wins": [{"player": 1, "value": 1, "fields": {"nope": 1}}]}, "no field 'nope'"),
    ({"wins": [{"player": 1, "value": 1, "fields": {"cannons": [1, 2]}}]}, "one whole number per player"),
    ({"wins": [{"player": 1, "value": 1}, {"player": 2, "value": 1}]}, "one hand"),
    ({"wins": [{"player": 1, "value": 1}, {"player": 2, "win": "discard", "from": 3, "value": 1,
                                            "together": True}]}, "same discard"),
])
def test_bad_quick_entries_are_refused_with_the_field_named(client, data, says):
    made = create(client, system="shaanxi")
    refused = add(client, made, "quick", data, 400)
    assert says in refused["error"]["message"], refused
    assert refused["error"]["message_zh"] and refused["error"]["key"]


def test_a_value_the_system_refuses_is_refused_in_both_languages(client):
    made = create(client, system="wenzhou")
    refused = add(client, made, "quick", {"wins": [{"player": 1, "value": 3}]}, 400)
    assert "value" in refused["error"]["message"] and refused["error"]["message_zh"]


def test_adjustments_are_zero_sum_unless_waived_with_a_note(client):
    made = create(client, system="guobiao")
    after = add(client, made, "adjust", {"amounts": [-30, 10, 10, 10], "note": "诈胡"})
    assert after["totals"] == [-30, 10, 10, 10]
    refused = add(client, made, "adjust", {"amounts": [50, 0, 0, 0]}, 400)
    assert "add up to 50" in refused["error"]["message"]
    refused = add(client, made, "adjust", {"amounts": [50, 0, 0, 0], "unbalanced": True}, 400)
    assert refused["error"]["key"] == "ledger.adjust.note_needed"
    after = add(client, made, "adjust", {"amounts": [50, 0, 0, 0], "unbalanced": True, "note": "buy-in"})
    assert after["totals"] == [20, 10, 10, 10]
    assert after["entries"][-1]["data"] == {"amounts": [50, 0, 0, 0], "note": "buy-in", "unbalanced": True}
    add(client, made, "adjust", {"amounts": [0, 0, 0, 0]}, 400)


def test_the_openapi_document_lists_the_new_kinds(client):
    doc = client.get("/api/v1/openapi.json").json()
    text = json.dumps(doc)
    assert "QuickEntry" in text and "Adjustment" in text and '"quick"' in text and '"adjust"' in text


# ---- the edit page -----------------------------------------------------------------------------------------


def _post(client, table, **fields):
    data = {"version": Table.objects.get(pk=table.pk).version, "action": "add", **fields}
    return client.post(f"/t/{table.edit_token}/change", data, HTTP_ACCEPT_LANGUAGE="en")


def _totals(table):
    from ledger.service import sheet_of

    return sheet_of(Table.objects.get(pk=table.pk)).totals


def test_the_page_offers_the_systems_quick_fields_in_its_language(client, new_table):
    table = new_table(system="changsha")
    page = unescape(client.get(f"/t/{table.edit_token}/").content.decode())
    assert 'id="quick-form"' in page and 'name="q0_units"' in page and 'name="q0_birds"' in page
    with translation.override("zh-hans"):
        page = unescape(client.get(f"/t/{table.edit_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode())
    assert "大胡个数" in page and "鸟牌" in page


def test_the_page_adds_a_quick_entry_and_an_adjustment(client, new_table):
    table = new_table(system="shaanxi")
    response = _post(client, table, kind="quick", q0_player="1", q0_win="discard", q0_from="0", q0_value="1",
                     q0_cannons_0="1", q0_cannons_1="2")
    assert response.status_code == 302, response.content.decode()[:3000]
    assert _totals(table) == [-5, 5, 0, 0]
    response = _post(client, table, kind="adjust", amount0="-3", amount1="1", amount2="1", amount3="1", note="包牌")
    assert response.status_code == 302
    assert _totals(table) == [-8, 6, 1, 1]
    page = unescape(client.get(f"/t/{table.edit_token}/").content.decode())
    assert "包牌" in page
    edit = unescape(client.get(f"/t/{table.edit_token}/e/1/").content.decode())
    assert re.search(r'name="q0_cannons_1"[^>]*value="2"', edit)


def test_a_bad_form_says_why_and_keeps_what_was_typed(client, new_table):
    table = new_table(system="shaanxi")
    response = _post(client, table, kind="adjust", amount0="5", amount1="1", note="")
    assert response.status_code == 400
    page = unescape(response.content.decode())
    assert "add up to 6" in page and re.search(r'name="amount0"[^>]*value="5"', page)
    response = _post(client, table, kind="quick", q0_player="1", q0_win="discard", q0_from="", q0_value="1")
    assert response.status_code == 400


def test_the_form_starts_with_the_dealers_streak(client, new_table):
    """台灣 (rules/taiwan.md §4): the dealer who wins keeps the deal; the next hand's form starts at 連 1, and the
    sheet counts it: the dealer (Ann) self-draws 0 台 at 連 1: each pays 100 + 20 × (0 + 1 + 2) = 160."""
    table = new_table(system="taiwan")
    page = unescape(client.get(f"/t/{table.edit_token}/").content.decode())
    assert re.search(r'name="q0_streak"[^>]*value="0"', page)
    assert _post(client, table, kind="quick", q0_player="0", q0_win="self_drawn", q0_value="0").status_code == 302
    assert _totals(table) == [360, -120, -120, -120]  # 100 + 20 × (0 + 莊家 1), 連 0
    page = unescape(client.get(f"/t/{table.edit_token}/").content.decode())
    assert re.search(r'name="q0_streak"[^>]*value="1"', page)
    assert _post(client, table, kind="quick", q0_player="0", q0_win="self_drawn", q0_value="0",
                 q0_streak="1").status_code == 302
    assert _totals(table) == [360 + 480, -280, -280, -280]


QUICK_ATOMS = [None, True, False, 0, 1, -1, 3, 8, 99, 10**7, 1.5, "", "0", "2", "x", "E", "3s9m", "discard",
               "self_drawn", "rob_kong", [], {}, [0, 1], [1, 2, 0, 0], {"0": 2}, "👀", "\x00"]
QUICK_KEYS = ["wins", "player", "win", "from", "value", "fields", "together", "amounts", "note", "unbalanced", "gen",
              "streak", "cannons", "birds", "units", "maidi", "caishen", "liable", "openings", "big", "baoting"]


def _junk(depth=0):
    """Any JSON of the quick entry's words and odd values, nested a few levels."""
    from hypothesis import strategies as st

    if depth > 2:
        return st.sampled_from(QUICK_ATOMS)
    inner = st.deferred(lambda: _junk(depth + 1))
    return st.one_of(st.sampled_from(QUICK_ATOMS), st.lists(inner, max_size=4),
                     st.dictionaries(st.sampled_from(QUICK_KEYS), inner, max_size=5))


def test_random_quick_and_adjust_bodies_get_a_4xx_or_go_in(client):
    """No quick or adjustment body crashes the ledger, at a table of each system: 201 or a 400 with a message."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from rulesets.registry import all_rulesets

    tables = {r.id: create(client, system=r.id, players=["a", "b", "c", "d", "e", "f"][:r.players])["links"]
              for r in all_rulesets()}

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(system=st.sampled_from(sorted(tables)), kind=st.sampled_from(["quick", "adjust"]),
           data=_junk(), wins=st.lists(st.dictionaries(st.sampled_from(QUICK_KEYS),
                                                                  st.sampled_from(QUICK_ATOMS)), max_size=3))
    def check(system, kind, data, wins):
        body = {"kind": kind, "data": data if not isinstance(data, dict) or kind == "adjust" else
                {**data, "wins": wins}}
        response = client.post(f"/api/v1/tables/{tables[system]['edit_token']}/entries", data=json.dumps(body),
                                content_type="application/json")
        assert response.status_code in (201, 400), (body, response.content[:300])
        if response.status_code == 400:
            error = response.json()["error"]
            assert error["message"] and error["message_zh"], body

    check()
