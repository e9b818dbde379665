"""The ledger's pages: create a table, add hands, drawn games and rounds, edit, delete, undo, read."""

from __future__ import annotations

import pytest

from ledger.models import Table

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p


def post(client, table, **data):
    data.setdefault("version", Table.objects.get(pk=table.pk).version)
    return client.post(f"/t/{table.edit_token}/change", data)


def totals(table):
    from ledger.service import sheet_of

    return sheet_of(Table.objects.get(pk=table.pk)).totals


def test_the_new_table_page_creates_a_table_with_two_different_tokens(client, new_table):
    assert client.get("/t/new").status_code == 200
    table = new_table()
    assert table.players == ["Ann", "Bo", "Cy", "Di"]
    assert table.edit_token != table.read_token and len(table.edit_token) >= 24
    page = client.get(f"/t/{table.edit_token}/")
    assert page.status_code == 200
    assert table.read_token in page.content.decode()


def test_a_bad_new_table_gets_a_message_not_a_500(client):
    response = client.post("/t/new", {"kind": "mahjong", "system": "nonsense", "player0": "A"})
    assert response.status_code == 400
    assert "alert--error" in response.content.decode()
    response = client.post("/t/new", {"kind": "mahjong", "system": "gb", "player0": "A", "player1": "A",
                                      "player2": "B", "player3": "C"})
    assert response.status_code == 400


def test_adding_a_hand_moves_the_money_and_the_read_page_shows_it(client, new_table):
    table = new_table()
    response = post(client, table, action="add", kind="hand", hand=WIN, player="1", win="discard", **{"from": "2"})
    assert response.status_code == 302
    assert totals(table) == [0, 1, -1, 0]
    read = client.get(f"/t/r/{table.read_token}/")
    assert read.status_code == 200 and 'hx-trigger="every 3s"' in read.content.decode()


def test_the_polled_sheet_is_204_until_the_table_changes(client, new_table):
    table = new_table()
    url = f"/t/r/{table.read_token}/sheet"
    assert client.get(url, {"v": table.version}).status_code == 204
    post(client, table, action="add", kind="draw")
    changed = client.get(url, {"v": table.version})
    assert changed.status_code == 200 and "ledger-sheet" in changed.content.decode()


def test_a_bad_hand_gets_a_message_and_keeps_the_table(client, new_table):
    table = new_table()
    response = post(client, table, action="add", kind="hand", hand="1m2m", player="0", win="self_drawn")
    assert response.status_code == 400
    assert "alert--error" in response.content.decode()
    assert Table.objects.get(pk=table.pk).entries.count() == 0


def test_edit_delete_and_undo_recalculate_what_follows(client, new_table):
    table = new_table()
    post(client, table, action="add", kind="hand", hand=WIN, player="1", win="discard", **{"from": "2"})
    post(client, table, action="add", kind="hand", hand=WIN, player="0", win="discard", **{"from": "3"})
    assert totals(table) == [1, 1, -1, -1]
    assert client.get(f"/t/{table.edit_token}/e/1/").status_code == 200
    post(client, table, action="edit", position="1", kind="hand", hand=WIN, player="3", win="discard",
         **{"from": "2"})
    assert totals(table) == [1, 0, -1, 0]
    post(client, table, action="delete", position="2")
    assert totals(table) == [0, 0, -1, 1]
    post(client, table, action="undo")
    assert totals(table) == [1, 0, -1, 0]


def test_a_stale_edit_is_refused_with_the_fresh_state(client, new_table):
    table = new_table()
    post(client, table, action="add", kind="draw")
    old = Table.objects.get(pk=table.pk).version
    post(client, table, action="add", kind="draw")
    response = post(client, table, action="delete", position="1", version=old)
    assert response.status_code == 409
    assert "Someone else changed this table" in response.content.decode() or "有人" in response.content.decode()
    assert Table.objects.get(pk=table.pk).entries.count() == 2


def test_a_stale_add_is_appended_after_the_other(client, new_table):
    table = new_table()
    old = table.version
    post(client, table, action="add", kind="draw")
    response = post(client, table, action="add", kind="draw", version=old)
    assert response.status_code == 302 and "note=merged" in response["Location"]
    assert Table.objects.get(pk=table.pk).entries.count() == 2


def test_a_bad_round_on_the_chinese_page_says_why_in_chinese(client, new_table):
    table = new_table()

    def add_round(lang, **rows):
        data = {"action": "add", "kind": "round", "version": Table.objects.get(pk=table.pk).version, **rows}
        return client.post(f"/t/{table.edit_token}/change", data, HTTP_ACCEPT_LANGUAGE=lang)

    def alert(page):
        assert page.status_code == 400
        return page.content.decode().split('id="ledger-error"')[1].split("</div>")[0]

    rows = {"e0_t": "self_drawn", "e0_p": "1", "e0_h": WIN, "e1_t": "kong", "e1_p": "1", "e1_k": "concealed"}
    said = alert(add_round("zh-hans", **rows))
    assert "第 2 个事件：杠：玩家 2 本局已经胡牌（血战：胡牌后就离场了）" in said and "already won" not in said
    assert "event 2: kong: player 2 has already won this round" in alert(add_round("en", **rows))
    missing = alert(add_round("zh-hans", e0_t="not_ready", e0_p="0"))  # the others' states are not given
    assert "第 1 个事件：流局：请给出每个还在局中的玩家的状态：2、3、4" in missing
    assert Table.objects.get(pk=table.pk).entries.count() == 0


def test_a_round_form_with_yipao_duoxiang_and_a_wall_end(client, new_table):
    table = new_table()
    rows = {
        "e0_t": "kong", "e0_p": "1", "e0_k": "concealed",
        "e1_t": "discard", "e1_p": "2", "e1_f": "0", "e1_h": WIN,
        "e2_t": "discard", "e2_p": "3", "e2_f": "0", "e2_h": WIN.replace("11m", "22m"), "e2_m": "1",
        "e3_t": "ready", "e3_p": "0", "e3_h": "11m234m567m789m55p",
        "e4_t": "not_ready", "e4_p": "1",
    }
    response = post(client, table, action="add", kind="round", **rows)
    assert response.status_code == 302, response.content.decode()[-3000:]
    # kong: S +6; C and D each +1 from A; 查大叫: B (not ready) pays A 1; 退税 (the default policy, rules/sichuan.md
    # §6.6: to the original payers): B gives back 2 to A, and to C and D, who have left
    assert totals(table) == [-2 + 1 - 1 - 1 + 2, 6 - 1 - 2 - 2 - 2, -2 + 1 + 2, -2 + 1 + 2]
    kept = new_table(refund_policy="still_in")
    assert post(client, kept, action="add", kind="round", **rows).status_code == 302
    assert totals(kept) == [-2 + 1 - 1 - 1 + 2, 6 - 1 - 2, -2 + 1, -2 + 1]  # only A, still in, is refunded
    from ledger.service import sheet_of

    assert sheet_of(Table.objects.get(pk=table.pk)).dealer == 0  # 一炮多响 first: the discarder deals


def test_unknown_tokens_are_404(client):
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/t/r/nope/").status_code == 404
    assert client.post("/t/nope/change", {"action": "undo"}).status_code == 404


def test_a_scored_hand_offers_add_to_table_which_goes_to_the_last_table_edited(client, new_table):
    code = "v1.11234567789m55p-5p~sichuan"
    for url in (f"/h/{code}", f"/?hand={code}"):
        page = client.get(url, follow=True).content.decode()
        assert "/t/add?hand=" in page, url
    fresh = client.get("/t/add", {"hand": code}).content.decode()
    assert "/t/new?hand=" in fresh
    table = new_table()
    client.get(f"/t/{table.edit_token}/")  # remembered by this browser
    offered = client.get("/t/add", {"hand": code}).content.decode()
    assert f"/t/{table.edit_token}/?hand=" in offered
    form = client.get(f"/t/{table.edit_token}/", {"hand": code}).content.decode()
    assert f'value="{code}"' in form


def test_a_new_table_made_from_a_hand_opens_with_the_hand_in_the_form(client):
    code = "v1.11234567789m55p-5p~sichuan"
    response = client.post("/t/new", {"kind": "mahjong", "system": "sichuan", "hand": code,
                                      **{f"player{i}": n for i, n in enumerate("ABCD")}})
    assert response.status_code == 302 and "hand=" in response["Location"]
    assert f'value="{code}"' in client.get(response["Location"]).content.decode()


def test_a_rummikub_table_through_the_pages_with_the_first_meld_checker(client):
    response = client.post("/t/new", {"kind": "rummikub", "player0": "A", "player1": "B", "player2": "C",
                                      "empty_pool": "lowest", "first_meld": "30"})
    assert response.status_code == 302
    table = Table.objects.get(kind="rummikub")
    assert table.players == ["A", "B", "C"]
    post(client, table, action="add", kind="rummikub", out="0", rack0="", rack1="5 7 J", rack2="=10")
    assert totals(table) == [52, -42, -10]
    bad = post(client, table, action="add", kind="rummikub", out="", rack0="x", rack1="1", rack2="2")
    assert bad.status_code == 400
    checked = client.get(f"/t/{table.edit_token}/", {"meld": "10 11 12 | J 5 5"}).content.decode()
    assert "48" in checked and 'id="meld-result"' in checked
    low = client.get(f"/t/{table.edit_token}/", {"meld": "1 2 3"}).content.decode()
    assert "alert--error" in low


def test_recompute_compares_without_changing_anything(client, new_table):
    table = new_table()
    post(client, table, action="add", kind="hand", hand=WIN, player="1", win="self_drawn")
    page = client.get(f"/t/r/{table.read_token}/", {"recompute": "1"}).content.decode()
    assert 'id="recomputed"' in page and "#1 (" not in page
    entry = Table.objects.get(pk=table.pk).entries.get()
    entry.snapshot = {**entry.snapshot, "deltas": [0, 0, 0, 0], "engine": "old"}  # as an older engine scored it
    entry.save()
    page = client.get(f"/t/r/{table.read_token}/", {"recompute": "1"}).content.decode()
    assert "#1 (" in page and "old" in page
    assert totals(table) == [0, 0, 0, 0]  # the kept snapshot still counts
    assert Table.objects.get(pk=table.pk).version == table.version + 1


def test_the_chart_is_svg(client, new_table):
    table = new_table()
    post(client, table, action="add", kind="hand", hand=WIN, player="1", win="self_drawn")
    chart = client.get(f"/t/r/{table.read_token}/chart.svg")
    assert chart["Content-Type"] == "image/svg+xml" and chart.content.count(b"<polyline") == 4


@pytest.mark.parametrize("data", [
    {"action": "edit", "position": "9", "kind": "draw"}, {"action": "delete", "position": "x"},
    {"action": "explode"}, {"action": "add", "kind": "round", "e0_t": "bogus"},
    {"action": "add", "kind": "round", "e0_t": "discard", "e0_p": "1", "e0_f": "0", "e0_h": WIN, "e0_m": "1"},
    {"action": "add", "kind": "round", "e0_t": "ready", "e0_p": "0", "e1_t": "kong", "e1_p": "1"},
    {"action": "add", "kind": "round"}, {"action": "add", "kind": "hand", "player": "z", "hand": WIN},
    {"action": "add", "kind": "rummikub"}, {"action": "undo", "version": "abc"},
])
def test_bad_form_input_gets_a_message_never_a_500(client, new_table, data):
    table = new_table()
    response = post(client, table, **data)
    assert response.status_code in (400, 409)
    assert "alert--error" in response.content.decode()


def test_a_round_opens_in_its_form_and_an_edit_of_it_recalculates(client, new_table):
    table = new_table()
    rows = {"e0_t": "kong", "e0_p": "1", "e0_k": "exposed", "e0_f": "0",
            "e1_t": "discard", "e1_p": "2", "e1_f": "0", "e1_h": WIN,
            "e2_t": "discard", "e2_p": "3", "e2_f": "0", "e2_h": WIN, "e2_m": "1"}
    assert post(client, table, action="add", kind="round", **rows).status_code == 302
    assert totals(table) == [-2 - 2, 2, 1, 1]
    form = client.get(f"/t/{table.edit_token}/e/1/").content.decode()
    assert f'name="e1_h" maxlength="400" value="{WIN}"' in form
    assert 'name="e2_m" value="1" checked' in form and '<option value="exposed" selected>' in form
    rows["e2_t"] = ""  # C alone wins on A's discard
    assert post(client, table, action="edit", position="1", kind="round", **rows).status_code == 302
    assert totals(table) == [-2 - 1, 2, 1, 0]
    from ledger.service import sheet_of

    assert sheet_of(Table.objects.get(pk=table.pk)).dealer == 2


def test_add_to_table_fills_in_who_won_from_whom_from_the_code(client, new_table):
    table = new_table()
    post(client, table, action="add", kind="hand", hand=WIN, player="1", win="self_drawn")  # Bo deals next
    code = "v1.11234567789m55p-5p.EW.dN~sichuan"  # West wins on North's discard
    form = client.get(f"/t/{table.edit_token}/", {"hand": code}).content.decode()
    hand_form = form[form.index('id="add-hand"'):]
    assert '<option value="3" selected>Di</option>' in hand_form  # West: two after the dealer Bo
    assert '<option value="discard" selected>' in hand_form
    assert hand_form.count('<option value="0" selected>Ann</option>') == 1  # North: three after Bo
    assert client.get(f"/t/{table.edit_token}/", {"hand": "nonsense"}).status_code == 200

