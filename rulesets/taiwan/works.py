"""The works 台灣十六張's rules come from (:mod:`rulesets.sources`): the rule page of a Taiwanese mahjong
association, the Taiwanese 台數表 pages players read, a software vendor's rule text, and the implementations
whose tables and tests agree with them; this site's notes where they leave a choice (docs/taiwan.md).

Where no page title is known, the work is named by the site that publishes it."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("ata", "台數計算（經本會98年12月26日麻將規則研討會修訂版）",
         "Tai count (as revised at the association's rules meeting of 26 December 2009)", "atawmj.org.tw",
         "http://atawmj.org.tw/memu015.htm", 2009),
    Work("wawa3c", "台灣麻將台數表（wawa3c.com）", "Taiwanese mahjong tai table (wawa3c.com)", "wawa3c.com",
         "https://wawa3c.com/9173/ap7Unc2"),
    Work("long5688", "台灣麻將台數表（long5688）", "Taiwanese mahjong tai table (long5688)", "long5688.1768hy.com",
         "https://long5688.1768hy.com"),
    Work("suantai", "麻將算台（xn--uis76c70x.me）", "Counting tai (xn--uis76c70x.me)", "xn--uis76c70x.me",
         "https://xn--uis76c70x.me/majong-count"),
    Work("nh48jid", "麻將台數表（nh48jid.com）", "Mahjong tai table (nh48jid.com)", "nh48jid.com",
         "https://nh48jid.com"),
    Work("chh", "台灣麻將台數（chh.cx）", "Taiwanese mahjong tai (chh.cx)", "chh.cx", "https://chh.cx/archives/12"),
    Work("pixnet", "麻將台數計算（yeh20210912 的部落格）", "Counting mahjong tai (yeh20210912's blog)", "yeh20210912",
         "https://yeh20210912.pixnet.net"),
    Work("ptt", "PTT 台數表（FJU_CPSY 2005、HSNU_1004 2004）", "PTT tai table (FJU_CPSY 2005, HSNU_1004 2004)", "PTT",
         "https://www.ptt.cc/bbs/FJU_CPSY/"),
    Work("fourwinds", "Taiwanese 16-tile Mah Jong", "Taiwanese 16-tile Mah Jong", "Four Winds",
         "https://4windsmj.com/kb/rules/taiwanese/rules00"),
    Work("mjc", "Taiwanese Mahjong Rule", "Taiwanese Mahjong Rule", "Mahjong Club",
         "https://corp.mahjongclub.com/international"),
    Work("wiki", "七對子（維基百科）", "Seven pairs (Chinese Wikipedia)", "維基百科",
         "https://zh.wikipedia.org/wiki/七對子"),
    Work("mu", "manjong-unity 台灣十六張伺服器（scoring.ts 與其測試）",
         "manjong-unity, a Taiwan 16-tile server (scoring.ts and its tests)"),
    Work("mvp", "Mahjong_MVP：本專案採用的麻將規則", "Mahjong_MVP: the rules this project follows", "seansu1220",
         "https://github.com/seansu1220/Mahjong_MVP"),
    Work("akz", "麻將算台訓練器", "Taiwanese mahjong tai trainer", "AkizumiFox",
         "https://github.com/AkizumiFox/tw-mahjong-fan-trainer"),
    Work("stl", "台灣麻將計算機（Streamlit）", "Taiwanese mahjong calculator (Streamlit)"),
    Work("rrw", "MahjongCount", "MahjongCount", "RRRRRWei", "https://github.com/RRRRRWei/MahjongCount"),
    Work("site", "本站的台湾十六张说明", "This site's notes on Taiwan 16-tile mahjong", link="docs/taiwan.md"),
)
