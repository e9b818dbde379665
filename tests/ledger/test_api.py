"""The ledger's JSON API: create, add, list, edit, delete, undo, export; the OpenAPI document; bad input."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from ledger import sheet

pytestmark = pytest.mark.django_db

GB_HANDS = ["[555z2]123m456p789s22z", "11223344556677z", "[123m1][345m1]56s678p33z7s"]


def api(client, method, url, body=None, status=200):
    response = getattr(client, method)(url, data=json.dumps(body) if body is not None else None,
                                       content_type="application/json")
    assert response.status_code == status, response.content.decode()[:500]
    return response.json() if response["Content-Type"].startswith("application/json") else response


def create(client, **body):
    body.setdefault("players", ["Ann", "Bo", "Cy", "Di"])
    return api(client, "post", "/api/v1/tables", body, 201)


def test_creating_a_table_gives_its_links_and_an_empty_sheet(client):
    made = create(client, system="gb", name="Friday")
    assert made["table"]["system"] == "guobiao" and made["totals"] == [0, 0, 0, 0]
    assert made["links"]["edit_token"] != made["links"]["read_token"]
    read = api(client, "get", f"/api/v1/tables/{made['links']['read_token']}")
    assert "edit_token" not in read["links"]


def test_a_table_that_names_no_system_plays_the_sites_default_system(client, settings):
    settings.DEFAULT_SYSTEM = "sichuan"
    assert create(client)["table"]["system"] == "sichuan"
    settings.DEFAULT_SYSTEM = "guobiao"
    assert create(client)["table"]["system"] == "guobiao"


def test_only_a_system_that_passes_the_deal_and_ranks_sessions_is_ranked_and_rotates_each_hand():
    """The ledger asks the ruleset, never its name: 国标 declares both, 四川 neither (it keeps the deal on a win)."""
    from rulesets.registry import get_ruleset

    gb, sc = get_ruleset("guobiao"), get_ruleset("sichuan")
    assert (gb.passes_deal, gb.ranks_by_standard_score, sc.passes_deal, sc.ranks_by_standard_score) == \
        (True, True, False, False)
    table = {"kind": "mahjong", "system": "sichuan", "players": ["A", "B", "C", "D"]}
    assert not sheet.is_session(table) and sheet.is_session({**table, "system": "gb"})
    won_by_dealer = {"winners": [0]}
    assert sheet.next_dealer(table, "hand", won_by_dealer, 0) == 0
    assert sheet.next_dealer({**table, "system": "gb"}, "hand", won_by_dealer, 0) == 1


def test_a_new_table_refunds_every_original_payer_unless_it_says_otherwise(client):
    """退税 (rules/sichuan.md §6.6): "Default: refund to the original payers"."""
    made = create(client, system="sichuan")
    assert made["table"]["settings"]["refund_policy"] == "all"
    kept = create(client, system="sichuan", settings={"refund_policy": "still_in"})
    assert kept["table"]["settings"]["refund_policy"] == "still_in"


def _gb_expected(results, winner, how, discarder):
    """MCR payments (mcr.md §2.3), written out: 点和 the discarder pays 8+F, the others 8; 自摸 each pays 8+F."""
    f = results[0]["total"]
    out = [0] * 4
    for p in range(4):
        if p == winner:
            continue
        pay = 8 + f if how == "self_drawn" or p == discarder else 8
        out[p] -= pay
        out[winner] += pay
    return out


def test_a_16_hand_guobiao_session_gives_the_right_standard_scores(client):
    made = create(client, system="guobiao")
    token = made["links"]["edit_token"]
    expected = [0, 0, 0, 0]
    plan = []
    for i in range(16):
        winner, discarder = (i * 3) % 4, (i * 3 + 1 + i % 2) % 4
        how = "self_drawn" if i % 5 == 4 else "discard"
        hand = GB_HANDS[i % 2] if how == "self_drawn" else GB_HANDS[i % 3]
        plan.append((winner, how, discarder, hand))
    plan[7] = None  # a drawn game: no payment
    for i, step in enumerate(plan):
        if step is None:
            state = api(client, "post", f"/api/v1/tables/{token}/entries", {"kind": "draw"}, 201)
            continue
        winner, how, discarder, hand = step
        data = {"hand": hand, "player": winner, "win": how, **({"from": discarder} if how != "self_drawn" else {})}
        state = api(client, "post", f"/api/v1/tables/{token}/entries", {"kind": "hand", "data": data}, 201)
        entry = state["entries"][-1]
        assert entry["dealer"] == i % 4  # 国标 passes the deal every hand
        from ledger.models import Table

        snap = Table.objects.get(edit_token=token).entries.get(position=i).snapshot
        got = _gb_expected(snap["results"], winner, how, discarder)
        expected = [a + b for a, b in zip(expected, got, strict=True)]
        assert entry["totals"] == expected
    assert state["totals"] == expected
    ranked = sorted(range(4), key=lambda p: -expected[p])
    standard = dict.fromkeys(range(4), 0.0)
    places = [4, 2, 1, 0]
    for p in range(4):
        tied = [q for q in ranked if expected[q] == expected[p]]
        first = min(ranked.index(q) for q in tied)
        standard[p] = sum(places[first:first + len(tied)]) / len(tied)
    assert state["standard_scores"] == [standard[p] for p in range(4)]
    assert sum(state["standard_scores"]) == 7
    page = client.get(f"/t/r/{made['links']['read_token']}/").content.decode()
    shown = re.findall(r'<td class="num ledger-standard">([^<]*)</td>', page)
    assert [float(x) for x in shown] == state["standard_scores"]
    assert "16" in page[page.index("ledger-next"):]  # hand 16 of 16


def test_standard_scores_share_tied_places():
    assert sheet.standard_scores([5, 5, 5, -15]) == [7 / 3 if False else round(7 / 3, 4)] * 3 + [0]
    assert sheet.standard_scores([0, 0, 0, 0]) == [1.75] * 4
    assert sheet.standard_scores([-1, 3, 3, 9]) == [0, 1.5, 1.5, 4]


def test_a_rummikub_evening(client):
    made = create(client, kind="rummikub", players=["A", "B", "C", "D"],
                  settings={"empty_pool": "lowest", "target": 100})
    token = made["links"]["edit_token"]
    url = f"/api/v1/tables/{token}/entries"
    api(client, "post", url, {"kind": "rummikub", "data": {"out": 0, "racks": ["", "5 7 J", "13 12", "1 2 3"]}}, 201)
    api(client, "post", url, {"kind": "rummikub", "data": {"racks": [20, "=9", "=15", "=30"]}}, 201)
    state = api(client, "post", url, {"kind": "rummikub", "data": {"out": 2, "racks": ["r1 b1", "k13", "", "J J"]}},
                201)
    # RK-A, RK-B of regional.md §12, then C goes out over 2 + 13 + 60 = 75
    assert state["totals"] == [73 - 20 - 2, -42 + 38 - 13, -25 - 15 + 75, -6 - 30 - 60]
    bad = api(client, "post", url, {"kind": "rummikub", "data": {"out": 1, "racks": ["1", "2", "3", "4"]}}, 400)
    assert "empty rack" in bad["error"]["message"]
    api(client, "post", url, {"kind": "hand", "data": {}}, 400)


def test_edit_delete_undo_and_a_stale_version(client):
    made = create(client, system="sichuan")
    token, version = made["links"]["edit_token"], made["version"]
    url = f"/api/v1/tables/{token}/entries"
    win = {"hand": "11m234m567m789m55p5p", "player": 1, "win": "discard", "from": 2}
    state = api(client, "post", url, {"kind": "hand", "data": win, "version": version}, 201)
    state = api(client, "put", f"{url}/1", {"kind": "hand", "data": {**win, "from": 3}, "version": state["version"]})
    assert state["totals"] == [0, 1, 0, -1]
    stale = api(client, "delete", f"{url}/1", {"version": version}, 409)
    assert stale["error"]["code"] == "stale_version"
    state = api(client, "delete", f"{url}/1", {"version": state["version"]})
    assert state["entries"] == []
    state = api(client, "post", f"/api/v1/tables/{token}/undo", {"version": state["version"]})
    assert state["totals"] == [0, 1, 0, -1]
    exported = client.get(f"/api/v1/tables/{token}/export.csv").content.decode()
    rows = list(csv.reader(io.StringIO(exported)))  # in the table's language: made in 简体中文, the default
    assert rows[0][:4] == ["#", "种类", "庄", "经过"] and rows[-1][4:8] == ["0", "1", "0", "-1"]
    english = list(csv.reader(io.StringIO(client.get(f"/api/v1/tables/{token}/export.csv?lang=en").content.decode())))
    assert english[0][:4] == ["#", "kind", "dealer", "what"] and english[-1][4:8] == ["0", "1", "0", "-1"]
    page_csv = client.get(f"/t/r/{made['links']['read_token']}/export.csv").content.decode()
    assert page_csv == exported
    dumped = json.loads(client.get(f"/t/r/{made['links']['read_token']}/export.json").content)
    assert dumped["entries"][0]["engine"] and list(dumped["totals"].values()) == [0, 1, 0, -1]


BAD_BODIES = [
    "", "[]", "nul", '{"players": "abc"}', '{"players": [1, 2, 3, 4]}', '{"players": ["a","b","c"]}',
    '{"system": 5, "players": ["a","b","c","d"]}', '{"kind": "poker", "players": ["a","b"]}',
    '{"players": ["a","b","c","d"], "options": {"cap": "huge"}}', '{"players": ["a","b","c","d"], "options": []}',
    '{"kind": "rummikub", "players": ["a"]}',
    '{"kind": "rummikub", "players": ["a","b"], "settings": {"first_meld": 7}}',
    '{"players": ["a","b","c","d"], "settings": "x"}', '{"players": ["a","b","c","d"], "name": 3}',
]


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_bad_new_table_is_a_400_with_a_message(client, body):
    response = client.post("/api/v1/tables", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message"]


BAD_ENTRIES = [
    {}, {"kind": "hand"}, {"kind": "hand", "data": []}, {"kind": "hand", "data": {"hand": "1m", "player": 0}},
    {"kind": "hand", "data": {"hand": "11m234m567m789m55p5p", "player": 9}},
    {"kind": "hand", "data": {"hand": "11m234m567m789m55p5p", "player": 0, "win": "discard"}},
    {"kind": "hand", "data": {"hand": "11m234m567m789m55p5p", "player": True}},
    {"kind": "hand", "data": {"hand": "x" * 5000, "player": 0}},
    {"kind": "round", "data": {"events": "no"}}, {"kind": "round", "data": {"events": [{}]}},
    {"kind": "round", "data": {"events": [{"type": "kong", "player": 0, "kind": "exposed"}]}},
    {"kind": "round", "data": {"events": [{"type": "kong", "player": 0, "kind": "exposed", "fed_by": 0}]}},
    {"kind": "round", "data": {"events": [{"type": "multi", "from": 0, "wins": [{"player": 1, "hand": "1m"}]}]}},
    {"kind": "round", "data": {"events": [{"type": "multi", "from": 0,
                                           "wins": [{"player": 1, "hand": "11m234m567m789m55p5p"},
                                                    {"player": 2, "hand": "123m"}]}]}},
    {"kind": "round", "data": {"events": [{"type": "wall_end", "players": [{"player": 0, "state": "ready"}]}]}},
    {"kind": "round", "data": {"events": [{"type": "wall_end", "players": [
        {"player": p, "state": "ready", "hand": "1m2m4m5m7m8m1p2p4p5p7p8p9p"} for p in range(4)]}]}},
    {"kind": "round", "data": {"events": [
        {"type": "win", "player": 1, "hand": "11m234m567m789m55p5p", "win": "self_drawn"},
        {"type": "win", "player": 1, "hand": "11m234m567m789m55p5p", "win": "self_drawn"}]}},
    {"kind": "round", "data": {"events": [{"type": "wall_end", "players": []}, {"type": "kong"}]}},
    {"kind": "rummikub", "data": {"racks": [1, 2, 3, 4]}}, {"kind": "draw", "version": "seven"},
]


@pytest.mark.parametrize("body", BAD_ENTRIES, ids=lambda b: json.dumps(b)[:60])
def test_a_bad_entry_is_a_400_with_a_message_and_changes_nothing(client, body):
    made = create(client, system="sichuan")
    token = made["links"]["edit_token"]
    response = client.post(f"/api/v1/tables/{token}/entries", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["message"]
    assert api(client, "get", f"/api/v1/tables/{token}")["entries"] == []


def test_the_openapi_document_describes_the_ledger(client):
    document = client.get("/api/v1/openapi.json").json()
    for path in ("/api/v1/tables", "/api/v1/tables/{token}", "/api/v1/tables/{token}/entries",
                 "/api/v1/tables/{token}/entries/{n}", "/api/v1/tables/{token}/undo",
                 "/api/v1/tables/{token}/export.csv"):
        assert path in document["paths"]
    assert {"TableRequest", "EntryRequest", "Table"} <= set(document["components"]["schemas"])
    assert document["paths"]["/api/v1/tables"]["post"]["requestBody"]["content"]["application/json"]


def test_table_creation_is_rate_limited_per_address(client, settings):
    settings.LEDGER_CREATE_LIMIT = 2
    from django.core.cache import cache

    cache.clear()
    body = json.dumps({"players": ["a", "b", "c", "d"]})
    codes = [client.post("/api/v1/tables", data=body, content_type="application/json",
                         REMOTE_ADDR="10.9.8.7").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    other = client.post("/api/v1/tables", data=body, content_type="application/json", REMOTE_ADDR="10.9.8.6")
    assert other.status_code == 201


def test_a_cache_that_fails_does_not_block_creating_a_table(client, monkeypatch):
    from ledger import service

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(service.cache, "add", broken)
    response = client.post("/api/v1/tables", data=json.dumps({"players": ["a", "b", "c", "d"]}),
                           content_type="application/json")
    assert response.status_code == 201
