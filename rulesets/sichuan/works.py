"""The works 四川麻将's rules come from (:mod:`rulesets.sources`): the two Chengdu / QQ rule texts whose tables
the presets follow, the rule pages and tournament rules players read, the open-source servers and their option
lists, and this site's notes where they leave a choice (docs/sichuan.md). The five tables share them.

Where no page title is known, the work is named by what it is and who publishes it."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("chengdu", "成都麻将的规则（“麻将游戏”问答页）", "Chengdu mahjong rules (a mahjong Q&A page)"),
    Work("qq", "《全国麻将打法》：四川麻将（QQ游戏）", "“Mahjong rules across China”: Sichuan mahjong (QQ Games)",
         "冰豆网"),
    Work("jj", "JJ 四川麻将：川麻番种计算一览表", "JJ Sichuan mahjong: the fan table", "PHP开发笔记 forum",
         "http://phpvi.com/viewthread.php?action=printable&tid=1792"),
    Work("wmt", "Tournament Rules – Sichuan Mahjong Blood Battle Rules", author="World Mahjong Tour",
         link="https://worldmahjongtour.live/tournament-rules-sichuan-mahjong"),
    Work("hjpbs", "請問四川麻將如何算番數", "How to count 番 in Sichuan mahjong", "hjpbs.com",
         "http://www.hjpbs.com/a/472410.html"),
    Work("zhinan", "四川麻将如何算牌", "How to score Sichuan mahjong", "zhinanshenghuo.com",
         "https://www.zhinanshenghuo.com/article/066074d6a6418983c21cb0de.html"),
    Work("duangouka", "《断勾卡血战麻将》规则说明", "The 断勾卡 血战 rules page", "zz0733",
         "https://github.com/zz0733/H5-Game-Home"),
    Work("gofishing", "gofishing-game 四川麻将（血战到底、血流成河）", "gofishing-game's Sichuan tables", "guogeer",
         "https://github.com/guogeer/gofishing-game"),
    Work("balckban", "majiang-cocos-creator 血战到底服务器", "majiang-cocos-creator, a 血战到底 server", "balckban",
         "https://github.com/balckban/majiang-cocos-creator"),
    Work("novikov", "sichuan-mahjong：Novikov 规则的实现",
         "sichuan-mahjong: Novikov's rules as implemented", "dcmshi",
         "https://github.com/dcmshi/sichuan-mahjong"),
    Work("donachen01", "sichuan-mahjong 规则说明（README）", "sichuan-mahjong: the rules it plays by (README)",
         "donachen01", "https://github.com/donachen01/sichuan-mahjong"),
    Work("omu", "open_mahjong_unity 血流成河规则", "open_mahjong_unity's 血流成河 rules", "xelnagamiao",
         "https://github.com/xelnagamiao/open_mahjong_unity"),
    Work("cpp", "一个开源 C++ 成都麻将服务器的番表与配置",
         "An open-source C++ Chengdu table server (fan table and settings)"),
    Work("requirements", "一份四川麻将 App 的需求清单", "A Sichuan mahjong app's requirements list"),
    Work("basic", "《麻将的基本玩法规则》", "“Basic mahjong rules” (article)"),
    Work("site", "本站的四川麻将说明", "This site's notes on Sichuan mahjong", link="docs/sichuan.md"),
)
