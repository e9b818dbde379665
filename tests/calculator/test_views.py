"""The calculator page (/), with and without htmx: the whole page, or the result partial with the parts
that depend on the state swapped out of band; the palette's edits without JavaScript; languages; CSP."""

import re
from html import escape
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.http import QueryDict

from calculator import parts, presenters, views
from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets

HAND = "123m456p789s345m22z"
SUITED = "123m456m789m123p55p"
WAITING = "1112345678999m"  # 九莲宝灯: waits on every character tile
HX = {"HX-Request": "true"}


def page(client, htmx=False, lang="en", **query):
    headers = {"Accept-Language": lang, **(HX if htmx else {})}
    response = client.get("/?" + urlencode(query, doseq=True), headers=headers)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def card(html, rules):
    match = re.search(rf'<article id="r-{rules}".*?</article>', html, re.S)
    assert match, f"no card for {rules}"
    return match.group(0)


def total_of(card_html):
    return int(re.search(r'card__total"><strong>(-?\d+)</strong>', card_html).group(1))


# -- whole page and partial ------------------------------------------------------------------------------


def test_without_htmx_the_whole_page_is_drawn(client):
    html = page(client)
    assert html.startswith("<!doctype html>")
    assert 'id="calc"' in html and 'hx-get="/"' in html
    assert html.count('class="palette__tile"') == 34
    assert "hx-swap-oob" not in html


def test_with_htmx_only_the_result_and_the_state_dependent_parts_come_back(client):
    html = page(client, htmx=True, hand=HAND)
    assert "<html" not in html and 'id="palette"' not in html
    assert html.lstrip().startswith('<section id="result"')
    for part in ("chooser", "setup", "placed", "flowers", "context", "systems"):
        assert re.search(rf'id="{part}"[^>]*hx-swap-oob="true"', html), part
    assert '<p id="announce" hx-swap-oob="innerHTML">' in html  # the live region stays, its words change
    assert 'id="handbox"' not in html  # the hand box is left alone while the reader types


def test_with_htmx_a_part_the_page_already_shows_is_not_sent_again(client):
    full = page(client, hand=HAND)
    shown = ",".join(f"{part}:{sig}" for part, sig in re.findall(r'id="(\w+)"[^>]*data-sig="(\w+)"', full))
    assert shown.count(":") == 6
    headers = {**HX, "X-Parts": shown, "Accept-Language": "en"}
    same = client.get("/?" + urlencode({"hand": HAND}), headers=headers).content.decode()
    assert "hx-swap-oob" in same  # the live announcement
    assert not re.search(r'id="(chooser|setup|placed|flowers|context|systems)"', same)
    changed = client.get("/?" + urlencode({"hand": HAND, "win": "self_drawn"}), headers=headers).content.decode()
    assert re.search(r'id="context"[^>]*hx-swap-oob="true"', changed)
    assert not re.search(r'id="systems"', changed)


def test_the_empty_page_is_drawn_once_per_language_then_kept(client, monkeypatch):
    views.landing_page.cache_clear()
    calls = []
    page_context = presenters.page_context
    monkeypatch.setattr(presenters, "page_context", lambda *a, **k: calls.append(1) or page_context(*a, **k))
    first, again = page(client), page(client)
    assert len(calls) == 1
    strip = re.compile(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]+"')
    assert strip.sub("", first) == strip.sub("", again)
    assert 'lang="zh-Hans"' in page(client, lang="zh-hans") and len(calls) == 2


def test_a_part_drawn_before_is_drawn_again_only_for_what_it_shows(client):
    parts.clear()
    english = page(client, htmx=True, hand=HAND, win="self_drawn")
    chinese = page(client, htmx=True, lang="zh-hans", hand=HAND, win="self_drawn")
    part = re.compile(r'<section id="context".*?</section>', re.S)
    assert part.search(english).group(0) != part.search(chinese).group(0)
    assert part.search(page(client, htmx=True, hand=HAND, win="self_drawn")).group(0) == part.search(english).group(0)
    assert 'value="self_drawn" id="id_win_self_drawn" checked' in part.search(english).group(0)
    discard = part.search(page(client, htmx=True, hand=HAND)).group(0)
    assert 'value="discard" id="id_win_discard" checked' in discard


def _part(html, part):
    match = re.search(rf'<(\w+) id="{part}".*?</\1>', html, re.S)
    assert match, f"no {part} in the response"
    return match.group(0)


def test_a_part_never_shows_a_drawing_of_another_state_whatever_its_template_reads(client, tmp_path, settings):
    # The flowers row made to read the page's status, which is not the flowers' to read: two hands with the
    # same flowers show different statuses. Under hand-listed signatures (flower_row, flowers_unused) the
    # second hand got the first one's drawing; a part drawn from its own context draws the same for both.
    real = settings.BASE_DIR / "templates" / "calculator.html"
    (tmp_path / "calculator.html").write_text(
        real.read_text().replace("{% if flowers_unused %}", "<i>{{ status }}</i>{% if flowers_unused %}")
    )
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    parts.clear()
    page(client, htmx=True, hand="123m")  # "3 tiles: …"
    kept = _part(page(client, htmx=True, hand="1234m"), "flowers")  # "4 tiles: …", the flowers as before
    parts.clear()
    fresh = _part(page(client, htmx=True, hand="1234m"), "flowers")
    assert kept == fresh
    assert "3 tiles" not in kept


def test_every_name_a_part_reads_is_in_its_own_context(client):
    # a name the part's context does not hold would be drawn empty, the same for every state: say which
    from django.template import Context
    from django.template.loader import get_template
    from django.utils import translation

    from calculator.forms import CalculatorForm

    class Reads(Context):
        """A context that notes every name asked for and found in none of its layers."""

        missing: set[str]

        def __contains__(self, key):
            found = super().__contains__(key)
            if not found and key != "forloop":  # {% for %} asks whether a loop encloses it
                self.missing.add(key)
            return found

        def __getitem__(self, key):
            try:
                return super().__getitem__(key)
            except KeyError:
                self.missing.add(key)
                raise

        def get(self, key, otherwise=None):
            return self[key] if key in self else otherwise

    queries = [{}, {"hand": HAND, "win": "self_drawn"}, {"hand": WAITING}, {"hand": "123m[124m]"},
               {"hand": SUITED, "rules_shown": "1", "rules": ["guobiao", "sichuan"], "opt-guobiao-base_points": "9"}]
    with translation.override("en"):
        for query in queries:
            form = CalculatorForm(QueryDict(urlencode(query, doseq=True)))
            form.is_valid()
            context = presenters.page_context(form, lambda text: text)
            shown = {**parts.parts(context), "palette_tiles": parts.part("palette_tiles", parts.PALETTE, context)}
            for name, p in shown.items():
                if name in parts.DRAWN_IN_PYTHON:  # a function of the part's context alone: a name it lacks raises
                    assert parts.DRAWN_IN_PYTHON[name](p.context, True, p.sig)
                    continue
                reads = Reads({**p.context, "oob": True, "sigs": {name: p.sig}})
                reads.missing = set()
                get_template(f"calculator.html#{name}").template.render(reads)
                assert not reads.missing, (name, query, reads.missing)


def test_a_signature_is_a_full_digest_of_the_part_and_the_language(client):
    html = page(client, hand=HAND)
    sigs = dict(re.findall(r'id="(\w+)"[^>]*data-sig="(\w+)"', html))
    assert all(len(sig) == 64 for sig in sigs.values())  # SHA-256
    chinese = dict(re.findall(r'id="(\w+)"[^>]*data-sig="(\w+)"', page(client, lang="zh-hans", hand=HAND)))
    assert all(sigs[name] != chinese[name] for name in sigs)


def test_a_request_asks_for_its_language_once_and_draws_in_it(client, monkeypatch):
    from calculator import lang

    asked = []
    real = lang.get_language
    monkeypatch.setattr(lang, "get_language", lambda: asked.append(1) or real())
    html = page(client, htmx=True, lang="zh-hant", hand=HAND, rules="hongkong")
    assert len(asked) == 1
    assert "糊這張" in html and "結果" in html  # 香港's own words, in 繁體
    from django.utils import translation

    with translation.override("zh-hans"):  # outside a request: asked each time
        assert lang.language() == "zh-hans"


def test_responses_vary_on_the_htmx_header(client):
    assert "HX-Request" in client.get("/").headers["Vary"]


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_complete_hand_shows_each_systems_total_and_payouts_as_the_engine_scores_them(client, htmx):
    html = page(client, htmx=htmx, hand=SUITED)
    expected = evaluate(SUITED)
    assert len(expected["results"]) >= 2
    for result in expected["results"]:
        body = card(html, result["rules"])
        if result["valid"]:
            assert total_of(body) == result["total"]
            for seat, net in result["payouts"].items():
                assert f"{'+' if net > 0 else ''}{net}</strong>" in body, (result["rules"], seat)
        else:
            assert "card--invalid" in body


def test_each_counted_fan_shows_its_value_and_each_excluded_fan_what_excluded_it(client):
    result = evaluate(HAND, "guobiao")["results"][0]
    body = card(page(client, hand=HAND), "guobiao")
    for fan in result["fans"]:
        assert fan["en"] in body or fan["zh"] in body
    for excluded in result["excluded"]:
        assert "not counted" in body and excluded["en"] in body


def test_the_side_by_side_table_has_a_row_per_system(client):
    html = page(client, hand=SUITED)
    table = re.search(r'<table class="compare__table">.*?</table>', html, re.S).group(0)
    assert table.count('href="#r-') == len(evaluate(SUITED)["results"])


def test_an_invalid_hand_says_exactly_why(client):
    chicken_minus = "[123m1][789m1]234s78p55p6p"  # mcr.md §5.7: 3 fan, below the minimum
    result = evaluate(chicken_minus, "guobiao")["results"][0]
    assert not result["valid"]
    body = card(page(client, hand=chicken_minus, rules_shown="1", rules="guobiao"), "guobiao")
    assert "card--invalid" in body
    assert result["reason_en"] in body or result["reason"] in body


def test_the_scoring_reading_is_drawn_in_tiles_with_the_claimed_tile_sideways(client):
    body = card(page(client, hand="[555p3]123m456s78s11z9s"), "guobiao")
    assert "tile--rotated" in body and "tile--winning" in body


def test_a_concealed_kong_is_drawn_face_down_at_both_ends(client):
    body = card(page(client, hand="[5555s]123m456p789p1z1z"), "guobiao")
    assert body.count("tile--back") == 2


def test_the_other_readings_are_folded(client):
    html = page(client, hand="111222333m456p55z")
    assert '<details class="others">' in card(html, "guobiao")


def test_a_share_link_and_its_qr_code_are_offered(client):
    html = page(client, hand=HAND)
    code = evaluate(HAND)["hand"]
    assert f'href="/h/{code}"' in html
    assert f"http://testserver/h/{code}" in html
    assert f'src="/h/{code}/qr.svg"' in html


# -- waits ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_waiting_hand_lists_every_winning_tile_with_a_link_that_completes_it(client, htmx):
    html = page(client, htmx=htmx, hand=WAITING)
    links = re.findall(r'<a class="wait" id="wait-\w+" href="([^"]+)" data-hand="([^"]+)"', html)
    assert len(links) == 9
    for url, hand in links:
        query = parse_qs(urlsplit(url.replace("&amp;", "&")).query)
        assert query["hand"] == [hand]
        assert parse_hand(hand).winning_tile is not None
    completed = page(client, **{"hand": links[0][1]})
    assert 'id="r-guobiao"' in completed


def test_a_waiting_hand_is_valued_in_every_system_that_reads_it_once_complete(client):
    html = page(client, hand=WAITING)
    head = re.search(r'<table class="waits__table">.*?</thead>', html, re.S).group(0)
    assert "Chinese Official (MCR)" in head and "Sichuan" in head


def test_a_hand_that_is_not_ready_says_so(client):
    assert "no tile completes it" in page(client, hand="1357m2468p1357s9p")


# -- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_bad_input_shows_the_engines_message_and_marks_the_place_keeping_what_was_typed(client, htmx):
    text = "123m4x56p"
    with pytest.raises(MahjongError) as caught:
        parse_hand(text)
    html = page(client, htmx=htmx, hand=text)
    assert escape(caught.value.message.rsplit(" at position", 1)[0]) in html
    assert f"(at character {caught.value.position + 1})" in html
    assert "123m4<mark>x</mark>56p" in html
    if not htmx:
        assert 'value="123m4x56p"' in html


def test_a_hand_being_entered_shows_how_far_it_has_got(client):
    html = page(client, hand="123m")
    assert "alert--error" not in html
    assert "3 tiles" in html


# -- the palette without JavaScript ------------------------------------------------------------------


def test_a_palette_tile_adds_itself_and_redirects_to_the_new_hand(client):
    response = client.get("/?" + urlencode({"hand": "12m", "add": "3m", "seat": "S"}))
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query)
    assert query["hand"] == ["123m"] and query["seat"] == ["S"] and "add" not in query


def test_a_placed_tile_removes_itself(client):
    response = client.get("/?" + urlencode({"hand": HAND, "remove": "w"}))
    assert parse_qs(urlsplit(response["Location"]).query)["hand"] == ["123345m456p789s2z"]


def test_an_edit_the_hand_cannot_take_is_explained_on_the_page(client):
    response = client.get("/?" + urlencode({"hand": "1111m", "add": "1m"}))
    assert response.status_code == 200
    assert "5 copies of 1m" in response.content.decode()


def test_with_htmx_an_edit_redraws_the_hand_box_out_of_band(client):
    html = page(client, htmx=True, hand="12m", add="3m")
    assert re.search(r'id="handbox"[^>]*hx-swap-oob="true"', html)
    assert 'value="123m"' in html


def test_with_htmx_an_edit_the_server_makes_puts_the_new_hands_address_in_the_bar(client):
    # calculator.js reads no hand strings: for typed text the server has not read yet, it asks for the edit
    response = client.get("/?" + urlencode({"hand": "123m", "add": "4m"}), headers=HX)
    assert response.status_code == 200
    assert 'value="1234m"' in response.content.decode()
    query = parse_qs(urlsplit(response["HX-Replace-Url"]).query)
    assert query["hand"] == ["1234m"] and "add" not in query


def test_the_placed_tiles_carry_the_hand_as_tokens_for_the_script(client):
    html = page(client, hand="[555z2][7777s]123m456p8s9s")
    placed = re.search(r'<div id="placed"[^>]*>', html).group(0)
    assert 'data-packs="pung-5z-2 concealed_kong-7s"' in placed
    assert 'data-tiles="1m 2m 3m 4p 5p 6p 8s 9s"' in placed


def test_the_placed_tiles_are_buttons_that_take_them_back(client):
    html = page(client, hand="[555p3]123m")
    assert 'name="remove" value="p:0"' in html
    assert html.count('name="remove" value="t:') == 3


def test_the_palette_counts_what_is_left_and_disables_a_tile_at_four(client):
    html = page(client, hand="[1111m]2m")
    one = re.search(r'<button type="submit" name="add" value="1m"[^>]*>', html.replace("\n", " ")).group(0)
    assert "disabled" in one
    assert re.search(r'value="2m".*?<span class="n">3</span>', html, re.S)


def test_a_gb_string_moves_its_context_into_the_controls(client):
    html = page(client, hand="[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    assert 'value="[555z2][1111m]456p78s22z9s"' in html
    assert re.search(r'name="seat" value="S" id="id_seat_S" checked', html)
    assert re.search(r'name="flowers" value="1f" checked', html)


def test_a_control_the_hand_rules_out_is_disabled_with_the_reason(client):
    html = page(client, hand=HAND)
    assert re.search(r'name="win" value="rob_kong" id="id_win_rob_kong" disabled', html)
    assert 'id="id_win_rob_kong-why"' in html


# -- house rules --------------------------------------------------------------------------------------


def test_house_rules_are_generated_for_each_system_compared_when_its_panel_is_opened(client):
    """A system's house-rule controls are drawn only when its panel is opened (a folded system is
    one button); opened, every option of the system has its control."""
    from rulesets.registry import get_ruleset

    folded = page(client, hand=SUITED)
    opened = page(client, hand=SUITED, open=["guobiao", "sichuan"])
    for rules in ("guobiao", "sichuan"):
        assert f'<button type="submit" name="open" value="{rules}"' in folded
        assert f'id="house-{rules}" open>' in opened
        for info in get_ruleset(rules).option_infos():
            assert f'name="opt-{rules}-{info.key}"' not in folded
            assert f'name="opt-{rules}-{info.key}"' in opened


def test_a_preset_fills_the_house_rules_it_sets(client):
    html = page(client, hand=SUITED, open="sichuan", **{"preset-sichuan": "jj-16", "applied-sichuan": ""})
    select = re.search(r'<select name="opt-sichuan-cap"[^>]*>.*?</select>', html, re.S).group(0)
    assert '<option value="16" selected>' in select
    assert 'name="applied-sichuan" value="jj-16"' in html


# -- every system chosen: the GET form stays within what servers take ----------------------------------


EVERY_SYSTEM = {"rules_shown": "1", "rules": [r.id for r in all_rulesets()]}


class _Submitted(HTMLParser):
    """The fields a browser submits for ``form#calc`` (enabled, named; checked boxes; each select's choice)."""

    def __init__(self):
        super().__init__()
        self.inside, self.named, self.fields, self.select = False, 0, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.inside = self.inside or (tag == "form" and a.get("id") == "calc")
        if not self.inside:
            return
        if tag in ("input", "select", "textarea") and a.get("name"):
            self.named += 1
            if "disabled" in a:
                return
            kind = a.get("type", "text")
            if tag == "select":
                self.select = [a["name"], None, None]
            elif kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button", "reset"):
                self.fields.append((a["name"], a.get("value", "")))
        if tag == "option" and self.select is not None:
            value = a.get("value", "")
            self.select[2] = value if self.select[2] is None else self.select[2]
            self.select[1] = value if "selected" in a else self.select[1]

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None:
            name, chosen, first = self.select
            self.fields.append((name, chosen if chosen is not None else first or ""))
            self.select = None
        self.inside = self.inside and tag != "form"


def submitted(html):
    form = _Submitted()
    form.feed(html)
    return form


@pytest.mark.parametrize("hand", ["", SUITED, WAITING, "123m"], ids=["empty", "complete", "waiting", "entering"])
def test_with_every_system_chosen_the_page_renders_within_what_a_get_form_may_send(client, settings, hand):
    html = page(client, hand=hand, **EVERY_SYSTEM)
    for r in all_rulesets():
        assert f'id="house-{r.id}"' in html, r.id  # every system's house rules, drawn or folded
    form = submitted(html)
    assert form.named < settings.DATA_UPLOAD_MAX_NUMBER_FIELDS  # Django's limit: 400
    line = f"GET /?{urlencode(form.fields)} HTTP/1.1"
    assert len(line) < 4094, len(line)  # gunicorn's longest request line
    again = client.get("/?" + urlencode(form.fields), headers={"Accept-Language": "en"})
    assert again.status_code == 200
    sigs = re.compile(r'id="(\w+)"[^>]*data-sig="(\w+)"')
    assert sigs.findall(again.content.decode()) == sigs.findall(html)  # the form as sent draws the same page


def test_a_folded_systems_changed_values_travel_in_one_field_and_its_panel_opens_on_request(client):
    r = all_rulesets()[-1]
    info = next(i for i in r.option_infos() if i.kind == "bool")
    value = f"{info.key}-{'false' if info.default else 'true'}"
    folded = page(client, hand=SUITED, **EVERY_SYSTEM, **{f"hr-{r.id}": value})
    assert f'name="hr-{r.id}" value="{value}"' in folded
    assert f'name="opt-{r.id}-{info.key}"' not in folded
    assert f'<button type="submit" name="open" value="{r.id}"' in folded
    opened = page(client, hand=SUITED, **EVERY_SYSTEM, open=r.id, **{f"hr-{r.id}": value})
    assert f'id="house-{r.id}" open>' in opened
    control = re.search(rf'<input type="checkbox" name="opt-{r.id}-{info.key}"[^>]*>', opened).group(0)
    assert ("checked" in control) is (not info.default)  # the folded value, now in its control
    assert f'<input type="hidden" name="open" value="{r.id}">' in opened  # and it stays open


# -- languages -----------------------------------------------------------------------------------------


def test_the_browsers_language_is_used(client):
    zh = page(client, lang="zh-CN,zh;q=0.9")
    en = page(client, lang="en-US,en;q=0.9")
    assert '<html lang="zh-Hans">' in zh and "和牌方式" in zh
    assert '<html lang="en">' in en and "How it was won" in en


def test_fan_names_follow_the_language(client):
    result = evaluate(HAND, "guobiao")["results"][0]
    zh = card(page(client, hand=HAND, lang="zh-CN"), "guobiao")
    en = card(page(client, hand=HAND), "guobiao")
    for fan in result["fans"]:
        assert fan["zh"] in zh and fan["en"] in en


def test_the_language_switch_remembers_the_choice(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/?hand=123m"})
    assert response.status_code == 302 and response["Location"] == "/?hand=123m"
    assert "How it was won" in page(client, lang="zh-CN")


def test_every_tile_has_a_text_alternative(client):
    html = page(client, hand=HAND)
    images = re.findall(r'<span class="tile[^"]*"><img [^>]*>', html)
    assert len(images) > 34
    assert all(re.search(r'alt="[^"]+"', img) for img in images)


# -- Content-Security-Policy ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, htmx",
    [({}, False), ({"hand": HAND}, False), ({"hand": HAND}, True), ({"hand": WAITING}, True),
     ({"hand": "123m4x"}, False), ({"hand": "12m", "add": "3m"}, True)],
)
def test_the_csp_header_is_sent_and_no_page_has_inline_script_or_style(client, query, htmx):
    response = client.get("/?" + urlencode(query), headers=HX if htmx else {})
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    html = response.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert not re.search(r"<style\b", html)
    assert not re.search(r"\sstyle=", html)
    assert not re.search(r"\son[a-z]+=", html)


@pytest.mark.parametrize("meta", [
    {}, {"HTTP_HOST": "example.com:8443"}, {"wsgi.url_scheme": "https"}, {"HTTP_HOST": "other.example"},
    {"HTTP_X_FORWARDED_HOST": "other.example", "HTTP_HOST": "example.com"},
])
@pytest.mark.parametrize("location", ["/h/v1.123m~guobiao", "/h/v1.%E4%B8%AD", "/h/a b", "/h/中", "//x/y", "/a/./b"])
def test_a_share_links_address_is_djangos_absolute_uri(rf, settings, meta, location):
    # the site's address is found once per address a request gives; a host not allowed is refused every time
    settings.ALLOWED_HOSTS = ["example.com", "testserver"]
    for forwarded in (False, True, False):
        settings.USE_X_FORWARDED_HOST = forwarded
        request = rf.get("/", **meta)
        try:
            expected = request.build_absolute_uri(location)
        except Exception as exc:  # noqa: BLE001 - the same refusal
            with pytest.raises(type(exc)):
                views._absolute(rf.get("/", **meta), location)
            continue
        assert views._absolute(rf.get("/", **meta), location) == expected


@pytest.mark.parametrize("query", ["", "hand=1m", "rules=guobiao&hand=1m&win=discard&rules=sichuan",
                                   "a=1&a=2&b=%E4%B8%AD"])
def test_a_waits_link_is_the_query_with_the_hand_set(query):
    data = QueryDict(query)
    changed = views._with_hand(data, "123m")
    expected = data.copy()
    expected["hand"] = "123m"
    assert changed.urlencode() == expected.urlencode() and list(changed.lists()) == list(expected.lists())
    assert changed._mutable and changed.encoding == data.encoding and data.urlencode() == QueryDict(query).urlencode()
    changed.appendlist("a", "3")  # a list of its own
    assert data.urlencode() == QueryDict(query).urlencode()


def test_every_answer_of_the_calculator_varies_as_vary_on_headers_writes_it(client):
    """The view writes its Vary itself (no header parsed when the answer has none): the same value as Django's
    ``vary_on_headers("HX-Request", "X-Parts")``, on a page, an update and a redirect."""
    from django.http import HttpResponse
    from django.utils.cache import patch_vary_headers

    expected = HttpResponse()
    patch_vary_headers(expected, ("HX-Request", "X-Parts"))
    answers = [client.get("/?rules=guobiao&hand=123m456m789m345p55p"),
               client.get("/?rules=guobiao&hand=123m456m789m345p55p", HTTP_HX_REQUEST="true"),
               client.get("/?rules=guobiao&hand=123m&add=4m")]
    assert answers[2].status_code == 302
    for response in answers:
        assert response["Vary"].split(", ")[:2] == expected["Vary"].split(", "), response


@pytest.mark.django_db
@pytest.mark.parametrize("sent", [{"HTTP_HX_REQUEST": "true"}, {}])
def test_the_page_told_it_is_htmx_draws_what_it_finds_by_asking(sent):
    """The view tells page() the request is htmx's (it has asked already): the view model is the one page()
    finds by asking the request itself."""
    from django.test import RequestFactory
    from django.utils import translation

    from calculator import result_html
    from serving.htmx import HtmxDetails
    from serving.quickhttp import is_htmx

    request = RequestFactory().get("/?" + urlencode({"hand": HAND, "rules": "guobiao"}), **sent)
    request.htmx = HtmxDetails(request)
    with translation.override("en"):
        asked = views.page(request, request.GET, "")
        told = views.page(request, request.GET, "", htmx=is_htmx(request))
    assert asked["oob"] is told["oob"] is bool(sent)
    assert asked["parts"] == told["parts"]
    with translation.override("en"):
        assert result_html.result_update(asked) == result_html.result_update(told)
