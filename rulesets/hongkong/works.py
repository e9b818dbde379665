"""The works 香港麻雀's rules come from (:mod:`rulesets.sources`): a tested 番 calculator and a tested settlement
scorer, the HK-Chinese pages players read, English guides, and this site's notes where they are silent
(docs/hongkong.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("hk-mahjong", "hk-mahjong", "hk-mahjong: Hong Kong mahjong faan calculation", "HSKPeter",
         "https://github.com/HSKPeter/hk-mahjong-hand-calculation", 2022),
    Work("scorer", "mahjong-scorer", "mahjong-scorer: a scorer for Mahjong (HK rules)", "Conway (yawnoc)",
         "https://github.com/yawnoc/mahjong-scorer", 2023),
    Work("wiki-hk", "Hong Kong mahjong scoring rules", author="Wikipedia",
         link="https://en.wikipedia.org/wiki/Hong_Kong_mahjong_scoring_rules"),
    Work("wiki-mahjong", "Mahjong: Old Hong Kong mahjong rules", author="Wikipedia",
         link="https://en.wikipedia.org/wiki/Mahjong"),
    Work("zhidao", "廣東牌番數（Yahoo! 知識+ 回答）", "廣東牌 faan (a Yahoo! 知識+ answer)", "Yahoo! 知識+",
         "https://ans.fyi/c/question/20070222000051KK04219", 2007),
    Work("ynews", "麻將計番大全", "Mahjong faan in full", "Yahoo新聞 香港", "https://hk.news.yahoo.com/", 2025),
    Work("hk01", "打麻雀計番計數機", "A mahjong faan calculator", "HK01", "https://www.hk01.com/", 2022),
    Work("wenews", "港式麻雀：番數計算", "Hong Kong mahjong: counting faan", "culture.wenewstw.com",
         "https://culture.wenewstw.com/"),
    Work("sloper", "FAQ 17. Hong Kong Old Style Mah-Jongg", author="Tom Sloper",
         link="https://www.sloperama.com/mjfaq/mjfaq17.html", year=2016),
    Work("sloper-147", "Daily Mah-Jongg, column #147", author="Tom Sloper",
         link="https://sloperama.com/mahjongg/column147.html", year=2004),
    Work("bigproduction", "Hong Kong Mah Jong: Points & Penalties", author="bigproduction.com",
         link="http://bigproduction.com/mj/hk/points.html"),
    Work("redmahjong", "Hong Kong Mahjong Scoring", author="redmahjong.com", link="https://www.redmahjong.com/"),
    Work("sheet", "Hong Kong Mahjong (rule sheet)", author="scribd.com"),
    Work("mahjongclub", "Hong Kong", "Hong Kong rules", "mahjongclub.com", "https://www.mahjongclub.com/"),
    Work("mahjongo", "Hong Kong Mahjong rules", author="mahjongo.com", link="https://www.mahjongo.com/hongkong"),
    Work("site", "本站的香港麻雀说明", "This site's notes on Hong Kong mahjong", link="docs/hongkong.md"),
)
