"""The works 长沙麻将's rules come from (:mod:`rulesets.sources`): the 长沙 rules of a mahjong Q&A page and of a
published collection of regional rules, three open-source game servers (one with a rulebook and tests), and this
site's notes where they leave a choice (docs/changsha.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("qa", "长沙麻将规则（“麻将游戏”问答页：麻将到底怎么玩？）",
         "Changsha mahjong rules (a mahjong Q&A page: “How do you play mahjong?”)"),
    Work("national", "《全国麻将打法》：长沙麻将", "“Mahjong rules across China”: Changsha mahjong", "冰豆网"),
    Work("omu", "open_mahjong_unity 长沙经典双鸟规则书及其测试",
         "open_mahjong_unity's classic Changsha rulebook and tests", "xelnagamiao", "https://github.com/xelnagamiao/open_mahjong_unity"),
    Work("xxqp", "xxqp-server 长沙麻将（game-csmj）", "xxqp-server's Changsha mahjong (game-csmj)", "Yiwei-TEST",
         "https://github.com/Yiwei-TEST/xxqp-server"),
    Work("billee", "billee1011 麻将服务器的经典长沙牌桌", "billee1011's mahjong server: the classic Changsha table",
         "billee1011", "https://github.com/billee1011/repository"),
    Work("site", "本站的长沙麻将说明", "This site's notes on Changsha mahjong", link="docs/changsha.md"),
)
