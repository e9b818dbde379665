"""/t/new with the calculator's controls (ledger/table_setup.py), and each table in its system's words."""

from __future__ import annotations

import re

import pytest

from ledger.models import Table

pytestmark = pytest.mark.django_db

NAMES = {"player0": "Ann", "player1": "Bo", "player2": "Cy", "player3": "Di"}


def page(client, **query):
    response = client.get("/t/new", query, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    return response.content.decode()


def create(client, **data):
    response = client.post("/t/new", {**NAMES, **data}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 302, response.content.decode()[:3000]
    return Table.objects.get(edit_token=response["Location"].split("/")[2])


def test_the_chooser_lists_every_system_and_its_rule_sets_by_name(client):
    html = page(client)
    assert '<optgroup label="四川">' in html and '<option value="guobiao" selected>' in html
    assert '<option value="sichuan.table-a">— 成都计番（表A，0番起）</option>' in html
    assert '<option value="sichuan.wmt-8">— 比赛 8倍封顶（WMT/Novikov）</option>' in html
    assert ">table-a<" not in html and ">wmt-8<" not in html and ">jj-16<" not in html  # no raw ids as labels
    assert 'name="options"' not in html  # no free-text key=value box
    assert 'name="opt-guobiao-' in html  # the default system's own controls


def test_a_chosen_rule_set_draws_its_house_rules_with_its_values(client):
    html = page(client, table="sichuan.table-b")
    assert '<option value="sichuan.table-b" selected>' in html
    assert '<input type="hidden" name="system" value="sichuan">' in html
    assert '<input type="hidden" name="preset" value="table-b">' in html
    assert "QQ四川麻将（表B，1番起，底6）" in html
    base = re.search(r'<input type="number" name="opt-sichuan-base" value="(\d+)"', html)
    assert base and base.group(1) == "6"  # table-b's base, not the default's
    assert 'name="opt-guobiao-' not in html and 'name="refund_policy"' in html
    assert html.count('name="player') == 4 and html.count(" required>") == 4


def test_seats_follow_the_system(client):
    assert page(client, table="sichuan-6p").count('name="player') == 6
    assert page(client, table="erren").count('name="player') == 2


def test_rummikub_hides_what_is_mahjong_only(client):
    html = page(client, kind="rummikub", player0="Ann")
    assert 'name="table"' not in html and 'name="system"' not in html and "opt-" not in html
    assert 'name="refund_policy"' not in html and 'name="empty_pool"' in html
    assert 'value="Ann"' in html  # a name typed before the choice is kept
    assert html.count('name="player') == 4 and html.count(" required>") == 2


def test_creating_with_a_rule_set_and_a_changed_control(client):
    html = page(client, table="sichuan.table-b")
    fields = {"kind": "mahjong", "system": "sichuan", "preset": "table-b", "applied-sichuan": "table-b"}
    # every control as drawn (the checkboxes that are ticked), then one changed: the cap
    for name, value in re.findall(r'<input type="number" name="(opt-sichuan-[a-z_]+)" value="([^"]*)"', html):
        fields[name] = value
    for name in re.findall(r'<input type="checkbox" name="(opt-sichuan-[a-z_]+)" value="1" checked>', html):
        fields[name] = "1"
    for name, value in re.findall(r'<select name="(opt-sichuan-[a-z_]+)">.*?<option value="([^"]*)" selected>', html,
                                  flags=re.S):
        fields[name] = value
    fields["opt-sichuan-cap"] = "32"
    table = create(client, **fields)
    from rulesets.registry import get_ruleset
    from rulesets.scoring import options_dict

    expected = dict(options_dict(get_ruleset("sichuan").parse_options({"preset": "table-b", "cap": "32"})))
    assert table.system == "sichuan" and table.options == expected
    assert table.options["base"] == 6 and table.options["cap"] == 32


def test_controls_drawn_for_another_rule_set_are_not_read(client):
    table = create(client, kind="mahjong", system="sichuan", preset="wmt-8", **{"applied-sichuan": "table-b",
                                                                                "opt-sichuan-base": "99"})
    from rulesets.registry import get_ruleset
    from rulesets.scoring import options_dict

    assert table.options == dict(options_dict(get_ruleset("sichuan").parse_options({"preset": "wmt-8"})))


def test_the_old_key_value_box_is_still_read(client):
    table = create(client, kind="mahjong", system="sichuan", preset="table-a", options="cap=8\nhujiao=refund")
    assert table.options["cap"] == 8
    response = client.post("/t/new", {**NAMES, "system": "sichuan", "options": "nonsense"})
    assert response.status_code == 400 and "alert--error" in response.content.decode()


def test_a_bad_control_value_gets_a_message_and_the_form_again(client):
    response = client.post("/t/new", {**NAMES, "kind": "mahjong", "system": "sichuan", "preset": "",
                                      "applied-sichuan": "", "opt-sichuan-base": "abc"},
                           HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 400
    html = response.content.decode()
    assert "alert--error" in html and 'value="Ann"' in html and 'name="opt-sichuan-base"' in html


@pytest.mark.parametrize(("system", "says", "never"), [
    ("sichuan", ["点炮胡", "抢杠胡", "胡绝张", "胡牌者", "自摸胡"], ["点和", "抢杠和", "和绝张", "和牌者", "自摸和"]),
    ("guobiao", ["点和", "抢杠和", "和绝张", "和牌者"], ["点炮胡", "抢杠胡", "胡绝张"]),
])
def test_every_ledger_page_in_its_systems_words(client, system, says, never):
    table = create(client, kind="mahjong", table=system, system=system)
    post = {"version": table.version, "action": "add", "kind": "hand", "player": "1", "win": "discard", "from": "2",
            "hand": "11m234m567m789m55p5p" if system == "sichuan" else "[123m1][345m1]56s678p33z7s"}
    assert client.post(f"/t/{table.edit_token}/change", post).status_code == 302
    edit = client.get(f"/t/{table.edit_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    read = client.get(f"/t/r/{table.read_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    for word in says:
        assert word in edit, word
    for word in never:
        assert word not in edit and word not in read, word
    line = "Bo 点炮胡（Cy 放炮）" if system == "sichuan" else "Bo 点和（Cy 放炮）"
    assert line in edit and line in read


def test_a_hand_brought_to_a_new_table_chooses_its_system(client):
    code = "v1.11234567789m55p-5p.ES.dW~sichuan"
    html = page(client, hand=code)
    assert '<option value="sichuan" selected>' in html and f'name="hand" value="{code}"' in html
    assert '<option value="guobiao" selected>' in page(client, hand="not a code")
