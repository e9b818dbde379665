"""The works 富阳麻将's rules come from (:mod:`rulesets.sources`): one article, and this site's notes for
everything it leaves open (docs/fuyang.md, the assumptions FY-n)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("article", "《富阳麻将》", "“Fuyang mahjong” (article)"),
    Work("site", "本站的富阳麻将说明", "This site's notes on Fuyang mahjong", link="docs/fuyang.md"),
)
