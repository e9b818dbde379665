"""The CJK font shipped for the preview image (calculator/fonts/): it is small, licensed, covers every
character the preview draws, and the Chinese preview is drawn with it and nothing else — whatever fonts
the server has (this machine has no system CJK font; the test also hides any from the lookups)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation
from fontTools.ttLib import TTFont
from PIL import ImageDraw, ImageFont

from calculator import preview, share_views
from rulesets.hand import Seat
from rulesets.registry import all_rulesets
from rulesets.tiles import ALL_TILES, FLOWERS

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "calculator" / "fonts" / "NotoSansCJKsc-Bold-subset.otf"
LINKS = json.loads((ROOT / "tests" / "golden" / "links.json").read_text(encoding="utf-8"))["links"]


@pytest.fixture(scope="module")
def covered() -> set[str]:
    cmap = TTFont(str(FONT))["cmap"].getBestCmap()
    return {chr(c) for c in cmap}


def missing(text: str, covered: set[str]) -> set[str]:
    return {c for c in text if c not in covered and not c.isspace() and c.isprintable()}


def test_the_shipped_font_is_a_small_subset_with_its_licence():
    assert FONT.is_file() and FONT.stat().st_size < 2 * 1024 * 1024
    licence = (FONT.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    names = TTFont(str(FONT))["name"]
    assert names.getDebugName(1) == "Noto Sans CJK SC" and "Open Font License" in names.getDebugName(13)


def test_the_font_covers_every_name_in_the_engines_tables(covered):
    texts = []
    for r in all_rulesets():
        texts += [r.zh, r.en, r.unit] + [t for f in r.fans for t in (f.zh, f.en)]
    texts += [t for tile in (*ALL_TILES, *FLOWERS) for t in (tile.zh, tile.en)]
    texts += [t for s in Seat for t in (s.zh, s.en)]
    assert {t: missing(t, covered) for t in texts if missing(t, covered)} == {}


@pytest.mark.parametrize("catalog", ["zh_Hans", "zh_Hant"])
def test_the_font_covers_the_chinese_catalog(covered, catalog):
    po = (ROOT / "locale" / catalog / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    msgstrs = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', po, flags=re.M)
    assert len(msgstrs) > 100
    assert {s: missing(s, covered) for s in msgstrs if missing(s, covered)} == {}


def test_the_font_covers_the_engines_words_in_traditional(covered):
    table = json.loads((ROOT / "locale" / "zh_Hant" / "engine_words.json").read_text(encoding="utf-8"))
    texts = [*table["words"].values(), *table["chars"].values(), *table["texts"].values()]
    texts += [t for system in table["systems"].values() for t in system.values()]
    assert {t: missing(t, covered) for t in texts if missing(t, covered)} == {}


@pytest.fixture
def drawn(monkeypatch):
    """Every text the preview draws, and every font file it opens."""
    texts: list[str] = []
    files: list[str] = []
    real_text, real_truetype = ImageDraw.ImageDraw.text, ImageFont.truetype

    def text(self, xy, value, *args, **kwargs):
        texts.append(value)
        return real_text(self, xy, value, *args, **kwargs)

    def truetype(path, *args, **kwargs):
        files.append(str(path))
        return real_truetype(path, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(ImageFont, "truetype", truetype)
    monkeypatch.setenv("FONTCONFIG_FILE", "/nonexistent/fonts.conf")  # no system font lookup could succeed
    preview.cjk_font_file.cache_clear()
    preview.font.cache_clear()
    yield texts, files
    preview.cjk_font_file.cache_clear()
    preview.font.cache_clear()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["zh-hans", "zh-hant", "en"])
def test_every_text_the_preview_draws_for_the_golden_links_is_covered(drawn, covered, lang, settings):
    settings.PREVIEW_FONT = ""
    texts, files = drawn
    for link in LINKS:
        code = link["link"].removeprefix("/h/")
        share_views.draw_preview(share_views.canonical_code(code), lang)
    assert len(texts) > 3 * len(LINKS)
    assert {t: missing(t, covered) for t in texts if missing(t, covered)} == {}
    assert set(files) == {str(FONT)}  # drawn with the shipped font, never a system one


@pytest.mark.django_db
def test_the_chinese_preview_is_drawn_in_chinese_with_the_shipped_font(drawn, client, settings):
    settings.PREVIEW_FONT = ""
    texts, files = drawn
    assert preview.cjk_font_file() == (str(FONT), 0) and preview.can_draw_chinese()
    response = client.get("/h/v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao/og.png?lang=zh-hans")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    if texts:  # drawn now (not served from a cache filled earlier): it drew Chinese, with the shipped file
        assert any("国标麻将" in t for t in texts) and any("箭刻" in t for t in texts)
        assert set(files) == {str(FONT)}
    with translation.override("zh-hans"):
        texts.clear()
        share_views.draw_preview("v1.456p78s22z-9s.A1111m.P555z2.15f.ES.s~guobiao", "zh-hans")
    assert "国标麻将" in texts and any("自摸" in t and "东风圈" in t for t in texts)
    assert preview.font(30).getname() == ("Noto Sans CJK SC", "Bold")
