"""The waits of a 13-tile hand say per tile which fans it scores, and why a tile that completes the shape
does not win (不足 8 番) instead of a bare ✗."""

from __future__ import annotations


def test_each_wait_names_its_biggest_fans(client):
    page = client.get("/", {"hand": "1112345678999m"}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'class="wait__fans">九莲宝灯 88' in page


def test_a_wait_below_the_minimum_says_so(client):
    query = {"hand": "234m567p345s11z67s", "rules_shown": "1", "rules": "guobiao"}
    page = client.get("/", query, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'class="wait__short">5番，不足8番起和' in page
    assert "✗" not in page.split('class="waits__table"')[1].split("</table>")[0]
    english = client.get("/", query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "wait__short" in english and "minimum" in english.split('class="waits__table"')[1]
