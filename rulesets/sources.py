"""Where a rule's value comes from, as a value: a published work of the system's registry, and where in it.

Each system keeps a registry of the works it follows (:class:`Works`): rule books, the rule pages and
articles players read, the programs whose tables a provisional system follows. A fan row's, a house rule's or
a context field's source is a :class:`Source`: one of those works and where in it (a chapter, a rule
number, a table, a function of a program). A page shows the work's real title and link, never a note of the
project's own; what a developer needs to know besides (which spec section argued the value, where sources
disagree) goes in ``Source.note``, which no page shows.

>>> book = Work("mcr", "中国麻将竞赛规则（试行）", "Chinese Mahjong Competition Rules (trial)",
...             "国家体育总局", year=1998)
>>> works = Works(book)
>>> s = works.cite("mcr", "第二章 第十条", note="mcr.md §2.2")
>>> str(s), s.shown("en")
('中国麻将竞赛规则（试行）, 第二章 第十条', 'Chinese Mahjong Competition Rules (trial), 第二章 第十条')
>>> works.cite("qq")
Traceback (most recent call last):
...
KeyError: "no work 'qq' in this registry (known: mcr)"
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = ["Source", "Work", "Works", "cited_works"]


@dataclass(frozen=True)
class Work:
    """A published source: its real title (中文 and English), who wrote or published it, a link, the year."""

    key: str  # its handle in the system's registry, e.g. "mil-2024"
    title: str  # the title as its readers know it (the original language)
    title_en: str = ""  # an English title, when it has one (else the original is shown)
    author: str = ""  # the author, publisher or maintainer
    link: str = ""
    year: int | None = None

    def name(self, lang: str = "zh") -> str:
        """The title shown to a reader of ``lang`` ("zh…" or "en…")."""
        return self.title_en if lang.startswith("en") and self.title_en else self.title


@dataclass(frozen=True)
class Source:
    """Where one value comes from: ``work``, and ``where`` in it (shown to players); ``note`` is for developers
    only (the project's reasoning, the spec's section, how sources disagree) and never shown."""

    work: Work
    where: str = ""
    note: str = ""

    def shown(self, lang: str = "zh") -> str:
        """What a page says: the work's title and where in it."""
        title = self.work.name(lang)
        return f"{title}, {self.where}" if self.where else title

    def __str__(self) -> str:
        return self.shown("zh")


class Works:
    """A system's registry of works. :meth:`cite` makes a :class:`Source` of one of them, and refuses a work the
    registry does not hold — at import, where the table is written."""

    def __init__(self, *works: Work) -> None:
        self.by_key: dict[str, Work] = {}
        for w in works:
            if w.key in self.by_key:
                raise ValueError(f"work {w.key!r} is registered twice")
            self.by_key[w.key] = w

    def __iter__(self) -> Iterator[Work]:
        return iter(self.by_key.values())

    def __contains__(self, work: object) -> bool:
        return isinstance(work, Work) and self.by_key.get(work.key) is work

    def cite(self, key: str, where: str = "", note: str = "") -> Source:
        """A source in the work called ``key``."""
        work = self.by_key.get(key)
        if work is None:
            raise KeyError(f"no work {key!r} in this registry (known: {', '.join(self.by_key)})")
        return Source(work, where, note)


def cited_works(sources: Iterable[object]) -> tuple[Work, ...]:
    """The works ``sources`` cite (the :class:`Source` values among them), each once, in order."""
    out: list[Work] = []
    for s in sources:
        if isinstance(s, Source) and s.work not in out:
            out.append(s.work)
    return tuple(out)
