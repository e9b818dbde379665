"""What a result card says (templates/_results.html, calculator/presenters.py, calculator/wording.py):
no internal key on any card of any registered system in either language; labelled numbers; counts that
are right; the set a split fan was counted for; the engine's notes; each system's own word for a win
(和 for 国标, 胡 for the regional systems); sources for players; and "copy as text" with the whole answer."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from calculator import citations, wording
from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.messages import HU_TERMS
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset

EXTRA_KEYS = ("multiplier", "multiplier_uncapped", "fan_e0", "fan_e1", "fan_uncapped", "points", "capped", "payers",
              "notes", "provisional", "waits")
LANGS = ("zh-hans", "en")


def page(client, lang, **query):
    response = client.get("/?" + urlencode(query, doseq=True), headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.content.decode()


def card(html, rules):
    match = re.search(rf'<article id="r-{rules}".*?</article>', html, re.S)
    assert match, f"no card for {rules}"
    return match.group(0)


def text_of(html):
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


EVERY_TABLE_HANDS = (
    "123m456m789m123p55p", "[555s2]1122233344s4s", "[CCC,2][1111m]456p78sSS9s|ES1000|ae",  # 14 tiles
    "1234567s7s", "[555s2]123s7s7s", "[5555s]123s7s7s|ES1000", "12345678p|EE1000",  # 六人血战: 7 + 1
)
"""Hands tried under every system besides its fans' examples (a system whose table has no examples yet,
a table with fewer tiles)."""


def examples():
    """Every fan's example hand that fits each registered system (many shapes, caps, kongs and flags in
    all), and small hands for a table with fewer tiles."""
    out = []
    for r in all_rulesets():
        hands = sorted({f.example for f in r.fans if f.example} | set(EVERY_TABLE_HANDS))
        fitting = [h for h in hands if _size(h) == r.hand_size]
        out += [pytest.param(r.id, hand, id=f"{r.id}:{hand}") for hand in fitting]
    return out


def _size(text):
    try:
        return parse_hand(text).size()
    except MahjongError:
        return None


def _internal_words(text, fan_ids):
    found = [k for k in EXTRA_KEYS if re.search(rf"(?<![\w-]){k}\s*[:=]", text)]  # "multiplier: 64"
    found += re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text)  # snake_case identifiers
    found += [f for f in fan_ids if f in text]
    found += re.findall(r"\b(?:True|False|None)\b|§|seed \d|\.md\b|\bT\d+\b", text)
    return found


@pytest.mark.django_db
@pytest.mark.parametrize(("rules", "hand"), examples())
def test_no_card_of_any_system_shows_an_internal_key_in_either_language(client, rules, hand):
    fan_ids = {f.id for r in all_rulesets() for f in r.fans if "_" in f.id}
    for lang in LANGS:
        body = card(page(client, lang, hand=hand, rules=rules, rules_shown="1"), rules)
        assert _internal_words(text_of(body), fan_ids) == [], (lang, text_of(body)[:400])
        if lang == "zh-hans" and wording.writes_hu(get_ruleset(rules)):  # its badge, roles, reason say 胡
            parts = (r'<span class="verdict[^"]*">.*?</span>|<small class="role">.*?</small>'
                     r'|<p class="card__reason">.*?</p>')
            said = " ".join(text_of(part) for part in re.findall(parts, body, re.S))
            assert [t for t in HU_TERMS if t in said] == [], said


@pytest.mark.django_db
def test_every_registered_system_has_a_card_checked_above():
    checked = {p.values[0] for p in examples()}
    assert checked == {r.id for r in all_rulesets()}


@pytest.mark.django_db
def test_the_sichuan_card_labels_its_multiplier_and_cap(client):
    zh = text_of(card(page(client, "zh-hans", hand="[555s2]1122233344s4s", rules="sichuan", rules_shown="1"),
                      "sichuan"))
    assert "倍数 ×8" in zh and "未封顶" in zh and "付款者每人付 8" in zh
    en = text_of(card(page(client, "en", hand="[555s2]1122233344s4s", rules="sichuan", rules_shown="1"), "sichuan"))
    assert "multiplier ×8" in en and "not capped" in en
    capped = text_of(card(page(client, "zh-hans", hand="[555s2]1122233344s4s", rules="sichuan", rules_shown="1",
                               **{"preset-sichuan": "wmt-8", "applied-sichuan": ""}), "sichuan"))
    assert "已封顶（封顶前 ×8）" in capped or "倍数 ×8" in capped


@pytest.mark.django_db
def test_the_number_of_readings_counts_the_one_shown(client):
    hand = "[555s2]1122233344s4s"
    result = evaluate(hand, rules=["guobiao"])["results"][0]
    readings = len(result["shapes"])
    assert readings == 3
    body = text_of(card(page(client, "zh-hans", hand=hand, rules="guobiao", rules_shown="1"), "guobiao"))
    assert f"{readings} 种拆法中最高的" in body and f"另外 {readings - 1} 种拆法" in body


@pytest.mark.django_db
def test_with_every_system_compared_the_tile_count_names_only_four_player_tables(client):
    body = text_of(page(client, "zh-hans", hand="123m45m"))
    assert "14" in body and "8 / 14" not in body
    chosen = text_of(page(client, "en", hand="123m45m", rules=["sichuan-6p", "guobiao"], rules_shown="1"))
    assert "8 / 14" in chosen  # asked for by name: its size is named


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "counted", "dropped"),
                         [("zh-hans", "1111m", "中中中"), ("en", "1m ×4", "Red Dragon ×3")])
def test_a_fan_counted_for_one_set_and_not_another_names_each_set(client, lang, counted, dropped):
    body = card(page(client, lang, hand="[CCC,2][1111m]456p78sSS9s|ES1000|ae", rules="guobiao", rules_shown="1"),
                "guobiao")
    rows = [text_of(r) for r in re.findall(r"<tr.*?</tr>", body, re.S)]
    name = "幺九刻" if lang == "zh-hans" else "Pung of Terminals or Honors"
    kept = [r for r in rows if name in r and "fans__excluded" not in r and counted in r]
    assert kept, rows
    gone = [r for r in re.findall(r'<tr class="fans__excluded">.*?</tr>', body, re.S) if name in text_of(r)]
    assert len(gone) == 1 and dropped in text_of(gone[0])
    assert ("箭刻" if lang == "zh-hans" else "Dragon Pung") in text_of(gone[0])


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "note"),
                         [("zh-hans", "天和不是国标番种"), ("en", "Heavenly hand (天和) is not an MCR fan")])
def test_the_engines_notes_reach_the_card(client, lang, note):
    hand = "[555s2]1122233344s4s"
    result = evaluate(hand, rules=["guobiao"], context={"heavenly": True, "win": "self_drawn"})["results"][0]
    assert result["notes"]
    body = text_of(card(page(client, lang, hand=hand, rules="guobiao", rules_shown="1", heavenly="1",
                             win="self_drawn"), "guobiao"))
    assert note in body


@pytest.mark.django_db
def test_each_system_speaks_its_own_word_for_a_win(client):
    html = page(client, "zh-hans", hand="[555s2]1122233344s4s", rules=["guobiao", "sichuan"], rules_shown="1")
    assert "和牌" in card(html, "guobiao") and "胡" not in text_of(card(html, "guobiao"))
    sichuan = text_of(card(html, "sichuan"))
    assert "胡牌" in sichuan and "和牌" not in sichuan and "胡牌者" in sichuan
    regional = text_of(page(client, "zh-hans", hand="[555s2]1122233344s4s", rules="sichuan", rules_shown="1",
                            heavenly="1", win="self_drawn", seat="E"))
    assert "胡牌方式" in regional and "天胡（庄家起手胡牌）" in regional and "抢杠胡" in regional
    assert "天和（" not in regional
    mcr = text_of(page(client, "zh-hans", hand="[555s2]1122233344s4s", rules="guobiao", rules_shown="1"))
    assert "和牌方式" in mcr and "抢杠和" in mcr


def test_every_source_reads_as_rule_books_and_pages_not_project_files():
    from django.utils import translation

    sources = {i.source for r in all_rulesets() for i in r.option_infos()} | {f.source for r in all_rulesets()
                                                                               for f in r.fans}
    for lang in LANGS:
        with translation.override(lang):
            for source in sources - {""}:
                cited = citations.cite(source)
                assert cited, source
                assert not re.search(r"§|seed \d|\.md\b|#\d|×\d|\bT\d+\b", cited), (source, cited)


@pytest.mark.django_db
def test_the_house_rules_cite_sources_for_players(client):
    html = page(client, "zh-hans", hand="[555s2]1122233344s4s", rules="sichuan", rules_shown="1", open="sichuan")
    lines = [text_of(s) for s in re.findall(r'<small class="option__source">.*?</small>', html, re.S)]
    assert lines and not any(re.search(r"§|seed|gofishing ×", line) for line in lines)
    assert any("《全国麻将打法》：四川麻将（QQ游戏）" in line for line in lines)


@pytest.mark.django_db
def test_the_language_switch_names_each_language_in_its_own_script(client):
    html = page(client, "en")
    names = re.findall(r'<button type="submit" name="language"[^>]*>([^<]*)</button>', html)
    assert names == ["简体中文", "繁體中文", "English"]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_copy_as_text_carries_the_link_context_fans_total_and_payments(client, lang):
    html = page(client, lang, hand="[CCC,2][1111m]456p78sSS9s|ES1000|ae", rules="guobiao", rules_shown="1")
    text = unescape(re.search(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', html, re.S).group(1))
    lines = text.splitlines()
    assert lines[0].startswith("http") and "/h/v1." in lines[0]
    zh = lang == "zh-hans"
    assert ("东风圈 · 南风位 · 自摸" if zh else "East round · South seat · Self-drawn") in text
    assert any(line.strip() == ("五门齐 6" if zh else "All Types 6") for line in lines)
    assert any(line.strip() == ("幺九刻 1111m 1" if zh else "Pung of Terminals or Honors 1m ×4 1") for line in lines)
    assert any(line.strip() == ("花牌 1×2 = 2" if zh else "Flower Tiles 1×2 = 2") for line in lines)
    assert any(line.strip() == ("合计：14 番" if zh else "Total: 14 fan") for line in lines)
    payments = [line for line in lines if "→" in line]
    assert len(payments) == 3 and all(("南 22" if zh else "South 22") in line for line in payments)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_fan_reference_cites_sources_for_players(client, lang):
    for system in ("guobiao", "sichuan"):
        html = client.get(f"/fans/{system}/", headers={"Accept-Language": lang}).content.decode()
        lines = [text_of(s) for s in re.findall(r'<p class="fan__source">.*?</p>', html, re.S)]
        assert len(lines) > 20
        assert [line for line in lines if re.search(r"§|seed \d|\.md\b|gofishing ×|mcr\.md", line)] == []


@pytest.mark.django_db
def test_a_regional_system_that_is_not_a_win_says_so_with_hu(client):
    html = page(client, "zh-hans", hand="123m456p789s345m22z", rules=["guobiao", "sichuan"], rules_shown="1")
    compare = text_of(re.search(r'<table class="compare__table">.*?</table>', html, re.S).group(0))
    assert "不能胡" in compare and "不能和" not in compare  # 四川 has no honours: not a win, in its words
    assert "不能胡" in text_of(card(html, "sichuan")) and "不能和" not in text_of(card(html, "sichuan"))
    assert "胡牌" in text_of(card(html, "sichuan")) and "和牌" not in text_of(card(html, "sichuan"))  # its tile


@pytest.mark.django_db
def test_a_sichuan_note_names_the_house_rule_choice_by_its_label(client):
    query = {"hand": "1122233344s4s555s", "rules": "sichuan", "rules_shown": "1", "earthly": "1", "seat": "S",
             "win": "discard", "from_seat": "E"}
    result = evaluate(query["hand"], rules=["sichuan"], context={"earthly": True, "seat": "S", "from_seat": "E"})
    assert any("first_draw" in n for n in result["results"][0]["notes"])  # the engine's words name the value
    zh = text_of(card(page(client, "zh-hans", **query), "sichuan"))
    assert "闲家第一次摸牌自摸" in zh and "first_draw" not in zh and "(not 地胡" not in zh
    assert "按普通胡牌计" in zh and "和牌" not in zh  # the engine's 和牌, in 四川's words
    en = text_of(card(page(client, "en", **query), "sichuan"))
    assert "not 地胡 under this table's definition" in en and "不成立" not in en


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_a_payment_prints_its_arithmetic_once_and_a_factor_never_repeats_its_value(client, lang):
    wuhan = text_of(card(page(client, lang, hand="[123m1]2456m5888p78s2m", rules="wuhan", **{"ctx-indicator": "4p"}),
                         "wuhan"))
    assert "2^(" not in wuhan  # the engine's own notation of the same arithmetic is left out
    assert re.search(r"= 8\b", wuhan) and wuhan.count("= 8") == 2  # the discarder's line, as payer and payee
    custom = text_of(card(page(client, lang, hand="123m456p789s345m22z", rules="custom",
                                **{"hr-custom": "combine-double.pinghu-4"}), "custom"))
    shown = re.findall(r"\d+(?:番| fan) ×(\d+) ×(\d+)", custom)
    assert shown == [] and re.search(r"5 ?(?:番| fan) ×32 = 32", custom)  # 平胡 4 + 门清 1, doubled: ×32, said once


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_hong_kong_and_taiwan_payments_say_each_factor_once(client, lang):
    # rules/hongkong.md §6 HK-E (半銃: the two others pay half) and rules/taiwan.md §6 TW-G (底 100, 每台 20)
    hongkong = text_of(card(page(client, lang, hand="[555z1][666z1]123s789s7z7z5f", rules="hongkong", from_seat="W"),
                            "hongkong"))
    assert "1/2" not in hongkong and re.search(r"(?:半铳|half \(半銃\)) ×0\.5 = 48", hongkong)
    taiwan = text_of(card(page(client, lang, hand="[1111s]234567m345678p9m9m", rules="taiwan", win="self_drawn",
                               kong_replacement="1", flowers="1f", **{"ctx-streak": "1"}), "taiwan"))
    assert re.search(r"(?:每台|per 台) ×20 · (?:底|base) \+100 = 280", taiwan)
    assert not re.search(r"(?:每台|per 台) ?20|(?:底|base) ?100", taiwan)


@pytest.mark.django_db
def test_a_table_of_one_system_is_asked_and_answered_in_its_words_in_traditional(client):
    """香港 writes 糊 (糊牌方式, 搶槓糊, 糊張) on its card and in its questions on a 繁體 page, 台灣 胡; the same
    page in 简体 keeps 胡 for 台灣 and the words the tables use are not carried to another system's page."""
    def traditional(**query):
        return unescape(client.get("/?" + urlencode(query, doseq=True), HTTP_ACCEPT_LANGUAGE="zh-HK").content.decode())

    hongkong = traditional(hand="[555z1][666z1]123s789s7z7z5f", rules="hongkong", from_seat="W")
    asked = text_of(hongkong[hongkong.index('id="context"'):hongkong.index('id="result"')])
    assert "糊牌方式" in asked and "搶槓糊" in asked and "特殊糊法" in asked and "花牌糊" in asked
    assert "胡" not in asked
    answered = text_of(card(hongkong, "hongkong"))
    assert "糊張" in answered and "糊牌者" in answered and "胡" not in answered and "和" not in answered
    placed = text_of(hongkong[hongkong.index('id="placed"'):hongkong.index('id="palette"')])
    assert "糊這張" in placed and "把一索設為糊張" in placed and "糊牌張" in placed and "和" not in placed
    taiwan = traditional(hand="[1111s]234567m345678p9m9m", rules="taiwan", win="self_drawn", **{"ctx-indicator": "1s"})
    assert "糊" not in text_of(taiwan) and "胡牌方式" in text_of(taiwan) and "胡張" in text_of(card(taiwan, "taiwan"))


def test_the_tile_names_drawn_in_one_systems_words_are_kept_for_that_system_only():
    import dataclasses

    from django.utils import translation

    from calculator import table_context
    from rulesets.hand import WinContext

    wuhan = get_ruleset("wuhan")
    own = dataclasses.replace(wuhan, id="wuhan-hk-words", hant_terms=get_ruleset("hongkong").hant_terms)

    def indicator(ruleset):
        (row,) = [r for r in table_context.controls((ruleset,), WinContext(), {}) if r["key"] == "indicator"]
        return {o["value"]: o["label"] for o in row["options"]}["1s"]

    with translation.override("zh-hant"):
        assert (indicator(own), indicator(wuhan), indicator(own)) == ("一索 1s", "一條 1s", "一索 1s")
    with translation.override("zh-hans"):
        assert indicator(own) == "一条 1s"


@pytest.mark.django_db
def test_one_point_is_a_point_in_english(client):
    wuhan = text_of(card(page(client, "en", hand="[123m1]2456m5888p78s2m", rules="wuhan", **{"ctx-indicator": "4p"}),
                         "wuhan"))
    assert re.search(r"Total 1 point\b", wuhan) and "1 points" not in wuhan
    sichuan = text_of(card(page(client, "en", hand="[555s1]1122233344s4s", rules="sichuan"), "sichuan"))
    assert re.search(r"Total [02-9]\d* fan\b", sichuan)
    chinese = text_of(card(page(client, "zh-hans", hand="[123m1]2456m5888p78s2m", rules="wuhan",
                                **{"ctx-indicator": "4p"}), "wuhan"))
    assert re.search(r"合计 1 分", chinese)


@pytest.mark.django_db
@pytest.mark.parametrize(("rules", "words", "other"), [("guobiao", ("和这张", "和牌张"), "胡"),
                                                       ("sichuan", ("胡这张", "胡牌张", "把一条设为胡张"), "和")])
def test_the_tiles_entered_offer_the_winning_tile_in_the_tables_words(client, rules, words, other):
    html = page(client, "zh-hans", hand="[555s1]1122233344s4s", rules=rules)
    placed = text_of(html[html.index('id="placed"'):html.index('id="palette"')])
    assert all(w in placed for w in words) and other not in placed


def test_a_fan_rows_words_follow_the_language_and_the_systems_words():
    # a fan's name and the link to its page are kept per system, fan and what the page writes (lang.script)
    from django.urls import reverse
    from django.utils import translation

    from calculator import results
    from calculator.lang import system_words
    from rulesets.registry import all_rulesets, get_ruleset
    from rulesets.scoring import Item

    hk = get_ruleset("hongkong")  # its own words on a 繁體 page: 糊 for 胡
    fan = next(f for r in all_rulesets() for f in r.fans if "胡" in f.zh)
    seen = {}
    for lang in ("en", "zh-hans", "zh-hant", "en"):
        with translation.override(lang):
            for words in (system_words(hk), system_words(get_ruleset("guobiao"))):
                with words:
                    row = results._fan_row(Item(fan), system=hk.id)
                    seen[lang, results.script()] = row["name"]
                    assert row["definition"] == reverse("fan-detail", args=[hk.id, fan.id])
                    assert row["definition_label"] == translation.gettext("Definition of %(name)s") % {
                        "name": row["name"]}
    assert seen["en", "en"] == fan.en
    assert seen["zh-hans", "zh-hans"] == fan.zh
    assert seen["zh-hant", "zh-hant:hongkong"] != seen["zh-hant", "zh-hant"]  # 香港's own 糊
    assert "糊" in seen["zh-hant", "zh-hant:hongkong"]


def test_a_fan_rows_tiles_are_its_positions_each_time():
    # the positions' text is kept per positions: asked again, or for another fan, it is the same
    from calculator import results
    from rulesets.registry import get_ruleset
    from rulesets.scoring import Item

    fans = get_ruleset("guobiao").fans
    def row(item: Item, drawn: bool = True) -> dict:
        return results._fan_row(item, drawn=drawn, system="guobiao")

    for positions in ((0, 1, 2), tuple(range(14)), (12, 13), (0, 1, 2)):
        for fan in fans[:2]:
            assert row(Item(fan, tiles=positions))["tiles"] == " ".join(map(str, positions))
            assert row(Item(fan, tiles=positions), drawn=False)["tiles"] == ""
    assert row(Item(fans[0]))["tiles"] == ""
