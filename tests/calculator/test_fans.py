"""The fan reference: /fans/, /fans/<system>/, /fans/<system>/<fan>/ (calculator/fan_views.py)."""

import dataclasses
import re
from urllib.parse import parse_qs, quote, urlparse

import pytest
from django.core.cache import cache

from calculator import fan_views
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.tiles import Suit

HX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}
SYSTEMS = [r.id for r in all_rulesets()]
MCR = get_ruleset("guobiao")


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def _fan_ids(html: str) -> list[str]:
    return re.findall(r'<article class="fan" id="fan-([^"]+)"', html)


# --- the index --------------------------------------------------------------------------------------


def test_the_index_links_every_system(client):
    response = client.get("/fans/", **EN)
    html = response.content.decode()
    assert response.status_code == 200
    for r in all_rulesets():
        assert f'href="/fans/{r.id}/"' in html
        assert r.en in html


def test_the_index_is_in_chinese_for_a_chinese_browser(client):
    html = client.get("/fans/", **ZH).content.decode()
    assert '<a href="/fans/guobiao/">国标麻将</a> <span class="fan__other">Chinese Official (MCR)</span>' in html


def test_the_index_answers_htmx_too(client):
    response = client.get("/fans/", **HX)
    assert response.status_code == 200
    assert 'href="/fans/guobiao/"' in response.content.decode()


# --- one system's list -------------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_list_shows_every_fan_of_the_system(client, system):
    ruleset = get_ruleset(system)
    response = client.get(f"/fans/{system}/", **EN)
    assert response.status_code == 200
    assert sorted(_fan_ids(response.content.decode())) == sorted(f.id for f in ruleset.fans)


def test_each_fan_shows_its_value_definition_and_what_it_excludes(client):
    html = client.get("/fans/guobiao/", **EN).content.decode()
    fan = MCR.fan("big_four_winds")
    card = html[html.index('id="fan-big_four_winds"'):]
    card = card[: card.index("</article>")]
    assert fan.en in card and fan.zh in card and f"{fan.value} " in card
    assert fan.definition_en in card
    for excluded in fan.excludes:
        assert f'href="/fans/guobiao/{excluded.fan}/"' in card
    assert "(×4)" in card  # 幺九刻 is excluded four times


def test_each_fan_example_is_drawn_in_tiles_with_a_link_to_the_calculator(client):
    html = client.get("/fans/guobiao/", **EN).content.decode()
    fan = MCR.fan("big_four_winds")
    card = html[html.index('id="fan-big_four_winds"'):]
    card = card[: card.index("</article>")]
    assert card.count('class="tile') == 14
    link = re.search(r'<a href="(/\?[^"]+)">', card).group(1)
    query = parse_qs(urlparse(link.replace("&amp;", "&")).query)
    assert query == {"hand": [fan.example], "rules": ["guobiao"], "rules_shown": ["1"]}  # 国标 chosen


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_fan_example_of_every_table_can_be_drawn(system):
    unreadable = [f.id for f in get_ruleset(system).fans if f.example and fan_views.example_view(f.example) is None]
    assert unreadable == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_fan_example_scored_as_its_page_scores_it_counts_that_fan(system):
    """With the house rules its share code carries: 杭州 四个白板, 温州's 特殊双翻 rows, 四川 将七对 count only
    with an option."""
    ruleset = get_ruleset(system)
    missing = []
    for fan in ruleset.fans:
        shown = fan_views._example_score(ruleset, fan) if fan.example else None
        if fan.example and not (shown and any(item["is_this"] for item in shown["items"])):
            missing.append((fan.id, fan.example, shown and [i["name"] for i in shown["items"]]))
    assert missing == []


CARRYING = [(r.id, f) for r in all_rulesets() for f in r.fans
            if f.example and fan_views.example_options(r, f.example)]


@pytest.mark.parametrize(("system", "fan"), CARRYING, ids=[f"{s}-{f.id}" for s, f in CARRYING])
def test_an_example_opened_in_the_calculator_counts_its_fan_with_the_house_rules_it_carries(client, system, fan):
    link = fan_views.calculator_url(get_ruleset(system), fan.example)
    assert f"hr-{system}=" in link
    html = client.get(link, **EN).content.decode()
    card = re.search(rf'<article id="r-{re.escape(system)}".*?</article>', html, re.S).group(0)
    # counted: a row, its name a button that lights its tiles (or plain text)
    assert re.search(r'<th scope="row">(?:<(?:a|button|span) [^>]*>)?' + re.escape(fan.en), card), (fan.id, link)


def test_an_example_is_scored_with_the_options_of_its_share_code():
    ruleset = get_ruleset("custom")
    request = fan_views.example_request(ruleset, "v1.1112223334445z-5z~custom.cap-5")
    assert request.options["custom"].cap == 5
    assert fan_views.example_request(ruleset, "123m456p789s234m11s").options["custom"] == ruleset.parse_options()


def test_the_list_is_grouped_by_value_highest_first(client):
    html = client.get("/fans/guobiao/", **EN).content.decode()
    values = [int(v) for v in re.findall(r'<h2 id="value-(\d+)">', html)]
    assert values == sorted({f.value for f in MCR.fans}, reverse=True)


def test_filtering_by_value_keeps_only_that_value(client):
    html = client.get("/fans/guobiao/?value=88", **EN).content.decode()
    assert sorted(_fan_ids(html)) == sorted(f.id for f in MCR.fans if f.value == 88)
    assert '<option value="88" selected>' in html


@pytest.mark.parametrize(
    "query, expected",
    [("dragon", {"big_three_dragons", "little_three_dragons", "dragon_pung", "two_dragons_pungs"}),
     ("四喜", {"big_four_winds", "little_four_winds"}),
     ("NINE_gates", {"nine_gates"})],
    ids=["english-name", "chinese-name", "id-any-case"],
)
def test_searching_by_name_finds_the_fans_whose_names_contain_it(client, query, expected):
    html = client.get("/fans/guobiao/?q=" + quote(query), **EN).content.decode()
    assert set(_fan_ids(html)) == expected


def test_search_and_value_filter_combine(client):
    html = client.get("/fans/guobiao/?q=dragon&value=88", **EN).content.decode()
    assert _fan_ids(html) == ["big_three_dragons"]


def test_a_search_without_matches_says_so(client):
    html = client.get("/fans/guobiao/?q=nothing-like-this", **EN).content.decode()
    assert _fan_ids(html) == [] and "No fan matches." in html


def test_a_bad_value_is_ignored(client):
    html = client.get("/fans/guobiao/?value=lots", **EN).content.decode()
    assert len(_fan_ids(html)) == len(MCR.fans)


def test_an_htmx_request_gets_only_the_list_partial(client):
    response = client.get("/fans/guobiao/?q=dragon", **HX, **EN)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith('<div id="fan-list"') and "<html" not in html
    assert len(_fan_ids(html)) == 4


def test_the_filter_form_works_without_javascript(client):
    html = client.get("/fans/guobiao/", **EN).content.decode()
    form = html[html.index('<form class="fan-filter"'):]
    form = form[: form.index("</form>")]
    assert 'method="get"' in form and 'action="/fans/guobiao/"' in form
    assert 'name="q"' in form and 'name="value"' in form and 'type="submit"' in form


def test_names_and_definitions_follow_the_language(client):
    fan = MCR.fan("mixed_straight")
    zh = client.get("/fans/guobiao/?q=mixed", **ZH).content.decode()
    en = client.get("/fans/guobiao/?q=mixed", **EN).content.decode()
    assert f'<a href="/fans/guobiao/mixed_straight/">{fan.zh}</a>' in zh
    assert f'<a href="/fans/guobiao/mixed_straight/">{fan.en}</a>' in en
    if fan.definition_zh:
        assert fan.definition_zh in zh


def test_an_alias_redirects_permanently_to_the_system_id_keeping_the_query(client):
    response = client.get("/fans/mcr/?q=dragon")
    assert (response.status_code, response["Location"]) == (301, "/fans/guobiao/?q=dragon")
    response = client.get("/fans/mcr/big_four_winds/")
    assert (response.status_code, response["Location"]) == (301, "/fans/guobiao/big_four_winds/")


def test_an_unknown_system_or_fan_is_a_404(client):
    assert client.get("/fans/nosuch/").status_code == 404
    assert client.get("/fans/guobiao/nosuch/").status_code == 404
    assert client.get("/fans/nosuch/big_four_winds/").status_code == 404


def test_a_search_cannot_inject_markup(client):
    payload = '"><script>alert(1)</script>'
    html = client.get("/fans/guobiao/?q=" + quote(payload), **EN).content.decode()
    assert payload not in html and "<script>alert" not in html


def test_a_changed_fan_table_is_not_served_from_the_cached_list(client, monkeypatch):
    client.get("/fans/guobiao/", **EN)
    monkeypatch.setattr(fan_views, "table_version", lambda ruleset_id: "changed")
    monkeypatch.setattr(fan_views, "entry", _renamed(fan_views.entry))
    html = client.get("/fans/guobiao/", **EN).content.decode()
    assert "RENAMED" in html


def _renamed(original):
    import dataclasses

    return lambda ruleset, fan: dataclasses.replace(original(ruleset, fan), name="RENAMED")


# --- one fan --------------------------------------------------------------------------------------


def test_a_fan_page_shows_the_fan_its_example_and_what_the_example_scores(client):
    response = client.get("/fans/guobiao/big_four_winds/", **EN)
    html = response.content.decode()
    assert response.status_code == 200
    assert '<h1 class="fan__head">' in html and "Big Four Winds" in html
    score = response.context["example_score"]
    assert score["valid"] and any(item["is_this"] for item in score["items"])
    assert '<li class="is-this">Big Four Winds 88' in html


def test_a_fan_page_names_the_fans_that_exclude_it(client):
    response = client.get("/fans/guobiao/all_pungs/", **EN)
    excluded_by = {link.id for link in response.context["entry"].excluded_by}
    assert {"big_four_winds", "four_kongs"} <= excluded_by
    assert 'href="/fans/guobiao/big_four_winds/"' in response.content.decode()


def test_a_fan_without_an_example_has_no_tiles_and_no_score(client):
    ruleset = get_ruleset("sichuan")
    fan = next(f for f in ruleset.fans if not f.example)
    response = client.get(f"/fans/sichuan/{fan.id}/", **EN)
    assert response.status_code == 200
    assert response.context["example_score"] is None
    assert 'class="tile' not in response.content.decode()


def test_a_fan_page_answers_htmx_with_its_partial(client):
    response = client.get("/fans/guobiao/big_four_winds/", **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith('<div id="fan">') and "<html" not in html


# --- the tables that take 四川's rows with their own examples ----------------------------------------------

OTHER_SICHUAN = ("sichuan-2p", "sichuan-3p", "sichuan-6p")


def _card(html: str, fan_id: str) -> str:
    card = html[html.index(f'id="fan-{fan_id}"'):]
    return card[: card.index("</article>")]


@pytest.mark.parametrize("language", [ZH, EN], ids=["zh", "en"])
@pytest.mark.parametrize("system", OTHER_SICHUAN)
def test_a_sichuan_variant_fan_page_draws_the_examples_of_its_own_table(client, system, language):
    """The same rows as 四川 (values, exclusions, sources), each example a hand of that table: 两房 without
    万, the six-player table's of 8 tiles; the rows it cannot score say why and draw nothing."""
    ruleset, four = get_ruleset(system), get_ruleset("sichuan")
    assert [dataclasses.replace(f, example="") for f in ruleset.fans] == [
        dataclasses.replace(f, example="") for f in four.fans]
    response = client.get(f"/fans/{system}/", **language)
    html = response.content.decode()
    assert response.status_code == 200 and sorted(_fan_ids(html)) == sorted(f.id for f in ruleset.fans)
    for fan in ruleset.fans:
        card = _card(html, fan.id)
        if fan.id in ruleset.cannot_occur:
            zh, en = ruleset.cannot_occur[fan.id]
            assert not fan.example and 'class="tile' not in card
            assert f'<p class="fan__cannot">{zh if language is ZH else en}</p>' in card
        elif fan.example:
            assert fan.example != four.fan(fan.id).example
            link = re.search(r'<a href="(/\?[^"]+)">', card).group(1).replace("&amp;", "&")
            assert parse_qs(urlparse(link).query)["rules"] == [system]
            hand = parse_hand(fan.example)
            assert 'class="tile' in card and hand.size() == ruleset.hand_size
            assert {t.suit for t in hand.all_tiles} <= ({Suit.P, Suit.S} if system != "sichuan-6p" else set(Suit))


def test_the_six_player_table_has_no_seven_pairs_and_no_four_kongs(client):
    ruleset = get_ruleset("sichuan-6p")
    assert set(ruleset.cannot_occur) == {"qidui", "longqidui", "qingqidui", "qinglongqidui", "jiangqidui",
                                         "shibaluohan", "qingshibaluohan"}
    response = client.get("/fans/sichuan-6p/longqidui/", **ZH)
    html = response.content.decode()
    assert response.context["example_score"] is None and 'class="tile' not in html
    assert "六人血战不会有这一番" in html
    assert "Cannot occur at this table" in client.get("/fans/sichuan-6p/shibaluohan/", **EN).content.decode()
    assert get_ruleset("sichuan").cannot_occur == {}  # every row occurs at four players
