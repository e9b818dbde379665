"""繁體中文 for the engine's words: a 简体 text written in traditional characters, read from a table.

The engine writes 中文 in 简体 only. A page in 繁體中文 shows each of its texts through
:func:`calculator.lang.zh`, which calls :func:`convert` here. Nothing converts at request time: the
table ``locale/zh_Hant/engine_words.json`` is written beforehand by ``manage.py make_hant`` (OpenCC
with the reviewed word list ``locale/zh_Hant/words.tsv``; docs/calculator.md, *Languages*) and read
once per process. It holds:

- ``words``: the word list, 简体 → 繁體 (槓, 萬, 台, 幺…), matched first, the longest word first;
- ``chars``: every character of the engine's and the catalog's texts that is written otherwise, as
  OpenCC writes it on its own;
- ``texts``: the engine's texts whose 繁體 the two above do not give (a character written two ways:
  复制 複製 but 重复 重複, 发 發 but 头发 頭髮), each with its whole conversion;
- ``systems``: per system that declares its own words (``Ruleset.hant_terms``: 香港 糊 and 索), its
  texts that read differently with them.

So a text the engine declares is shown exactly as OpenCC and the word list write it, and a text put
together at run time (a message with its parameters, a hand in words) word by word and character by
character from the same table.

>>> convert("杠上开花")
'槓上開花'
>>> convert("台数")
'台數'
>>> convert("一条", {"条": "索"})
'一索'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parent.parent / "locale" / "zh_Hant" / "engine_words.json"


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    """The generated table (read once per process)."""
    with open(TABLE, encoding="utf-8") as f:
        return json.load(f)


def by_words(text: str, words: Mapping[str, str], chars: Mapping[str, str]) -> str:
    """``text`` written word by word: at each place the longest of ``words`` that starts there, else
    the character as ``chars`` writes it (or as it is)."""
    if not text:
        return text
    longest = max(map(len, words), default=0)
    out = []
    i, n = 0, len(text)
    while i < n:
        for size in range(min(longest, n - i), 0, -1):
            found = words.get(text[i:i + size])
            if found is not None:
                out.append(found)
                i += size
                break
        else:
            out.append(chars.get(text[i], text[i]))
            i += 1
    return "".join(out)


@lru_cache(maxsize=8192)
def _convert(text: str, terms: tuple[tuple[str, str], ...], system: str) -> str:
    t = table()
    if terms and any(k in text for k, _v in terms):
        known = t["systems"].get(system, {})
        if text in known:
            return known[text]
        return by_words(text, {**t["words"], **dict(terms)}, t["chars"])
    if text in t["texts"]:
        return t["texts"][text]
    return by_words(text, t["words"], t["chars"])


def convert(text: str, terms: Mapping[str, str] | None = None, system: str = "") -> str:
    """``text`` (简体) in 繁體; with ``terms``, the words (简体 → 繁體) of the system ``system`` over the
    word list."""
    if not text or text.isascii():
        return text
    return _convert(text, tuple(sorted((terms or {}).items())), system)
