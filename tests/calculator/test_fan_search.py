"""The fan reference finds fans as players type them: 胡 for 和, traditional characters, pinyin, short names."""

from __future__ import annotations

import pytest

from calculator.fan_search import matches

GB = "/fans/guobiao/"


@pytest.mark.parametrize(("typed", "fan"), [
    ("碰碰胡", "碰碰和"), ("七對", "七对"), ("qidui", "七对"), ("杠开", "杠上开花"), ("七对", "七对"),
    ("pengpenghu", "碰碰和"), ("清一色", "清一色"), ("All Pungs", "碰碰和"), ("seven pairs", "七对"),
])
def test_a_systems_fan_list_finds_what_players_type(client, typed, fan):
    response = client.get(GB, {"q": typed}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    assert fan in response.content.decode()


def test_a_search_that_matches_nothing_shows_nothing_else():
    assert not matches("七对", "清一色", "Full Flush", "full_flush")
    assert not matches("qidui", "碰碰和", "All Pungs", "all_pungs")


def test_the_index_searches_every_system(client):
    page = client.get("/fans/", {"q": "qidui"}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'class="fan-found"' in page
    assert page.count("/fans/guobiao/") >= 1 and page.count("/fans/sichuan/") >= 1
    assert "七对" in page


def test_the_index_without_a_query_lists_the_systems_only(client):
    page = client.get("/fans/").content.decode()
    assert 'class="fan-found"' not in page and 'class="fan-search"' in page
