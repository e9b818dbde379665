"""The works 陕西麻将's rules come from (:mod:`rulesets.sources`): a 陕西麻将 rules article, an open-source game
server's 陕西 and 西安 tables, and this site's notes where they leave a choice (docs/shaanxi.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("article", "《陕西麻将规则介绍》", "“Shaanxi mahjong rules” (article)"),
    Work("billee", "billee1011 麻将服务器的陕西、西安牌桌", "billee1011's mahjong server: the Shaanxi and Xi'an tables",
         "billee1011", "https://github.com/billee1011/repository"),
    Work("site", "本站的陕西麻将说明", "This site's notes on Shaanxi mahjong", link="docs/shaanxi.md"),
)
