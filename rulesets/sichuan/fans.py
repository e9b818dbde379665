"""The Sichuan fan table: one row per pattern or bonus, each with one predicate.

Values are in 番 as the E0 exponent (平胡 = 0, multiplier = 2^番), the spec's internal unit (§1.5).
Named patterns (category ``pattern``) do not stack: the hand keeps one (seed 001: "以下番型均不重复计算，
只按最大番算"), and each pattern row says which smaller rows it already contains (``excludes``), which
the generic :func:`rulesets.scoring.apply_exclusions` step removes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hand import KongKind, WinMethod
from ..lights import declare
from ..messages import Text, Words, msg
from ..pipeline import Each, EachRow, Line, OneOf, Row
from ..scoring import Excludes, Fan
from ..shapes import GroupKind, Shape, ShapeKind
from ..sources import Source
from .options import LongQiDui, SichuanOptions
from .works import WORKS

if TYPE_CHECKING:
    from .facts import Facts

PATTERN = "pattern"
GEN = "gen"
BONUS = "bonus"
PACKAGE = "package"
ZIMO = "zimo"
SPECIAL = "special"
DISPLAY = "display"

MAX_PATTERN = "max_pattern"
MAX_PATTERN_REASON = "番型不重复计算，只按最大番算 (patterns do not stack)"

SEED_A = "seed 000 (成都, Table A)"
SEED_B = "seed 001 (QQ, Table B)"


def _x(*ids: str) -> tuple[Excludes, ...]:
    return tuple(Excludes(i) for i in ids)


_GEN1 = (Excludes("gen", 1),)
_GEN4 = (Excludes("gen", 4),)


def _fan(fid: str, zh: str, en: str, value: int, excludes: tuple[Excludes, ...], category: str,
         definition: tuple[str, str], source: Source, example: str = "") -> Fan:
    return Fan(fid, zh, en, value, excludes, definition[0], definition[1], source, example, category)


_PATTERNS = (
    _fan("pinghu", "平胡", "Plain win", 0, (), PATTERN,
         ("四组一将，不是以下任何番型（基本胡）", "Four sets and a pair matching no other pattern"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 1．基本胡",
                    note="§5.1; seed 000 (成都, Table A) 基本胡 0番; seed 001 (QQ, Table B) 平胡 1番"),
         "23445677m345789p"),
    _fan("duiduihu", "对对胡", "All pungs", 1, (), PATTERN,
         ("四组都是刻子或杠（大对子、碰碰胡）", "All four sets are pungs or kongs"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 3．对对胡",
                    note="§5.1; seed 000 (成都, Table A) 1番"), "111333444m66677p"),
    _fan("qingyise", "清一色", "Full flush", 2, (), PATTERN,
         ("全部牌（含碰杠）同一门", "Every tile, melds included, of one suit"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 4．清一色",
                    note="§5.1; seed 000 (成都, Table A) 2番"), "11223345678999m"),
    _fan("qidui", "七对", "Seven pairs", 2, (), PATTERN,
         ("七个对子，没有碰杠（暗七对）", "Seven pairs, nothing claimed or konged"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 7．七对",
                    note="§5.1; seed 000 (成都, Table A) 暗七对 2番"), "11334466m557799p"),
    _fan("daiyaojiu", "带幺九", "Terminals in every set", 2, (), PATTERN,
         ("每组和将牌都带1或9（幺九）", "Every set and the pair contains a 1 or a 9"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 11．幺九",
                    note="§5.1; seed 000 (成都, Table A) 幺九 2番 (with 幺九将对)"), "111222333m78999p"),
    _fan("jiangdui", "将对", "All pungs of 2, 5, 8", 3, _x("duiduihu", "zhongzhang"), PATTERN,
         ("对对胡，全部牌都是2、5、8", "All pungs, every tile a 2, 5 or 8"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 6．将对",
                    note="§5.1; seed 000 (成都, Table A) 3番 (with 幺九将对); 中张 implied (§5.5)"),
         "222555888m55588p"),
    _fan("qingdui", "清对", "Pure all pungs", 3, _x("qingyise", "duiduihu"), PATTERN,
         ("清一色的对对胡（清碰）", "All pungs in one suit"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 5．清对",
                    note="§5.1; seed 000 (成都, Table A) 3番"), "22244455577799m"),
    _fan("longqidui", "龙七对", "Dragon seven pairs", 4, _x("qidui") + _GEN1, PATTERN,
         ("七对中有四张相同的牌；用掉一根", "Seven pairs with a four of a kind; uses up one 根"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 9．龙七对",
                    note="§1.3; seed 000 (成都, Table A) 4番; seed 001 (QQ, Table B) 不再计七对，同时减1根"),
         "11222244m557788p"),
    _fan("qingqidui", "清七对", "Pure seven pairs", 4, _x("qingyise", "qidui"), PATTERN,
         ("清一色的七对", "Seven pairs in one suit"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 8．清七对",
                    note="§5.1; seed 000 (成都, Table A) 4番"), "11334466778899m"),
    _fan("qingyaojiu", "清幺九", "Pure terminals in every set", 4, _x("qingyise", "daiyaojiu"), PATTERN,
         ("清一色的带幺九", "Terminals in every set, one suit"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 12．清幺九",
                    note="§5.1; seed 000 (成都, Table A) 4番 (with 幺九将对)"), "11123777888999m"),
    _fan("qinglongqidui", "清龙七对", "Pure dragon seven pairs", 5,
         _x("qingqidui", "longqidui", "qingyise", "qidui") + _GEN1, PATTERN,
         ("清一色的龙七对；用掉一根", "Dragon seven pairs in one suit; uses up one 根"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 10．清龙七对",
                    note="§1.3; seed 000 (成都, Table A) 5番; seed 001 (QQ, Table B) 算番时减1根"), "11224444557799m"),
    _fan("jingoudiao", "金钩钓", "Golden single wait", 2, _x("duiduihu"), PATTERN,
         ("四组都已碰杠出，单钓将牌（对对胡+1）", "Every set melded, the pair won on a single wait (all pungs +1)"),
         WORKS.cite("jj", "金钩钓", note="§5.1 (JJ 金钩钓 ×4 不计碰碰胡; gofishing ×4)"),
         "[111m1][333m2][777p3][999p1]55p"),
    _fan("jiangjingoudiao", "将金钩钓", "Golden single wait of 2, 5, 8", 4,
         _x("jingoudiao", "jiangdui", "duiduihu", "zhongzhang"), PATTERN,
         ("全是2、5、8的金钩钓", "Golden single wait, every tile a 2, 5 or 8"),
         WORKS.cite("gofishing", "将金钩钓", note="§5.1 (gofishing ×16; with 幺九将对)"),
         "[222m1][555m2][888p3][222p1]55p"),
    _fan("qingjingoudiao", "清金钩钓", "Pure golden single wait", 4,
         _x("jingoudiao", "qingdui", "qingyise", "duiduihu"), PATTERN,
         ("清一色的金钩钓", "Golden single wait in one suit"),
         WORKS.cite("gofishing", "清金钩钓", note="§5.1 (gofishing ×16)"), "[111m1][333m2][444m3][777m1]99m"),
    _fan("shibaluohan", "十八罗汉", "Eighteen arhats", 6, _x("jingoudiao", "duiduihu") + _GEN4, PATTERN,
         ("四个杠的金钩钓；四根已算在内", "Golden single wait with four kongs; its four 根 included"),
         WORKS.cite("gofishing", "十八罗汉", note="§5.1 (gofishing ×64)"), "[1111m1][3333m][4444p2][7777p3]99p"),
    _fan("qingshibaluohan", "清十八罗汉", "Pure eighteen arhats", 8,
         _x("shibaluohan", "qingjingoudiao", "jingoudiao", "qingdui", "qingyise", "duiduihu") + _GEN4, PATTERN,
         ("清一色的十八罗汉", "Eighteen arhats in one suit"),
         WORKS.cite("gofishing", "清十八罗汉", note="§5.1 (gofishing ×256)"), "[1111m1][3333m][4444m2][7777m3]99m"),
    _fan("jiangqidui", "将七对", "Seven pairs of 2, 5, 8", 4, _x("qidui", "zhongzhang"), PATTERN,
         ("七对，全部是2、5、8（选项）", "Seven pairs, every tile a 2, 5 or 8 (option)"),
         WORKS.cite("cpp", "将七对", note="§5.1 (C++ Chengdu table 4; requirements index ×16)"),
         "v1.22225588m22558p-8p~sichuan.jiang_qidui-true"),
)

_MODIFIERS = (
    _fan("gen", "根", "Root (four of a kind)", 1, (), GEN,
         ("持有某种牌全部四张（杠、碰加手中一张、手中四张、和牌张成四张），每种+1",
          "Each tile kind of which the winner holds all four copies, in any form, +1"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 2．带根",
                    note="§5.2; seed 000 (成都, Table A) 带根 +1番; seed 001 (QQ, Table B) 根 1番"),
         "123333m45566799s"),
    _fan("gangshanghua", "杠上花", "Win on a kong replacement", 1, _x("haidilaoyue"), BONUS,
         ("开杠后补牌自摸和牌（另计该杠的根）", "Self-drawn on a kong's replacement tile (the kong's 根 counts too)"),
         WORKS.cite("qq", "杠上花", note="§1.2, §5.3; seed 001 (QQ, Table B) 1番"), "[6666p,5]234567m34599p|ES1001"),
    _fan("gangshangpao", "杠上炮", "Win on a discard after a kong", 1, (), BONUS,
         ("和别人杠后打出的牌", "Won on the discard a player makes right after their kong"),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 14．杠上炮",
                    note="§5.3; seed 000 (成都, Table A) +1番; seed 001 (QQ, Table B) 1番"),
         "v1.123456789m2345p-5p.da~sichuan"),
    _fan("qiangganghu", "抢杠胡", "Robbing a kong", 1, (), BONUS,
         ("和别人补杠的牌；该杠不算", "Won on the tile another player adds to a pung; that kong is cancelled"),
         WORKS.cite("jj", "抢杠胡", note="§5.3 (JJ ×2; seed 003 抢杠胡 = 平胡 + 1)"), "123456789m3455p2p|EE0001"),
    _fan("haidilaoyue", "海底捞月", "Last tile self-drawn", 1, (), BONUS,
         ("摸牌墙最后一张自摸（选项）", "Self-drawn on the last wall tile (option)"),
         WORKS.cite("requirements", "海底捞月", note="§5.3"),
         "v1.123456789m2345p-5p.sl~sichuan.haidi_laoyue-true"),
    _fan("haidipao", "海底炮", "Last discard", 1, (), BONUS,
         ("和最后一张牌打出的牌（选项）", "Won on the discard after the last wall tile (option)"),
         WORKS.cite("requirements", "海底炮", note="§5.3"),
         "v1.123456789m2345p-5p.dl~sichuan.haidi_pao-true"),
    _fan("menqing", "门清", "Concealed hand", 1, (), PACKAGE,
         ("没有碰、直杠、补杠（暗杠可以）（门清中张）", "No pung, exposed or added kong; concealed kongs allowed"),
         WORKS.cite("balckban", "门清", note="§5.4"), "v1.123456789m2345p-5p~sichuan.menqing_zhongzhang-true"),
    _fan("zhongzhang", "中张", "No terminals", 1, (), PACKAGE,
         ("没有1和9（含碰杠）（门清中张）", "No 1 or 9 anywhere, melds included"),
         WORKS.cite("balckban", "中张", note="§5.4"),
         "v1.234567m2345567p-5p~sichuan.menqing_zhongzhang-true"),
    _fan("zimo_fan", "自摸加番", "Self-draw +1 番", 1, (), ZIMO,
         ("自摸和牌加一番", "A self-drawn win is worth one more 番"), WORKS.cite("jj", "自摸加一番",
                                                                         note="§5.7 (JJ, gofishing, C++ default)"),
         "11112345678999m|ES1000"),
    _fan("zimo_di", "自摸加底", "Self-draw +1 底", 0, (), ZIMO,
         ("自摸和牌每家多付一底（不加番）", "On a self-draw each payer adds one 底 (no 番)"),
         WORKS.cite("novikov", "Hand Value + 1", note="§5.7 (Novikov, donachen01)"),
         "v1.1111234567899m-9m.ES.s~sichuan.zimo-di"),
    _fan("tianhu_add", "天胡", "Heavenly hand (+3)", 3, (), BONUS,
         ("庄家起手自摸和牌，加3番（选项）", "The dealer wins on the initial deal: +3 (option)"),
         WORKS.cite("balckban", "天胡", note="§5.1 (balckban family, C++ table)"), ""),
    _fan("dihu_add", "地胡", "Earthly hand (+2)", 2, (), BONUS,
         ("闲家第一轮和牌，加2番（选项）", "A non-dealer wins in the first go-round: +2 (option)"),
         WORKS.cite("balckban", "地胡", note="§5.1 (balckban family)"), ""),
)

_FIXED_DEF = ("固定5番（×32），不计其他番、根和自摸", "A fixed 5番 (×32): no other fan, 根 or 自摸 bonus")
_OTHER_IDS = tuple(f.id for f in _PATTERNS + _MODIFIERS)
_SPECIAL = (
    _fan("tianhu", "天胡", "Heavenly hand", 5, _x(*_OTHER_IDS), SPECIAL,
         ("庄家起手14张即和牌；" + _FIXED_DEF[0], "The dealer's initial 14 tiles win; " + _FIXED_DEF[1]),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 15．天胡", note=f"§5.1; {SEED_A} 5番; {SEED_B} 6番 (E1)"), ""),
    _fan("dihu", "地胡", "Earthly hand", 5, _x(*_OTHER_IDS), SPECIAL,
         ("闲家第一轮和牌；" + _FIXED_DEF[0], "A non-dealer wins in the first go-round; " + _FIXED_DEF[1]),
         WORKS.cite("chengdu", "六、胡牌牌型及记分 16．地胡", note=f"§5.1; {SEED_A} 5番; {SEED_B} 6番 (E1)"), ""),
)

_DISPLAY = (
    _fan("qifan", "起番", "Starting 番 (1番起)", 1, (), DISPLAY,
         ("1番起的写法：平胡算1番（倍数不变）", "The E1 way of writing: a plain win is 1番 (same multiplier)"),
         WORKS.cite("qq", "1番对应1倍", note="§1; seed 001 (QQ, Table B) 1番对应1倍"), ""),
    _fan("fengding", "封顶", "Cap", 0, (), DISPLAY,
         ("倍数超过封顶时按封顶算（不含杠钱）", "The multiplier is cut to the cap (kong money is never capped)"),
         WORKS.cite("site", "封顶", note="§5.6, §5.8"), ""),
)

FANS: tuple[Fan, ...] = _SPECIAL + _PATTERNS + _MODIFIERS + _DISPLAY
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {
    **{f.id: "hand" for f in _PATTERNS},  # a pattern is the whole hand (清一色, 对对胡, 七对 …)
    **{f.id: "context" for f in _SPECIAL},  # 天胡/地胡: when the hand was won
    "gen": "fours",  # each 根 line lights its own four (reading._name_gen)
    **dict.fromkeys(("gangshanghua", "gangshangpao", "qiangganghu", "haidilaoyue", "haidipao", "zimo_fan",
                     "zimo_di"), "win"),  # the tile drawn, robbed or claimed
    **dict.fromkeys(("tianhu_add", "dihu_add", "menqing"), "context"),
    "zhongzhang": "hand",  # no 1 or 9 anywhere
    **{f.id: "none" for f in _DISPLAY},  # a way of writing the total
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)

DUIDUI_FAMILY = frozenset({"duiduihu"} | {f.id for f in _PATTERNS if any(e.fan == "duiduihu" for e in f.excludes)})
"""Rows that contain 对对胡: they move with the 对对胡 value option (§9 "对对胡 value")."""


# --- predicates -------------------------------------------------------------------------------------
# Every predicate has the same signature as every row's (rulesets.pipeline.Row): (a reading of the hand, the
# table's options) -> how many times the row counts (0 = not at all). The hand's facts are the reading's.


@dataclass(frozen=True, slots=True)
class Reading:
    """One decomposition, with the few things the predicates ask of it worked out once, and the facts of its hand."""

    shape: Shape
    facts: Facts
    standard: bool  # sets + a pair
    seven_pairs: bool
    all_pungs: bool  # every set a pung or kong
    terminal_groups: bool  # every set and the pair holds a 1 or a 9
    all_melded: bool  # every set a fixed meld: the standing hand was a single wait on the pair
    four_kongs: bool
    has_four: bool  # seven pairs with a four of a kind (龙)

    @staticmethod
    def of(shape: Shape, facts: Facts) -> Reading:
        standard = shape.kind is ShapeKind.STANDARD
        sets = [g for g in shape.groups if g.is_set]
        return Reading(
            shape=shape,
            facts=facts,
            standard=standard,
            seven_pairs=shape.kind is ShapeKind.SEVEN_PAIRS,
            all_pungs=standard and all(g.is_pung_like for g in sets),
            terminal_groups=standard and all(g.tiles[0].rank in (1, 9) or g.tiles[-1].rank in (1, 9)
                                             for g in shape.groups),
            all_melded=standard and all(g.meld is not None for g in sets),
            four_kongs=len(sets) == 4 and all(g.kind is GroupKind.KONG for g in sets),
            has_four=shape.kind is ShapeKind.SEVEN_PAIRS and len({g.tiles[0] for g in shape.groups}) < 7,
        )


Predicate = Callable[[Reading, "SichuanOptions"], int]


def _golden(r: Reading, o: SichuanOptions) -> bool:
    return o.jingoudiao and r.all_melded


def _lookup(o: SichuanOptions) -> bool:
    return o.long_qidui is LongQiDui.LOOKUP


def _tiandihu(o: SichuanOptions, *values: str) -> bool:
    return o.tiandihu.value in values


PREDICATES: dict[str, Predicate] = {
    "tianhu": lambda r, o: r.facts.heavenly and _tiandihu(o, "fixed", "cap"),
    "dihu": lambda r, o: r.facts.earthly and _tiandihu(o, "fixed", "cap"),
    "pinghu": lambda r, o: r.standard,
    "duiduihu": lambda r, o: r.all_pungs,
    "qingyise": lambda r, o: r.facts.flush,
    "qidui": lambda r, o: r.seven_pairs,
    "daiyaojiu": lambda r, o: o.yaojiu_jiangdui and r.terminal_groups,
    "jiangdui": lambda r, o: o.yaojiu_jiangdui and r.facts.all_258 and r.all_pungs,
    "qingdui": lambda r, o: r.facts.flush and r.all_pungs,
    "longqidui": lambda r, o: _lookup(o) and r.has_four,
    "qingqidui": lambda r, o: r.facts.flush and r.seven_pairs,
    "qingyaojiu": lambda r, o: o.yaojiu_jiangdui and r.facts.flush and r.terminal_groups,
    "qinglongqidui": lambda r, o: _lookup(o) and r.facts.flush and r.has_four,
    "jingoudiao": _golden,
    "jiangjingoudiao": lambda r, o: o.yaojiu_jiangdui and r.facts.all_258 and _golden(r, o),
    "qingjingoudiao": lambda r, o: r.facts.flush and _golden(r, o),
    "shibaluohan": lambda r, o: _golden(r, o) and r.four_kongs,
    "qingshibaluohan": lambda r, o: r.facts.flush and _golden(r, o) and r.four_kongs,
    "jiangqidui": lambda r, o: o.jiang_qidui and o.yaojiu_jiangdui and r.facts.all_258 and r.seven_pairs,
    "gen": lambda r, o: len(r.facts.gen),  # counted four by four: the row is the Each of :func:`rows`
    "gangshanghua": lambda r, o: r.facts.context.kong_replacement,
    "gangshangpao": lambda r, o: r.facts.context.after_kong,
    "qiangganghu": lambda r, o: r.facts.context.win is WinMethod.ROB_KONG,
    "haidilaoyue": lambda r, o: o.haidi_laoyue and r.facts.context.last_tile and r.facts.context.self_drawn,
    "haidipao": lambda r, o: o.haidi_pao and r.facts.context.last_tile and not r.facts.context.self_drawn,
    "menqing": lambda r, o: o.menqing_zhongzhang and r.facts.menqing and (not r.seven_pairs or o.menqing_qidui),
    "zhongzhang": lambda r, o: o.menqing_zhongzhang and r.facts.no_terminals,
    "zimo_fan": lambda r, o: r.facts.zimo_bonus and o.zimo.value == "fan",
    "zimo_di": lambda r, o: r.facts.zimo_bonus and o.zimo.value == "di",
    "tianhu_add": lambda r, o: r.facts.heavenly and _tiandihu(o, "additive"),
    "dihu_add": lambda r, o: r.facts.earthly and _tiandihu(o, "additive"),
}
"""Each row's predicate, by fan id."""


def under(fan: Fan, options: SichuanOptions) -> Fan | None:
    """A row as the house rules have it: the 对对胡 family moves with 对对胡's value, 杠上花 takes its own, and
    天胡/地胡 worth the cap are worth its 番."""
    if fan.id in DUIDUI_FAMILY and options.duiduihu_fan != 1:
        return dataclasses.replace(fan, value=fan.value + options.duiduihu_fan - 1)
    if fan.id == "gangshanghua" and options.gangshanghua_fan != fan.value:
        return dataclasses.replace(fan, value=options.gangshanghua_fan)
    if fan.id in ("tianhu", "dihu") and options.tiandihu.value == "cap" and options.cap:
        return dataclasses.replace(fan, value=options.cap.bit_length() - 1)
    return fan


_CHANGES = DUIDUI_FAMILY | {"gangshanghua", "tianhu", "dihu"}


def _any_four(four: GenTile, reading: Reading) -> bool:
    return True


def rows(fans: Sequence[Fan]) -> tuple[Line[Reading, SichuanOptions], ...]:
    """The table's lines in the order a card lists them: a row per fan with its predicate (and its value under the
    house rules where they change it), 根 counted four by four (each four its own line: :mod:`.reading`); the
    display lines (起番, 封顶) are the table's way of writing the value, not rows."""
    out: list[Line[Reading, SichuanOptions]] = []
    for fan in fans:
        if fan.category == DISPLAY:
            continue
        if fan.id == "gen":
            out.append(Each(lambda r: r.facts.gen, (EachRow(fan, _any_four),)))
        else:
            out.append(Row(fan, PREDICATES[fan.id], under=under if fan.id in _CHANGES else None))
    return tuple(out)


ONE_PATTERN = OneOf(frozenset(f.id for f in _PATTERNS), MAX_PATTERN, MAX_PATTERN_REASON, fallback="pinghu")
"""Named patterns do not stack (seed 001: "只按最大番算"): each the reading holds is tried as the hand's pattern."""


@dataclass(frozen=True)
class GenTile:
    """One 根: the tile and how its four copies are held."""

    tile_text: str
    zh: str
    en: str

    how: Words | None = None  # how its four copies are held, in each language

    @property
    def note(self) -> Text:
        """"1m 一万（手中四张）", which also says itself in English ("1m (four in hand)")."""
        name = self.zh.split("（", 1)[0]
        how = self.how or Words(self.zh, self.en)
        return Text(f"{self.tile_text} {self.zh}", msg("sichuan.gen", tile=self.tile_text, name=name, how=how))


def describe_gen(tile_text: str, tile_zh: str, kong: KongKind | None, melded: bool, by_win: bool) -> GenTile:
    """How a four is held: as a kong, a pung plus the fourth in hand, four in hand, or by the winning tile."""
    if kong is not None:
        zh, en = {KongKind.EXPOSED: ("直杠", "exposed kong"), KongKind.ADDED: ("补杠", "added kong"),
                  KongKind.CONCEALED: ("暗杠", "concealed kong")}[kong]
    elif melded:
        zh, en = "碰加手中一张", "pung plus the fourth in hand"
    elif by_win:
        zh, en = "和牌张成四张", "the winning tile makes the fourth"
    else:
        zh, en = "手中四张", "four in hand"
    return GenTile(tile_text, f"{tile_zh}（{zh}）", f"{tile_text} ({en})", Words(zh, en))
