"""The 武汉 fan table, each row with its predicate: 屁胡 (small win, base 1) and the 大胡 (big wins, base 10 each,
additive).

Doubles (开口, 杠, 红中杠, 癞子杠, 庄, 自摸, 硬胡, 放冲) belong to players, not to the hand: they are the
factors of each payment (``settle.py``), not rows here. Each big win excludes 屁胡 (a hand is a small win
only when no big win applies), which the one :func:`rulesets.scoring.apply_exclusions` step removes.

Source: seed 001 武汉麻将 胡牌类型 and 大胡计分 ("大胡可累计，如2个大胡基础分就是20"); rules/regional.md §1 (b).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..hand import WinContext, WinMethod
from ..lights import declare
from ..pipeline import Line, Row
from ..scoring import Excludes, Fan
from ..shapes import Shape
from ..sources import Source
from ..tiles import Tile
from .options import WuhanOptions
from .settle import Outcome, Seating
from .works import WORKS

SEED = "seed 001 武汉麻将"
SMALL = "small"
BIG = "big"


@dataclass(frozen=True)
class Reading:
    """One reading of a winning hand, as the fan predicates and the choice of the best reading see it.

    ``played`` is every tile as it plays (a 癞子 as the tile it stands for, melds included); ``loose`` is a
    乱将/乱风 reading (all 2/5/8 or all honours, no sets needed: seed "风一色、将一色为乱风乱将"). ``wild`` is the
    hand's 癞子 and ``held`` how many of them the hand holds; ``seating`` the table its payments read."""

    shape: Shape
    played: tuple[Tile, ...]
    loose: bool
    claimed: int  # chows, pungs and exposed/added kongs of the winner (开口)
    ctx: WinContext
    kong_draw: bool  # won on a kong's replacement: a kong meld, or a 红中杠/癞子杠 (red_kong_draw)
    wild: Tile | None
    held: int
    seating: Seating
    # the reading once valued, under each options value: why it is no win, or its settlement (:func:`judged`)
    judged: dict[WuhanOptions, tuple[tuple[str, str] | None, Outcome | None]] = field(
        default_factory=dict, compare=False, repr=False)

    @property
    def pair(self) -> Tile | None:
        p = self.shape.pair
        return p.tiles[0] if p is not None and not self.loose else None


def is_jiang(t: Tile) -> bool:
    """A 将 tile: a 2, 5 or 8 of a suit."""
    return t.is_suited and t.rank in (2, 5, 8)


def _pengpeng(r: Reading, o: WuhanOptions) -> bool:
    return not r.loose and all(g.is_pung_like for g in r.shape.sets)


def _quanqiuren(r: Reading, o: WuhanOptions) -> bool:
    # 吃碰明杠过4次牌，手上留一张将牌成胡: four claimed melds and the pair completed by another's tile
    return not r.loose and r.claimed == 4 and not r.ctx.self_drawn


def _qingyise(r: Reading, o: WuhanOptions) -> bool:
    return not r.loose and all(t.is_suited for t in r.played) and len({t.suit for t in r.played}) == 1


def _jiangyise(r: Reading, o: WuhanOptions | None = None) -> bool:
    return all(is_jiang(t) for t in r.played)


def _fengyise(r: Reading, o: WuhanOptions | None = None) -> bool:
    return all(t.is_honour for t in r.played)


def _gangkai(r: Reading, o: WuhanOptions) -> bool:
    return r.ctx.self_drawn and r.kong_draw


def _haidi(r: Reading, o: WuhanOptions) -> bool:
    return r.ctx.self_drawn and r.ctx.last_tile


def _qianggang(r: Reading, o: WuhanOptions) -> bool:
    return r.ctx.win is WinMethod.ROB_KONG


_NOT_SMALL = (Excludes("pihu"),)
type Predicate = Callable[[Reading, WuhanOptions], bool]


_BIG = WORKS.cite("national", "大胡计分", note="seed 001 武汉麻将 大胡（基础分10，可累计）")


def _big(id_: str, zh: str, en: str, def_zh: str, def_en: str, example: str, holds: Predicate,
         source: Source = _BIG) -> Row[Reading, WuhanOptions]:
    return Row(Fan(id_, zh, en, 10, _NOT_SMALL, def_zh, def_en, source, example, BIG), holds)


ROWS: tuple[Line[Reading, WuhanOptions], ...] = (
    _big("pengpenghu", "碰碰胡", "All Pungs", "除将牌外均为刻子（杠）；任意将。",
         "Every set is a pung or kong; the pair may be any tile.", "[222m1][555p3]33399s77z9s", _pengpeng),
    _big("quanqiuren", "全求人", "Fully Melded", "吃碰明杠过4次牌，手上留一张将牌，和别人打出的牌（须258将）。",
         "Four claimed melds and one tile left in hand, completed by another player's tile (a 2/5/8 pair).",
         "[123m1][456p1][777s2][888m3]5s5s", _quanqiuren),
    _big("qingyise", "清一色", "Full Flush", "全是条、万或筒中的一门（可乱将）。",
         "Every tile of one suit; the pair may be any tile.", "[777s1]123456888s99s", _qingyise),
    _big("jiangyise", "将一色", "All 2-5-8", "全是2、5、8（乱将：不需成牌型）。",
         "Every tile a 2, 5 or 8 of a suit, in any arrangement (乱将: no sets needed).", "[222m1]588m258p2588s5p",
         _jiangyise,
         WORKS.cite("national", "胡牌要求", note="seed 001 武汉麻将 大胡; 胡牌要求 4: "
                                                 "风一色、将一色为乱风乱将，只要手上全是风牌或将牌就能胡牌")),
    _big("fengyise", "风一色", "All Honours", "全是风牌（包括发、白；红中不能持有），不需成牌型（乱风）。",
         "Every tile an honour (winds, 发 and 白; 红中 cannot be held), in any arrangement (乱风).",
         "[111z1]2233444667z7z", _fengyise,
         WORKS.cite("national", "胡牌要求", note="seed 001 武汉麻将 大胡; 胡牌要求 4: "
                                                 "风一色、将一色为乱风乱将，只要手上全是风牌或将牌就能胡牌")),
    _big("gangshangkaihua", "杠上开花", "Out on a Replacement", "开杠（包括红中杠和癞子杠）后补牌自摸和。",
         "Self-drawn on the replacement tile after a kong (a 红中杠 and a 癞子杠 included).",
         "[234m1][7777s1]2678m123p2m|EE1001", _gangkai),
    _big("haidilao", "海底捞", "Last Tile Draw", "摸最后4张牌时自摸和（此时只能自摸）。",
         "Self-drawn from the last four tiles of the wall (only a self-draw counts).",
         "[234m1][777s1]2678m123p2m|EE1010", _haidi),
    _big("qiangganghu", "抢杠胡", "Robbing a Kong", "别人碰后加杠（蓄杠）时，抢那张牌和。",
         "Winning on the tile another player adds to a pung (蓄杠).", "[234m1][777s1]22m67m123p5m|EE0001", _qianggang),
    Row(Fan("pihu", "屁胡", "Small Win", 1, (), "没有大胡的和牌：须开口，2、5、8作将。",
            "A win with no big pattern: opened, with a 2/5/8 pair.",
            WORKS.cite("national", "胡牌类型：小胡", note="seed 001 武汉麻将 胡牌类型: 小胡（即屁胡，基础分1）"),
            "[234m1][777s1]2678m123p2m", SMALL), lambda r, o: True),
)
"""The rows in the order a card lists them, which is the fan reference's order too."""
FANS: tuple[Fan, ...] = tuple(row.fan for row in ROWS if isinstance(row, Row))
BY_ID = {f.id: f for f in FANS}

ANY_PAIR = frozenset({"fengyise", "jiangyise", "pengpenghu", "qingyise"})
"""The wins whose pair may be any tile (seed 001 胡牌要求:
除风一色、将一色、碰碰胡、清一色以外，一对必须是二、五、八)."""

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("pengpenghu", "quanqiuren", "qingyise", "jiangyise", "fengyise", "pihu"), "hand"),
    **dict.fromkeys(("gangshangkaihua", "haidilao", "qiangganghu"), "win"),
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
