"""Groups across evenings: names matched and renamed, each player's figures from the tables' own sheets,
the chart, the service's writes (idempotent, versioned, all or nothing), the pages and the API."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.db import OperationalError
from django.test import Client

from ledger import groups, service, sheet
from ledger.models import Group, GroupReceipt, GroupTable, Table

WIN = "11m234m567m789m55p5p"  # 四川 平胡: 1 on a discard, 2 from each player self-drawn (自摸加番)
KEY = "5b0e7c1a-2d3f-4e5a-8b9c-0d1e2f3a4b5c"


def row(index, deltas, winners=(), data=None, error=""):
    """A row of a sheet as the ledger settles it: its deltas, its winners, its data (who dealt in)."""
    return sheet.Row(index, "hand", dict(data or {}), {"winners": list(winners)}, 0, list(deltas), [], 0, error)


def evening(players, rows, standard=None):
    totals = [sum(r.deltas[i] for r in rows if not r.error) for i in range(len(players))]
    return groups.Evening(list(players), sheet.Sheet(list(players), rows, totals, 0, standard))


# --- names ------------------------------------------------------------------------------------------------


def test_names_match_trimmed_and_without_latin_case_and_a_chinese_name_as_written():
    assert groups.fold("  Ann  ") == groups.fold("ANN") == groups.fold("ａｎｎ") == "ann"
    assert groups.fold("Ann Lee") == groups.fold(" ann   lee")
    assert groups.fold("小明") != groups.fold("小鸣")
    assert groups.fold("Ann") != groups.fold("Anne")


def test_renaming_a_player_to_another_players_name_merges_the_two():
    known = {"bo": "Bo", "bob": "Bob", "ann": "Ann"}
    out = groups.rename({}, "bo", "BOB", known, [["Ann", "Bo"], ["Ann", "Bob"]])
    assert groups.shown("Bo", out) == groups.shown("bob", out) == "Bob"  # merged under the other's name
    assert groups.shown("Ann", out) == "Ann"


def test_a_rename_in_other_letters_only_changes_how_the_player_is_shown():
    out = groups.rename({}, "ann", "ANN", {"ann": "ann"})
    assert groups.shown("Ann", out) == groups.shown("ann", out) == "ANN"


def test_renaming_to_a_name_already_renamed_joins_the_player_it_names():
    aliases = groups.rename({}, "Bo", "Robert", {"bo": "Bo", "cy": "Cy"})
    aliases = groups.rename(aliases, "Cy", "bo", {"robert": "Robert", "cy": "Cy"})
    assert groups.shown("Cy", aliases) == groups.shown("Bo", aliases) == "Robert"
    # and renaming the merged player again renames every name it had
    aliases = groups.rename(aliases, "Robert", "Rob", {"robert": "Robert"})
    assert {groups.shown(n, aliases) for n in ("Bo", "Cy", "Robert", "rob")} == {"Rob"}


def test_two_players_of_one_table_are_never_made_one():
    with pytest.raises(service.LedgerError) as refused:
        groups.rename({}, "Ann", "Bo", {"ann": "Ann", "bo": "Bo"}, [["Ann", "Bo", "Cy", "Di"]])
    assert refused.value.key == "ledger.group.same_table"


@pytest.mark.parametrize("old, new, key", [("Zed", "Z", "ledger.group.no_player"),
                                           ("Ann", "  ", "ledger.group.new_name"),
                                           ("Ann", "x" * 25, "ledger.group.new_name")])
def test_a_rename_of_nobody_or_to_no_name_is_refused(old, new, key):
    with pytest.raises(service.LedgerError) as refused:
        groups.rename({}, old, new, {"ann": "Ann"})
    assert refused.value.key == key


# --- figures ----------------------------------------------------------------------------------------------


def test_each_players_figures_over_two_evenings():
    one = evening(["Ann", "Bo", "Cy", "Di"], [
        row(0, [0, 3, -3, 0], [1], {"player": 1, "win": "discard", "from": 2}),
        row(1, [6, -2, -2, -2], [0], {"player": 0, "win": "self_drawn"}),
        row(2, [0, 0, 0, 0]),  # a drawn game: a hand, nobody won
        row(3, [9, 9, 9, 9], [0], {"player": 0, "win": "discard", "from": 3}, error="not counted"),
    ])
    two = evening([" ann", "BO", "Eve", "Cy"], [
        # a round: Bo self-drawn, then 一炮多响 on Cy's discard for Ann and Eve, then Ann on Bo
        row(0, [5, -1, 3, -7], [1, 0, 2, 0], {"events": [
            {"type": "win", "player": 1, "win": "self_drawn"},
            {"type": "multi", "from": 3, "wins": [{"player": 0}, {"player": 2}]},
            {"type": "win", "player": 0, "win": "discard", "from": 1}]}),
    ])
    facts = groups.figures([one, two], {})
    by = {p.name: p for p in facts.players}
    assert set(by) == {"Ann", "Bo", "Cy", "Di", "Eve"}  # " ann" is Ann, "BO" is Bo: the first spelling shows
    ann, bo, cy = by["Ann"], by["Bo"], by["Cy"]
    assert (ann.evenings, ann.hands, ann.wins, ann.deal_ins, ann.net) == (2, 4, 3, 0, 6 + 5)
    assert ann.won == 6 + 5 and ann.average == round(11 / 3, 1)  # her change on the entries she won, per win
    assert (bo.evenings, bo.hands, bo.wins, bo.deal_ins, bo.net) == (2, 4, 2, 1, 3 - 2 - 1)
    assert bo.average == (3 + -1) / 2
    assert (cy.wins, cy.deal_ins, cy.net, cy.average) == (0, 2, -3 - 2 - 7, None)
    assert by["Eve"].evenings == 1 and by["Eve"].series == [0, 0, 3]  # not there on the first evening
    assert ann.series == [0, 6, 11] and by["Di"].series == [0, -2, -2]
    assert [p.name for p in facts.players] == ["Ann", "Eve", "Bo", "Di", "Cy"]  # by the net: 11, 3, 0, -2, -12
    assert not facts.any_standard and not facts.ranked_by_standard


def test_guobiao_sessions_sum_their_standard_scores_and_rank_by_them_then_by_the_net():
    # rules/mcr.md §2.4: 4/2/1/0 by each session's rank, ties sharing the tied places; 第十一条 ranks by their sum
    one = evening(["A", "B", "C", "D"], [row(0, [30, -10, -10, -10], [0])],
                  sheet.standard_scores([30, -10, -10, -10]))
    two = evening(["A", "B", "C", "D"], [row(0, [-40, 60, -10, -10], [1])],
                  sheet.standard_scores([-40, 60, -10, -10]))
    facts = groups.figures([one, two], {})
    by = {p.name: p for p in facts.players}
    assert {n: by[n].standard for n in "ABCD"} == {"A": 4 + 0, "B": 1 + 4, "C": 1 + 1.5, "D": 1 + 1.5}
    assert facts.ranked_by_standard
    assert [p.name for p in facts.players] == ["B", "A", "C", "D"]  # B 5, A 4, C and D 2.5 (net -20 each)
    assert by["A"].net == -10 and by["B"].net == 50
    empty = evening(["A", "B", "C", "E"], [])  # a 国标 table without an entry yet: no 标准分, the same ranking
    empty.session = True
    assert groups.figures([one, two, empty], {}).ranked_by_standard
    other = evening(["A", "B", "C", "E"], [])  # a table of another system: ranked by the net
    assert not groups.figures([one, two, other], {}).ranked_by_standard


def test_renamed_names_count_as_one_player():
    one = evening(["Ann", "Bo"], [row(0, [2, -2], [0], {"player": 0, "win": "discard", "from": 1})])
    two = evening(["Annie", "Bo"], [row(0, [-1, 1], [1], {"player": 1, "win": "discard", "from": 0})])
    facts = groups.figures([one, two], {"annie": "Ann"})
    assert [(p.name, p.evenings, p.net, p.wins, p.deal_ins) for p in facts.players] == [
        ("Ann", 2, 1, 1, 1), ("Bo", 2, -1, 1, 1)]


def test_the_chart_draws_a_line_a_player_and_a_legend_row_every_three():
    players = [groups.Player(f"P<{i}>", net=i, series=[0, i, i]) for i in range(7)]
    svg = groups.chart(players, ["1", "2"], "net")
    assert svg.count("<polyline") == 7 and "P&lt;3&gt;" in svg and "<script" not in svg and "style=" not in svg
    assert f'viewBox="0 0 420 {groups.chart_height(7)}"' in svg
    assert groups.chart_height(7) - groups.chart_height(6) == groups.LINE_H  # a third row of the legend


# --- the service --------------------------------------------------------------------------------------------


def _table(system="sichuan", players=("Ann", "Bo", "Cy", "Di"), hands=()):
    table = service.create_table({"system": system, "players": list(players)})
    for data in hands:
        service.change(table.edit_token, "add", entry={"kind": "hand", "data": data})
    return Table.objects.get(pk=table.pk)


@pytest.mark.django_db
def test_a_group_reads_its_tables_own_sheets():
    first = _table(hands=[{"hand": WIN, "player": 1, "win": "discard", "from": 2},
                          {"hand": WIN, "player": 0, "win": "self_drawn"}])
    second = _table(players=("ann", "Bo", "Eve", "Di"), hands=[{"hand": WIN, "player": 2, "win": "discard", "from": 0}])
    group = groups.open_group({"name": "Fridays", "tables": [f"/t/r/{first.read_token}/", second.edit_token]}).group
    assert group is not None
    facts = groups.figures_of(group)
    by = {p.name: p for p in facts.players}
    sheets = [service.sheet_of(first), service.sheet_of(second)]
    assert sheets[0].totals == [6, -1, -3, -2]  # [0, 1, -1, 0] then 自摸 2 from each
    assert by["Ann"].net == sheets[0].totals[0] + sheets[1].totals[0] and by["Ann"].evenings == 2
    assert (by["Ann"].wins, by["Ann"].deal_ins, by["Ann"].hands) == (1, 1, 3)
    assert by["Eve"].net == sheets[1].totals[2] and by["Cy"].evenings == 1


@pytest.mark.django_db
def test_quick_entries_count_their_wins_and_deal_ins():
    """A quick entry's wins name who dealt in: each win on a discard or a robbed kong, a 一炮多响 once."""
    table = _table()
    rounds = [  # Bo and Cy on Di's one discard, then Ann 自摸; Ann robs Bo's kong
        {"wins": [{"player": 1, "win": "discard", "from": 3, "value": 1},
                  {"player": 2, "win": "discard", "from": 3, "value": 0, "together": True},
                  {"player": 0, "win": "self_drawn", "value": 1}]},
        {"wins": [{"player": 0, "win": "rob_kong", "from": 1, "value": 1}]},
    ]
    for data in rounds:
        service.change(table.edit_token, "add", entry={"kind": "quick", "data": data})
    group = groups.open_group({"tables": [table.edit_token]}).group
    by = {p.name: p for p in groups.figures_of(group).players}
    assert [(by[n].wins, by[n].deal_ins) for n in ("Ann", "Bo", "Cy", "Di")] == [(2, 0), (1, 1), (1, 0), (0, 1)]


@pytest.mark.django_db
def test_adding_removing_and_renaming_move_the_version_and_a_stale_one_is_refused():
    group = groups.open_group({}).group
    assert group is not None and group.version == 1
    table = _table()
    added = groups.change(group.edit_token, "add", table=f"https://x.example/t/{table.edit_token}/")
    assert added.changed and added.group.version == 2
    again = groups.change(group.edit_token, "add", table=table.read_token)
    assert not again.changed and again.group.version == 2 and GroupTable.objects.filter(group=group).count() == 1
    with pytest.raises(service.Stale):
        groups.change(group.edit_token, "rename", old="Ann", new="Anna", version=1)
    renamed = groups.change(group.edit_token, "rename", old="ann", new="Anna", version=2)
    assert renamed.group.aliases == {"ann": "Anna", "anna": "Anna"} and renamed.group.version == 3
    groups.change(group.edit_token, "remove", table=table.read_token)
    assert groups.tables_of(Group.objects.get(pk=group.pk)) == []
    with pytest.raises(service.NotFound) as missing:
        groups.change(group.edit_token, "remove", table=table.read_token)
    assert missing.value.key == "ledger.group.not_in"


@pytest.mark.django_db
def test_a_table_whose_players_would_be_one_in_the_group_is_refused():
    group = groups.open_group({"tables": [_table(players=("Ann", "Bo", "Cy", "Di")).edit_token]}).group
    groups.change(group.edit_token, "rename", old="Cy", new="Anna")
    clash = _table(players=("Ann", "ANN", "Cy", "Di"))  # two names the group reads as one
    with pytest.raises(service.LedgerError) as refused:
        groups.change(group.edit_token, "add", table=clash.edit_token)
    assert refused.value.key == "ledger.group.one_name"
    clash = _table(players=("Anna", "Cy", "Bo", "Di"))  # Cy is Anna here: these are two people
    with pytest.raises(service.LedgerError) as refused:
        groups.change(group.edit_token, "add", table=clash.edit_token)
    assert refused.value.key == "ledger.group.one_name"
    assert GroupTable.objects.filter(group=group).count() == 1


@pytest.mark.django_db
def test_a_group_keeps_at_most_its_limit_of_tables(monkeypatch):
    monkeypatch.setattr(groups, "MAX_GROUP_TABLES", 1)
    group = groups.open_group({"tables": [_table().edit_token]}).group
    with pytest.raises(service.LedgerError) as refused:
        groups.change(group.edit_token, "add", table=_table().edit_token)
    assert refused.value.key == "ledger.group.full"


@pytest.mark.django_db
@pytest.mark.parametrize("link", ["", "nonsense!", "/t/r/short/", 42, None, "/g/" + "a" * 24 + "/"])
def test_a_link_that_names_no_table_is_refused_with_a_message(link):
    group = groups.open_group({}).group
    with pytest.raises(service.LedgerError) as refused:
        groups.change(group.edit_token, "add", table=link)
    assert refused.value.key in ("ledger.group.table_link", "ledger.not_found")
    assert refused.value.message_zh != str(refused.value)


@pytest.mark.django_db
def test_a_change_that_fails_halfway_leaves_the_group_as_it_was(monkeypatch):
    group = groups.open_group({"tables": [_table().edit_token]}).group

    def broken(*args, **kwargs):
        raise OperationalError("lost")

    monkeypatch.setattr(groups, "rename", broken)
    with pytest.raises(OperationalError):
        groups.change(group.edit_token, "rename", old="Ann", new="Anna")
    kept = Group.objects.get(pk=group.pk)
    assert kept.version == 1 and kept.aliases == {}


# --- the pages ----------------------------------------------------------------------------------------------


def _made(response):
    assert response.status_code == 302, response.content.decode()[:1000]
    return re.match(r"^/g/([^/]+)/", response["Location"]).group(1)


@pytest.mark.django_db
def test_a_group_made_on_its_page_gets_tables_by_link_and_shows_every_player(client, new_table):
    assert client.get("/g/new").status_code == 200
    first = new_table(system="sichuan")
    token = _made(client.post("/g/new", {"name": "Fridays", "table": f"http://testserver/t/r/{first.read_token}/"}))
    group = Group.objects.get(edit_token=token)
    second = new_table(system="sichuan", names=("Ann", "Bo", "Eve", "Fay"))
    added = client.post(f"/g/{token}/change", {"action": "add", "table": f"/t/{second.edit_token}/"})
    assert added.status_code == 302
    page = client.get(f"/g/{token}/").content.decode()
    for name in ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Fridays"):
        assert name in page
    assert first.read_token in page and first.edit_token not in page and second.edit_token not in page
    assert group.read_token in page and 'tabindex="0"' in page
    read = client.get(f"/g/r/{group.read_token}/").content.decode()
    assert "Eve" in read and token not in read and 'name="action"' not in read
    chart = client.get(f"/g/r/{group.read_token}/chart.svg")
    assert chart["Content-Type"] == "image/svg+xml" and chart.content.decode().count("<polyline") == 6


@pytest.mark.django_db
def test_rename_and_remove_on_the_page(client, new_table):
    table = new_table()
    group = groups.open_group({"tables": [table.edit_token]}).group
    response = client.post(f"/g/{group.edit_token}/change", {"action": "rename", "old": "Bo", "new": "Bob",
                                                            "version": "1"})
    assert response.status_code == 302
    assert "Bob" in client.get(f"/g/{group.edit_token}/").content.decode()
    stale = client.post(f"/g/{group.edit_token}/change", {"action": "remove", "table": table.read_token,
                                                         "version": "1"})
    assert stale.status_code == 409
    gone = client.post(f"/g/{group.edit_token}/change", {"action": "remove", "table": table.read_token,
                                                        "version": "2"})
    assert gone.status_code == 302 and not GroupTable.objects.filter(group=group).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("lang, words", [("en", "its read link or its edit link"), ("zh-hans", "桌子的链接")])
def test_a_bad_table_link_on_the_page_is_a_message_in_the_readers_language(lang, words):
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    group = groups.open_group({}).group
    response = client.post(f"/g/{group.edit_token}/change", {"action": "add", "table": "not a link"})
    assert response.status_code == 400 and words in response.content.decode()
    assert 'role="alert"' in response.content.decode()


@pytest.mark.django_db
def test_unknown_group_links_are_404(client):
    assert client.get("/g/" + "a" * 24 + "/").status_code == 404
    assert client.get("/g/r/" + "a" * 24 + "/").status_code == 404
    assert client.get("/g/r/" + "a" * 24 + "/chart.svg").status_code == 404


@pytest.mark.django_db
def test_add_to_group_from_the_tables_page_and_a_new_group_with_the_table(client, new_table):
    table = new_table()
    page = client.get(f"/t/{table.edit_token}/").content.decode()
    assert f'action="/t/{table.edit_token}/group"' in page
    token = _made(client.post(f"/t/{table.edit_token}/group", {"action": "new"}))
    group = Group.objects.get(edit_token=token)
    assert [t.pk for t in groups.tables_of(group)] == [table.pk]
    other = new_table(names=("Ann", "Bo", "Eve", "Fay"))
    added = client.post(f"/t/{other.edit_token}/group", {"action": "add",
                                                         "group": f"https://site.example/g/{token}/"})
    assert added.status_code == 302 and added["Location"].startswith(f"/g/{token}/")
    assert len(groups.tables_of(group)) == 2
    read_link = client.post(f"/t/{other.edit_token}/group", {"action": "add", "group": f"/g/r/{group.read_token}/"})
    assert read_link.status_code == 400 and "alert--error" in read_link.content.decode()  # the edit link is needed
    nobody = client.post(f"/t/{other.edit_token}/group", {"action": "add", "group": "/g/" + "b" * 24 + "/"})
    assert nobody.status_code == 404


@pytest.mark.django_db
def test_the_new_group_form_sent_twice_makes_one_group(client):
    form = {"name": "Once", "idempotency_key": KEY}
    first, second = client.post("/g/new", form), client.post("/g/new", form)
    assert first["Location"] == second["Location"] and Group.objects.filter(name="Once").count() == 1


@pytest.fixture
def database_down(monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(groups, "group_by", down)
    monkeypatch.setattr(groups, "table_of", down)
    monkeypatch.setattr(service, "table_by", down)


@pytest.mark.django_db
@pytest.mark.parametrize("lang, words", [("en", "The database is not answering"), ("zh-hans", "数据库没有响应")])
def test_database_trouble_on_a_group_page_is_a_503_page_in_the_readers_language(lang, words, database_down):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=lang)
    token = "a" * 24
    for method, url in [("get", f"/g/{token}/"), ("get", f"/g/r/{token}/"), ("get", f"/g/r/{token}/chart.svg"),
                        ("post", f"/g/{token}/change"), ("post", "/g/new"), ("post", f"/t/{token}/group")]:
        response = getattr(client, method)(url, {"table": token} if method == "post" else {})
        assert response.status_code == 503 and response["Retry-After"].isdigit(), url
        if url.endswith("/"):
            assert words in response.content.decode()
    assert client.get("/g/new").status_code == 200  # the form needs no database


# --- the API ------------------------------------------------------------------------------------------------


def call(client, method, url, body=None, status=200, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    response = getattr(client, method)(url, data=json.dumps(body) if body is not None else "",
                                       content_type="application/json", **headers)
    assert response.status_code == status, response.content.decode()[:800]
    return response


def _api_table(client, system="sichuan", players=("Ann", "Bo", "Cy", "Di")):
    made = call(client, "post", "/api/v1/tables", {"system": system, "players": list(players)}, 201).json()
    return made["links"]


@pytest.mark.django_db
def test_the_api_creates_reads_adds_removes_and_renames(client):
    one, two = _api_table(client), _api_table(client, players=("ann", "Bo", "Eve", "Fay"))
    call(client, "post", f"/api/v1/tables/{one['edit_token']}/entries",
         {"kind": "hand", "data": {"hand": WIN, "player": 0, "win": "discard", "from": 1}}, 201)
    made = call(client, "post", "/api/v1/groups", {"name": "Club", "tables": [one["read_url"]]}, 201).json()
    edit, read = made["links"]["edit_token"], made["links"]["read_token"]
    assert made["group"]["name"] == "Club" and [e["read_token"] for e in made["evenings"]] == [one["read_token"]]
    added = call(client, "post", f"/api/v1/groups/{edit}/tables", {"table": two["edit_url"]}, 201).json()
    assert len(added["evenings"]) == 2 and added["version"] == 2
    again = call(client, "post", f"/api/v1/groups/{edit}/tables", {"table": two["read_token"]}, 200).json()
    assert again["version"] == 2
    ann = next(p for p in added["players"] if p["name"] == "Ann")
    assert (ann["evenings"], ann["wins"], ann["net"], ann["series"]) == (2, 1, 1, [0, 1, 1])
    seen = call(client, "get", f"/api/v1/groups/{read}").json()
    assert "edit_token" not in seen["links"] and seen["players"] == added["players"]
    assert two["edit_token"] not in json.dumps(seen)  # the group shows its tables' read links only
    renamed = call(client, "post", f"/api/v1/groups/{edit}/rename", {"from": "Fay", "to": "eve", "version": 2},
                   400)
    assert renamed.json()["error"]["key"] == "ledger.group.same_table"
    renamed = call(client, "post", f"/api/v1/groups/{edit}/rename", {"from": "Ann", "to": "Anna"}).json()
    assert renamed["aliases"] == {"ann": "Anna", "anna": "Anna"} and renamed["players"][0]["name"] == "Anna"
    removed = call(client, "delete", f"/api/v1/groups/{edit}/tables/{one['read_token']}?version=3").json()
    assert [e["read_token"] for e in removed["evenings"]] == [two["read_token"]]


@pytest.mark.django_db
def test_group_writes_are_idempotent_and_a_reused_key_is_refused(client):
    first = call(client, "post", "/api/v1/groups", {"name": "Once"}, 201, key=KEY)
    again = call(client, "post", "/api/v1/groups", {"name": "Once"}, 201, key=KEY)
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    assert Group.objects.filter(name="Once").count() == 1
    call(client, "post", "/api/v1/groups", {"name": "Other"}, 422, key=KEY)
    edit = first.json()["links"]["edit_token"]
    table = _api_table(client)
    add = call(client, "post", f"/api/v1/groups/{edit}/tables", {"table": table["read_token"]}, 201, key=KEY)
    call(client, "delete", f"/api/v1/groups/{edit}/tables/{table['read_token']}")
    replay = call(client, "post", f"/api/v1/groups/{edit}/tables", {"table": table["read_token"]}, 201, key=KEY)
    assert replay.json() == add.json() and not GroupTable.objects.filter(group__edit_token=edit).exists()
    assert GroupReceipt.objects.filter(group__edit_token=edit).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("method, url, body, status, key", [
    ("get", "/api/v1/groups/" + "a" * 24, None, 404, "ledger.group.not_found"),
    ("post", "/api/v1/groups", {"tables": "x"}, 400, "ledger.group.tables"),
    ("post", "/api/v1/groups", {"name": 5}, 400, "ledger.table.name"),
    ("post", "/api/v1/groups", {"tables": ["/t/r/" + "c" * 24 + "/"]}, 404, "ledger.not_found"),
    ("get", "/api/v1/groups", None, 405, "ledger.method"),
])
def test_api_errors_are_the_error_object_in_both_languages(client, method, url, body, status, key):
    error = call(client, method, url, body, status).json()["error"]
    assert error["key"] == key and error["message"] and error["message_zh"]


@pytest.mark.django_db
def test_a_group_api_write_with_a_bad_body_or_rename_is_a_400(client):
    edit = call(client, "post", "/api/v1/groups", {}, 201).json()["links"]["edit_token"]
    response = client.post(f"/api/v1/groups/{edit}/rename", data=b"[1", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["key"] == "ledger.body.not_json"
    error = call(client, "post", f"/api/v1/groups/{edit}/rename", {"from": "Ann", "to": "B"}, 400).json()["error"]
    assert error["key"] == "ledger.group.no_player"
    error = call(client, "post", f"/api/v1/groups/{edit}/rename", {"from": 1, "to": None}, 400).json()["error"]
    assert error["key"] == "ledger.group.new_name"


@pytest.mark.django_db
def test_database_trouble_is_a_503_on_every_group_api_route(database_down):
    client = Client(raise_request_exception=False)
    token = "a" * 24
    for method, url in [("get", f"/api/v1/groups/{token}"), ("post", f"/api/v1/groups/{token}/tables"),
                        ("delete", f"/api/v1/groups/{token}/tables/{token}"),
                        ("post", f"/api/v1/groups/{token}/rename"), ("post", "/api/v1/groups")]:
        body = {} if method == "get" else {"data": json.dumps({"tables": [token]}), "content_type": "application/json"}
        response = getattr(client, method)(url, **body)
        assert response.status_code == 503, (url, response.content[:200])
        assert response["Retry-After"].isdigit() and response.json()["error"]["code"] == "unavailable"


def test_the_openapi_document_describes_the_group_api(client):
    doc = client.get("/api/v1/openapi.json").json()
    for path in ("/api/v1/groups", "/api/v1/groups/{token}", "/api/v1/groups/{token}/tables",
                 "/api/v1/groups/{token}/tables/{table}", "/api/v1/groups/{token}/rename"):
        assert path in doc["paths"], path
    assert {"GroupRequest", "Group"} <= set(doc["components"]["schemas"])


# --- concurrent writers -------------------------------------------------------------------------------------


@pytest.mark.skipif(not getattr(settings, "POSTGRES_REACHABLE", False),
                    reason="threads writing at once need a server database (SQLite's in-memory test database is "
                           "one connection's)")
@pytest.mark.django_db(databases=["postgres"], transaction=True)
def test_concurrent_group_writers_lose_nothing_on_postgresql():
    from tests.ledger.test_models import _together

    made = [service.create_table({"system": "sichuan", "players": [f"P{i}", "Bo", "Cy", "Di"]}, using="postgres")
            for i in range(5)]
    group = groups.open_group({}, using="postgres").group
    token = group.edit_token
    # five tables added at once, and the first one twice more: every table once, a version for each
    links = [t.read_token for t in made] + [made[0].edit_token, made[0].read_token]
    errors = _together(len(links), lambda i: groups.change(token, "add", table=links[i], using="postgres"))
    assert errors == [None] * len(links)
    assert GroupTable.objects.using("postgres").filter(group=group).count() == 5
    assert Group.objects.using("postgres").get(pk=group.pk).version == 6
    # six renames made against the same version: exactly one wins, the others are told
    errors = _together(6, lambda i: groups.change(token, "rename", old="Bo", new=f"Bob{i}", version=6,
                                                  using="postgres"))
    assert sum(e is None for e in errors) == 1
    assert all(isinstance(e, service.Stale) for e in errors if e is not None)
    assert Group.objects.using("postgres").get(pk=group.pk).version == 7
