"""Tap a fan, see its tiles: the API's ``fans[i].tiles`` and ``fans[i].about`` (added, nothing renamed) and
the result card's fan rows, each a button naming the positions of its tiles in the card's reading, with a
link to the fan's definition beside it (rulesets/lights.py, static/js/fanlight.js)."""

from __future__ import annotations

import json
import re

import pytest

from rulesets.engine import evaluate

HAND = "[CCC,2][1111m]456p78sSS9s|ES1000|ae"  # [1111m] [中中中] 456p 789s 22z, self-drawn 9s, two flowers
READING = "1m 1m 1m 1m 5z 5z 5z 4p 5p 6p 7s 8s 9s 2z 2z".split()


def test_the_api_gives_each_fan_its_tiles_and_keeps_every_key(client):
    response = client.post("/api/v1/score", data=json.dumps({"hand": HAND, "rules": ["gb"]}),
                           content_type="application/json")
    assert response.status_code == 200
    (result,) = response.json()["results"]
    assert [t for g in result["shape"]["groups"] for t in g["tiles"]] == READING
    fans = {f["id"]: f for f in result["fans"]}
    for f in fans.values():
        assert {"id", "zh", "en", "value", "count", "tiles", "about"} <= set(f)
    assert (fans["dragon_pung"]["about"], fans["dragon_pung"]["tiles"]) == ("sets", [4, 5, 6])
    assert fans["all_types"]["tiles"] == list(range(15))  # 五门齐: every tile
    assert (fans["self_drawn"]["about"], fans["self_drawn"]["tiles"]) == ("win", [12])  # the winning 9s
    assert (fans["flower_tiles"]["about"], fans["flower_tiles"]["tiles"]) == ("none", [])
    assert fans["dragon_pung"]["value"] == 2 and fans["flower_tiles"]["count"] == 2  # the old keys as they were
    assert [f["tiles"] for f in result["shapes"][0]["fans"]] == [f["tiles"] for f in result["fans"]]


def test_the_openapi_document_describes_the_new_keys(client):
    doc = client.get("/api/v1/openapi.json").json()
    text = json.dumps(doc)
    assert '"tiles"' in text and '"about"' in text


def rows(html: str, system: str) -> list[str]:
    card = re.search(rf'<article id="r-{system}".*?</article>', html, re.S).group(0)
    return re.findall(r"<tr data-about=.*?</tr>", card, re.S)


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "name", "hint", "how", "definition"),
                         [("zh-hans", "箭刻", "点一个番，亮出组成它的牌。", "和牌方式", "箭刻的定义"),
                          ("en", "Dragon Pung", "Tap a fan to light up the tiles that make it.", "How it was won",
                           "Definition of Dragon Pung")])
def test_each_fan_row_is_a_button_for_its_tiles_with_a_link_to_its_definition(client, lang, name, hint, how,
                                                                              definition):
    html = client.get("/", {"hand": HAND, "rules": "guobiao", "rules_shown": "1"},
                      HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert 'src="/static/js/fanlight.js" defer' in html
    card_rows = rows(html, "guobiao")
    assert 'id="r-guobiao-reading"' in html and hint in html
    dragon = next(r for r in card_rows if name in r)
    assert re.search(r'<button type="button" class="fans__light" aria-pressed="false" '
                     r'aria-controls="r-guobiao-reading" data-tiles="4 5 6">' + re.escape(name) + "</button>", dragon)
    assert 'href="/fans/guobiao/dragon_pung/"' in dragon and f'aria-label="{definition}"' in dragon
    self_drawn = next(r for r in card_rows if 'data-about="win"' in r)
    assert 'data-tiles="12"' in self_drawn and how in self_drawn  # 自摸: the winning tile, and what it is about
    flowers = next(r for r in card_rows if 'data-about="none"' in r)
    assert "fans__light" not in flowers and 'class="fans__plain"' in flowers  # nothing to light: no button
    assert 'href="/fans/guobiao/flower_tiles/"' in flowers  # the definition still is a link


@pytest.mark.django_db
def test_a_card_without_a_reading_has_no_fan_buttons(client):
    # 长沙 起手小胡: a dealt hand scored as it stands (四喜, 六六顺), no reading drawn: nothing to light
    hand = "v1.1111m222p134679s-5s.starting_hand-1~changsha"
    html = client.get("/", {"hand": hand, "rules": "changsha", "rules_shown": "1"},
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    card_rows = rows(html, "changsha")
    assert card_rows and all("fans__light" not in r and "fans__def" in r for r in card_rows)
    assert "fans__hint" not in re.search(r'<article id="r-changsha".*?</article>', html, re.S).group(0)


@pytest.mark.django_db
def test_the_share_page_lights_its_cards_too(client):
    code = evaluate(HAND, "guobiao")["hand"]
    shared = client.get(f"/h/{code}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'src="/static/js/fanlight.js" defer' in shared
    assert any('data-tiles="4 5 6"' in r for r in rows(shared, "guobiao"))
