"""The works 苏州麻将's rules come from (:mod:`rulesets.sources`): one vendor's game server in two generations,
a play advisor's rule prompt, and this site's notes where they are silent (docs/suzhou.md)."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("v1", "NewProject 苏州麻将服务器（v1）", "NewProject Suzhou mahjong server (v1)", "BillXu",
         "https://github.com/BillXu/NewProject"),
    Work("v2", "XProject 苏州麻将服务器（v2）", "XProject Suzhou mahjong server (v2)", "BillXu",
         "https://github.com/BillXu/XProject", 2020),
    Work("advisor", "苏州麻将AI军师（规则提示）", "The 苏州麻将AI军师 play advisor's rules"),
    Work("site", "本站的苏州麻将说明", "This site's notes on Suzhou mahjong", link="docs/suzhou.md"),
)
V1 = "Server/MaJiangServer SZMJRoom.cpp"
V2 = "Server/GSZMaJiangServer SZMJRoom.cpp"
