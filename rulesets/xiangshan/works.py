"""The works 象山麻将's rules come from (:mod:`rulesets.sources`): two game implementations (a rule sheet with
its server, a Go server), an article of the seed's multipliers, a client's cap options, and this site's
notes."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("sheet", "roomcard-master 象山麻将（游戏内规则表）",
         "roomcard-master's Xiangshan mahjong (the in-game rule sheet)",
         "PudgeOneM", "https://github.com/PudgeOneM/roomcard-master"),
    Work("pz", "PZ_GameServer 象山麻将（番型文件）", "PZ_GameServer's Xiangshan mahjong (its fan file)"),
    Work("article", "《象山麻将规则》", "“Xiangshan mahjong rules” (article)"),
    Work("client", "象山麻将客户端（封顶选项）", "A Xiangshan mahjong client (its cap options)"),
    Work("site", "本站的象山麻将说明", "This site's notes on Xiangshan mahjong", link="docs/xiangshan.md"),
)
SHEET = "mygames/339_象山麻将 rule.ccb"
PZ = "server/game/room/xiangshan"
