"""The fan table of 吉林麻将 (MIL 长春 2024, rules/vague-systems.md §4.1): a short list, added, the best
reading kept. Exclusions are data: 飘和 does not also take 夹/单吊/单和; a seven-pairs hand takes neither
门清 nor the wait fan (MIL 2024 p.10 examples, as tested in open_mahjong_unity); 豪华七对 replaces 七对."""

from __future__ import annotations

from .._regional.table import excludes as _x
from .._regional.table import row
from ..lights import declare
from ..scoring import Excludes, Fan

SRC = "rules/vague-systems.md §4.1 (MIL 长春麻将竞赛规则 2024; open_mahjong_unity changchun/rules.py)"



def _fan(fid: str, zh: str, en: str, value: int, excludes: tuple[Excludes, ...], definition: tuple[str, str],
         example: str, category: str = "fan") -> Fan:
    return row(fid, zh, en, value, category, definition, example, excludes, SRC)


FANS: tuple[Fan, ...] = (
    _fan("menqing", "门清", "Concealed hand", 1, (),
         ("没有吃、碰、明杠（暗杠可以）", "No claimed meld (concealed kongs allowed)"), "23m456p789s11122z1m"),
    _fan("jia", "夹/单吊/单和", "Closed, pair or single wait", 1, (),
         ("夹张（嵌张）、边张（12等3、89等7）、单吊将，或只听一张",
          "Closed wait, edge wait (3 on 12, 7 on 89), pair wait, "
          "or a hand waiting on one tile only"), "[123m1]456p111z55z13s2s"),
    _fan("piaohu", "飘和", "All pungs", 2, _x("jia"),
         ("四组都是刻子或杠", "All four sets are pungs or kongs"), "[111m1][999p1][777s1]55z11p1p"),
    _fan("qidui", "七对", "Seven pairs", 3, _x("menqing", "jia"),
         ("七个对子（不能有副露）", "Seven pairs, nothing claimed"), "1199m1199p2299s55z"),
    _fan("haohua_qidui", "豪华七对", "Luxury seven pairs", 4, _x("qidui", "menqing", "jia"),
         ("七对，和张凑成四张相同", "Seven pairs where the winning tile makes four of a kind"), "111m1199p2299s55z1m"),
    _fan("chongbao", "冲宝", "冲宝 (winning on the 宝)", 2, (),
         ("报听后，摸牌前以宝牌作和张和牌", "After declaring ready, winning with the 宝 tile as the winning tile, "
          "before drawing"), "v1.23m456p789s11122z-1m.ES.s.bao-1m.bao_win-chong.baoting-S~jilin", "bao"),
    _fan("mobao", "摸宝", "摸宝 (drawing the 宝)", 1, (),
         ("报听后摸到宝牌，宝牌当作最好的和张", "After declaring ready, drawing the 宝 tile: it stands for the best "
          "winning tile"), "v1.23m456p789s11122z-5s.ES.s.bao-5s.bao_win-mo.baoting-S~jilin", "bao"),
)

BY_ID = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {
    "menqing": "context", "jia": "wait", "piaohu": "hand", "qidui": "hand", "haohua_qidui": "fours",
    "chongbao": "win", "mobao": "win",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
