"""The engine's errors on a ledger page in the table's own word: 胡 at a 四川 table (简体 and 繁體), 和 at a
国标 one (rulesets.messages.render with ``hu``; ledger/words.py ``spoken_hu``)."""

from __future__ import annotations

import pytest

from ledger.models import Table

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"
WAITING = "11m234m567m789m55p"  # 13 tiles: not a win


def _alert(page):
    assert page.status_code == 400
    return page.content.decode().split('id="ledger-error"')[1].split("</div>")[0]


def _add(client, table, lang, **data):
    data = {"action": "add", "version": Table.objects.get(pk=table.pk).version, **data}
    return client.post(f"/t/{table.edit_token}/change", data, HTTP_ACCEPT_LANGUAGE=lang)


ROUND = {"kind": "round", "e0_t": "self_drawn", "e0_p": "1", "e0_h": WIN, "e1_t": "kong", "e1_p": "1",
         "e1_k": "concealed"}


def test_a_sichuan_tables_refused_round_says_hu_in_both_scripts(client, new_table):
    table = new_table("sichuan")
    said = _alert(_add(client, table, "zh-hans", **ROUND))
    assert "第 2 个事件：杠：玩家 2 本局已经胡牌（血战：胡牌后就离场了）" in said and "和" not in said
    hant = _alert(_add(client, table, "zh-hant", **ROUND))
    assert "本局已經胡牌（血戰：胡牌後就離場了）" in hant and "和" not in hant
    assert "player 2 has already won this round" in _alert(_add(client, table, "en", **ROUND))


def test_a_hand_error_says_each_tables_word(client, new_table):
    hand = {"kind": "hand", "hand": WAITING, "player": "0", "win": "self_drawn"}
    sichuan = _alert(_add(client, new_table("sichuan"), "zh-hans", **hand))
    guobiao = _alert(_add(client, new_table("guobiao"), "zh-hans", **hand))
    assert "听牌（还没有胡张）：胡 " in sichuan and "和" not in sichuan
    assert "听牌（还没有和张）：和 " in guobiao and "胡" not in guobiao


def test_the_apis_round_error_says_hu_at_a_sichuan_table(client, new_table):
    table = new_table("sichuan")
    body = {"kind": "round", "data": {"events": [{"type": "win", "player": 1, "hand": WIN, "win": "self_drawn"},
                                                 {"type": "kong", "player": 1, "kind": "concealed"}]}}
    response = client.post(f"/api/v1/tables/{table.edit_token}/entries", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message_zh"] == "第 2 个事件：杠：玩家 2 本局已经胡牌（血战：胡牌后就离场了）"
