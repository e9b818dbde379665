"""Writes that can be trusted: idempotency keys (a retry writes nothing twice and gets the first answer), an
answer drawn from what was committed, database trouble answered 503, adding at a cost that does not grow
with the table, and odd input refused with the error object. The same under real faults, through the
production server: tests/calculator/test_faults_ledger.py."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ledger import service, sheet
from ledger.models import Change, Entry, Receipt, Table
from serving import dbguard

pytestmark = pytest.mark.django_db

WIN = {"hand": "11m234m567m789m55p5p", "player": 1, "win": "discard", "from": 2}
KEY = "9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f"


def post(client, url, body, key=None, minimal=False, method="post"):
    headers = {}
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    if minimal:
        headers["HTTP_PREFER"] = "return=minimal"
    return getattr(client, method)(url, data=json.dumps(body), content_type="application/json", **headers)


def made(client, **extra):
    response = post(client, "/api/v1/tables", {"system": "sichuan", "players": ["Ann", "Bo", "Cy", "Di"], **extra})
    assert response.status_code == 201, response.content
    return response.json()["links"]["edit_token"]


# --- idempotency keys -------------------------------------------------------------------------------------


def test_a_retried_add_returns_the_first_answer_and_writes_once(client):
    token = made(client)
    url = f"/api/v1/tables/{token}/entries"
    first = post(client, url, {"kind": "hand", "data": WIN}, KEY)
    post(client, url, {"kind": "draw"}, "another-key-0001")  # someone else's entry meanwhile
    again = post(client, url, {"kind": "hand", "data": WIN}, KEY)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert [e.kind for e in Entry.objects.filter(table__edit_token=token)] == ["hand", "draw"]


def test_the_key_may_be_a_field_and_a_quoted_header(client):
    token = made(client)
    url = f"/api/v1/tables/{token}/entries"
    assert post(client, url, {"kind": "draw", "idempotency_key": KEY}).status_code == 201
    again = post(client, url, {"kind": "draw"}, f'"{KEY}"')  # the header's structured-field form
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert Entry.objects.filter(table__edit_token=token).count() == 1


@pytest.mark.parametrize("header, field", [("short", None), ("x" * 129, None), ("has space in it", None),
                                           (KEY, "a-different-key"), (None, {"not": "a key"}), (None, 12345678)])
def test_a_malformed_or_contradicting_key_is_refused(client, header, field):
    token = made(client)
    body = {"kind": "draw", **({"idempotency_key": field} if field is not None else {})}
    response = post(client, f"/api/v1/tables/{token}/entries", body, header)
    assert response.status_code == 400 and response.json()["error"]["key"] == "ledger.key.invalid"
    assert not Entry.objects.filter(table__edit_token=token).exists()


def test_a_key_reused_for_another_request_is_refused_with_422(client):
    token = made(client)
    assert post(client, f"/api/v1/tables/{token}/entries", {"kind": "draw"}, KEY).status_code == 201
    other = post(client, f"/api/v1/tables/{token}/entries", {"kind": "hand", "data": WIN}, KEY)
    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused" and other.json()["error"]["message_zh"]
    assert Entry.objects.filter(table__edit_token=token).count() == 1


def test_a_retried_edit_is_not_refused_as_stale(client):
    token = made(client)
    url = f"/api/v1/tables/{token}/entries"
    version = post(client, url, {"kind": "hand", "data": WIN}).json()["version"]
    edit = {"kind": "hand", "data": {**WIN, "from": 3}, "version": version}
    first = post(client, f"{url}/1", edit, KEY, method="put")
    again = post(client, f"{url}/1", edit, KEY, method="put")  # the same version: would be stale, is a replay
    assert first.status_code == again.status_code == 200 and again.json() == first.json()
    assert Table.objects.get(edit_token=token).version == version + 1


def test_a_retried_new_table_makes_one_table(client):
    body = {"system": "guobiao", "players": ["A", "B", "C", "D"]}
    first = post(client, "/api/v1/tables", body, KEY)
    again = post(client, "/api/v1/tables", body, KEY)
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    assert Table.objects.count() == 1


def test_a_retried_form_adds_once_and_redirects_as_the_first_time(client, new_table):
    table = new_table(system="guobiao")
    form = {"action": "add", "kind": "draw", "version": table.version, "idempotency_key": KEY}
    first = client.post(f"/t/{table.edit_token}/change", form)
    form["version"] = table.version  # the same form sent again (Back, then the same button)
    again = client.post(f"/t/{table.edit_token}/change", form)
    assert first.status_code == again.status_code == 302 and first["Location"] == again["Location"]
    assert table.entries.count() == 1


def test_the_new_table_form_sent_twice_makes_one_table(client):
    form = {"kind": "mahjong", "system": "guobiao", "player0": "A", "player1": "B", "player2": "C",
            "player3": "D", "idempotency_key": KEY}
    first, again = client.post("/t/new", form), client.post("/t/new", form)
    assert first.status_code == again.status_code == 302 and first["Location"] == again["Location"]
    assert Table.objects.count() == 1


def test_every_form_that_writes_carries_a_key_of_its_own(client, new_table):
    table = new_table(system="sichuan")
    service.change(table.edit_token, "add", entry={"kind": "hand", "data": WIN})
    page = client.get(f"/t/{table.edit_token}/").content.decode()
    forms = re.findall(r'<form method="post".*?</form>', page, re.S)
    keys = [re.search(r'name="idempotency_key" value="([^"]+)"', f) for f in forms if "ledger-change" in f
            or "/change" in f]
    assert keys and all(keys) and len({k.group(1) for k in keys}) == len(keys)
    assert 'name="idempotency_key"' in client.get("/t/new").content.decode()


# --- answers from what was committed ----------------------------------------------------------------------


def test_the_minimal_answer_says_what_the_write_did(client):
    token = made(client)
    answer = post(client, f"/api/v1/tables/{token}/entries", {"kind": "hand", "data": WIN}, minimal=True).json()
    assert set(answer) == {"version", "count", "totals", "dealer", "standard_scores", "entry", "links"}
    assert answer["entry"]["index"] == 1 and answer["totals"] == answer["entry"]["totals"] == [0, 1, -1, 0]
    assert answer["count"] == 1 and answer["links"]["edit_token"] == token


def test_a_saved_write_is_answered_as_saved_when_the_table_cannot_be_read_back(client, monkeypatch):
    token = made(client)

    def down(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(service, "export", down)  # the read after the commit fails
    response = post(client, f"/api/v1/tables/{token}/entries", {"kind": "hand", "data": WIN}, KEY)
    assert response.status_code == 201 and response.json()["entry"]["index"] == 1
    assert Entry.objects.filter(table__edit_token=token).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_commit_not_confirmed_is_said_so_and_the_retry_finds_out(client, monkeypatch):
    token = made(client)
    wrapper = type(connections["default"])
    real = wrapper.commit
    calls = []

    def commit_then_fail(self):
        real(self)  # saved, but the answer to COMMIT is lost
        if not calls:
            calls.append(1)
            raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(wrapper, "commit", commit_then_fail)
    lost = post(client, f"/api/v1/tables/{token}/entries", {"kind": "draw"}, KEY)
    assert lost.status_code == 503 and lost.json()["error"]["code"] == "unconfirmed" and lost["Retry-After"]
    dbguard.gate()._tripped = False  # the gate's breaker opened on the lost connection: the database is back
    again = post(client, f"/api/v1/tables/{token}/entries", {"kind": "draw"}, KEY)
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert Entry.objects.filter(table__edit_token=token).count() == 1


# --- database trouble -------------------------------------------------------------------------------------


@pytest.fixture
def database_down(monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(service, "table_by", down)
    monkeypatch.setattr(Table.objects, "filter", down)


def test_database_trouble_is_a_503_with_retry_after_on_every_api_route(database_down):
    token = "a" * 24
    client = Client(raise_request_exception=False)
    for method, url in [("get", f"/api/v1/tables/{token}"), ("post", f"/api/v1/tables/{token}/entries"),
                        ("put", f"/api/v1/tables/{token}/entries/1"), ("delete", f"/api/v1/tables/{token}/entries/1"),
                        ("post", f"/api/v1/tables/{token}/undo"), ("get", f"/api/v1/tables/{token}/export.csv")]:
        body = {} if method == "get" else {"data": "{}", "content_type": "application/json"}
        response = getattr(client, method)(url, **body)
        assert response.status_code == 503, (url, response.content[:200])
        assert response["Retry-After"].isdigit() and response.json()["error"]["code"] == "unavailable"


@pytest.mark.parametrize("lang, words", [("en", "The database is not answering"), ("zh-hans", "数据库没有响应")])
def test_database_trouble_on_a_page_is_a_503_page_in_the_readers_language(lang, words, database_down):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=lang)
    for url in ("/t/" + "a" * 24 + "/", "/t/r/" + "a" * 24 + "/sheet?v=3"):
        response = client.get(url)
        assert response.status_code == 503 and response["Retry-After"].isdigit()
        assert words in response.content.decode() and "<html" in response.content.decode()
    assert client.get("/t/new").status_code == 200  # the form needs no database
    assert client.get("/t/add?hand=123m").status_code == 200  # "Add to table" offers a new table instead


def test_the_gate_refuses_at_once_while_the_database_is_known_down(client, settings):
    gate = dbguard.gate()
    gate._settle("OperationalError: connection refused")  # a lost connection opens the breaker
    try:
        response = Client(raise_request_exception=False).get("/api/v1/tables/" + "a" * 24)
        assert response.status_code == 503 and int(response["Retry-After"]) >= 1
    finally:
        gate._tripped = False


# --- adding costs the same on any table -------------------------------------------------------------------


def _append_queries(token):
    with CaptureQueriesContext(connection) as queries:
        service.change(token, "add", entry={"kind": "hand", "data": WIN})
    return [q["sql"] for q in queries.captured_queries]


def test_adding_runs_the_same_queries_on_a_table_of_120_entries_as_on_one_of_35():
    small = service.create_table({"system": "sichuan", "players": ["A", "B", "C", "D"]})
    large = service.create_table({"system": "sichuan", "players": ["A", "B", "C", "D"]})
    for table, count in ((small, 35), (large, 120)):  # both past the 30 changes kept for undo
        for _ in range(count):
            service.change(table.edit_token, "add", entry={"kind": "hand", "data": WIN})
    on_small, on_full = _append_queries(small.edit_token), _append_queries(large.edit_token)
    shape = re.compile(r"\d+|'[^']*'")  # the same statements, but for their values (and savepoints' names)
    assert [shape.sub("?", q) for q in on_small] == [shape.sub("?", q) for q in on_full]
    reads = [q for q in on_full if q.startswith("SELECT") and "ledger_entry" in q]
    assert reads == [], "an entry added at the end reads no other entry"


def _check_tail(table):
    table.refresh_from_db()
    built = service.sheet_of(table)
    assert table.tail == {"count": len(built.rows), "totals": built.totals, "dealer": built.dealer}


def test_the_kept_tail_is_the_sheets_own_through_any_changes():
    table = service.create_table({"system": "sichuan", "players": ["A", "B", "C", "D"]})
    rng = random.Random(7)
    for _ in range(40):
        count = Entry.objects.filter(table=table).count()
        action = rng.choice(["add", "add", "add", "edit", "delete", "undo"]) if count else "add"
        winner = rng.randrange(4)
        entry = {"kind": "hand", "data": {**WIN, "player": winner, "from": (winner + 1) % 4}}
        try:
            service.change(table.edit_token, action, None, rng.randrange(count) if count else None,
                           entry if action in ("add", "edit") else None)
        except service.LedgerError:
            continue  # nothing to undo
        _check_tail(table)


def test_a_table_kept_without_a_tail_works_it_out_once():
    table = service.create_table({"system": "sichuan", "players": ["A", "B", "C", "D"]})
    for _ in range(3):
        service.change(table.edit_token, "add", entry={"kind": "hand", "data": WIN})
    Table.objects.filter(pk=table.pk).update(tail=None)  # as a table made before tails were kept
    Change.objects.filter(table=table).update(before={"from": 0, "entries": []})  # an undo record without one
    service.change(table.edit_token, "add", entry={"kind": "draw"})
    _check_tail(table)
    service.change(table.edit_token, "undo")
    _check_tail(table)


def test_receipts_older_than_a_day_are_forgotten(client):
    token = made(client)
    post(client, f"/api/v1/tables/{token}/entries", {"kind": "draw"}, KEY)
    from datetime import timedelta

    from django.utils import timezone

    Receipt.objects.update(created=timezone.now() - timedelta(days=2))
    post(client, f"/api/v1/tables/{token}/entries", {"kind": "draw"}, "a-fresh-key-0001")
    assert list(Receipt.objects.filter(scope__startswith="table:").values_list("key", flat=True)) == [
        "a-fresh-key-0001"]


# --- odd input --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ['{"kind": "draw", "version": ' + "9" * 4301 + "}",
                                 '{"kind": "draw", "version": 1e999}', '{"kind": "draw", "version": NaN}',
                                 '{"kind": "hand", "data": {"player": Infinity}}'])
def test_numbers_that_cannot_be_read_are_a_400_on_every_write(client, raw):
    token = made(client)
    for method, url in [("post", "/api/v1/tables"), ("post", f"/api/v1/tables/{token}/entries"),
                        ("put", f"/api/v1/tables/{token}/entries/1"), ("delete", f"/api/v1/tables/{token}/entries/1"),
                        ("post", f"/api/v1/tables/{token}/undo")]:
        response = getattr(client, method)(url, data=raw, content_type="application/json")
        assert response.status_code == 400, (url, response.content[:200])
        assert response.json()["error"]["key"] == "ledger.body.not_json"


def test_a_form_position_of_thousands_of_digits_is_a_message(client, new_table):
    table = new_table(system="guobiao")
    response = client.post(f"/t/{table.edit_token}/change", {"action": "delete", "position": "9" * 5000,
                                                             "version": table.version})
    assert response.status_code == 400


def test_the_csv_export_neutralises_cells_a_spreadsheet_would_run(client):
    token = made(client, players=["=1+1", "+A", "@SUM(A1)", "-x"])
    post(client, f"/api/v1/tables/{token}/entries", {"kind": "hand", "data": WIN})
    import csv
    import io

    rows = list(csv.reader(io.StringIO(client.get(f"/api/v1/tables/{token}/export.csv").content.decode())))
    assert rows[0][4:8] == ["'=1+1 ±", "'+A ±", "'@SUM(A1) ±", "'-x ±"]
    assert rows[1][4:8] == ["0", "1", "-1", "0"]  # numbers stay numbers, a negative one too
    assert rows[1][2] == "'=1+1"  # the dealer's name
    from ledger.views import cell

    assert [cell(v) for v in ("\tx", "\rx", "x=1", -3, 0)] == ["'\tx", "'\rx", "x=1", -3, 0]


def test_sheet_steps_are_the_build_of_the_whole():
    table = {"kind": "mahjong", "system": "sichuan", "options": {}, "settings": {}, "players": ["A", "B", "C", "D"]}
    entries = [{"kind": "hand", "data": {**WIN, "player": p, "from": (p + 1) % 4}} for p in (1, 2, 0, 3)]
    built, snaps = sheet.build(table, entries)
    tail = sheet.Tail.start(table)
    for entry, row, snap in zip(entries, built.rows, snaps, strict=True):
        got, kept, tail = sheet.step(table, tail, {**entry, "snapshot": snap})
        assert got == row and kept is snap
    assert (tail.totals, tail.dealer) == (built.totals, built.dealer)
