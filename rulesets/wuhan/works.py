"""The works 武汉麻将 (红中癞子杠)'s rules come from (:mod:`rulesets.sources`): the 武汉 chapter of a published
collection of regional rules, two open-source game servers, an English rules blog, and this site's notes where
they leave a choice (docs/wuhan.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("national", "《全国麻将打法》：武汉麻将", "“Mahjong rules across China”: Wuhan mahjong", "冰豆网"),
    Work("gofishing", "gofishing-game 红中癞子杠", "gofishing-game's 红中癞子杠 table", "guogeer",
         "https://github.com/guogeer/gofishing-game"),
    Work("billee", "billee1011 麻将服务器的红中癞子杠牌桌", "billee1011's mahjong server: the 红中癞子杠 table",
         "billee1011", "https://github.com/billee1011/repository"),
    Work("kzpn200", "Wuhan mahjong rules", author="kzpn200", link="https://kzpn200.blogspot.com/2015/12"),
    Work("site", "本站的武汉麻将说明", "This site's notes on Wuhan mahjong", link="docs/wuhan.md"),
)
