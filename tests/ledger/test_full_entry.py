"""A hand scored with its tiles from the sheet: "Score a hand with its tiles" opens the calculator in the table's
system and house rules with the players on the seats (the hand's dealer at E), and "Add to table" brings the
scored hand back to the entry it was for."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from ledger.models import Table
from rulesets.engine import build_request
from rulesets.sharecode import share_code

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p


def _page(client, url):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


def _score_link(page):
    found = re.search(r'class="btn ledger-score" href="([^"]+)"', page)
    assert found, "no score link"
    return found.group(1)


def test_the_score_link_opens_the_calculator_in_the_tables_rules_with_its_players(client, new_table):
    table = new_table(system="sichuan", options="cap=8")
    link = _score_link(_page(client, f"/t/{table.edit_token}/"))
    query = parse_qs(urlsplit(link).query)
    assert query["rules"] == ["sichuan"] and query["hr-sichuan"] == ["cap-8"]
    assert query["seats"] == ["Ann,Bo,Cy,Di"] and "at" not in query  # a new hand: added at the end
    calc = _page(client, link)
    assert re.search(r'name="seat" value="S"[^>]*>\s*<span>[^<]*· Bo</span>', calc)
    assert '<input type="hidden" name="seats" value="Ann,Bo,Cy,Di">' in calc
    assert 'name="at"' not in calc
    assert re.search(r'name="hr-sichuan" value="cap-8"', calc)  # the table's house rules, and no other


def test_the_seats_follow_the_dealer_and_the_hand_comes_back_at_its_place(client, new_table):
    table = new_table(system="sichuan")
    # entry 1: Ann deals; a quick entry (Bo wins on Cy's discard), then Bo deals entry 2
    data = {"version": table.version, "action": "add", "kind": "quick", "q0_player": "1", "q0_win": "discard",
            "q0_from": "2", "q0_value": "0"}
    assert client.post(f"/t/{table.edit_token}/change", data).status_code == 302
    link = _score_link(_page(client, f"/t/{table.edit_token}/"))
    assert parse_qs(urlsplit(link).query)["seats"] == ["Bo,Cy,Di,Ann"]  # Bo deals next, at E
    # the quick entry 1, scored with its tiles: its own link names Ann at E and says at=1
    link = _score_link(_page(client, f"/t/{table.edit_token}/e/1/"))
    assert parse_qs(urlsplit(link).query)["seats"] == ["Ann,Bo,Cy,Di"] and parse_qs(urlsplit(link).query)["at"] == ["1"]
    # the calculator's "Add to table" carries at=1: Bo at S wins on Cy's (W) discard
    code = share_code(build_request(WIN, ["sichuan"], {"seat": "S", "from_seat": "W"}).hand, ["sichuan"])
    calc = _page(client, f"/?hand={code}&rules=sichuan&seats=Ann,Bo,Cy,Di&at=1")
    assert re.search(r'href="/t/add\?hand=[^"]+&at=1"', calc)
    add = _page(client, f"/t/add?hand={code}&at=1")
    back = re.search(r'href="(/t/[^"]+\?hand=[^"]+&at=1#entry-form)"', add).group(1)
    page = _page(client, back)
    assert "Change entry 1" in page and f'value="{code}"' in page
    assert re.search(r'name="player">.*?<option value="1" selected>Bo', page, re.S)
    assert re.search(r'name="from">.*?<option value="2" selected>Cy', page, re.S)
    table.refresh_from_db()
    data = {"version": table.version, "action": "edit", "position": "1", "kind": "hand", "hand": code,
            "player": "1", "win": "discard", "from": "2"}
    assert client.post(f"/t/{table.edit_token}/change", data).status_code == 302
    entry = Table.objects.get(pk=table.pk).entries.first()
    assert entry.kind == "hand" and entry.data["hand"] == code
