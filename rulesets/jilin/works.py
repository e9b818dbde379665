"""The works 吉林麻将 (长春)'s rules come from (:mod:`rulesets.sources`): MIL's 长春 competition rulebook as an
open-source server implements and tests it, another Jilin table's 包赔 rule, and this site's notes."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("mil-2024", "长春麻将（推广）竞赛规则（试行2024版）", "Changchun Mahjong Competition Rules (trial, 2024)",
         "国际麻将联盟（MIL）", year=2024),
    Work("omu", "open_mahjong_unity 长春麻将规则（rules.py 及其测试）",
         "open_mahjong_unity's Changchun rules and tests", "xelnagamiao", "https://github.com/xelnagamiao/open_mahjong_unity"),
    Work("billee", "billee1011 麻将服务器的长春、松原牌桌",
         "billee1011's mahjong server: the Changchun and Songyuan tables", "billee1011", "https://github.com/billee1011/repository"),
    Work("site", "本站的吉林麻将说明", "This site's notes on Jilin mahjong", link="docs/jilin.md"),
)
OMU = "open_mahjong_server/server/game_calculation/changchun/rules.py"
