"""The ledger speaks the reader's language: its own messages (ledger/words.py — the entries' checks, the
forms', the service's, Rummikub's, the round adapter's) and a round's notes show in 中文 on the 中文 page and
in English on the English page; the API's error object has the scoring API's shape (code, message,
position, message_zh, key)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.utils import translation

from ledger.models import Table
from ledger.words import WORDS, Said, said

pytestmark = pytest.mark.django_db

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p
CJK = re.compile(r"[\u4e00-\u9fff]")
ZH_PUNCTUATION = re.compile(r"[，：；。（）“”]")  # a 中文 sentence's
CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")  # a character or a full-width punctuation mark
FIELD = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("key", sorted(WORDS))
def test_each_ledger_message_has_its_chinese_with_the_same_parameters(key):
    with translation.override("zh-hans"):
        template_zh = translation.gettext(WORDS[key])
    assert set(FIELD.findall(template_zh)) == set(FIELD.findall(WORDS[key])), template_zh
    params = {name: 3 for name in FIELD.findall(WORDS[key])}
    message = said(key, **params)
    assert message.en == WORDS[key] % params
    assert CHINESE.search(message.zh) and message.zh != message.en, message.zh  # (a frame: "%(what)s：…")


def test_a_message_asks_for_its_parameters_and_says_a_nested_error_in_its_own_language():
    with pytest.raises(KeyError):
        said("ledger.entry.limit")
    inner = said("ledger.rack.kind")
    outer = Said("ledger.field", {"what": "racks", "problem": inner})
    assert outer.en == "racks: a rack is its tiles or a total"
    assert outer.zh == "racks：剩下的牌要逐张写或写总数"


# -- the pages ----------------------------------------------------------------------------------------------


def _alert(response) -> str:
    """The text of the page's error box (the new-table page's or a table's)."""
    page = response.content.decode()
    found = re.search(r'class="alert alert--error"[^>]*>(.*?)</(?:div|p)>', page, flags=re.S)
    assert found, page[-2000:]
    return found.group(1)


def _change(client, table, lang, **data):
    data.setdefault("version", Table.objects.get(pk=table.pk).version)
    return client.post(f"/t/{table.edit_token}/change", data, HTTP_ACCEPT_LANGUAGE=lang)


def _new(client, lang, **data):
    return client.post("/t/new", data, HTTP_ACCEPT_LANGUAGE=lang)


def _rummikub(client):
    response = client.post("/t/new", {"kind": "rummikub", "player0": "A", "player1": "B"})
    assert response.status_code == 302
    return Table.objects.get(edit_token=response["Location"].split("/")[2])


@pytest.fixture
def cases(new_table):
    """Each class of message: how a page meets it, and what it says in 中文 and in English."""

    def entry(client, lang):  # ledger/entries.py: a field of the entry
        return _change(client, new_table(), lang, action="add", kind="hand", hand="", player="0", win="self_drawn")

    def form(client, lang):  # ledger/forms.py: a row of the round form
        return _change(client, new_table(), lang, action="add", kind="round",
                       e0_t="discard", e0_p="1", e0_f="0", e0_h=WIN, e0_m="1")

    def house_rule(client, lang):  # ledger/forms.py: the new-table form
        return _new(client, lang, kind="mahjong", system="sichuan", options="cap",
                    **{f"player{i}": n for i, n in enumerate("ABCD")})

    def service(client, lang):  # ledger/service.py: the table
        return _new(client, lang, kind="rummikub", player0="A")

    def players(client, lang):  # ledger/entries.py via ledger/service.py: the players' names
        return _new(client, lang, kind="mahjong", system="gb", player0="A", player1="A", player2="B", player3="C")

    def change(client, lang):  # ledger/service.py: the change asked for
        return _change(client, new_table(), lang, action="undo")

    def rack(client, lang):  # ledger/rummikub.py: a rack
        return _change(client, _rummikub(client), lang, action="add", kind="rummikub", rack0="x", rack1="5", out="")

    def meld(client, lang):  # ledger/rummikub.py: the first-meld checker
        table = _rummikub(client)
        return client.get(f"/t/{table.edit_token}/", {"meld": "1 2"}, HTTP_ACCEPT_LANGUAGE=lang)

    def round_event(client, lang):  # ledger/rounds.py: an event the system does not settle
        return _change(client, new_table(system="changsha"), lang, action="add", kind="round",
                       e0_t="kong", e0_p="1", e0_k="concealed")

    return {
        "entry": (entry, "hand.hand：请给出牌串或分享码", "hand.hand: give a hand string or share code"),
        "form": (form, "第 1 行：“同一张”要上一行是点炮胡", "needs a win on a discard in the row above"),  # 四川: 胡
        "house_rule": (house_rule, "房规：&#x27;cap&#x27; 不是 key=value 的写法",
                       "house rules: &#x27;cap&#x27; is not key=value"),
        "service": (service, "players：拉密是 2–4 个人玩的", "players: Rummikub is for 2–4 players"),
        "players": (players, "players：有两个玩家同名", "players: two players with one name"),
        "change": (change, "没有可以撤销的修改", "nothing to undo"),
        "rack": (rack, "&#x27;x&#x27; 不是牌：请写 1–13（可以加颜色字母 r/b/o/k）或 J",
                 "&#x27;x&#x27; is not a tile: write 1–13 (with a colour letter r/b/o/k if you like) or J"),
        "meld": (meld, "既不是组（同一个数字 3–4 张，颜色不同），也不是顺",
                 "is neither a group (3–4 of a number, different colours) nor a run"),
        "round_event": (round_event, "第 1 个事件：&#x27;kong&#x27; 只有四川的牌桌按事件结算",
                        "event 1: &#x27;kong&#x27; is settled only at 四川 tables"),
    }


CASES = ["entry", "form", "house_rule", "service", "players", "change", "rack", "meld", "round_event"]


@pytest.mark.parametrize("case", CASES)
def test_the_chinese_page_says_the_ledgers_message_in_chinese_and_the_english_page_in_english(client, cases, case):
    make, zh, en = cases[case]
    chinese, english = _alert(make(client, "zh-hans")), _alert(make(client, "en"))
    assert zh in chinese and en not in chinese, chinese
    assert en in english and zh not in english and not ZH_PUNCTUATION.search(english), english  # (rule terms: 四川…)


def test_a_rounds_note_is_on_the_sheet_in_the_readers_language(client, new_table):
    table = new_table()
    added = _change(client, table, "en", action="add", kind="round",  # 杠上炮, but the discarder made no kong
                    e0_t="discard", e0_p="1", e0_f="2", e0_h=WIN, e0_ak="1")
    assert added.status_code == 302, _alert(added)
    chinese = client.get(f"/t/r/{table.read_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    english = client.get(f"/t/r/{table.read_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    zh = "杠上炮：点炮者本局没有杠，没有杠钱可转"
    en = "杠上炮: no kong of the discarder in this round, nothing to transfer"
    assert zh in chinese and en not in chinese
    assert en in english and zh not in english
    (note,) = Table.objects.get(pk=table.pk).entries.get().snapshot["notes"]
    assert note["key"] == "sichuan.hujiao_no_kong" and (note["zh"], note["en"]) == (zh, en)


def test_a_note_kept_as_text_by_an_older_snapshot_is_shown_as_it_was(client, new_table):
    table = new_table()
    _change(client, table, "en", action="add", kind="round", e0_t="discard", e0_p="1", e0_f="2", e0_h=WIN,
            e0_ak="1")
    old = "杠上炮: no kong of the discarder in this round, nothing to transfer"
    entry = Table.objects.get(pk=table.pk).entries.get()
    entry.snapshot = {**entry.snapshot, "notes": [old]}
    entry.save()
    assert old in client.get(f"/t/r/{table.read_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()


# -- the API's error object ---------------------------------------------------------------------------------

KEYS = {"code", "message", "position", "message_zh", "key"}


def _call(client, method, url, body=None, status=400):
    data = body if isinstance(body, str) or body is None else json.dumps(body)
    response = getattr(client, method)(url, data=data, content_type="application/json")
    assert response.status_code == status, response.content.decode()[:500]
    return response.json()


def _table(client, **body):
    made = _call(client, "post", "/api/v1/tables", {"players": ["A", "B", "C", "D"], "system": "sichuan", **body},
                 201)
    return made["links"]["edit_token"], made["version"]


def test_the_ledger_apis_error_object_has_the_scoring_apis_shape(client):
    scoring = client.post("/api/v1/score", data=json.dumps({"hand": "123m]"}), content_type="application/json")
    assert set(scoring.json()["error"]) == KEYS
    token, version = _table(client)
    entries = f"/api/v1/tables/{token}/entries"
    errors = {
        "not_object": _call(client, "post", "/api/v1/tables", "[]"),
        "system": _call(client, "post", "/api/v1/tables", {"players": ["A", "B", "C", "D"], "system": "nosuch"}),
        "player": _call(client, "post", entries, {"kind": "hand", "data": {"hand": WIN, "player": 9}}),
        "hand": _call(client, "post", entries, {"kind": "hand", "data": {"hand": "123m]", "player": 0}}),
        "round": _call(client, "post", entries, {"kind": "round", "data": {"events": [
            {"type": "win", "player": 1, "hand": WIN, "win": "self_drawn"},
            {"type": "kong", "player": 1, "kind": "concealed"}]}}),
        "not_found": _call(client, "get", "/api/v1/tables/nosuchtoken", status=404),
        "method": _call(client, "get", "/api/v1/tables", status=405),
        "stale": _call(client, "post", f"/api/v1/tables/{token}/undo", {"version": version + 5}, status=409),
    }
    for name, body in errors.items():
        error = body["error"]
        assert set(error) == KEYS, name
        assert error["message"] and CJK.search(error["message_zh"]) and error["message_zh"] != error["message"], name
        assert error["position"] is None, name
    said_as = {name: (body["error"]["code"], body["error"]["key"]) for name, body in errors.items()}
    assert said_as == {
        "not_object": ("bad_request", "ledger.body.not_object"),
        "system": ("bad_request", "rules.unknown"),  # said of a field: the key of what is wrong there
        "player": ("bad_request", "ledger.player.not_at_table"),
        "hand": ("bad_request", "notation.stray_close"),
        "round": ("bad_request", "round.left"),
        "not_found": ("not_found", "ledger.not_found"),
        "method": ("method_not_allowed", "ledger.method"),
        "stale": ("stale_version", "ledger.stale"),
    }
    assert errors["not_object"]["error"]["message"] == "the body must be a JSON object"
    assert errors["not_object"]["error"]["message_zh"] == "请求体必须是一个 JSON 对象"
    assert errors["system"]["error"]["message_zh"].startswith("system：未知的规则 'nosuch'")
    assert errors["round"]["error"]["message"] == ("event 2: kong: player 2 has already won this round "
                                                   "(血战: they left the hand)")
    assert errors["round"]["error"]["message_zh"] == "第 2 个事件：杠：玩家 2 本局已经胡牌（血战：胡牌后就离场了）"


def test_an_entry_added_after_someone_elses_says_so_in_both_languages(client):
    token, version = _table(client)
    entries = f"/api/v1/tables/{token}/entries"
    _call(client, "post", entries, {"kind": "draw", "version": version}, 201)
    merged = _call(client, "post", entries, {"kind": "draw", "version": version}, 201)
    assert merged["note"] == "someone else changed the table meanwhile; your entry was added at the end"
    assert merged["note_zh"] == "这期间有人改了这张牌桌；你的这一笔记在了最后"


@pytest.mark.parametrize("case", CASES)
def test_the_traditional_page_says_the_ledgers_message_in_traditional(client, cases, case):
    from calculator import hant
    from tests.calculator.test_hant import simplified_in

    make, zh, _en = cases[case]
    traditional = unescape(_alert(make(client, "zh-TW")))
    assert CHINESE.search(traditional) and simplified_in(traditional) == {}, traditional
    assert hant.convert(unescape(zh)) in traditional  # the same message, in 繁體


def test_a_table_sheet_and_its_notes_are_in_traditional(client, new_table):
    from tests.calculator.test_hant import shown, simplified_in

    table = new_table()
    added = _change(client, table, "en", action="add", kind="round",
                    e0_t="discard", e0_p="1", e0_f="2", e0_h=WIN, e0_ak="1")
    assert added.status_code == 302, _alert(added)
    for url in (f"/t/r/{table.read_token}/", f"/t/{table.edit_token}/"):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-HK").content.decode()
        assert '<html lang="zh-Hant">' in html and "槓上炮：點炮者本局沒有槓，沒有槓錢可轉" in html
        assert simplified_in(shown(html)) == {}


def test_a_hu_tables_messages_say_hu_and_a_guobiao_tables_say_he(client, new_table):
    same = {"kind": "round", "action": "add", "e0_t": "discard", "e0_p": "1", "e0_f": "0", "e0_h": WIN, "e0_m": "1"}
    for system, lang, expected in (("sichuan", "zh-hans", "要上一行是点炮胡"), ("gb", "zh-hans", "要上一行是点和"),
                                   ("sichuan", "zh-TW", "要上一行是點炮胡")):
        table = new_table(system=system)
        response = client.post(f"/t/{table.edit_token}/change", {**same, "version": table.version},
                               HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 400
        assert expected in response.content.decode(), (system, lang)
    # the API says it in both languages, 胡 in 中文 at a 四川 table
    made = client.post("/api/v1/tables", json.dumps({"players": ["A", "B", "C", "D"], "system": "sichuan"}),
                       content_type="application/json").json()
    entries = f"/api/v1/tables/{made['links']['edit_token']}/entries"
    body = {"kind": "round", "data": {"events": [{"type": "multi", "from": 0, "wins": [{"player": 1, "hand": WIN}]}]}}
    error = client.post(entries, json.dumps(body), content_type="application/json").json()["error"]
    assert "胡牌的玩家" in error["message_zh"] and "和" not in error["message_zh"]
    assert error["message"].endswith("two or more winners on one discard")
    # and a message said outside any table keeps the 和 spelling
    assert said("ledger.round.not_a_win").zh == "不是和牌"


def test_the_quick_form_and_a_quick_entrys_line_say_the_tables_word(client, new_table):
    cases = (("sichuan", "第 1 个胡牌", "点炮胡（Cy 放炮）"), ("gb", "第 1 个和牌", "点和（Cy 放炮）"))
    for system, win, line in cases:
        table = new_table(system=system)
        data = {"version": table.version, "action": "add", "kind": "quick", "q0_player": "1", "q0_win": "discard",
                "q0_from": "2", "q0_value": "8"}
        assert client.post(f"/t/{table.edit_token}/change", data).status_code == 302
        page = client.get(f"/t/{table.edit_token}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        assert f'aria-label="{win}"' in page and line in page, system
        english = client.get(f"/t/{table.edit_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'aria-label="Win 1"' in english and "on Cy&#x27;s discard" in english
