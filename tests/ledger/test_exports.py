"""The exports for people (ledger/exports.py): CSV and JSON in the table's language, a column per player's
result, the hand as its share code, its items in words, and no cell a spreadsheet would run."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.utils import translation

from ledger import exports
from ledger.models import Table

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p: 1 point on a discard at a 四川 table


def post(client, table, **data):
    data.setdefault("version", Table.objects.get(pk=table.pk).version)
    response = client.post(f"/t/{table.edit_token}/change", data)
    assert response.status_code == 302, response.content.decode()[:3000]


def read_csv(client, table, **query):
    response = client.get(f"/t/r/{table.read_token}/export.csv", query)
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.fixture
def played(client):
    """A 四川 table made on a 中文 page, its players named as spreadsheets would run them."""
    names = ("=1+1", "+Bo", "-Cy", "@Di")
    response = client.post("/t/new", {"kind": "mahjong", "system": "sichuan",
                                      **{f"player{i}": n for i, n in enumerate(names)}},
                           HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 302
    table = Table.objects.get(edit_token=response["Location"].split("/")[2])
    post(client, table, action="add", kind="hand", hand=WIN, player="1", win="discard", **{"from": "2"})
    post(client, table, action="add", kind="draw")
    post(client, table, action="add", kind="hand", hand=WIN, player="0", win="self_drawn")
    return Table.objects.get(pk=table.pk)


def test_a_table_keeps_the_language_it_was_made_in(played, client):
    assert played.settings["lang"] == "zh-hans"
    response = client.post("/t/new", {"kind": "mahjong", "system": "sichuan", "player0": "A", "player1": "B",
                                      "player2": "C", "player3": "D"}, HTTP_ACCEPT_LANGUAGE="en")
    assert Table.objects.get(edit_token=response["Location"].split("/")[2]).settings["lang"] == "en"


def test_the_csv_speaks_the_tables_language_headers_too(client, played):
    rows = read_csv(client, played, HTTP_ACCEPT_LANGUAGE="en")  # the reader's language does not change it
    header = rows[0]
    assert header[:4] == ["#", "种类", "庄", "经过"]
    assert header[4:8] == ["'=1+1 ±", "'+Bo ±", "'-Cy ±", "'@Di ±"]  # one column per player's result
    assert header[8:12] == ["'=1+1 累计", "'+Bo 累计", "'-Cy 累计", "'@Di 累计"]
    assert header[12:] == ["牌（分享码）", "番种", "收付明细", "引擎"]
    english = read_csv(client, played, lang="en")[0]
    assert english[:4] == ["#", "kind", "dealer", "what"] and english[8] == "'=1+1 total"
    assert english[12:] == ["hand (share code)", "items", "payments", "engine"]


def test_each_entry_in_words_with_its_share_code_and_items(client, played):
    rows = read_csv(client, played)
    first, draw, third, total = rows[1], rows[2], rows[3], rows[4]
    assert first[:4] == ["1", "一局", "'=1+1", "'+Bo 点炮胡（-Cy 放炮）"]  # 四川 says 胡; the cell is guarded
    assert first[4:8] == ["0", "1", "-1", "0"] and first[8:12] == ["0", "1", "-1", "0"]
    code = first[12]
    assert code.startswith("v1.") and code.endswith("~sichuan")
    assert client.get(f"/h/{code}").status_code == 200  # the share code opens the hand
    assert first[13] == "平胡 0番 = 0番"
    assert first[14] == "'-Cy → +Bo 1 · 点炮：平胡0番 = 0番 ×1，×底1 = 1"  # the payment in the engine's words
    assert draw[:4] == ["2", "荒庄", "'+Bo", "荒庄"] and draw[12:15] == ["", "", ""]
    # 自摸 at 四川 (自摸加番 by default): 平胡 doubled, 2 from each of the three others
    assert third[4:8] == ["6", "-2", "-2", "-2"] and third[8:12] == ["6", "-1", "-3", "-2"]
    assert total[1] == "合计" and total[4:8] == ["6", "-1", "-3", "-2"] == total[8:12]
    text = "\n".join(",".join(r) for r in rows)
    assert '"player"' not in text and "{" not in text  # no raw entry data, no player indices


def test_every_cell_a_spreadsheet_would_run_is_neutralised(client, played):
    for row in read_csv(client, played) + read_csv(client, played, lang="en"):
        for value in row:
            if value[:1] in ("=", "+", "@", "\t", "\r"):
                raise AssertionError(f"{value!r} would run as a formula")
            if value.startswith("-"):  # a negative number is a number
                assert value[1:].isdigit(), value
    assert [exports.cell(v) for v in ("=1+1", "+A", "-x", "@SUM(A1)", "\tx", "\rx", "x=1", -3, 0, "")] == \
        ["'=1+1", "'+A", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "x=1", -3, 0, ""]


def test_the_json_export_is_in_words_by_name(client, played):
    response = client.get(f"/t/r/{played.read_token}/export.json")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["table"]["language"] == "zh-hans" and data["table"]["system_name"].startswith("四川")
    first = data["entries"][0]
    assert first["kind"] == "一局" and first["dealer"] == "=1+1" and first["what"] == "+Bo 点炮胡（-Cy 放炮）"
    assert first["results"] == {"=1+1": 0, "+Bo": 1, "-Cy": -1, "@Di": 0}
    assert first["hand"].startswith("v1.") and first["items"] == "平胡 0番 = 0番"
    assert first["payments"][0].startswith("-Cy → +Bo 1")
    assert data["totals"] == {"=1+1": 6, "+Bo": -1, "-Cy": -3, "@Di": -2}
    english = json.loads(client.get(f"/t/r/{played.read_token}/export.json", {"lang": "en"}).content)
    assert english["entries"][0]["items"] == "Plain win 0 fan = 0 fan"
    assert english["entries"][0]["what"] == "+Bo on -Cy's discard"


def test_a_guobiao_table_says_he_and_a_round_names_its_winners(client):
    with translation.override("zh-hans"):
        made = client.post("/api/v1/tables", json.dumps({"system": "guobiao", "players": ["甲", "乙", "丙", "丁"]}),
                           content_type="application/json").json()
    token = made["links"]["edit_token"]
    hand = {"hand": "[123m1][345m1]56s678p33z7s", "player": 1, "win": "discard", "from": 2}
    response = client.post(f"/api/v1/tables/{token}/entries", json.dumps({"kind": "hand", "data": hand}),
                           content_type="application/json")
    assert response.status_code == 201, response.content
    table = Table.objects.get(edit_token=token)
    row = list(csv.reader(io.StringIO(exports.csv_text(table, "zh-hans"))))[1]
    assert row[3] == "乙 点和（丙 放炮）"  # 国标 writes 和
    assert "番" in row[13] and row[13].count("=") == 1


def test_a_rummikub_round_lists_the_racks(client):
    made = client.post("/api/v1/tables", json.dumps({"kind": "rummikub", "players": ["A", "B", "C"],
                                                     "settings": {"lang": "en"}}),
                       content_type="application/json").json()
    body = json.dumps({"kind": "rummikub", "data": {"racks": ["", "5 7 J", "=12"], "out": 0}})
    assert client.post(f"/api/v1/tables/{made['links']['edit_token']}/entries", body,
                       content_type="application/json").status_code == 201
    table = Table.objects.get(edit_token=made["links"]["edit_token"])
    row = list(csv.reader(io.StringIO(exports.csv_text(table))))[1]
    assert row[1] == "Rummikub round" and row[2:4] == ["A", "A went out"]
    assert row[4:7] == ["54", "-42", "-12"] and row[11] == "B: 5 7 J; C: =12"


def test_a_bad_language_is_refused_at_creation_and_ignored_in_a_query(client, played):
    response = client.post("/api/v1/tables", json.dumps({"players": ["a", "b", "c", "d"], "settings": {"lang": "xx"}}),
                           content_type="application/json")
    assert response.status_code == 400
    assert read_csv(client, played, lang="klingon")[0][1] == "种类"
