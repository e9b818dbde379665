"""The works 国标麻将 (MCR)'s rules come from (:mod:`rulesets.sources`): the 1998 rulebook and its 2006 English
edition, MIL's supplementary rulings, and the two fan calculators that encode MIL practice and that every example
hand was checked against."""

from __future__ import annotations

from ..sources import Work, Works

WORKS = Works(
    Work("rules-1998", "中国麻将竞赛规则（试行）", "Chinese Mahjong Competition Rules (trial)", "国家体育总局",
         year=1998),
    Work("mcr-2006", "Mahjong Competition Rules（绿皮书）", "Mahjong Competition Rules (the Green Book)",
         "World Mahjong Organization", year=2006),
    Work("mil", "国标麻将(MCR)规则补充细则", "Supplementary rulings on the MCR", "国际麻将联盟（MIL）"),
    Work("helper", "ChineseOfficialMahjongHelper 国标算番器", "ChineseOfficialMahjongHelper, an MCR fan calculator",
         "summerinsects", "https://github.com/summerinsects/ChineseOfficialMahjongHelper"),
    Work("pymahjonggb", "PyMahjongGB", "PyMahjongGB, an MCR fan calculator", "ailab-pku",
         "https://github.com/ailab-pku/PyMahjongGB"),
)
