"""Share links: /h/<code>, its preview image and QR code (calculator/share_views.py).

Every link ever issued keeps working: tests/golden/links.json pins links and what they show.
"""

import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest
import segno
from django.core.cache import cache
from django.utils import translation
from django.utils.html import escape
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from calculator import models, share_views
from calculator.models import IssuedLink, pending_views, view_gate
from rulesets.notation import hand_to_text
from rulesets.registry import get_ruleset
from rulesets.sharecode import parse_share_code

LINKS = json.loads((Path(__file__).parent.parent / "golden" / "links.json").read_text(encoding="utf-8"))["links"]
CODE = "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao"  # the GB-Mahjong example of DESIGN §4.1, under MCR
HX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}

XSS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "v1.<svg onload=alert(1)>",
    "123m<b>456p</b>789s1122z1z",
    "' onmouseover='alert(1)",
    "javascript:alert(1)",
    "v1.123m456p789s1122z-1z~<script>",
    "[123m2]</title><script>x</script>",
]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    share_views.PREVIEWS.clear()  # the previews a worker keeps in memory
    pending_views.clear()


def _meta(html: str, key: str) -> str:
    match = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)"', html)
    assert match, f"no {key} meta tag"
    return match.group(1)


# --- golden links -------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("link", LINKS, ids=[link["id"] for link in LINKS])
def test_each_issued_link_still_opens_and_shows_what_it_showed(client, link):
    response = client.get(link["link"], follow=True, **EN)
    assert all(status == 301 for _url, status in response.redirect_chain), "only permanent redirects"
    assert response.status_code == 200, response.context.get("detail") if response.context else response.status_code
    results = {row["id"]: row for row in response.context["results"]}
    for rules, want in link["shows"].items():
        row = results.get(rules) or results.get(get_ruleset(rules).id)  # a system renamed since keeps its old id
        assert row is not None, f"{rules} is no longer shown ({link['source']})"
        assert row["valid"] is want["valid"], row["reason"]
        if "total" in want:
            assert row["total"] == want["total"], link["source"]


def test_the_golden_links_span_both_systems_and_many_contexts():
    systems = {rules for link in LINKS for rules in link["shows"]}
    assert len(LINKS) >= 20
    assert {"guobiao", "sichuan"} <= systems
    assert any(not want["valid"] for link in LINKS for want in link["shows"].values())
    made_from = [link["made_from"] for link in LINKS]
    assert any("|" in m["hand"] for m in made_from), "a GB-Mahjong string with winds, flags or flowers"
    assert any("context" in m for m in made_from) and any("options" in m for m in made_from)


# --- redirects ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
        "[CCC2][1111m]456p78sSS9s|ES1000|ae",
        "v1.78s654p22z-9s.P555z2.A1111m.ES.15f.s",
    ],
    ids=["gb-mahjong-string", "helper-string-with-context-lost", "non-canonical-share-code"],
)
def test_other_spellings_redirect_permanently_to_the_canonical_code(client, text):
    response = client.get("/h/" + quote(text, safe=""))
    assert response.status_code == 301
    target = response["Location"]
    assert target.startswith("/h/v1.")
    assert share_views.canonical_code(target.removeprefix("/h/")) == target.removeprefix("/h/")


def test_a_gb_mahjong_string_and_its_share_code_land_on_the_same_page(client):
    from_string = client.get("/h/" + quote("[CCC,2][1111m]456p78sSS9s|ES1000|ae", safe=""))["Location"]
    from_code = client.get("/h/v1.78s654p22z-9s.P555z2.A1111m.ES.15f.s")["Location"]
    assert from_string == from_code == "/h/v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s"


def test_the_rules_parameter_of_a_hand_string_goes_into_the_code(client):
    response = client.get("/h/123m456p789s1122z1z?rules=gb")
    assert response.status_code == 301
    assert response["Location"] == "/h/v1.123m456p789s1122z-1z~guobiao"


def test_a_trailing_slash_redirects_to_the_code(client):
    response = client.get(f"/h/{CODE}/")
    assert (response.status_code, response["Location"]) == (301, f"/h/{CODE}")


def test_the_preview_and_the_qr_code_redirect_to_their_canonical_urls_keeping_the_language(client):
    response = client.get("/h/123m456p789s1122z1z/og.png?lang=en")
    assert (response.status_code, response["Location"]) == (301, "/h/v1.123m456p789s1122z-1z/og.png?lang=en")
    response = client.get("/h/123m456p789s1122z1z/qr.svg")
    assert (response.status_code, response["Location"]) == (301, "/h/v1.123m456p789s1122z-1z/qr.svg")


def test_a_redirect_answers_an_htmx_request_too(client):
    response = client.get("/h/123m456p789s1122z1z", **HX)
    assert response.status_code == 301


# --- the page -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_page_shows_the_hand_the_totals_and_the_sharing_tools(client):
    response = client.get(f"/h/{CODE}", **EN)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith("<!doctype html>")
    assert 'id="shared"' in html
    assert html.count('class="tile') >= 14
    assert "tile--winning" in html and "tile--rotated" in html and "tile--back" in html
    assert f'value="http://testserver/h/{CODE}"' in html  # the link to copy
    assert escape(hand_to_text(parse_share_code(CODE).hand)) in html  # "copy as text"
    assert "|ES1000|ae" in html
    assert f'src="/h/{CODE}/qr.svg"' in html
    assert f'href="/?hand={CODE}"' in html  # the code names the system, its house rules and the context
    assert 'src="/static/js/share.js"' in html and "<script>" not in html  # CSP: no inline script


@pytest.mark.django_db
def test_the_page_has_open_graph_and_twitter_tags_with_the_totals_and_top_fans(client):
    html = client.get(f"/h/{CODE}", **EN).content.decode()
    row = client.get(f"/h/{CODE}", **EN).context["results"][0]
    title = _meta(html, "og:title")
    assert str(row["total"]) in title and row["name"] in title
    top = max(row["fans"], key=lambda f: f["total"])
    assert top["name"] in _meta(html, "og:description")
    assert _meta(html, "og:image") == f"http://testserver/h/{CODE}/og.png?lang=en"
    assert _meta(html, "og:url") == f"http://testserver/h/{CODE}"
    assert _meta(html, "twitter:card") == "summary_large_image"
    assert _meta(html, "twitter:image") == _meta(html, "og:image")
    assert '<link rel="canonical" href="http://testserver/h/' in html


@pytest.mark.django_db
def test_the_page_is_in_the_visitors_language(client):
    zh = client.get(f"/h/{CODE}", **ZH).content.decode()
    en = client.get(f"/h/{CODE}", **EN).content.decode()
    assert "国标麻将" in _meta(zh, "og:title") and "Chinese Official" in _meta(en, "og:title")
    assert _meta(zh, "og:image").endswith("?lang=zh-hans")


@pytest.mark.django_db
def test_an_htmx_request_gets_only_the_shared_partial(client):
    response = client.get(f"/h/{CODE}", **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="shared"' in html and "<html" not in html and "og:title" not in html


@pytest.mark.django_db
def test_a_share_page_is_scored_once_per_language_then_served_as_kept(client, monkeypatch):
    share_views.kept_page.cache_clear()
    calls = []
    load = share_views.load
    monkeypatch.setattr(share_views, "load", lambda code: calls.append(code) or load(code))
    first = client.get(f"/h/{CODE}", **EN).content.decode()
    again = client.get(f"/h/{CODE}", **EN).content.decode()
    partial = client.get(f"/h/{CODE}", **EN, **HX).content.decode()
    assert calls == [CODE]
    assert _meta(first, "og:title") == _meta(again, "og:title") and partial.strip() in again
    chinese = client.get(f"/h/{CODE}", **ZH).content.decode()
    assert calls == [CODE, CODE] and _meta(chinese, "og:title") != _meta(first, "og:title")


@pytest.mark.django_db
def test_viewing_a_share_page_records_the_link(client):
    client.get(f"/h/{CODE}")
    assert IssuedLink.objects.get(code=CODE).views == 1


@pytest.mark.django_db
def test_views_within_the_window_are_counted_in_memory_and_written_with_the_next_window(
    client, django_assert_num_queries
):
    client.get(f"/h/{CODE}")
    with django_assert_num_queries(0):  # no database write per view (docs/sharing.md, Register)
        client.get(f"/h/{CODE}")
        client.get(f"/h/{CODE}", **HX)
    assert IssuedLink.objects.get(code=CODE).views == 1 and pending_views[CODE] == 2
    cache.delete(view_gate(CODE))  # the window is over
    client.get(f"/h/{CODE}")
    assert IssuedLink.objects.get(code=CODE).views == 4


@pytest.mark.django_db
def test_a_worker_remembers_unwritten_views_of_a_bounded_number_of_codes(monkeypatch):
    monkeypatch.setattr(models, "PENDING_CODES", 1)
    for code in ("v1.a", "v1.b"):
        IssuedLink.record_view(code)  # writes, opens the window
        IssuedLink.record_view(code)  # counted in memory, if there is room
    assert dict(pending_views) == {"v1.a": 1}


def test_a_redirect_or_a_bad_code_records_nothing(client, django_db_blocker):
    with django_db_blocker.block():  # any query would fail this test
        client.get("/h/123m456p789s1122z1z")
        client.get("/h/zzz")


@pytest.mark.django_db
def test_a_hand_that_no_system_can_score_still_opens(client):
    response = client.get("/h/v1.123m456p789s1122z-1z~sichuan", **EN)
    assert response.status_code == 200
    (row,) = response.context["results"]
    assert row["valid"] is False and row["reason"]


# --- not found ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/h/zzz", "/h/v1.junk", "/h/v9.123m", "/h/" + "1" * 2000, "/h/a/b/c", "/h/%20", "/h/v1.123m-1m~nosuchrules"],
    ids=["junk", "bad-share-code", "unknown-version", "too-long", "slashes", "blank", "unknown-rules"],
)
def test_what_cannot_be_read_is_a_bilingual_404_page(client, path):
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 404
    assert "找不到这手牌" in html and "Hand not found" in html
    assert 'name="robots" content="noindex"' in html and "og:title" not in html


def test_a_hand_with_an_error_shows_the_engines_message(client):
    response = client.get("/h/11111m456p789s1122z", **EN)
    assert response.status_code == 404
    assert "5th copy of 1m" in response.content.decode()


def test_an_htmx_request_for_a_bad_code_gets_the_missing_partial(client):
    response = client.get("/h/zzz", **HX)
    html = response.content.decode()
    assert response.status_code == 404
    assert 'id="missing"' in html and "<html" not in html


@pytest.mark.parametrize("suffix", ["og.png", "qr.svg"])
def test_the_preview_and_qr_code_of_a_bad_code_are_404s(client, suffix):
    response = client.get(f"/h/zzz/{suffix}")
    assert response.status_code == 404
    assert not response.content


# --- markup injection -------------------------------------------------------------------------------


class _Markup(HTMLParser):
    """Collects what could run: script elements, event-handler attributes, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.dangers: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "script" and not values.get("src", "").startswith("/static/"):
            self.dangers.append(f"<script {values}>")
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.dangers.append(f"<{tag} {name}={value!r}>")
        if tag in ("img", "svg", "iframe", "object") and values.get("src") == "x":
            self.dangers.append(f"<{tag} src=x>")


def _assert_inert(html: str, payload: str) -> None:
    parser = _Markup()
    parser.feed(html)
    assert parser.dangers == []
    if any(ch in payload for ch in "<>\"'"):
        assert payload not in html  # shown only escaped


@pytest.mark.django_db
@pytest.mark.parametrize("payload", XSS)
def test_a_share_code_cannot_inject_markup_into_the_page(client, payload):
    response = client.get("/h/" + quote(payload, safe=""), follow=True, **EN)
    assert response.status_code in (200, 404)
    _assert_inert(response.content.decode(), payload)


@pytest.mark.django_db
@pytest.mark.parametrize("payload", XSS)
def test_a_rules_parameter_cannot_inject_markup(client, payload):
    response = client.get("/h/123m456p789s1122z1z?rules=" + quote(payload, safe=""), follow=True, **EN)
    _assert_inert(response.content.decode(), payload)


@pytest.mark.parametrize("payload", XSS)
def test_a_bad_code_never_reaches_the_preview_image(client, payload):
    response = client.get("/h/" + quote(payload, safe="") + "/og.png")
    assert response.status_code in (301, 404)
    if response.status_code == 301:  # it read as a hand: the image is drawn from the canonical code only
        assert re.fullmatch(r"/h/v1\.[A-Za-z0-9._~-]+/og\.png", response["Location"])


def test_the_language_parameter_of_the_preview_is_checked(client):
    assert share_views._preview_language(_request("?lang=<script>")) in ("zh-hans", "en")


def _request(query: str):
    from django.test import RequestFactory

    return RequestFactory().get("/h/x/og.png" + query)


# --- preview image ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_preview_is_a_1200_by_630_png_with_cache_headers(client):
    response = client.get(f"/h/{CODE}/og.png?lang=en")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert "public" in response["Cache-Control"] and "max-age=" in response["Cache-Control"]
    image = Image.open(io.BytesIO(response.content))
    assert (image.format, image.size) == ("PNG", (1200, 630))


@pytest.mark.django_db
def test_the_preview_is_drawn_once_then_served_from_the_cache(client, monkeypatch):
    calls = []
    draw = share_views.draw_preview
    monkeypatch.setattr(share_views, "draw_preview", lambda code, lang: calls.append((code, lang)) or draw(code, lang))
    first = client.get(f"/h/{CODE}/og.png?lang=en")
    second = client.get(f"/h/{CODE}/og.png?lang=en")
    assert calls == [(CODE, "en")]
    assert first.content == second.content
    assert cache.get(share_views.preview_key(CODE, "en")) == first.content


@pytest.mark.django_db
def test_each_language_has_its_own_cached_preview(client, monkeypatch):
    monkeypatch.setattr(share_views.preview, "can_draw_chinese", lambda: True)
    english = client.get(f"/h/{CODE}/og.png?lang=en").content
    chinese = client.get(f"/h/{CODE}/og.png?lang=zh-hans").content
    assert english != chinese
    assert cache.get(share_views.preview_key(CODE, "zh-hans")) == chinese


@pytest.mark.django_db
def test_without_a_chinese_font_the_preview_is_drawn_in_english(client, monkeypatch):
    monkeypatch.setattr(share_views.preview, "can_draw_chinese", lambda: False)
    assert share_views._preview_language(_request("?lang=zh-hans")) == "en"
    response = client.get(f"/h/{CODE}/og.png?lang=zh-hans")
    assert response.status_code == 200
    assert cache.get(share_views.preview_key(CODE, "en")) == response.content


def test_the_preview_texts_name_each_system_its_total_and_top_fans():
    rows = [
        {"name": "MCR", "valid": True, "total": 10, "unit": "fan", "reason": "",
         "fans": [{"name": "Small", "value": 1, "total": 1, "count": 1},
                  {"name": "Big", "value": 8, "total": 8, "count": 1},
                  {"name": "Twice", "value": 1, "total": 2, "count": 2}]},
        {"name": "Sichuan", "valid": False, "total": 0, "unit": "fan", "reason": "not void in a suit", "fans": []},
    ]
    assert share_views.title_text(rows).startswith("MCR 10 fan · Sichuan ")
    assert share_views.detail(rows[0]) == "Big 8 · Twice 1×2 · Small 1"
    assert share_views.detail(rows[1]) == "not void in a suit"
    lines = share_views.preview_lines(rows)
    assert [(line.valid, line.headline) for line in lines][0] == (True, "10 fan")
    # what multiplies the total and who pays whom
    paid = [{"from": seat, "to": "E", "amount": amount} for seat, amount in (("S", 16), ("W", 16), ("N", 32))]
    lines = [{"amount": 32, "factors": "2 · 4 fan ×16 = 32"}, {"amount": 16, "factors": "1 · 4 fan ×16 = 16"}]
    rows[0].update(facts=["multiplier ×8"], payments=paid, seats=[{"lines": lines}])
    with translation.override("en"):
        (line, _) = share_views.preview_lines(rows)
    assert line.detail == "multiplier ×8 · 2 · 4 fan ×16 = 32 · Big 8 · Twice 1×2 · Small 1"
    assert line.pays == "N → E 32 · S W → E 16 each"


# --- QR code --------------------------------------------------------------------------------------


def test_the_qr_code_is_an_svg_of_the_absolute_link(client):
    response = client.get(f"/h/{CODE}/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    expected = io.BytesIO()
    segno.make(f"http://testserver/h/{CODE}", error="m").save(expected, kind="svg", scale=4, border=2, xmldecl=False)
    assert response.content == expected.getvalue()
    assert b"<script" not in response.content


# --- fuzzing ------------------------------------------------------------------------------------------

_SEGMENT = st.text(
    alphabet=st.sampled_from("v1.-~_[],|0123456789mpszfESWNCFPabcdehklorw <>\"'&%/é中"), min_size=1, max_size=60
)


@pytest.mark.django_db
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_SEGMENT, suffix=st.sampled_from(["", "/og.png", "/qr.svg"]))
def test_no_text_after_h_is_a_server_error(client, text, suffix):
    response = client.get("/h/" + quote(text, safe="") + suffix)
    assert response.status_code in (200, 301, 404)


@pytest.mark.django_db
@pytest.mark.parametrize("suffix, kind", [("og.png", "image/png"), ("qr.svg", "image/svg+xml")])
def test_the_images_answer_an_htmx_request_the_same_way(client, suffix, kind):
    plain = client.get(f"/h/{CODE}/{suffix}?lang=en")
    htmx = client.get(f"/h/{CODE}/{suffix}?lang=en", **HX)
    assert (htmx.status_code, htmx["Content-Type"]) == (200, kind)
    assert htmx.content == plain.content


# --- waiting hands ------------------------------------------------------------------------------------

WAITING = "v1.123m456p789s1122z~guobiao"  # 13 tiles: waits on 东 and 南


@pytest.mark.django_db
def test_a_waiting_hand_shows_its_waits_each_linking_to_its_completed_hand(client):
    response = client.get(f"/h/{WAITING}", **EN)
    assert response.status_code == 200 and response.context["waiting"]
    rows = response.context["wait_rows"]
    assert [row["tile"].str for row in rows] == ["1z", "2z"]
    assert [row["url"] for row in rows] == ["/h/v1.123m456p789s1122z-1z~guobiao", "/h/v1.123m456p789s1122z-2z~guobiao"]
    html = response.content.decode()
    assert 'href="/h/v1.123m456p789s1122z-1z~guobiao"' in html
    assert _meta(html, "og:title") == "Waiting on 1z 2z"


@pytest.mark.django_db
def test_each_wait_is_worth_what_its_completed_hand_scores(client):
    rows = client.get(f"/h/{WAITING}", **EN).context["wait_rows"]
    for row in rows:
        (completed,) = client.get(row["url"], **EN).context["results"]
        (cell,) = row["cells"]
        assert (cell["valid"], cell["total"]) == (completed["valid"], completed["total"])


@pytest.mark.django_db
def test_a_waiting_hand_has_a_preview_too(client):
    response = client.get(f"/h/{WAITING}/og.png?lang=en")
    assert Image.open(io.BytesIO(response.content)).size == (1200, 630)
    with translation.override("en"):
        lines = share_views.waits_lines(share_views.waits(share_views.load(WAITING)))
    assert [line.headline for line in lines] == ["Waiting on"]
    assert re.fullmatch(r"1z (\d+|✗) · 2z (\d+|✗)", lines[0].detail)


# --- the whole answer: how it was won, fans, payments --------------------------------------------------


def _share_text(html: str) -> str:
    from html import unescape

    return unescape(re.search(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', html, re.S).group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(("headers", "context", "fan", "payment"), [
    (ZH, "东风圈 · 南风位 · 自摸 · 2 花（梅 春）", "幺九刻 1111m 1", "东 → 南 22"),
    (EN, "East round · South seat · Self-drawn · 2 flowers (Plum Spring)", "Pung of Terminals or Honors 1m ×4 1",
     "East → South 22"),
])
def test_the_share_page_says_how_the_hand_was_won_and_its_text_carries_the_whole_answer(client, headers, context,
                                                                                        fan, payment):
    html = client.get(f"/h/{CODE}", **headers).content.decode()
    assert 'class="share__context"' in html and escape(context) in html
    text = _share_text(html)
    assert text.splitlines()[0] == f"http://testserver/h/{CODE}"
    assert context in text and fan in text and payment in text
    assert ("合计：14 番" if headers is ZH else "Total: 14 fan") in text
    assert sum(1 for line in text.splitlines() if "→" in line) == 3  # each of the three payers


@pytest.mark.django_db
def test_a_discard_win_names_the_discarder_on_the_share_page(client):
    code = "v1.1122233344s-4s.P555s2~sichuan"
    html = client.get(f"/h/{code}", **ZH).content.decode()
    assert "北家点炮" in html and "点炮" in _share_text(html)


def _drawn_texts(monkeypatch, code, lang):
    from PIL import ImageDraw

    texts = []
    real = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text",
                        lambda self, xy, value, *a, **k: texts.append(value) or real(self, xy, value, *a, **k))
    share_views.draw_preview(code, lang)
    return texts


@pytest.mark.django_db
def test_the_preview_says_how_the_hand_was_won_in_each_systems_words(monkeypatch):
    texts = _drawn_texts(monkeypatch, "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao~sichuan", "zh-hans")
    assert "东风圈 · 南风位 · 自摸 · 2 花（梅 春）" in texts
    assert "不能胡" in texts and "不能和" not in texts  # 四川 is not a win: in 四川's words
    english = _drawn_texts(monkeypatch, "v1.1122233344s-4s.P555s2~sichuan", "en")
    assert "East seat · On a discard · from North" in english  # 四川 reads no round wind: the line has none
    assert not any("East round" in text for text in english)


@pytest.mark.django_db
def test_a_waiting_hand_says_its_winds_but_not_how_it_was_won(client, monkeypatch):
    html = client.get("/h/v1.1112345678999m", **ZH).content.decode()
    line = re.search(r'<p class="share__context">(.*?)</p>', html, re.S).group(1)
    assert "东风圈" in line and "点和" not in line and "点炮" not in line
    texts = _drawn_texts(monkeypatch, "v1.1112345678999m", "zh-hans")
    assert "东风圈 · 东风位" in texts


OPENED = [
    "v1.2456m5888p78s-2m.C123m.indicator-4p~wuhan",  # a turned-up tile
    "v1.123345m456p789s2z-2z~custom.angang-0.cap-6.combine-double.dealer_factor-2.discarder_multiplier-2.flower-0"
    ".gangshangkaihua-0.gen-0.haidi-0.hunyise-0.minggang-0.payers-all.pinghu-0.qianggang-0.qidui-3.qingyise-0.ziyise-0",
    "v1.1122233344s-4s.P555s2.ES~sichuan.base-6.fan_display-e1.zhigang-1.zimo-none",  # a preset's house rules
    "v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao~sichuan",  # a table and one compared
]


@pytest.mark.django_db
@pytest.mark.parametrize("code", OPENED)
def test_open_in_the_calculator_opens_exactly_the_shared_hand(client, code):
    shared = client.get(f"/h/{code}", **EN)
    link = re.search(r'<a class="btn btn--primary" href="([^"]+)">', shared.content.decode()).group(1)
    opened = client.get(link.replace("&amp;", "&"), **EN)
    assert opened.status_code == 200
    page = opened.content.decode()
    totals = {r["id"]: (r["valid"], r["total"]) for r in shared.context["results"]}
    share_code = re.search(r'<a id="share-link" href="/h/([^"]+)">', page).group(1)
    assert share_code == code  # the same systems, house rules and context: the same code
    again = client.get(f"/h/{share_code}", **EN).context["results"]
    assert {r["id"]: (r["valid"], r["total"]) for r in again} == totals
    first = parse_share_code(code).rules[0]
    assert f'<input type="hidden" name="rules" value="{first}">' in page  # the first system is the table's
