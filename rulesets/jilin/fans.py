"""The fan table of 吉林麻将 (MIL 长春 2024), each row with its predicate: a short list, added, the best reading
kept. Exclusions are data: 飘和 does not also take 夹/单吊/单和; a seven-pairs hand takes neither 门清 nor the
wait fan (MIL 2024 p.10 examples, as tested in open_mahjong_unity); 豪华七对 replaces 七对.

The rules a win must meet live here too, since 单和 (a hand waiting on one tile) counts the waits that make
a legal win: all three suits and a terminal or honour (三门带幺九), a pung unless the pair is a dragon, 手把一.
"""

from __future__ import annotations

from functools import lru_cache

from ..hand import Hand, MeldKind
from ..lights import declare
from ..pipeline import Line, Problem, Row
from ..reading import Reading, Wait, decompose, readings
from ..scoring import Excludes, Fan
from ..shapes import ShapeKind, waits
from ..tiles import Suit, Tile
from .context import BAO_WIN
from .options import JilinOptions
from .works import OMU, WORKS

KINDS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
SRC = WORKS.cite("mil-2024", "番种", note=f"vague-systems.md §4.1; as implemented in {OMU}")


def tile_problem(hand: Hand) -> Problem | None:
    """No flowers; all three suits and a terminal or honour; 手把一 (with a chow, never one tile left)."""
    if hand.context.flowers:
        return "长春麻将136张，没有花牌", "Changchun mahjong has 136 tiles and no flowers"
    held = {t.suit for t in hand.all_tiles if t.is_suited}
    missing = [s for s in (Suit.M, Suit.P, Suit.S) if s not in held]
    if missing:
        return (f"缺{''.join(s.zh for s in missing)}：长春麻将要万、筒、条三门齐才能和",
                f"No {', '.join(s.en for s in missing)}: a Changchun win needs all three suits")
    if not any(t.is_terminal_or_honour for t in hand.all_tiles):
        return ("没有幺九：长春麻将要带一张幺九或字牌才能和",
                "No terminal or honour: a Changchun win needs at least one 1, 9 or honour")
    if len(hand.melds) == 4 and any(m.kind is MeldKind.CHOW for m in hand.melds):
        return ("手把一：有吃的牌不能只剩一张（只有飘和可以）",
                "手把一: with a chow a player may not go down to one standing tile (only an all-pung hand may)")
    return None


def legal(r: Reading, options: object = None) -> Problem | None:
    """A standard hand needs a pung or kong unless its pair is a dragon."""
    if r.kind is ShapeKind.STANDARD and not r.pung_likes:
        pair = r.pair
        if pair is None or not pair.tile.is_dragon:
            return ("没有刻子：长春麻将要有一副刻子或杠（将是中发白时除外）",
                    "No pung: a Changchun hand needs a pung or kong unless its pair is a dragon")
    return None


@lru_cache(maxsize=256)
def legal_waits(hand: Hand) -> tuple[Tile, ...]:
    """The tiles the hand before its winning tile waits on that make a legal Changchun win (三门带幺九, a
    pung unless a dragon pair, a fifth copy excluded): what 单和 counts (open_mahjong_unity ``waits``)."""
    before = Hand(hand.standing, hand.melds, None, hand.context)
    out = []
    for t in waits(before, KINDS):
        done = before.with_winning_tile(t)
        if done.all_tiles.count(t) > 4 or tile_problem(done) is not None:
            continue
        if any(legal(r) is None for r in readings(done, decompose(done, KINDS))):
            out.append(t)
    return tuple(out)


def _jia(r: Reading, options: JilinOptions) -> bool:
    return r.wait in (Wait.CLOSED, Wait.EDGE, Wait.PAIR) or len(legal_waits(r.hand)) == 1


def _haohua(r: Reading, options: JilinOptions) -> bool:
    return r.kind is ShapeKind.SEVEN_PAIRS and r.hand.standing.count(r.shape.winning_tile) == 3


def _fan(fid: str, zh: str, en: str, value: int, excludes: tuple[str, ...], definition: tuple[str, str],
         example: str, category: str = "fan") -> Fan:
    return Fan(fid, zh, en, value, tuple(Excludes(x) for x in excludes), definition[0], definition[1], SRC, example,
               category)


_STANDARD = frozenset({ShapeKind.STANDARD})

ROWS: tuple[Line[Reading, JilinOptions], ...] = (
    Row(_fan("menqing", "门清", "Concealed hand", 1, (),
             ("没有吃、碰、明杠（暗杠可以）", "No claimed meld (concealed kongs allowed)"), "23m456p789s11122z1m"),
        lambda r, o: r.hand.is_concealed),
    Row(_fan("jia", "夹/单吊/单和", "Closed, pair or single wait", 1, (),
             ("夹张（嵌张）、边张（12等3、89等7）、单吊将，或只听一张",
              "Closed wait, edge wait (3 on 12, 7 on 89), pair wait, or a hand waiting on one tile only"),
             "[123m1]456p111z55z13s2s"), _jia, shapes=_STANDARD),
    Row(_fan("piaohu", "飘和", "All pungs", 2, ("jia",), ("四组都是刻子或杠", "All four sets are pungs or kongs"),
             "[111m1][999p1][777s1]55z11p1p"), lambda r, o: r.all_pungs),
    Row(_fan("qidui", "七对", "Seven pairs", 3, ("menqing", "jia"),
             ("七个对子（不能有副露）", "Seven pairs, nothing claimed"), "1199m1199p2299s55z"),
        lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS),
    Row(_fan("haohua_qidui", "豪华七对", "Luxury seven pairs", 4, ("qidui", "menqing", "jia"),
             ("七对，和张凑成四张相同", "Seven pairs where the winning tile makes four of a kind"),
             "111m1199p2299s55z1m"),
        _haohua),
    Row(_fan("chongbao", "冲宝", "冲宝 (winning on the 宝)", 2, (),
             ("报听后，摸牌前以宝牌作和张和牌",
              "After declaring ready, winning with the 宝 tile as the winning tile, before drawing"),
             "v1.23m456p789s11122z-1m.ES.s.bao-1m.bao_win-chong.baoting-S~jilin", "bao"),
        lambda r, o: BAO_WIN.of(r.hand.context) == "chong"),
    Row(_fan("mobao", "摸宝", "摸宝 (drawing the 宝)", 1, (),
             ("报听后摸到宝牌，宝牌当作最好的和张",
              "After declaring ready, drawing the 宝 tile: it stands for the best winning tile"),
             "v1.23m456p789s11122z-5s.ES.s.bao-5s.bao_win-mo.baoting-S~jilin", "bao"),
        lambda r, o: BAO_WIN.of(r.hand.context) == "mo"),
)

LIGHTS: dict[str, str] = {
    "menqing": "context", "jia": "wait", "piaohu": "hand", "qidui": "hand", "haohua_qidui": "fours",
    "chongbao": "win", "mobao": "win",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare((r.fan for r in ROWS if isinstance(r, Row)), LIGHTS)
