"""The table's game (calculator/tables.py): chosen once from every registered system, carried in the
address, remembered in the browser, and only its questions asked."""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import unquote, urlencode

import pytest
from django.http import QueryDict
from django.utils import translation

from calculator import tables
from calculator.forms import CalculatorForm, apply_table
from rulesets import registry
from rulesets.registry import all_rulesets, get_ruleset

HX = {"HX-Request": "true"}


def page(client, lang="en", headers=None, cookies=None, **query):
    for name, value in (cookies or {}).items():
        client.cookies[name] = value
    response = client.get("/?" + urlencode(query, doseq=True), headers={"Accept-Language": lang, **(headers or {})})
    return response


def entries(groups):
    return [e for g in groups for e in g["entries"]]


def test_the_chooser_offers_every_registered_system_once():
    with translation.override("zh-hans"):
        tables._chooser.cache_clear()
        ids = [e["id"] for e in entries(tables.chooser())]
    assert sorted(ids) == sorted(r.id for r in all_rulesets())


def test_a_system_added_to_the_registry_appears_in_the_chooser(monkeypatch):
    sichuan = get_ruleset("sichuan")
    added = replace(sichuan, id="macau", zh="澳门麻将", en="Macau Mahjong", aliases=("澳门", "濠江", "mo"))
    existing = all_rulesets()
    monkeypatch.setattr(registry, "_load", lambda: (*existing, added))
    tables._chooser.cache_clear()
    try:
        with translation.override("zh-hans"):
            found = [e for e in entries(tables.chooser()) if e["id"] == "macau"]
        assert len(found) == 1
        assert "濠江" in found[0]["names"] and "macau" in found[0]["find"]
        assert tables.place(added) == ("澳门", "Macau")
    finally:
        tables._chooser.cache_clear()


def test_a_system_is_found_by_the_names_players_use():
    with translation.override("zh-hans"):
        tables._chooser.cache_clear()
        found = {e["id"]: e["find"] for e in entries(tables.chooser())}
    for word, system in [("成都", "sichuan"), ("血战", "sichuan"), ("红中癞子杠", "wuhan"), ("开口翻", "wuhan"),
                         ("财神", "wenzhou"), ("百搭", "wenzhou"), ("推倒胡", "shaanxi"), ("长春", "jilin"),
                         ("zung jung", "australia"), ("qq四川麻将", "sichuan")]:
        assert word.casefold() in found[system], word


def test_the_systems_of_one_place_are_one_group_and_presets_are_there_by_name():
    with translation.override("zh-hans"):
        tables._chooser.cache_clear()
        groups = {g["name"]: g for g in tables.chooser()}
    assert [e["id"] for e in groups["四川"]["entries"]][0] == "sichuan" and groups["四川"]["several"]
    assert not groups["武汉"]["several"]
    sichuan = groups["四川"]["entries"][0]
    assert {"value": "sichuan.table-b", "label": "QQ四川麻将（表B，1番起，底6）"} in sichuan["presets"]
    wenzhou = next(e for e in entries(groups.values()) if e["id"] == "wenzhou")
    assert "17 张" in wenzhou["facts"]


@pytest.mark.django_db
def test_the_first_visit_asks_which_game_the_table_plays(client):
    html = page(client, lang="zh-hans").content.decode()
    assert re.search(r'<details id="chooser" class="chooser" open', html)
    assert "你们这桌打哪种麻将？" in html
    assert html.count('name="table"') >= len(all_rulesets())
    assert 'name="ctx-' not in html  # no system's own questions before one is chosen


@pytest.mark.django_db
def test_choosing_a_table_keeps_the_hand_and_its_context_and_drops_the_other_game(client):
    response = page(client, hand="123m", win="self_drawn", rules=["guobiao", "sichuan"], table="wenzhou",
                    **{"hr-guobiao": "base_points-16", "ctx-indicator": "4p"})
    assert response.status_code == 302
    kept = QueryDict(response["Location"].split("?", 1)[1])
    assert kept.getlist("rules") == ["wenzhou"] and kept["hand"] == "123m" and kept["win"] == "self_drawn"
    assert kept["ctx-indicator"] == "4p" and "hr-guobiao" not in kept
    assert unquote(response.cookies[tables.COOKIE].value) == "rules=wenzhou"


@pytest.mark.django_db
def test_a_preset_is_chosen_by_its_name_and_remembered_with_the_table(client):
    response = page(client, table="sichuan.table-b")
    assert response.status_code == 302
    assert "preset-sichuan=table-b" in response["Location"] and "applied-sichuan=table-b" in response["Location"]
    assert "preset-sichuan=table-b" in unquote(response.cookies[tables.COOKIE].value)


@pytest.mark.django_db
def test_with_htmx_choosing_a_table_answers_with_its_page_and_its_address(client):
    response = page(client, headers=HX, hand="123456789m123456p9s9s", table="wenzhou")
    assert response.status_code == 200
    assert response["HX-Replace-Url"].endswith("rules=wenzhou")
    html = response.content.decode()
    assert 'id="r-wenzhou"' in html and 'id="r-guobiao"' not in html
    assert 'data-remember="rules=wenzhou"' in html  # calculator.js keeps it in the cookie


@pytest.mark.django_db
def test_a_bare_address_opens_the_remembered_table(client):
    response = page(client, cookies={tables.COOKIE: "rules%3Dsichuan%26hr-sichuan%3Dcap-8%26evil%3D1"})
    assert response.status_code == 302
    assert response["Location"] == "/?rules=sichuan&hr-sichuan=cap-8"  # nothing else from the cookie
    for bad in ("rules%3Dnot-a-system", "x" * 3000, "%ZZ"):
        client.cookies[tables.COOKIE] = bad
        assert client.get("/").status_code == 200  # the chooser, as for a first visit


def test_the_table_plays_its_systems_hand_size():
    form = CalculatorForm(QueryDict("rules=wenzhou&hand=123456789m123456p9s9s"))
    assert form.is_valid() and form.hand_size() == 17 and form.request is not None
    assert [r.id for r in form.chosen_rulesets()] == ["wenzhou"]
    six = CalculatorForm(QueryDict("rules=sichuan-6p"))
    six.is_valid()
    assert six.hand_size() == 8


def test_the_table_is_first_and_compared_systems_follow():
    form = CalculatorForm(QueryDict("rules=sichuan&rules=guobiao&hand=123m456p789s1122z"))
    form.is_valid()
    assert [r.id for r in form.chosen_rulesets()] == ["sichuan", "guobiao"]
    assert form.table().id == "sichuan" and [r.id for r in form.compared()] == ["guobiao"]


def test_an_unknown_table_changes_nothing():
    data = QueryDict("hand=123m&rules=guobiao&table=nowhere")
    assert apply_table(data).getlist("rules") == ["guobiao"]


def nav(html):
    return re.search(r'<nav class="site-header__nav".*?</nav>', html, re.S).group(0)


@pytest.mark.django_db
def test_the_sites_links_open_in_the_tables_game(client):
    assert 'href="/fans/"' in nav(client.get("/fans/guobiao/").content.decode())  # no table: every system's
    client.cookies[tables.COOKIE] = "rules%3Dwuhan"
    assert 'href="/fans/wuhan/"' in nav(client.get("/fans/guobiao/").content.decode())
    assert 'href="/fans/sichuan/"' in nav(page(client, rules="sichuan").content.decode())  # the page's own first


def test_the_remembered_query_is_the_tables_game_read_back_as_it_was():
    sichuan = get_ruleset("sichuan")
    assert tables.remembered(None, None) == ""
    assert tables.remembered(sichuan, None) == "rules=sichuan"
    query = tables.remembered(sichuan, {"applied": "table-b", "compact": "cap-8.zimo_mode-plus ü&=/"})
    assert query == ("rules=sichuan&preset-sichuan=table-b&applied-sichuan=table-b"
                     "&hr-sichuan=cap-8.zimo_mode-plus+%C3%BC%26%3D%2F")
    read = QueryDict(query)
    assert read.dict() == {"rules": "sichuan", "preset-sichuan": "table-b", "applied-sichuan": "table-b",
                           "hr-sichuan": "cap-8.zimo_mode-plus ü&=/"}
    assert tables.from_cookie(type("R", (), {"COOKIES": {tables.COOKIE: tables.cookie_value(query)}})()) == query
