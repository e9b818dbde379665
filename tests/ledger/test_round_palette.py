"""A round's hands with the palette: each row of the round form opens the calculator for that row, the round being
entered kept in the link, and "Back to the round" brings the scored hand into that row, nothing else lost; "Add a
row" draws one more row; and each row's hand is checked as it is typed."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core import signing

from ledger import round_draft
from ledger.models import Table
from rulesets.engine import build_request
from rulesets.sharecode import share_code

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p
QYS = "33m456m567m678m99m9m"  # 清一色
READY = "11m234m567m789m55p"  # ready on 1m/5p


def _page(client, url, lang="en"):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


def _rows(page):
    """Each row of the round form as drawn: {field: value} (the selected option of a select, a text's value)."""
    form = page[page.index('class="ledger-form ledger-round"'):]
    form = form[: form.index("</form>")]
    rows = []
    for i in range(24):
        if f'name="e{i}_t"' not in form:
            break
        row = {}
        for key in ("t", "p", "f", "k"):
            select = re.search(rf'<select name="e{i}_{key}"[^>]*>(.*?)</select>', form, re.S).group(1)
            chosen = re.search(r'<option value="([^"]*)" selected>', select)
            row[key] = chosen.group(1) if chosen else ""
        row["h"] = re.search(rf'name="e{i}_h"[^>]*?value="([^"]*)"', form).group(1)
        row.update({f: bool(re.search(rf'name="e{i}_{f}" value="1" checked', form)) for f in ("m", "ak", "ks", "lt")})
        rows.append(row)
    return rows


def _round(table, **rows):
    return {"version": Table.objects.get(pk=table.pk).version, "kind": "round", "shown": "2", **rows}


def test_a_new_round_shows_two_rows_and_add_a_row_keeps_what_was_typed(client, new_table):
    table = new_table()
    page = _page(client, f"/t/{table.edit_token}/")
    assert len(_rows(page)) == 2 and 'id="round-more"' in page and "More rows" not in page
    sent = _round(table, e0_t="kong", e0_p="2", e0_k="concealed", e1_t="discard", e1_p="1", e1_f="2", e1_h=WIN,
                  e1_ak="1", more="1")
    response = client.post(f"/t/{table.edit_token}/round", sent)
    assert response.status_code == 302 and response["Location"].endswith("#add-round")
    rows = _rows(_page(client, response["Location"]))
    assert len(rows) == 3
    assert rows[0] == {"t": "kong", "p": "2", "f": "", "k": "concealed", "h": "", "m": False, "ak": False,
                       "ks": False, "lt": False}
    assert rows[1] == {"t": "discard", "p": "1", "f": "2", "k": "", "h": WIN, "m": False, "ak": True, "ks": False,
                       "lt": False}
    assert rows[2]["t"] == "" and rows[2]["h"] == ""
    assert Table.objects.get(pk=table.pk).entries.count() == 0  # nothing written


def test_a_rows_palette_opens_the_calculator_for_that_row_and_the_hand_comes_back_into_it(client, new_table):
    table = new_table(system="sichuan", options="cap=8")
    sent = _round(table, e0_t="self_drawn", e0_p="1", e0_h=WIN, e1_t="discard", e1_p="2", e1_f="3", palette="1")
    response = client.post(f"/t/{table.edit_token}/round", sent)
    assert response.status_code == 302
    link = response["Location"]
    query = parse_qs(urlsplit(link).query)
    # the table's system, house rules and seats (Ann deals: at E); the row's winner Cy at W on Di's (N) discard;
    # Bo (S) won in the row above and has left (血战)
    assert query["rules"] == ["sichuan"] and query["hr-sichuan"] == ["cap-8"] and query["seats"] == ["Ann,Bo,Cy,Di"]
    assert (query["seat"], query["win"], query["from_seat"], query["already_won"]) == (["W"], ["discard"], ["N"],
                                                                                       ["S"])
    assert query["row"] == ["1"] and "at" not in query and "hand" not in query
    # the calculator keeps the round and the row through every tap, and "Back to the round" carries them
    code = share_code(build_request(QYS, ["sichuan"], {"seat": "W", "from_seat": "N", "already_won": ["S"]}).hand,
                      ["sichuan"])
    calc = _page(client, link + "&hand=" + code)
    assert f'<input type="hidden" name="round" value="{query["round"][0]}">' in calc
    assert '<input type="hidden" name="row" value="1">' in calc
    back = re.search(r'class="add-to-table"><a class="btn" href="([^"]+)">Back to the round</a>', calc).group(1)
    code = parse_qs(urlsplit(back).query)["hand"][0]  # the calculator's own code: the table's house rules in it
    assert code.startswith("v1.3345566677899m-9m.EW.dN.oS~sichuan")  # Cy at W on Di's (N) discard, Bo (S) out
    client.cookies["ledger_table"] = table.edit_token
    add = _page(client, back)
    to_round = re.search(r'id="back-to-round" href="([^"]+)"', add).group(1)
    assert to_round.endswith("#add-round")
    rows = _rows(_page(client, to_round))
    assert rows[0]["t"] == "self_drawn" and rows[0]["p"] == "1" and rows[0]["h"] == WIN  # nothing else lost
    assert (rows[1]["t"], rows[1]["p"], rows[1]["f"], rows[1]["h"]) == ("discard", "2", "3", code)
    # the round then goes in as typed, the palette's hand with it
    page = _page(client, to_round)
    fields = {"version": re.search(r'name="version" value="(\d+)"', page[page.index("ledger-round"):]).group(1),
              "kind": "round", "action": "add", "e0_t": "self_drawn", "e0_p": "1", "e0_h": WIN,
              "e1_t": "discard", "e1_p": "2", "e1_f": "3", "e1_h": code}
    assert client.post(f"/t/{table.edit_token}/change", fields).status_code == 302
    entry = Table.objects.get(pk=table.pk).entries.get()
    assert [e["hand"] for e in entry.data["events"]] == [WIN, code]


def test_a_ready_row_at_the_wall_keeps_its_state_and_takes_the_tiles(client, new_table):
    table = new_table()
    sent = _round(table, e0_t="self_drawn", e0_p="1", e0_h=WIN, e1_t="ready", e1_p="2", e2_t="not_ready", e2_p="3",
                  shown="3", palette="1")
    link = client.post(f"/t/{table.edit_token}/round", sent)["Location"]
    query = parse_qs(urlsplit(link).query)
    assert query["seat"] == ["W"] and "win" not in query  # a ready hand: the seat, no win
    back = f"/t/{table.edit_token}/?" + urlsplit(link).query + "&hand=" + READY
    rows = _rows(_page(client, back))
    assert [(r["t"], r["p"], r["h"]) for r in rows[:3]] == [("self_drawn", "1", WIN), ("ready", "2", READY),
                                                          ("not_ready", "3", "")]


def test_changing_a_round_with_the_palette_comes_back_to_that_entry(client, new_table):
    table = new_table()
    fields = {"version": table.version, "kind": "round", "action": "add", "e0_t": "self_drawn", "e0_p": "1",
              "e0_h": WIN}
    assert client.post(f"/t/{table.edit_token}/change", fields).status_code == 302
    page = _page(client, f"/t/{table.edit_token}/e/1/")
    assert 'name="palette" value="0"' in page
    version = Table.objects.get(pk=table.pk).version
    link = client.post(f"/t/{table.edit_token}/round", {**fields, "action": "", "position": "1",
                                                        "version": version, "palette": "0"})["Location"]
    code = share_code(build_request(QYS, ["sichuan"], {"seat": "S"}).hand, ["sichuan"])
    page = _page(client, f"/t/{table.edit_token}/?" + urlsplit(link).query + "&hand=" + code)
    assert "Change entry 1" in page and '<input type="hidden" name="position" value="1">' in page
    assert _rows(page)[0]["h"] == code


def test_a_draft_that_was_not_signed_here_is_ignored(client, new_table):
    table = new_table()
    forged = signing.dumps({"r": [{"t": "kong"}]}, salt="another", compress=True)
    for bad in (forged, "x" * 7000, "<script>", ""):
        page = _page(client, f"/t/{table.edit_token}/?" + f"round={bad}&row=0&hand={WIN}")
        assert "ledger-error" not in page
    assert round_draft.unpack(forged) is None and round_draft.unpack("x" * 7000) is None
    # a draft that is signed but odd inside is read as far as it goes
    odd = signing.dumps({"r": [{"t": "kong", "zzz": 1}, "not a row"], "n": 999, "e": "1", "v": True},
                        salt=round_draft.SALT, compress=True)
    draft = round_draft.unpack(odd)
    assert draft == round_draft.Draft([{"t": "kong"}], 1, None, None)


def test_a_bad_row_kind_to_the_palette_is_kept_as_typed_and_refused_when_sent(client, new_table):
    table = new_table()
    link = client.post(f"/t/{table.edit_token}/round", _round(table, e0_t="nonsense", palette="0"))["Location"]
    page = _page(client, f"/t/{table.edit_token}/?" + urlsplit(link).query)
    assert len(_rows(page)) >= 1  # drawn again; the unknown kind is no option, so the row shows "—"
    assert client.post(f"/t/{table.edit_token}/round", {"palette": "0"}).status_code == 302  # an empty form too
    assert client.get(f"/t/{table.edit_token}/round").status_code == 405
    assert client.post("/t/nosuchtoken/round", {"more": "1"}).status_code == 404


def test_each_rows_hand_is_checked_as_it_is_typed(client, new_table):
    table = new_table()
    url = f"/t/{table.edit_token}/round/check"

    def check(lang="en", **fields):
        response = client.get(url, fields, HTTP_ACCEPT_LANGUAGE=lang, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        return unescape(response.content.decode())

    assert "Legal win · 0 番" in check(row="0", e0_h=WIN, e0_t="discard")
    assert "胡牌 · 3 番" in check("zh-hans", row="1", e1_h=QYS, e1_t="self_drawn")  # 清一色 2, 自摸加番 1; 胡
    assert "ready: best wait" in check(row="2", e2_h=READY, e2_t="ready")
    assert "not ready" in check(row="0", e0_h="1m2m4m5m7m8m1p2p4p5p7p8p9p", e0_t="ready")
    bad = check(row="0", e0_h="11m2x", e0_t="discard")
    assert 'class="bad"' in bad and "'x'" in bad
    assert 'class="bad"' in check(row="0", e0_h="11m234m567m789m55p6p", e0_t="discard")  # no win
    assert "Read as" in check(row="0", e0_h="[555p3]11m234m567mPP", e0_t="")  # read back, nothing more asked
    assert check(row="0", e0_h="") .strip() == ""
    assert check(row="99", e0_h=WIN).strip() == ""
    page = _page(client, f"/t/{table.edit_token}/")
    assert f'hx-get="{url}"' in page and 'id="e0-check"' in page and 'id="round-hand-hint"' in page


def test_a_ready_hand_in_the_calculator_goes_back_to_its_row(client, new_table):
    table = new_table()
    sent = _round(table, e0_t="ready", e0_p="2", palette="0")
    link = client.post(f"/t/{table.edit_token}/round", sent)["Location"]
    calc = _page(client, link + "&hand=" + READY)
    back = re.search(r'class="add-to-table"><a class="btn" href="([^"]+)">Back to the round</a>', calc).group(1)
    assert parse_qs(urlsplit(back).query)["hand"] == [READY]  # the hand in the box
    client.cookies["ledger_table"] = table.edit_token
    to_round = re.search(r'id="back-to-round" href="([^"]+)"', _page(client, back)).group(1)
    assert [(r["t"], r["p"], r["h"]) for r in _rows(_page(client, to_round))][:1] == [("ready", "2", READY)]
    assert "Back to the round" not in _page(client, "/?rules=sichuan&hand=" + READY)  # not opened from a round


def test_a_round_too_long_for_a_link_is_kept_on_the_page_with_a_message(client, new_table):
    import random

    table = new_table()
    pick = random.Random(7)
    rows = {f"e{i}_h": "".join(pick.choice("123456789mps") for _ in range(400)) for i in range(24)}
    sent = _round(table, **{f"e{i}_t": "discard" for i in range(24)}, **rows, palette="3")
    response = client.post(f"/t/{table.edit_token}/round", sent, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    page = unescape(response.content.decode())
    assert "too long to carry to the calculator" in page
    assert [r["h"] for r in _rows(page)][:24] == [rows[f"e{i}_h"] for i in range(24)]  # nothing lost
