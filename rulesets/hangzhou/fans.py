"""The 杭州 fan table, each row with its predicate: every row a multiplier (×2, ×4, …); a hand's value is the
product of what it counts (``Combine.MULTIPLY``).

The seed (seed 001 杭州麻将) names the shapes (平胡 / 七对 / 豪华七对 / 两豪华七对 / 三豪华七对, each a lookup: the
bigger row excludes the smaller ones), 暴头, 财飘 (one row counted once per 财飘 in a row), 杠开 (once per kong
step of the chain) and the chain names 杠暴, 杠飘, 飘杠, each the product of its steps: a chain row excludes the
steps it is made of (``apply_exclusions``), so the product does not change and the card names the chain.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..lights import declare
from ..pipeline import Line, Row
from ..scoring import Excludes, Fan
from ..shapes import Group, GroupKind, Shape, ShapeKind
from ..sources import Source
from .options import HangzhouOptions
from .works import WORKS

SEED = "seed 001 杭州麻将"


@dataclass(frozen=True)
class Facts:
    """What the rows read besides the shape: how the hand was won and the chain before it."""

    self_drawn: bool
    baotou: frozenset[ShapeKind]  # how the 13 tiles before the draw were 暴头 (four sets, or six pairs); empty: not
    piao: int  # 财飘 in a row before the win
    kong_steps: int  # kongs of the chain (earlier kongs + the one whose replacement won)
    kong_replacement: bool
    chain_kongs: int
    whites: int  # 白板 held + discarded in 财飘, when 白板 are the 财神 (else 0)


class HangzhouReading(NamedTuple):
    """One reading: its shape, the key of what the rows read of it (its kind, and the fours a 七对 uses as two
    pairs: readings alike in it are valued once), and the hand's facts. (A hand with four 财神 has a hundred
    readings or more: a tuple is the cheapest value to make.)"""

    shape: Shape
    key: tuple[ShapeKind, int]
    facts: Facts


Predicate = Callable[[HangzhouReading, HangzhouOptions], int]


def fours(shape: Shape, wild_ok: bool) -> int:
    """Four of a kind used as two pairs in a 七对 reading; a 财神 playing another face counts only with ``wild_ok``."""
    odd: set[int] = set()  # the faces (tile indices) whose pairs so far are odd in number
    found = 0
    for g in shape.groups:
        if g.kind is not GroupKind.PAIR or (g.subs and not wild_ok and _plays_another(g)):
            continue
        face = g.tiles[0].index
        if face in odd:
            found += 1
            odd.remove(face)
        else:
            odd.add(face)
    return found


def _plays_another(g: Group) -> bool:
    """Whether a wild plays another tile in ``g``."""
    for s in g.subs:
        if s.wild and s.tile.index != s.as_.index:
            return True
    return False


def _baotou(r: HangzhouReading, o: HangzhouOptions) -> bool:
    """暴头 belongs to the hand before the draw (seed 001: 胡牌前，手上有1颗财神+四比牌 … 自摸胡牌，即为暴头): a
    self-drawn win from that state is 暴头 however the 14 tiles are read, so the bonus goes with every reading
    and the best one (a 豪华七对 too) carries it."""
    return r.facts.self_drawn and bool(r.facts.baotou)


def _piao(r: HangzhouReading, o: HangzhouOptions) -> int:
    return r.facts.piao if _baotou(r, o) else 0


def _pinghu(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(r.key[0] is ShapeKind.STANDARD)


def _qidui(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(r.key[0] is ShapeKind.SEVEN_PAIRS)


def _haohua(n: int) -> Predicate:
    def holds(r: HangzhouReading, o: HangzhouOptions) -> int:
        return int(r.key[0] is ShapeKind.SEVEN_PAIRS and r.key[1] >= n)

    return holds


def _piaogang(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(_piao(r, o) > 0 and r.facts.kong_replacement)


def _gangpiao(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(_piao(r, o) > 0 and r.facts.chain_kongs > 0 and not r.facts.kong_replacement)


def _gangbao(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(_baotou(r, o) and r.facts.kong_replacement and not _piao(r, o))


def _gangkai(r: HangzhouReading, o: HangzhouOptions) -> int:
    return r.facts.kong_steps if r.facts.self_drawn else 0


def _sibai(r: HangzhouReading, o: HangzhouOptions) -> int:
    return int(o.sibai and r.facts.whites == 4)


def _x(*ids: str) -> tuple[Excludes, ...]:
    return tuple(Excludes(i, 1) if i in ("gangkai", "caipiao") else Excludes(i) for i in ids)


def _row(fid: str, zh: str, en: str, value: int, excludes: tuple[Excludes, ...], definition: tuple[str, str],
         source: Source, predicate: Predicate, category: str) -> Row[HangzhouReading, HangzhouOptions]:
    return Row(Fan(fid, zh, en, value, excludes, definition[0], definition[1], source, EXAMPLES[fid], category),
               predicate)


SHAPE, WIN, CHAIN, BONUS = "shape", "win", "chain", "bonus"

EXAMPLES: dict[str, str] = {
    "pinghu": "v1.123456m789p2349s-9s.ES.s~hangzhou",
    "qidui": "v1.1133m5577p99s224z-4z.ES.s~hangzhou",
    "haohua": "v1.1111m3355p7799s1z-1z.ES.s~hangzhou",
    "shuanghaohua": "v1.1111m333355p779s-9s.ES.s~hangzhou",
    "sanhaohua": "v1.1111m3333p55557s-7s.ES.s~hangzhou",
    "baotou": "v1.123456m5789p234s-9s.ES.s.indicator-5p~hangzhou",
    "caipiao": "v1.123456m5789p234s-9s.ES.s.indicator-5p.piao-1~hangzhou",
    "gangkai": "v1.123456m789p1z-1z.A7777s.ES.sk~hangzhou",
    "gangbao": "v1.123456m5789p-1z.A7777s.ES.sk.indicator-5p~hangzhou",
    "gangpiao": "v1.123456m5789p-1z.A7777s.ES.s.chain_kongs-1.indicator-5p.piao-1~hangzhou",
    "piaogang": "v1.123456m5789p-1z.A7777s.ES.sk.indicator-5p.piao-1~hangzhou",
    "sibai": ("v1.123456m789p2s777z-5s.ES.s.piao-1"
              "~hangzhou.baotou_qidui-true.caishen-white.cap-512.dealer_factor-fixed8.discard-never.sibai-true"),
}
"""Each row's example: a share code with the context (and house rules) it needs.
The context is part of the example (a row such as 四个白板 needs house rules too)."""


ROWS: tuple[Line[HangzhouReading, HangzhouOptions], ...] = (
    _row("pinghu", "平胡", "Plain win", 1, (), ("四组一将（乱将即可）", "Four sets and any pair"),
         WORKS.cite("national", "基本牌型", note="seed 001 杭州麻将 基本牌型"), _pinghu, SHAPE),
    _row("qidui", "七对", "Seven pairs", 2, (), ("七个对子（字牌、数牌都可）", "Seven pairs (honours or suits)"),
         WORKS.cite("national", "七对", note="seed 001 杭州麻将 七对: 在当局应得分数基础*2倍"), _qidui, SHAPE),
    _row("haohua", "豪华七对", "Luxury seven pairs", 4, _x("qidui"),
         ("七对中有四个一样的牌充当两对", "Seven pairs with one four of a kind used as two pairs"),
         WORKS.cite("national", "豪华七对", note="seed 001 杭州麻将 豪华七对: *4倍; §2 worked example H-A"),
         _haohua(1), SHAPE),
    _row("shuanghaohua", "两豪华七对", "Double luxury seven pairs", 8, _x("haohua", "qidui"),
         ("七对中有两个四个一样的牌", "Seven pairs with two fours of a kind"),
         WORKS.cite("national", "两豪华七对", note="seed 001 杭州麻将 两豪华七对: *8倍"), _haohua(2), SHAPE),
    _row("sanhaohua", "三豪华七对", "Triple luxury seven pairs", 16, _x("shuanghaohua", "haohua", "qidui"),
         ("七对中有三个四个一样的牌", "Seven pairs with three fours of a kind"),
         WORKS.cite("national", "三豪华七对", note="seed 001 杭州麻将 三豪华七对: *16倍"), _haohua(3), SHAPE),
    _row("baotou", "暴头", "Wild pair (暴头)", 2, (),
         ("和牌前手上1颗财神+四组，摸到任何一张都和；自摸即暴头。暴头属于整手牌，随最大的拆法计（七对也算）",
          "Before the draw: four sets and one lone 财神, so any tile wins; winning by self-draw is 暴头. It belongs "
          "to the hand, so it goes with the best reading (七对 too)"),
         WORKS.cite("national", "暴头", note="seed 001 杭州麻将 暴头; §2(b) ×2; errata of §2 (the bonus on the best "
                                             "reading)"),
         lambda r, o: int(_baotou(r, o)), WIN),
    _row("caipiao", "财飘", "财飘 (wild discarded)", 2, (),
         ("暴头时不和，打出一颗财神，下轮再暴头自摸；每个财飘×2",
          "Holding a 暴头 win, discard a 财神 and win by 暴头 on the next draw; ×2 for each 财飘 in a row"),
         WORKS.cite("national", "财飘", note="seed 001 杭州麻将 财飘: 在当局暴头应得分数基础再*2倍; "
                                             "连续2个财飘再*2倍; §2 worked example H-B"), _piao, CHAIN),
    _row("gangkai", "杠开", "Win on a kong replacement", 2, (),
         ("自己杠牌后摸起的那张牌和牌（杠上花）；连串中每个杠×2",
          "Winning on the replacement tile of one's own kong; ×2 for each kong of the chain"),
         WORKS.cite("national", "杠开", note="seed 001 杭州麻将 杠开; §2(b) ×2 (Doc; competition chain action)"),
         _gangkai, CHAIN),
    _row("gangbao", "杠暴", "杠暴 (kong replacement by 暴头)", 4, _x("gangkai", "baotou"),
         ("杠开的同时暴头：杠开×2 × 暴头×2", "杠开 won by 暴头: 杠开 ×2 × 暴头 ×2"),
         WORKS.cite("national", "杠暴", note="seed 001 杭州麻将 杠暴: 在杠开的情况下暴头; §2(b) product of the chain"),
         _gangbao, CHAIN),
    _row("gangpiao", "杠飘", "杠飘 (kong, then 财飘)", 8, _x("gangkai", "caipiao", "baotou"),
         ("杠后补牌不和，财飘，再暴头自摸：杠×2 × 财飘×2 × 暴头×2",
          "A kong whose replacement does not win, then 财飘 and a 暴头 self-draw: 杠 ×2 × 财飘 ×2 × 暴头 ×2"),
         WORKS.cite("national", "杠飘", note="seed 001 杭州麻将 杠飘: 在有杠开的情况下财飘; §2(b) product of the "
                                             "chain"), _gangpiao, CHAIN),
    _row("piaogang", "飘杠", "飘杠 (财飘, then a kong)", 8, _x("caipiao", "gangkai", "baotou"),
         ("先财飘再杠开自摸：财飘×2 × 杠开×2 × 暴头×2", "财飘, then a kong whose replacement wins (by 暴头): 财飘 ×2 × "
          "杠开 ×2 × 暴头 ×2"),
         WORKS.cite("national", "飘杠", note="seed 001 杭州麻将 飘杠: 在先财飘再杠开的情况下自摸; §2(b) product of "
                                             "the chain"), _piaogang, CHAIN),
    _row("sibai", "四个白板", "Four 白板", 2, (),
         ("白板作财神时，手上的白板加财飘打出的白板共4张",
          "When 白板 are the 财神: four 白板 held or discarded in 财飘"),
         WORKS.cite("competition", "4个白板", note="§2(b) competition only (mahjong/fan.py 4个白板); option sibai"),
         _sibai, BONUS),
)

FANS: tuple[Fan, ...] = tuple(r.fan for r in ROWS if isinstance(r, Row))
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {
    "pinghu": "hand", "qidui": "hand",
    **dict.fromkeys(("haohua", "shuanghaohua", "sanhaohua"), "fours"),
    **dict.fromkeys(("baotou", "caipiao", "gangkai", "gangbao", "gangpiao", "piaogang"), "win"),
    "sibai": "wilds",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
