"""The table context the chosen systems declare (rulesets.context) on the calculator page, and house
rules sent as one compact field per system (what calculator.js sends instead of every option)."""

import re
from urllib.parse import urlencode

from rulesets.context import known
from rulesets.engine import evaluate
from rulesets.registry import all_rulesets

FED = "[2222p][6666m1]123m345m7m7m|EE1001"  # 杠上开花 with a 暗杠 and a 直杠 from 上家 (N)
SICHUAN = {"rules_shown": "1", "rules": "sichuan", "opt-sichuan-dianganghua": "dianpao", "applied-sichuan": ""}


def page(client, lang="en", **query):
    response = client.get("/?" + urlencode(query, doseq=True), headers={"Accept-Language": lang})
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def payers_line(html):
    return re.search(r'<article id="r-sichuan".*?</article>', html, re.S).group(0)


def test_a_control_is_drawn_for_each_declared_field_a_chosen_system_reads(client):
    html = page(client, hand=FED, **SICHUAN)
    assert 'name="ctx-replacement_kong"' in html
    assert "Kong of the replacement" in html and "Read by" not in html  # the table's own question
    compared = page(client, hand=FED, **{**SICHUAN, "rules": ["sichuan", "guobiao"]})
    assert "Read by Sichuan Mahjong (Bloody Battle)." in compared  # one of the systems compared reads it


def test_no_control_is_drawn_for_a_field_no_chosen_system_reads(client):
    html = page(client, hand="123m456p789s345m22z", rules_shown="1", rules="guobiao")
    assert 'name="ctx-' not in html


def test_the_declared_control_changes_the_score_it_says_it_does(client):
    plain = payers_line(page(client, hand=FED, **SICHUAN))
    fed = payers_line(page(client, hand=FED, **SICHUAN, **{"ctx-replacement_kong": "6m"}))
    assert plain != fed
    assert "点杠花" in fed or "fed kong" in fed


def test_a_bad_declared_value_is_dropped_with_the_engines_reason_in_the_readers_language(client):
    html = page(client, lang="zh-CN", hand=FED, **SICHUAN, **{"ctx-replacement_kong": "5p"})
    assert "no kong of 5p" in html or "5p" in html
    assert 'name="ctx-replacement_kong"' in html


def test_house_rules_sent_as_one_compact_field_apply_as_the_engine_reads_them(client):
    compact = page(client, hand=FED, rules_shown="1", rules="sichuan",
                   **{"hr-sichuan": "dianganghua-dianpao", "applied-sichuan": "", "ctx-replacement_kong": "6m"})
    (want,) = evaluate(FED, "sichuan", {"replacement_kong": "6m"}, {"dianganghua": "dianpao"})["results"]
    (default,) = evaluate(FED, "sichuan", {"replacement_kong": "6m"})["results"]
    assert want["total"] != default["total"]
    assert f'card__total"><strong>{want["total"]}</strong>' in payers_line(compact)


def test_an_empty_compact_field_means_every_house_rule_at_its_default(client):
    default = page(client, hand=FED, rules_shown="1", rules="sichuan")
    empty = page(client, hand=FED, rules_shown="1", rules="sichuan", **{"hr-sichuan": ""})
    assert payers_line(default) == payers_line(empty)


def test_every_option_input_carries_what_the_browser_needs_to_send_only_changes(client):
    ids = ",".join(r.id for r in all_rulesets())
    html = page(client, hand=FED, rules_shown="1", rules=ids.split(","), open=ids.split(","))  # every panel opened
    inputs = re.findall(r'<(?:input|select)[^>]*name="opt-[^"]+"[^>]*>', html)
    assert inputs
    assert all("data-hr=" in i and "data-key=" in i and "data-default=" in i for i in inputs)


def test_every_declared_field_has_labels_and_help_in_both_languages():
    for f in known().values():
        assert f.zh and f.en and f.help_zh and f.help_en and f.source, f.key


def test_the_cards_context_line_and_the_text_to_copy_name_the_declared_context(client):
    html = page(client, lang="zh-CN", hand="[888p3][9999m]1355m34p6s2m", seat="E", from_seat="W", rules_shown="1",
                rules="wuhan", **{"ctx-indicator": "5s", "ctx-dealer": "S"})
    assert "庄家 南" in html and "翻牌（指示牌） 五条 5s" in html
    assert html.count("翻牌（指示牌） 五条 5s") >= 2  # the context line and the text to copy


def test_a_system_that_makes_a_check_its_own_way_keeps_the_flag_the_core_check_would_drop(client):
    # 武汉: a 红中杠 of the winner's also gives a replacement draw, so 杠上开花 needs no kong meld there
    query = {"hand": "[234m1][777s1]2678m123p2m", "win": "self_drawn", "seat": "S", "kong_replacement": "1",
             "rules_shown": "1", "ctx-indicator": "4p", "ctx-red_kongs-S": "1"}
    wuhan = page(client, lang="zh-CN", rules="wuhan", **query)
    card = re.search(r'<article id="r-wuhan".*?</article>', wuhan, re.S).group(0)
    checked = re.compile(r'<input type="checkbox" name="kong_replacement"[^>]*\bchecked\b')
    assert "杠上开花" in card and checked.search(wuhan)
    both = page(client, lang="en", rules=["wuhan", "guobiao"], **query)  # 国标 needs the kong: dropped
    assert not checked.search(both) and "Not applied" in both
