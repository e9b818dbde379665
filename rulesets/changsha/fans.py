"""The 长沙麻将 table, each row with its predicate: the small win (小胡), the big patterns (大胡, each one unit,
stacking additively) and the starting-hand wins (起手小胡). Values are what each payer pays before 庄闲 and birds.

A 大胡 row's value is its units × 6 (the ``big_unit`` option, each row's ``under``); 豪华/双豪华/三豪华七小对 are
2/3/4 units and exclude the lesser 七小对 rows (the one ``apply_exclusions`` step). 小胡 counts only when no 大胡
does (a ``fallback`` row), worth 1 on a discard and ``small_self_drawn`` self-drawn; a 起手小胡 is paid like a small
self-draw.

A reading (:class:`ChangshaReading`) is one decomposition of a won hand (推倒 counts no wait: the placements of
the winning tile are not read apart), the won hand in any arrangement where it has none (将将胡), or a dealt hand
read for its 起手小胡.

>>> [(f.id, f.value) for f in FANS if f.id.endswith("qixiaodui")]
[('qixiaodui', 6), ('haohua_qixiaodui', 12), ('shuang_haohua_qixiaodui', 18), ('san_haohua_qixiaodui', 24)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property

from ..hand import Hand, WinMethod
from ..lights import declare
from ..pipeline import Line, Row, book_order
from ..scoring import Excludes, Fan
from ..shapes import Group, GroupKind, Shape, ShapeKind
from ..sources import Source
from ..tiles import Suit, Tile
from .options import ChangshaOptions
from .works import WORKS

JIANG = frozenset({2, 5, 8})

SEED0 = "seed 000 (麻将怎么玩 长沙规则)"
SEED1 = "seed 001 (全国麻将打法 长沙麻将)"
SPEC = "rules/regional.md §3(b)"

CATEGORIES: dict[str, tuple[str, str]] = {
    "small": ("小胡", "Small win"),
    "big": ("大胡", "Big wins"),
    "lucky": ("大胡（和牌时机）", "Big wins (how it was won)"),
    "starting": ("起手小胡", "Starting-hand wins"),
}


def every_tile(hand: Hand) -> tuple[Tile, ...]:
    """Every tile of the hand, melds included, in no order (``Hand.all_tiles`` sorts them)."""
    won = (hand.winning_tile,) if hand.winning_tile is not None else ()
    return (*hand.standing, *won, *(t for m in hand.melds for t in m.tiles))


@dataclass(frozen=True)
class ChangshaReading:
    """One reading: ``decomposed``, a decomposition of a won hand, or None (the tiles in any arrangement, for
    将将胡); ``dealt``, a dealt hand read for its 起手小胡."""

    hand: Hand
    decomposed: Shape | None
    dealt: bool = False

    @cached_property
    def shape(self) -> Shape | None:
        """What the card shows: the decomposition, the tiles one by one where there is none (将将胡), nothing for a
        dealt hand."""
        if self.decomposed is not None or self.dealt or self.hand.winning_tile is None:
            return self.decomposed
        singles = tuple(Group(GroupKind.SINGLE, (t,)) for t in self.hand.concealed_tiles)
        return Shape(ShapeKind.STANDARD, singles, self.hand.winning_tile)

    @property
    def won(self) -> bool:
        return not self.dealt

    @property
    def self_drawn(self) -> bool:
        return self.hand.context.self_drawn

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        return every_tile(self.hand)

    @cached_property
    def suits(self) -> frozenset[Suit]:
        return frozenset(t.suit for t in self.tiles)

    @property
    def one_suit(self) -> bool:
        return len(self.suits) == 1

    @cached_property
    def all_258(self) -> bool:
        """将将胡's tiles: every one a 2, 5 or 8."""
        return self.won and all(t.rank in JIANG for t in self.tiles)

    @property
    def all_pungs(self) -> bool:
        d = self.decomposed
        return d is not None and d.kind is ShapeKind.STANDARD and all(g.is_pung_like for g in d.sets)

    @property
    def seven_pairs(self) -> bool:
        return self.decomposed is not None and self.decomposed.kind is ShapeKind.SEVEN_PAIRS

    @cached_property
    def held(self) -> Counter[Tile]:
        return Counter(self.hand.concealed_tiles)

    @cached_property
    def fours(self) -> int:
        """Fours of one tile among the concealed tiles (豪华七小对; a dealt hand's 四喜)."""
        return sum(1 for n in self.held.values() if n == 4)

    @property
    def triplets(self) -> int:
        """Three or four of one tile among the concealed tiles (六六顺)."""
        return sum(1 for n in self.held.values() if n >= 3)


def quanqiuren(r: ChangshaReading, o: ChangshaOptions) -> bool:
    """Four claimed melds; self-drawn too unless the house rules say on a discard only."""
    claimed = sum(1 for m in r.hand.melds if not m.is_concealed)
    return r.decomposed is not None and claimed == 4 and (o.quanqiuren_self_drawn or not r.self_drawn)


def small_value(r: ChangshaReading, o: ChangshaOptions) -> int | None:
    """小胡: 1 on a discard, ``small_self_drawn`` from each payer self-drawn (None: the row's 1)."""
    value = o.small_self_drawn if r.self_drawn else 1
    return value if value != 1 else None


def big_value(fan: Fan, o: ChangshaOptions) -> Fan:
    """A 大胡 row's value: its units × ``big_unit``."""
    return fan if o.big_unit == 6 else replace(fan, value=fan.value // 6 * o.big_unit)


def tiandihu(fan: Fan, o: ChangshaOptions) -> Fan | None:
    return big_value(fan, o) if o.tiandihu_big else None


def menqing(fan: Fan, o: ChangshaOptions) -> Fan | None:
    return big_value(fan, o) if o.menqing_big else None


def paid_as_small(fan: Fan, o: ChangshaOptions) -> Fan:
    """A 起手小胡 is paid like a small self-drawn win."""
    return replace(fan, value=o.small_self_drawn)


def holds(rows: tuple[Row[ChangshaReading, ChangshaOptions], ...], r: ChangshaReading, o: ChangshaOptions) -> bool:
    """Whether the reading holds any of ``rows`` as the house rules have them."""
    return any((row.under is None or row.under(row.fan, o) is not None) and row.count(r, o) for row in rows)


def _big(fid: str, zh: str, en: str, units: int, dzh: str, den: str, source: Source, example: str,
         category: str = "big", excludes: tuple[str, ...] = ()) -> Fan:
    return Fan(fid, zh, en, 6 * units, tuple(Excludes(e) for e in excludes), dzh, den, source, example, category)


ROWS: tuple[Line[ChangshaReading, ChangshaOptions], ...] = (
    Row(Fan("xiaohu", "小胡", "Small win", 1, (),
            "四组一将，将须是2、5、8（假将胡：任意将）。点炮1分，自摸每家1分（选项：2分）。",
            "Four sets and a pair of 2, 5 or 8 (假将胡 option: any pair). 1 on a discard; self-drawn 1 from each "
            "payer (option: 2).",
            WORKS.cite("qa", "小胡", note="seed 000 (麻将怎么玩 长沙规则) 小胡 4) 平胡 “需将”; seed 001 (全国麻将打法 "
                                          "长沙麻将) “长沙麻将需要二、五、八做将”; rules/regional.md §3(c) 1"),
            "v1.234567m3455p678s-5p~changsha", "small"),
        lambda r, o: not r.dealt, fallback=True, value=small_value),
    Row(_big("pengpenghu", "碰碰胡", "All pungs", 1, "四副刻子（或杠）加一对将，将不限。",
             "Four pungs (or kongs) and any pair.",
             WORKS.cite("qa", "大胡 2) 碰碰胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 2) 碰碰胡 乱将; "
                                                     "rules/regional.md §3(b)"), "111m444p777s99s222m"),
        lambda r, o: r.all_pungs, under=big_value),
    Row(_big("jiangjianghu", "将将胡", "All 2-5-8", 1, "每一张牌都是2、5、8，不论组成（可碰可杠）。",
             "Every tile is a 2, 5 or 8, in any arrangement (pungs and kongs allowed).",
             WORKS.cite("qa", "大胡 3) 将将胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 3) 将将胡; rules/regional.md "
                                                     "§3(b) (any arrangement)"), "258m258p258s25m8p8s5s"),
        lambda r, o: r.all_258, under=big_value),
    Row(_big("qingyise", "清一色", "Full flush", 1, "全手只有一种花色，将不限。", "One suit only, any pair.",
             WORKS.cite("qa", "大胡 4) 清一色", note="seed 000 (麻将怎么玩 长沙规则) 大胡 4) 清一色 乱将; "
                                                     "rules/regional.md §3(b)"), "123345567789m11m"),
        lambda r, o: r.decomposed is not None and r.one_suit, under=big_value),
    Row(_big("qixiaodui", "七小对", "Seven pairs", 1, "门清七对，将不限（四张相同的牌算两对）。",
             "Seven pairs, concealed, any tiles (four of a kind counts as two pairs).",
             WORKS.cite("qa", "大胡 1) 七巧对", note="seed 000 (麻将怎么玩 长沙规则) 大胡 1) 七巧对 乱将; "
                                                     "rules/regional.md §3(b) 七小对 (concealed only)"),
             "1133m2277p5599s4s4s"),
        lambda r, o: r.seven_pairs, under=big_value),
    Row(_big("haohua_qixiaodui", "豪华七小对", "Luxury seven pairs", 2, "七小对中有一组四张相同的牌。",
             "Seven pairs with one four of a kind.", WORKS.cite("billee", "Table_JingDian_CS",
                                                                note="rules/regional.md §3(b) (billee1011 12; xxqp 2; "
                                                                     "open_mahjong_unity 2)"),
             "1111m2277p5599s4s4s", excludes=("qixiaodui",)),
        lambda r, o: r.seven_pairs and r.fours >= 1, under=big_value),
    Row(_big("shuang_haohua_qixiaodui", "双豪华七小对", "Double luxury seven pairs", 3, "七小对中有两组四张相同的牌。",
             "Seven pairs with two fours of a kind.", WORKS.cite("billee", "Table_JingDian_CS",
                                                                 note="rules/regional.md §3(b) (billee1011 18; xxqp 3; "
                                                                      "open_mahjong_unity 3)"),
             "1111m2222p5599s4s4s", excludes=("haohua_qixiaodui", "qixiaodui")),
        lambda r, o: r.seven_pairs and r.fours >= 2, under=big_value),
    Row(_big("san_haohua_qixiaodui", "三豪华七小对", "Triple luxury seven pairs", 4, "七小对中有三组四张相同的牌。",
             "Seven pairs with three fours of a kind.", WORKS.cite("omu", "changsha_hepai_check.py",
                                                                   note="rules/regional.md §3(b) (open_mahjong_unity "
                                                                        "weight 4)"),
             "1111m2222p5555s4s4s",
             excludes=("shuang_haohua_qixiaodui", "haohua_qixiaodui", "qixiaodui")),
        lambda r, o: r.seven_pairs and r.fours >= 3, under=big_value),
    Row(_big("quanqiuren", "全求人", "Melded hand", 1,
             "四副都是吃碰明杠，手里只剩一张，单钓成将，将不限；点炮、自摸都算（选项：只算点炮）。",
             "Four claimed melds and a single wait for the pair, any pair; on a discard or self-drawn (option: on a "
             "discard only).",
             WORKS.cite("omu", "第6节 全求人", note="rules/regional.md §3(b) (four exposed melds, single wait); "
                                                 "open_mahjong_unity 长沙经典双鸟规则书 §6 (点炮胡和自摸都算全求人); "
                                                 "国标's definition in seed 003 (全靠吃牌、碰牌、单钓别人打出的牌) as "
                                                 "the option"),
             "[123m1][456p1][777s2][999m3]3p3p"),
        quanqiuren, under=big_value),
    Row(_big("gangshangkaihua", "杠上开花", "Win on a kong replacement", 1, "开杠后补的牌自摸和牌（含小胡）。",
             "Self-drawn on the replacement tile of a kong (the hand is a small-win hand, scored big).",
             WORKS.cite("qa", "大胡 5) 杠上花", note="seed 000 (麻将怎么玩 长沙规则) 大胡 5) 杠上花 (含小胡); "
                                                     "rules/regional.md §3(b)"),
             "v1.234567p2266s-6s.A1111m.sk~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.kong_replacement, under=big_value),
    Row(_big("gangshangpao", "杠上炮", "Win on a discard after a kong", 1, "别人杠后打出的牌被和（含小胡）。",
             "Won on the tile a player discards after his kong.", WORKS.cite("omu", "杠上炮",
                                                                             note="rules/regional.md §3(b) "
                                                                                  "(open_mahjong_unity changsha.md)"),
             "v1.23567m345p55678s-4m.ES.dWa~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.after_kong, under=big_value),
    Row(_big("qiangganghu", "抢杠胡", "Robbing a kong", 1, "别人补杠的那张牌被和（含小胡）。",
             "Won on the tile another player adds to his pung.",
             WORKS.cite("qa", "大胡 8) 抢杠胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 8) 抢杠胡 (含小胡); "
                                                     "rules/regional.md §3(b)"),
             "v1.23567m345p55678s-4m.ES.rW~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.win is WinMethod.ROB_KONG, under=big_value),
    Row(_big("haidilaoyue", "海底捞月", "Last tile, self-drawn", 1, "要了最后一张海底牌并自摸和牌（含小胡）。",
             "Self-drawn on the last tile of the wall (含小胡).", WORKS.cite("qa", "大胡 9) 海底捞月",
                                                                          note="seed 000 (麻将怎么玩 长沙规则) 大胡 9) "
                                                                               "海底捞月; rules/regional.md §3(b)"),
             "v1.23567m345p55678s-4m.ES.sl~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.last_tile and r.self_drawn, under=big_value),
    Row(_big("haidipao", "海底炮", "Last tile, on a discard", 1, "别人要了海底牌不能和，打出后被和（含小胡）。",
             "Won on the last tile after the player who took it could not win with it (含小胡).",
             WORKS.cite("qa", "大胡 10) 海底炮胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 10) 海底炮胡; "
                                                        "rules/regional.md §3(b)"),
             "v1.23567m345p55678s-4m.ES.dWl~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.last_tile and not r.self_drawn, under=big_value),
    Row(_big("tianhu", "天胡", "Heavenly hand", 1, "庄家起完牌就和牌（含小胡；选项：不算大胡）。",
             "The dealer's dealt hand is complete (含小胡; option: not a big pattern).",
             WORKS.cite("qa", "大胡 6) 天胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 6) 天胡; "
                                                   "rules/regional.md §3(b) [disagree: xxqp 2018]"),
             "v1.23567m345p55678s-4m.sh~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.heavenly, under=tiandihu),
    Row(_big("dihu", "地胡", "Earthly hand", 1, "闲家和庄家打出的第一张牌（含小胡；选项：不算大胡）。",
             "A non-dealer wins on the dealer's first discard (含小胡; option: not a big pattern).",
             WORKS.cite("qa", "大胡 7) 地胡", note="seed 000 (麻将怎么玩 长沙规则) 大胡 7) 地胡 "
                                                   "“当庄家打出第一张牌后，闲家胡牌”; rules/regional.md §3(b)"),
             "v1.23567m345p55678s-4m.ES.dEe~changsha", "lucky"),
        lambda r, o: r.won and r.hand.context.earthly, under=tiandihu),
    Row(_big("menqing", "门清", "Concealed hand", 1, "没有吃、碰、明杠（选项，默认不算）。",
             "No claimed meld (an option, off by default).", WORKS.cite("billee", "Table_JingDian_CS",
                                                                        note="rules/regional.md §3(b) [disagree]: "
                                                                             "billee1011 only"),
             "v1.234567m3455p678s-5p.ES.dW~changsha.menqing_big-true", "lucky"),
        lambda r, o: r.won and r.hand.is_concealed, under=menqing),
    Row(Fan("sixi", "四喜", "Four of a kind", 2, (), "起完牌手上有四张一样的牌（每组四张算一个）。计分等同小胡自摸。",
            "The dealt hand holds four of one tile (each such four is one). Paid like a small self-drawn win.",
            WORKS.cite("qa", "小胡 1) 四喜", note="seed 000 (麻将怎么玩 长沙规则) 小胡 1) 四喜; seed 001 (全国麻将打法 "
                                                  "长沙麻将) 小胡 1. 四喜; rules/regional.md §3(b)"),
            "v1.1111m222p134679s-5s.starting_hand-1~changsha", "starting"),
        lambda r, o: r.fours if r.dealt else 0, under=paid_as_small),
    Row(Fan("banbanhu", "板板胡", "No 2, 5 or 8", 2, (), "起完牌手上没有一张2、5、8。计分等同小胡自摸。",
            "The dealt hand holds no 2, 5 or 8. Paid like a small self-drawn win.",
            WORKS.cite("qa", "小胡 2) 板板胡", note="seed 000 (麻将怎么玩 长沙规则) 小胡 2) 板板胡; seed 001 "
                                                    "(全国麻将打法 长沙麻将) 小胡 2. 板板胡; rules/regional.md §3(b)"),
            "v1.1134679m1346p79s.EW.starting_hand-1~changsha", "starting"),
        lambda r, o: r.dealt and not any(t.rank in JIANG for t in r.tiles), under=paid_as_small),
    Row(Fan("queyise", "缺一色", "A missing suit", 2, (), "起完牌手上筒、索、万缺一门。计分等同小胡自摸。",
            "The dealt hand lacks one of the three suits. Paid like a small self-drawn win.",
            WORKS.cite("qa", "小胡 3) 缺一色", note="seed 000 (麻将怎么玩 长沙规则) 小胡 3) 缺一色; rules/regional.md "
                                                    "§3(b)"),
            "v1.1234567m123456p-7p.starting_hand-1~changsha", "starting"),
        lambda r, o: r.dealt and len(r.suits) < 3, under=paid_as_small),
    Row(Fan("liuliushun", "六六顺", "Two triplets", 2, (), "起完牌手上有两副刻子（三张相同）。计分等同小胡自摸。",
            "The dealt hand holds two triplets. Paid like a small self-drawn win.",
            WORKS.cite("national", "小胡", note="seed 001 (全国麻将打法 长沙麻将) (六六顺 among the four 长沙 starting "
                                                "wins); rules/regional.md §3(b)"),
            "v1.111222m345p6789s.EN.starting_hand-1~changsha", "starting"),
        lambda r, o: r.dealt and r.triplets >= 2, under=paid_as_small),
)

FANS = book_order(ROWS)
BY_ID: dict[str, Row[ChangshaReading, ChangshaOptions]] = {r.fan.id: r for r in ROWS if isinstance(r, Row)}
SHAPE_BIG = tuple(BY_ID[f] for f in ("pengpenghu", "jiangjianghu", "qingyise", "qixiaodui", "quanqiuren"))
"""大胡 of the hand's shape: with one of them the pair need not be 2/5/8 (乱将)."""
LUCKY = tuple(r for r in BY_ID.values() if r.fan.category == "lucky")
"""大胡 of how the hand was won (seed 000: 含小胡)."""
STARTING = tuple(r for r in BY_ID.values() if r.fan.category == "starting")

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("xiaohu", "pengpenghu", "jiangjianghu", "qingyise", "qixiaodui", "quanqiuren", "banbanhu",
                     "queyise"), "hand"),
    **dict.fromkeys(("haohua_qixiaodui", "shuang_haohua_qixiaodui", "san_haohua_qixiaodui", "sixi"), "fours"),
    **dict.fromkeys(("gangshangkaihua", "gangshangpao", "qiangganghu", "haidilaoyue", "haidipao"), "win"),
    **dict.fromkeys(("tianhu", "dihu", "menqing"), "context"),
    "liuliushun": "pungs",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
