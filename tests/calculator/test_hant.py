"""繁體中文 (zh-hant): the generated catalog and word table are fresh and complete, the word list is applied,
the browser's language chooses 繁體, the switch keeps the page, and every page a reader meets (the
calculator and its results under every system, a share page and its preview, the fan reference and its
search, the ledger) is written in 繁體 — no character of the site's texts is left in its 简体 form."""

from __future__ import annotations

import dataclasses
import re
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.utils import translation

from calculator import fan_search, hant, lang, share_views, wording
from calculator.management.commands import make_hant
from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset
from tests.calculator.test_locale import entries

ROOT = Path(__file__).resolve().parents[2]
HANS = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
HANT = ROOT / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"
TW = {"HTTP_ACCEPT_LANGUAGE": "zh-TW"}
HAND = "[CCC,2][1111m]456p78sSS9s|ES1000|ae"
SHARE = "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao~sichuan"

SIMPLIFIED = frozenset(hant.table()["chars"]) - frozenset(hant.table()["chars"].values())
"""Every character of the site's texts that 繁體 writes otherwise (杠 万 条 这 …), none of which is also the
繁體 form of another."""


def simplified_in(text: str) -> dict[str, str]:
    """Each 简体-only character of ``text`` with a little of what surrounds it."""
    found: dict[str, str] = {}
    for i, c in enumerate(text):
        if c in SIMPLIFIED:
            found.setdefault(c, text[max(0, i - 20): i + 20])
    return found


def shown(html: str) -> str:
    """What a reader meets on a page: its text and the texts of its attributes (alt, aria-label, title,
    placeholder, meta content), without scripts, styles and anything marked lang="zh-Hans" (the language
    switch's 简体中文 button)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<(?!html\b)(\w+)[^>]*\blang="zh-Hans"[^>]*>.*?</\1>', " ", html, flags=re.S)
    attributes = re.findall(r'\b(?:alt|aria-label|title|placeholder|content)="([^"]*)"', html)
    return unescape(re.sub(r"<[^>]+>", " ", html) + " " + " ".join(attributes))


def page(client, url: str, **headers: str) -> str:
    response = client.get(url, **{**TW, **headers})
    assert response.status_code in (200, 404), (url, response.status_code)
    return response.content.decode()


# -- the generated files ---------------------------------------------------------------------------------


def test_the_committed_catalog_and_table_are_what_make_hant_writes_now():
    assert make_hant.stale() == [], "run make hant"


def test_every_message_of_the_simplified_catalog_has_its_traditional_text():
    hans, hant_entries = entries(HANS), entries(HANT)
    assert [(e["ctx"], e["id"], e["plural"]) for e in hant_entries] == [(e["ctx"], e["id"], e["plural"]) for e in hans]
    assert all(all(e["str"]) and "fuzzy" not in str(e["flags"]) for e in hant_entries)
    for a, b in zip(hans, hant_entries, strict=True):
        assert len(a["str"]) == len(b["str"])
        assert [re.findall(r"%\(\w+\)\w|\{\w*\}", s) for s in a["str"]] == \
            [re.findall(r"%\(\w+\)\w|\{\w*\}", s) for s in b["str"]], a["id"]  # the same placeholders


def test_the_traditional_catalog_has_no_simplified_character_and_keeps_the_word_list():
    texts = [s for e in entries(HANT) for s in e["str"]]
    assert {t: simplified_in(t) for t in texts if simplified_in(t)} == {}
    joined = "".join(texts)
    assert "杠" not in joined and "槓" in joined and "萬" in joined and "條" in joined and "聽" in joined
    assert "臺" not in joined and "台" in joined  # the unit 台, and 台灣: never OpenCC's 臺


@pytest.mark.parametrize("simplified, traditional", [
    ("杠上开花", "槓上開花"), ("抢杠和", "搶槓和"), ("一万", "一萬"), ("九条", "九條"), ("三筒", "三筒"),
    ("庄家", "莊家"), ("连庄", "連莊"), ("听牌", "聽牌"), ("碰", "碰"), ("吃", "吃"), ("二五八将", "二五八將"),
    ("起胡番数", "起胡番數"), ("起胡台数", "起胡台數"), ("花牌", "花牌"), ("断幺九", "斷幺九"), ("十三幺", "十三幺"),
    ("板板胡", "板板胡"), ("白板", "白板"), ("发财", "發財"), ("中发白", "中發白"), ("含小胡须将", "含小胡須將"),
    ("可胡同一张牌", "可胡同一張牌"), ("先圈风，后门风", "先圈風，後門風"),
    ("中鸟加倍（×(1+只数)）", "中鳥加倍（×(1+隻數)）"),
])
def test_the_word_list_corrects_and_pins_the_mahjong_words(simplified, traditional):
    convert = make_hant.Converter(make_hant.read_words())
    assert convert(simplified) == traditional
    assert hant.convert(simplified) == traditional


def test_the_table_writes_every_text_of_the_engine_as_opencc_and_the_word_list_do():
    """The run-time conversion (no OpenCC) gives each text the sources and the engine declare exactly its
    generated conversion; a text put together at run time is converted word by word."""
    convert = make_hant.Converter(make_hant.read_words())
    texts = make_hant.source_texts() | make_hant.engine_texts() | make_hant.template_texts()
    assert len(texts) > 2000
    wrong = {t: (hant.convert(t), convert(t)) for t in texts if hant.convert(t) != convert(t)}
    assert wrong == {}


def test_a_system_writes_its_own_words_over_the_word_list():
    """香港 writes 糊 and 索 where the word list writes 胡 and 條: declared as data on the ruleset
    (Ruleset.hant_terms), used by the conversion while that system's texts are drawn — and only then."""
    own = dataclasses.replace(get_ruleset("sichuan"), id="sichuan-hk-words", hant_terms={"胡": "糊", "一条": "一索"})
    with translation.override("zh-hant"):
        with lang.system_words(own):
            assert (lang.zh("平胡"), lang.zh("一条"), lang.zh("九条"), lang.pick("自摸胡", "x")) == \
                ("平糊", "一索", "九條", "自摸糊")
        assert (lang.zh("平胡"), lang.zh("一条")) == ("平胡", "一條")
        with lang.system_words(get_ruleset("guobiao")):
            assert lang.zh("平胡") == "平胡"
        with lang.system_words(own):  # the card's words from the catalog too (胡牌 badge, 胡牌者…)
            assert wording.word("Legal win", True) == "糊牌" and wording.word("winner", True) == "糊牌者"
        assert wording.word("Legal win", True) == "胡牌"
    with translation.override("zh-hans"), lang.system_words(own):
        assert lang.zh("平胡") == "平胡"  # 简体 pages show the engine's words as written
        assert wording.word("Legal win", True) == "胡牌"
    built = make_hant.build_table(["鸡胡只胡一次"], {"胡": "胡", "只": "只"}, make_hant.Converter({"胡": "胡"}),
                                  {"hk": {"胡": "糊"}})
    assert built["systems"] == {"hk": {}}  # word by word gives it already: nothing to keep whole


def test_the_engines_messages_render_from_their_templates_in_traditional():
    with pytest.raises(MahjongError) as caught:
        parse_hand("123m4x")
    error = caught.value
    assert error.key is not None
    hans, traditional = error.render("zh"), error.render("zh-hant")
    assert hans != traditional and simplified_in(traditional) == {} and hant.convert(hans) == traditional
    assert error.message_zh == hans  # the API's message_zh stays 简体


def test_the_result_objects_chinese_stays_simplified(client):
    response = client.post("/api/v1/score", {"hand": HAND, "rules": ["guobiao"]}, content_type="application/json",
                           **TW)
    fans = response.json()["results"][0]["fans"]
    engine = evaluate(HAND, "guobiao")["results"][0]["fans"]
    assert [f["zh"] for f in fans] == [f["zh"] for f in engine] and any(simplified_in(f["zh"]) for f in fans)


# -- choosing the language ------------------------------------------------------------------------------


@pytest.mark.parametrize("accept, html_lang", [
    ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"),
    ("zh-Hant-TW,zh;q=0.8,en;q=0.5", "zh-Hant"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("zh-SG", "zh-Hans"),
    ("zh-Hans-CN", "zh-Hans"), ("en-US,en;q=0.9", "en"),
])
def test_the_browsers_language_chooses_the_script(client, accept, html_lang):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f'<html lang="{html_lang}">' in html
    title = {"zh-Hant": "麻將算番器", "zh-Hans": "麻将算番器", "en": "Mahjong scoring calculator"}[html_lang]
    assert f"<title>{title}" in html


@pytest.mark.django_db
def test_the_switch_offers_the_three_languages_and_keeps_the_page(client):
    url = "/?" + urlencode({"hand": HAND, "rules": "guobiao", "rules_shown": "1"})
    html = page(client, url, HTTP_ACCEPT_LANGUAGE="en")
    buttons = re.findall(r'<button type="submit" name="language" value="([^"]+)" lang="([^"]+)"', html)
    assert buttons == [("zh-hans", "zh-Hans"), ("zh-hant", "zh-Hant"), ("en", "en")]
    assert re.search(r'<input type="hidden" name="next" value="([^"]+)"', html).group(1) == unescape(url).replace(
        "&", "&amp;")
    response = client.post("/i18n/setlang/", {"language": "zh-hant", "next": url}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"] == url
    after = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()  # the cookie wins over the browser
    assert '<html lang="zh-Hant">' in after and "箭刻" in after and "國標麻將" in after
    assert 'value="zh-hant" lang="zh-Hant" aria-pressed="true"' in after
    names = re.findall(r'<button type="submit" name="language"[^>]*>([^<]*)</button>', after)
    assert names == ["简体中文", "繁體中文", "English"]  # each in its own script, whatever the page's language
    hand_box = re.compile(r'<input id="id_hand" name="hand" type="text" value="([^"]+)"')
    assert hand_box.search(after).group(1) == hand_box.search(html).group(1)  # the same hand, and its result:
    assert 'id="r-guobiao"' in after


# -- the pages --------------------------------------------------------------------------------------------


def _hands() -> list:
    out = []
    for r in all_rulesets():
        example = next((f.example for f in r.fans if f.example and not f.example.startswith("v1.")), None)
        if example:
            out.append(pytest.param(r.id, example, id=r.id))
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("system, hand", _hands())
def test_a_result_under_each_system_is_written_in_traditional(client, system, hand):
    html = page(client, "/?" + urlencode({"hand": hand, "rules": system, "rules_shown": "1", "open": system}))
    text = shown(html)
    assert f'id="r-{system}"' in html and "<html lang=\"zh-Hant\">" in html
    assert simplified_in(text) == {}
    assert lang.zh.__name__ and hant.convert(get_ruleset(system).zh) in text


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/?hand=1112345678999m", f"/?hand={HAND}&rules=all", "/?hand=123m4x",
                                 f"/h/{SHARE}", "/h/v1.1112345678999m", "/h/nonsense", "/fans/", "/fans/?q=槓開",
                                 "/t/new", "/?hand=%5B1111s%5D234567m345678p9m9m&rules=taiwan&win=self_drawn"
                                 "&kong_replacement=1&flowers=1f&ctx-streak=1"])
def test_the_pages_are_written_in_traditional(client, url):
    html = page(client, url)
    assert '<html lang="zh-Hant">' in html
    text = shown(html)
    assert simplified_in(text) == {}
    assert re.search(r"[\u4e00-\u9fff]", text)


@pytest.mark.parametrize("system", [r.id for r in all_rulesets()])
def test_every_fan_page_is_written_in_traditional(client, system):
    ruleset = get_ruleset(system)
    texts = [shown(page(client, f"/fans/{system}/"))]
    texts += [shown(page(client, f"/fans/{system}/{f.id}/")) for f in ruleset.fans[:6]]
    assert {i: simplified_in(t) for i, t in enumerate(texts) if simplified_in(t)} == {}
    assert all(hant.convert(f.zh) in texts[0] for f in ruleset.fans)


@pytest.mark.parametrize("system", [r.id for r in all_rulesets()])
def test_the_fan_search_finds_each_fan_by_the_name_a_traditional_page_shows(system):
    ruleset = get_ruleset(system)
    for fan in ruleset.fans:
        with translation.override("zh-hant"), lang.system_words(ruleset):
            name = lang.zh(fan.zh)
        assert fan_search.matches(name, fan.zh, fan.en, fan.id), (fan.id, name)


def test_the_fan_index_finds_a_fan_typed_in_traditional(client):
    html = page(client, "/fans/?q=" + "槓上開花")
    assert "槓上開花" in shown(html) and "/fans/guobiao/out_with_replacement_tile/" in html


@pytest.mark.django_db
def test_a_share_page_its_title_and_text_are_in_traditional(client):
    html = page(client, f"/h/{SHARE}")
    title = re.search(r'<meta property="og:title" content="([^"]*)"', html).group(1)
    assert "國標麻將" in unescape(title) and simplified_in(unescape(title)) == {}
    assert re.search(r'<meta property="og:image" content="[^"]*\?lang=zh-hant"', html)
    copy = unescape(re.search(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', html, re.S).group(1))
    assert "箭刻" in copy and simplified_in(copy) == {}


@pytest.mark.django_db
def test_the_preview_image_draws_traditional_texts(monkeypatch):
    from PIL import ImageDraw

    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", lambda self, xy, value, *a, **k: (drawn.append(value),
                                                                                        real(self, xy, value, *a, **k)))
    with translation.override("zh-hant"):
        share_views.draw_preview(SHARE, "zh-hant")
    joined = " ".join(drawn)
    assert "國標麻將" in joined and simplified_in(joined) == {}
