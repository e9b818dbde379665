"""Sources as players read them: the rule books, pages and articles a value comes from.

The engine cites its sources for developers (``"§6.4 (seed 001; Novikov: refund)"``, ``"mcr.md §7 fan 12"``):
section numbers of the project's rule notes, seed document numbers, repository names. Those belong in
the docs. A page shows :func:`cite`: the works the source names, each once, in the reader's language,
from the table below; references to the project's own files are dropped.

>>> from django.utils import translation
>>> with translation.override("en"):
...     cite("§6.4 (seed 001; Novikov: refund)")
'QQ Sichuan mahjong rules (Table B) · Novikov’s English Sichuan rule book'
"""

from __future__ import annotations

import re
from functools import lru_cache

from rulesets.sources import Source

from .lang import pick

WORKS: tuple[tuple[str, str, str], ...] = (
    # (pattern in the engine's source text, 中文, English)
    (r"1998|中国麻将竞赛规则", "《中国麻将竞赛规则（试行）》（国家体育总局，1998）",
     "Chinese Mahjong Competition Rules (trial), State Sports General Administration, 1998"),
    (r"MCR 2006", "国标麻将英文规则 Mahjong Competition Rules（2006）", "Mahjong Competition Rules (MCR), 2006"),
    (r"\bMIL\b", "国际麻将联盟（MIL）《国标麻将(MCR)规则补充细则》",
     "Mahjong International League (MIL) rulings on the MCR"),
    (r"summerinsects|PyMahjongGB", "国标算番器 ChineseOfficialMahjongHelper / PyMahjongGB",
     "the MCR fan calculators ChineseOfficialMahjongHelper / PyMahjongGB"),
    (r"seed 000|Table A\b|Tables A\b", "成都麻将计番表（表A）", "Chengdu scoring table (Table A)"),
    (r"seed 001|Table B\b|Tables A and B|\bQQ\b|both project tables", "QQ 四川麻将规则（表B）",
     "QQ Sichuan mahjong rules (Table B)"),
    (r"seed 003", "《麻将的基本玩法规则》", "“Basic mahjong rules” (article)"),
    (r"seed 004", "《陕西麻将规则介绍》", "“Shaanxi mahjong rules” (article)"),
    (r"\bJJ\b", "JJ 四川麻将番种计算一览表", "JJ Sichuan mahjong fan table"),
    (r"gofishing", "gofishing-game 开源棋牌服务器的四川麻将",
     "gofishing-game, an open-source game server (Sichuan tables)"),
    (r"balckban", "balckban/majiang 开源血战到底服务器", "balckban/majiang, an open-source 血战到底 server"),
    (r"C\+\+", "开源 C++ 成都麻将服务器的番表", "an open-source C++ Chengdu table server's fan table"),
    (r"requirements index", "一份麻将 App 的需求清单", "a mahjong app's published requirements list"),
    (r"Novikov|dcmshi", "Novikov 四川麻将英文规则书", "Novikov’s English Sichuan rule book"),
    (r"donachen01", "donachen01/sichuan-mahjong 规则说明", "the donachen01/sichuan-mahjong rules"),
    (r"open_mahjong_unity", "open_mahjong_unity 血流成河规则", "the open_mahjong_unity 血流成河 rules"),
    (r"WMT|World Mahjong Tour|Tournament", "World Mahjong Tour 四川麻将比赛规则",
     "World Mahjong Tour Sichuan tournament rules"),
    (r"断勾卡", "《断勾卡血战麻将》规则", "the 断勾卡 血战 rules page"),
    (r"hjpbs", "《請問四川麻將如何算番數》", "“How to count 番 in Sichuan mahjong” (article)"),
    (r"zhinanshenghuo", "《四川麻将如何算牌》", "“How to score Sichuan mahjong” (article)"),
)
"""Each work a source may name, with how a page cites it."""

SUMMARY = ("本站整理的四川麻将规则（比较多方出处）", "this site’s Sichuan rules, compared across several sources")
"""What a source that names no work (only sections of the project's rule notes) is cited as."""

_REFERENCE = re.compile(
    r"\s*\(?(?:DESIGN|rules/\S+|\S+\.md)?\s*§\s*[\d.]+(?:\s*(?:item|step|fan|#)\s*\d+)*"
    r"(?:\s*(?:and|,)\s*§?\s*[\d.]+(?:\s*#\s*\d+)?)*(?:\s+of the anchors)?\)?"
    r"|\s*\bT\d+\b|\s*\bseed \d{3}\b|\s*\(English name\)|\s*\S+\.md\b"
)


@lru_cache(maxsize=512)
def _works(source: str) -> tuple[int, ...]:
    found = []
    for i, (pattern, _zh, _en) in enumerate(WORKS):
        match = re.search(pattern, source)
        if match:
            found.append((match.start(), i))
    return tuple(i for _pos, i in sorted(found))


def citations(source: str | Source) -> list[str]:
    """The works ``source`` names, in the active language, in the order it names them. A :class:`Source` value
    names its work itself (its real title) and where in it."""
    if isinstance(source, Source):
        return [pick(source.shown("zh"), source.shown("en"))]
    if not source:
        return []
    works = _works(source)
    if not works:
        return [pick(*SUMMARY)]
    return [pick(WORKS[i][1], WORKS[i][2]) for i in works]


def cite(source: str | Source) -> str:
    """One source line for a page: its works joined with " · " ("" for no source)."""
    return " · ".join(citations(source))


def strip_references(text: str) -> str:
    """``text`` without references to the project's documents (§7, seed 001, mcr.md, T7); an emptied
    bracket goes too: "patterns do not stack; seed 001" → "patterns do not stack"."""
    out = _REFERENCE.sub("", text)
    out = re.sub(r"[;；,，]\s*([)）])", r"\1", out)
    out = re.sub(r"\(\s*[;,]?\s*\)|（\s*）", "", out)
    return re.sub(r"\s{2,}", " ", out).strip(" ;,")
