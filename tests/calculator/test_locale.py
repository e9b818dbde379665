"""The translation catalogs: every message of the site has its 中文 (and English) text, the compiled
.mo files that the site loads say the same as the .po files, and no {% translate %} string of a
template is missing from them. (Update: ``manage.py makemessages -l zh_Hans -l en --add-location=file
--ignore=.venv --ignore=tests …``, translate, then ``msgfmt`` each .po — see docs/calculator.md.)"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {"zh_Hans": ROOT / "locale" / "zh_Hans" / "LC_MESSAGES", "en": ROOT / "locale" / "en" / "LC_MESSAGES"}


def entries(po: Path) -> list[dict[str, object]]:
    """(context, msgid, plural, [msgstr…], flags) of each entry of a .po file."""
    out = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        entry: dict[str, object] = {"ctx": None, "id": None, "plural": None, "str": [], "flags": ""}
        key = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] = line
                continue
            if line.startswith("#"):
                continue
            m = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line)
            if m:
                key = m.group(1)
                value = ast.literal_eval(m.group(2))
            else:
                value = ast.literal_eval(line)
            if key == "msgctxt":
                entry["ctx"] = (entry["ctx"] or "") + value
            elif key == "msgid":
                entry["id"] = (entry["id"] or "") + value
            elif key == "msgid_plural":
                entry["plural"] = (entry["plural"] or "") + value
            elif key and key.startswith("msgstr"):
                index = 0 if key == "msgstr" else int(key[7])
                strs = entry["str"]
                assert isinstance(strs, list)
                if len(strs) <= index:
                    strs.append("")
                strs[index] += value
        if entry["id"]:
            out.append(entry)
    return out


@pytest.mark.parametrize("lang", LOCALES)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    found = entries(LOCALES[lang] / "django.po")
    assert len(found) > 100
    untranslated = [e["id"] for e in found if not all(e["str"]) or "fuzzy" in str(e["flags"])]
    assert untranslated == []


@pytest.mark.parametrize("lang", LOCALES)
def test_the_compiled_catalog_says_what_the_po_file_says(lang):
    with open(LOCALES[lang] / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for e in entries(LOCALES[lang] / "django.po"):
        msgid = str(e["id"]) if e["ctx"] is None else f"{e['ctx']}\x04{e['id']}"
        strs = e["str"]
        assert isinstance(strs, list)
        if e["plural"] is None:
            assert compiled.gettext(msgid) == strs[0], msgid
        else:
            assert compiled.ngettext(msgid, str(e["plural"]), 1) == strs[0], msgid


def test_the_chinese_catalog_is_in_chinese():
    found = entries(LOCALES["zh_Hans"] / "django.po")
    chinese = [e for e in found if re.search(r"[\u4e00-\u9fff]", str(e["str"]))]
    assert len(chinese) / len(found) > 0.9


def test_every_translate_tag_of_the_templates_is_in_the_catalog():
    msgids = {str(e["id"]) for e in entries(LOCALES["zh_Hans"] / "django.po")}
    missing = []
    for template in (ROOT / "templates").rglob("*.html"):
        for text in re.findall(r'{%\s*translate\s+"([^"]+)"', template.read_text(encoding="utf-8")):
            if text not in msgids:
                missing.append((template.name, text))
    assert missing == []
