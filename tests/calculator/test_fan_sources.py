"""Every fan page cites its own system's books: each system declares a registry of works, every fan row, house
rule, preset and declared context field cites one of them, and each fan page (one fan, and the lists) names that
work by its real title and link, in the reader's language, with no note of the project's own ("seed", a rules
file) in its text.
"""

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.utils import translation

from calculator.citations import citation, public_link
from rulesets.context import ENGINE_FIELDS
from rulesets.registry import all_rulesets
from rulesets.sources import Source

LANGS = {"zh-hans": {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}, "en": {"HTTP_ACCEPT_LANGUAGE": "en"}}
PROJECT_WORDS = re.compile(r"seed|rules/|\.md\b", re.I)
"""What a player never reads: the project's source documents and rule notes are not published works."""


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()


def visible_text(html: str) -> str:
    """The text a reader sees: no scripts, styles, tags or attributes."""
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def source_lines(html: str) -> list[str]:
    return re.findall(r'<p class="fan__source">(.*?)</p>', html, re.S)


def declared_sources(ruleset):
    yield from ((f"fan {f.id}", f.source) for f in ruleset.fans)
    yield from ((f"option {o.key}", o.source) for o in ruleset.option_infos())
    yield from ((f"context {c.key}", c.source) for c in ruleset.context if c not in ENGINE_FIELDS)
    yield from ((f"preset {k}", v[2]) for k, v in ruleset.preset_info.items() if len(v) > 2)


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_source_is_a_work_of_the_systems_own_registry(ruleset):
    assert ruleset.works is not None, f"{ruleset.id} declares no registry of works"
    wrong = [name for name, s in declared_sources(ruleset) if not isinstance(s, Source) or s.work not in ruleset.works]
    assert wrong == []
    for work in ruleset.works:  # a registry holds published works (or this site's notes), never a project note
        assert work.title and not PROJECT_WORDS.search(work.title + work.title_en), work


def _cited(ruleset, fan, lang: str) -> tuple[str, str]:
    """What the page should say for ``fan``'s source in ``lang``: its text and its link."""
    with translation.override(lang):
        c = citation(fan.source)
    assert c is not None, fan.id
    return str(c), c.link


def _check_line(ruleset, fan, line: str, lang: str) -> None:
    text, link = _cited(ruleset, fan, lang)
    assert fan.source.work in ruleset.works, (ruleset.id, fan.id)
    shown = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", line)))  # one line: its links are inline
    assert text in shown, (ruleset.id, fan.id, shown)
    links = [unescape(a) for a in re.findall(r'<a href="([^"]+)"', line)]
    assert links == ([link] if link else []), (ruleset.id, fan.id, links)
    if link:
        assert link == public_link(fan.source.work) and link.startswith(("https://", "http://"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_fan_page_cites_a_work_of_its_own_system(client, ruleset, lang):
    for fan in ruleset.fans:
        response = client.get(f"/fans/{ruleset.id}/{fan.id}/", **LANGS[lang])
        assert response.status_code == 200, (ruleset.id, fan.id)
        html = response.content.decode()
        lines = source_lines(html)
        assert len(lines) == 1, (ruleset.id, fan.id, lines)
        _check_line(ruleset, fan, lines[0], lang)
        text = visible_text(html)
        assert not PROJECT_WORDS.search(text), (ruleset.id, fan.id, PROJECT_WORDS.findall(text))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_every_fan_list_cites_each_rows_work_of_its_own_system(client, ruleset, lang):
    html = client.get(f"/fans/{ruleset.id}/", **LANGS[lang]).content.decode()
    cards = dict(re.findall(r'<article class="fan" id="fan-([^"]+)">(.*?)</article>', html, re.S))
    assert set(cards) == {f.id for f in ruleset.fans}
    for fan in ruleset.fans:
        lines = source_lines(cards[fan.id])
        assert len(lines) == 1, (ruleset.id, fan.id)
        _check_line(ruleset, fan, lines[0], lang)
    text = visible_text(html)
    assert not PROJECT_WORDS.search(text), (ruleset.id, PROJECT_WORDS.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_the_fan_index_and_its_search_say_nothing_of_the_projects_notes(client, lang):
    for query in ("", "?q=七对", "?q=seven"):
        text = visible_text(client.get(f"/fans/{query}", **LANGS[lang]).content.decode())
        assert not PROJECT_WORDS.search(text), (query, PROJECT_WORDS.findall(text))


def test_a_source_names_its_work_and_never_its_note():
    source = next(f.source for f in all_rulesets()[0].fans)
    with translation.override("en"):
        shown = str(citation(source))
    assert source.note and source.note not in shown
    assert shown.startswith(source.work.title_en or source.work.title)
