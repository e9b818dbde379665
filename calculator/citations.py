"""Sources as players read them: the work a value comes from, by its real title and link, and where in it.

Every system declares its works (``rulesets/<system>/works.py``) and cites one of them for each fan row, house
rule, preset and context field it declares (a :class:`rulesets.sources.Source`). A page shows
:func:`citation`: the work's title in the reader's language, a link when the work is published at one, and where
in it; the source's developer note is never shown.

>>> from django.utils import translation
>>> from rulesets.registry import get_ruleset
>>> with translation.override("en"):
...     str(citation(get_ruleset("guobiao").fan("big_four_winds").source))
'Chinese Mahjong Competition Rules (trial), 番种表 第1番'

:func:`strip_references` drops references to the project's own documents from the engine's texts (a result's
notes), which are written for developers and read by players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesets.sources import Source, Work

from .lang import is_zh, pick


@dataclass(frozen=True)
class Citation:
    """One source as a page shows it: the work's title (in the active language), a link when it has a public one,
    and where in the work."""

    title: str
    where: str = ""
    link: str = ""
    sep: str = ", "  # between the title and where in it: "，" on a 中文 page

    def __str__(self) -> str:
        return f"{self.title}{self.sep}{self.where}" if self.where else self.title


def public_link(work: Work) -> str:
    """The work's link when it is a public web address (this site's notes, kept in the repository's docs, have
    none to show)."""
    return work.link if work.link.startswith(("https://", "http://")) else ""


def citation(source: object) -> Citation | None:
    """How a page cites ``source``: its work's real title, link and where in it; None for no source (a value that
    is not a :class:`Source` cites nothing a player could look up)."""
    if not isinstance(source, Source):
        return None
    title = pick(source.work.title, source.work.title_en or source.work.title)
    where = pick(source.where, source.where) if source.where else ""
    return Citation(title, where, public_link(source.work), "，" if is_zh() else ", ")


def citations(source: object) -> list[str]:
    """The source as text, in the active language: its work and where in it ([] for no source)."""
    found = citation(source)
    return [str(found)] if found is not None else []


def cite(source: object) -> str:
    """One source line for a page ("" for no source)."""
    found = citation(source)
    return str(found) if found is not None else ""


_REFERENCE = re.compile(
    r"\s*\(?(?:DESIGN|rules/\S+|\S+\.md)?\s*§\s*[\d.]+(?:\s*(?:item|step|fan|#)\s*\d+)*"
    r"(?:\s*(?:and|,)\s*§?\s*[\d.]+(?:\s*#\s*\d+)?)*(?:\s+of the anchors)?\)?"
    r"|\s*\bT\d+\b|\s*\bseed \d{3}\b|\s*\(English name\)|\s*\S+\.md\b"
)


_MAY_CHANGE = re.compile(
    r"§|T(?<!\wT)\d|s(?<!\ws)eed \d{3}|\(English name\)|\.md\b|[;；,，]\s*[)）]|\(\s*[;,]?\s*\)|（\s*）|\s\s"
    r"|[ ;,](?<![\s\S][ ;,])|[ ;,](?=\n?\Z)"
).search
"""Whatever :func:`strip_references` could change: a text with none of it is returned as it is, unsearched.
Each way begins with the character it is found by (a word boundary before ``T`` written as a ``T`` after no word
character, the start as a first character after none, the end as a last character before the end or a last
newline): the search skips, in C, every character none of them begins with (most of a text) instead of trying
each way at each character."""


def strip_references(text: str) -> str:
    """``text`` without references to the project's documents (§7, seed 001, mcr.md, T7); an emptied
    bracket goes too: "patterns do not stack; seed 001" → "patterns do not stack"."""
    if type(text) is str and not _MAY_CHANGE(text):
        return text
    return _strip(text)


def _strip(text: str) -> str:
    out = _REFERENCE.sub("", text)
    out = re.sub(r"[;；,，]\s*([)）])", r"\1", out)
    out = re.sub(r"\(\s*[;,]?\s*\)|（\s*）", "", out)
    return re.sub(r"\s{2,}", " ", out).strip(" ;,")
