"""The works 澳大利亚麻将's rules come from (:mod:`rulesets.sources`): Mahjong Australia's own rules, the Zung Jung
rule book its patterns are, a tested implementation of its payments, the two other payoffs, and this site's
notes."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("ma", "Mahjong Australia Tournament Rules", "Mahjong Australia Tournament Rules", "Mahjong Australia",
         "https://mahjongaustralia.com.au/en/information-act/tournament-rules-act"),
    Work("ma-patterns", "Traditional Mahjong Scoring Pattern（澳大利亚麻将番型页）",
         "Traditional Mahjong Scoring Pattern",
         "Mahjong Australia", "https://mahjongaustralia.com.au/zh/information-act/scoring-pattern-act-ch"),
    Work("zj", "中庸麻将规则 Zung Jung v3.3", "Zung Jung Mahjong rules v3.3", "Alan Kwan",
         "https://zj-mahjong.info/zj33_rules_eng.html"),
    Work("zjmj", "zjmj（中庸麻将的计分与付分实现及测试）", "zjmj: a Zung Jung scorer and payments, with tests",
         "DavidSWu147",
         "https://github.com/DavidSWu147/zjmj"),
    Work("zj-uniform", "Zung Jung uniform payoff", "Zung Jung uniform payoff", "Alan Kwan",
         "http://tarotgames.netfirms.com/zj_uniform_eng.html"),
    Work("apm", "Asia Pacific Mahjong rules", "Asia Pacific Mahjong rules", "Asia Pacific Mahjong (Sydney)",
         "http://apmahjong.com.au/mahjongrules.php"),
    Work("site", "本站的澳大利亚麻将说明", "This site's notes on Mahjong Australia", link="docs/australia.md"),
)
