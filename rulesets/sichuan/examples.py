"""Each Sichuan table's fan table: the one table of :mod:`.fans`, with example hands that table can read.

There is one fan table (names, values, exclusions, definitions and sources in :data:`.fans.FANS`); the
four-player tables (血战到底, 血流成河) show it as it is. Its examples hold 万 and 14 tiles, which the other
tables cannot read, so each of them takes the same rows with its own examples (``dataclasses.replace``):

- 三人/两人 两房 (§8.1): 72 tiles of two suits, 筒 and 条 under the default ``suits`` (ps), 14-tile hands,
  seven pairs allowed. Every four-player example holds at most two suits (缺一门), so the 两房 example is the
  same hand with its two suits played by 筒 and 条 (万 → 筒, its other suit → 条). Every row can
  occur. A claimed meld comes from the 上家 (digit 1): at a two-player table that is the only other seat.
- 六人血战 (§8.3, provisional): 108 tiles, 缺一门, a win of 8 tiles = a pair + two sets, no seven pairs.
  Its examples are hands of a pair and two sets. The rows of seven pairs (七对, 龙七对, 清七对, 清龙七对,
  将七对) and of four kongs (十八罗汉, 清十八罗汉) cannot occur there: they have no example, and the table says
  why (``Ruleset.cannot_occur``, shown on their fan pages).

A share-code example (the house rule its row needs) names its table; ``{table}`` stands for the table's id.
The rows without an example at four players (天胡, 地胡, 起番, 封顶 …) have none here either.
tests/calculator/test_fans.py scores every example of every table as its fan page does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..scoring import Fan
from .fans import FANS

LIANGFANG: Mapping[str, str] = {
    "pinghu": "23445677p345789s",
    "duiduihu": "111333444p66677s",
    "qingyise": "11223345678999p",
    "qidui": "11334466p557799s",
    "daiyaojiu": "111222333p78999s",
    "jiangdui": "222555888p55588s",
    "qingdui": "22244455577799p",
    "longqidui": "11222244p557788s",
    "qingqidui": "11334466778899p",
    "qingyaojiu": "11123777888999p",
    "qinglongqidui": "11224444557799p",
    "jingoudiao": "[111p1][333p1][777s1][999s1]55s",
    "jiangjingoudiao": "[222p1][555p1][888s1][222s1]55s",
    "qingjingoudiao": "[111p1][333p1][444p1][777p1]99p",
    "shibaluohan": "[1111p1][3333p][4444s1][7777s1]99s",
    "qingshibaluohan": "[1111p1][3333p][4444p1][7777p1]99p",
    "jiangqidui": "v1.22225588p22558s-8s~{table}.jiang_qidui-true",
    "gen": "123333p45566799s",
    "gangshanghua": "[6666s,5]234567p34599s|ES1001",
    "gangshangpao": "v1.123456789p2345s-5s.da~{table}",
    "qiangganghu": "123456789p3455s2s|EE0001",
    "haidilaoyue": "v1.123456789p2345s-5s.sl~{table}.haidi_laoyue-true",
    "haidipao": "v1.123456789p2345s-5s.dl~{table}.haidi_pao-true",
    "menqing": "v1.123456789p2345s-5s~{table}.menqing_zhongzhang-true",
    "zhongzhang": "v1.234567p2345567s-5s~{table}.menqing_zhongzhang-true",
    "zimo_fan": "11112345678999p|ES1000",
    "zimo_di": "v1.1111234567899p-9p.ES.s~{table}.zimo-di",
}
"""三人/两人 两房: the four-player examples with their suits played by 筒 and 条."""

SIX: Mapping[str, str] = {
    "pinghu": "234m45677p",
    "duiduihu": "111333m66p",
    "qingyise": "11123456m",  # T20's hand (§10)
    "daiyaojiu": "111m78999p",
    "jiangdui": "222555m88p",
    "qingdui": "22255577m",
    "qingyaojiu": "11178999m",
    "jingoudiao": "[111m1][777p2]55p",  # both sets melded, the pair a single wait (§8.3)
    "jiangjingoudiao": "[222m1][555p2]88p",
    "qingjingoudiao": "[111m1][333m2]99m",
    "gen": "333345m77p",
    "gangshanghua": "[6666p,5]234m99p|ES1001",
    "gangshangpao": "v1.123m2345p-5p.da~{table}",
    "qiangganghu": "123m3455p2p|EE0001",
    "haidilaoyue": "v1.123m2345p-5p.sl~{table}.haidi_laoyue-true",
    "haidipao": "v1.123m2345p-5p.dl~{table}.haidi_pao-true",
    "menqing": "v1.123m2345p-5p~{table}.menqing_zhongzhang-true",
    "zhongzhang": "v1.234m3455p-5p~{table}.menqing_zhongzhang-true",
    "zimo_fan": "123m45677p|ES1000",
    "zimo_di": "v1.123m4567p-7p.ES.s~{table}.zimo-di",
}
"""六人血战: hands of 8 tiles, a pair and two sets."""

_NO_SEVEN_PAIRS = ("六人血战不会有这一番：和牌8张是一对将加两组，没有七对。",
                   "Cannot occur at this table: a six-player win is 8 tiles, a pair and two sets, never seven "
                   "pairs.")
_NO_FOUR_KONGS = ("六人血战不会有这一番：和牌只有两组，凑不出四个杠。",
                  "Cannot occur at this table: a six-player win has two sets, so it never holds four kongs.")

SIX_CANNOT_OCCUR: Mapping[str, tuple[str, str]] = {
    **dict.fromkeys(("qidui", "longqidui", "qingqidui", "qinglongqidui", "jiangqidui"), _NO_SEVEN_PAIRS),
    **dict.fromkeys(("shibaluohan", "qingshibaluohan"), _NO_FOUR_KONGS),
}
"""The rows of the table no six-player hand scores, and why (中文, English)."""

EXAMPLES: Mapping[str, Mapping[str, str]] = {
    "sichuan-3p": LIANGFANG, "sichuan-2p": LIANGFANG, "sichuan-6p": SIX,
}
"""The tables whose hands are not the four-player table's, by table id: each row's example there."""

CANNOT_OCCUR: Mapping[str, Mapping[str, tuple[str, str]]] = {"sichuan-6p": SIX_CANNOT_OCCUR}


def fan_table(table: str) -> tuple[Fan, ...]:
    """The fan table of the Sichuan table ``table`` (its id): :data:`.fans.FANS`, with that table's examples
    where its hands are not the four-player table's (a row it cannot score has none)."""
    examples = EXAMPLES.get(table)
    if examples is None:
        return FANS
    return tuple(dataclasses.replace(f, example=examples.get(f.id, "").format(table=table)) for f in FANS)
