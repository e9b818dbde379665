"""The works 二人麻将's rules come from (:mod:`rulesets.sources`): the fan table of an open-source game server's
two-player mode, a published article on two-player mahjong, and this site's notes where they leave a choice
(docs/erren.md). A row that is a 国标 fan keeps 国标's definition and 不计 list (the developer note says so); its
value here is the server's."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("gofishing", "gofishing-game 二人麻将番表（ermj.go）", "gofishing-game's two-player fan table (ermj.go)",
         "guogeer", "https://github.com/guogeer/gofishing-game"),
    Work("article", "《麻将的基本玩法规则》：二人麻将", "“Basic mahjong rules”: two-player mahjong (article)",
         "环球策略"),
    Work("site", "本站的二人麻将说明", "This site's notes on two-player mahjong", link="docs/erren.md"),
)
