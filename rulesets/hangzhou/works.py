"""The works 杭州麻将's rules come from (:mod:`rulesets.sources`): the 杭州 chapter of a published collection of
regional rules, MIL's 杭州 competition rules and a competition platform's scorer, English guides, and this site's
notes where they leave a choice (docs/hangzhou.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("national", "《全国麻将打法》：杭州麻将", "“Mahjong rules across China”: Hangzhou mahjong", "冰豆网"),
    Work("mil", "杭州麻将（推广）竞赛规则", "Hangzhou Mahjong Competition Rules", "国际麻将联盟（MIL）", year=2025),
    Work("competition", "hangzhou-mahjong-bot（比赛平台算分 mahjong/fan.py）",
         "hangzhou-mahjong-bot: the competition platform's scoring (mahjong/fan.py)", "EdGrass",
         "https://github.com/EdGrass/hangzhou-mahjong-bot"),
    Work("kzpn200", "Hangzhou mahjong rules", author="kzpn200",
         link="https://kzpn200.blogspot.com/2015/12/hangzhou-mahjong.html"),
    Work("treyo", "Hangzhou Mahjong Playing", author="Treyo",
         link="https://www.treyo-mahjongtables.com/info/hangzhou-mahjong-playing-50282269.html"),
    Work("site", "本站的杭州麻将说明", "This site's notes on Hangzhou mahjong", link="docs/hangzhou.md"),
)
