"""The 台 table of 台灣十六張, each row with its predicate, in the order of the rule tables: how the hand was won,
its shape, the honour sets, the flowers, the flower wins, then the rows of house rules. Every 台 adds.

Exclusions are data (``excludes``), applied by the one generic step: 門清自摸 replaces 門清 and 自摸; 天胡
and 地胡 replace them, 人胡 replaces 門清; 全求人 and 天胡 replace 獨聽; of 三/四/五暗刻 the highest;
大三元 > 小三元 > 三元牌 and 大四喜 > 小四喜 > 門風, 圈風 (unless ``big_with_small``); 字一色 and 清一色
replace 混一色; each 花槓 replaces the 正花 of its set. The dealer's 莊家 1 + 連 n 拉 n are not rows: they go
on the payments the dealer makes or receives (``settle.py``). A flower win is read without tiles: only its own
row counts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..context import FLOWER_REPLACEMENT
from ..hand import WinMethod
from ..lights import declare
from ..pipeline import Line, Row, book_order
from ..reading import Reading, Wait
from ..scoring import Excludes, Fan
from ..shapes import ShapeKind
from ..sources import Source
from ..tiles import Tile
from .options import Flowers, FlowerSet, HonourPair, PinghuWait, TaiwanOptions
from .reading import PLANTS, SEASONS, FlowerWin, TwReading, own_flowers, seat_wind, waits_before
from .works import WORKS

__all__ = ["BOOK", "FANS", "LIGHTS", "ROWS"]

TILES = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS_PUNG})  # a win by the tiles: every row but the flower wins
SETS = frozenset({ShapeKind.STANDARD})  # five sets and a pair

WIN, SHAPE, HONOURS, FLOWERS, FLOWER_WINS, HOUSE = "win", "shape", "honours", "flowers", "flower_win", "house"


def _fan(fid: str, zh: str, en: str, value: int, category: str, definition: tuple[str, str], source: Source,
         example: str, excludes: tuple[Excludes | str, ...] = ()) -> Fan:
    ex = tuple(x if isinstance(x, Excludes) else Excludes(x) for x in excludes)
    return Fan(fid, zh, en, value, ex, definition[0], definition[1], source, example, category)


def _tiles(count: Any) -> Any:
    """A predicate of a win by the tiles (the flower win has no tiles to read)."""
    return lambda r, o: isinstance(r, Reading) and count(r, o)


def _row(fan: Fan, count: Any, shapes: frozenset[ShapeKind] | None = TILES, under: Any = None
         ) -> Row[TwReading, TaiwanOptions]:
    return Row(fan, _tiles(count) if shapes is not None else count, shapes=shapes, under=under)


# --- what the predicates read ----------------------------------------------------------------------------


def _self_drawn(r: Reading) -> bool:
    return r.hand.context.self_drawn


def _all_claimed(r: Reading) -> bool:
    """Five claimed melds (a concealed kong is not claimed): one standing tile waited on its pair."""
    return len(r.hand.melds) == 5 and not any(m.is_concealed for m in r.hand.melds)


def _single_wait(r: Reading, o: TaiwanOptions) -> bool:
    return len(waits_before(r.hand, o.ligu)) == 1


def _pungs_of(r: Reading, test: Any) -> int:
    return sum(1 for g in r.pung_likes if test(g.tile))


def _dragon_pungs(r: Reading) -> int:
    return _pungs_of(r, lambda t: t.is_dragon)


def _wind_pungs(r: Reading) -> int:
    return _pungs_of(r, lambda t: t.is_wind)


def _pair_is(r: Reading, test: Any) -> bool:
    return r.pair is not None and test(r.pair.tile)


def _round_wind(r: Reading) -> Tile:
    return Tile.parse(f"{r.hand.context.round_wind.order + 1}z")


def _plain_wind_pungs(r: Reading) -> int:
    """Wind pungs that are neither the seat's wind nor the round's (見字有台)."""
    own = {seat_wind(r.hand), _round_wind(r)}
    return _pungs_of(r, lambda t: t.is_wind and t not in own)


def _pinghu(r: Reading, o: TaiwanOptions) -> bool:
    """Five chows and a pair, won on a discard (or a robbed kong), no flower, no honour, a two-sided wait; the
    house rules may allow flowers, a plain wind pair, any wait."""
    if not r.all_chows or _self_drawn(r):
        return False
    if r.hand.context.flowers and not o.pinghu_flowers:
        return False
    if r.has_honours:
        plain = (o.pinghu_honours is HonourPair.PLAIN_PAIR and r.pair is not None and r.pair.tile.is_wind
                 and r.pair.tile not in (seat_wind(r.hand), _round_wind(r)))
        if not plain:
            return False
    return o.pinghu_wait is PinghuWait.ANY or r.wait is Wait.OPEN


def _own_flowers(r: Reading, o: TaiwanOptions) -> int:
    return len(own_flowers(r.hand, o.flower_order) & set(r.hand.context.flowers))


def _full_set(r: Reading, flowers: tuple[Tile, ...]) -> bool:
    return set(flowers) <= set(r.hand.context.flowers)


def _bloom(r: Reading, o: TaiwanOptions) -> bool:
    ctx = r.hand.context
    return ctx.self_drawn and (ctx.kong_replacement or (o.flower_bloom and FLOWER_REPLACEMENT.of(ctx)))


# --- what the house rules change -------------------------------------------------------------------------


def _value(get: Any) -> Any:
    """A row worth what the house rules say."""
    return lambda fan, o: replace(fan, value=get(o)) if get(o) != fan.value else fan


def _only(test: Any) -> Any:
    """A row the house rules may leave out."""
    return lambda fan, o: fan if test(o) else None


def _big(fan: Fan, o: TaiwanOptions) -> Fan:
    """大/小三元 and 大/小四喜: with ``big_with_small`` they leave the 三元牌, 門風, 圈風 of their sets counted."""
    if not o.big_with_small:
        return fan
    kept = tuple(x for x in fan.excludes if x.fan not in ("sanyuan", "menfeng", "quanfeng", "jianzi"))
    return replace(fan, excludes=kept)


def _huagang(fan: Fan, o: TaiwanOptions) -> Fan | None:
    if o.flowers is not Flowers.SEAT or o.huagang is FlowerSet.OFF:
        return None
    return replace(fan, excludes=()) if o.huagang is FlowerSet.STACK else fan


# --- the table -------------------------------------------------------------------------------------------

NH = WORKS.cite("nh48jid", "天胡 24、地胡 16、人胡 8", note="taiwan.md §3 B; MU tests")
WIN_ROWS: tuple[Line[TwReading, TaiwanOptions], ...] = (
    _row(_fan("tianhu", "天胡", "Heavenly hand", 24, WIN,
              ("庄家起手十七张就胡了（补花之后）",
               "The dealer's dealt 17 tiles are complete (after replacing flowers)"),
              NH, "v1.123456789m234567p9s-9s.sh~taiwan", ("menqing_zimo", "zimo", "menqing", "duting")),
         lambda r, o: r.hand.context.heavenly),
    _row(_fan("dihu", "地胡", "Earthly hand", 16, WIN,
              ("闲家第一次摸牌就自摸胡，此前没人吃碰",
               "A non-dealer self-draws on his first draw, nobody having claimed"),
              NH, "v1.123456789m23456p99s-7p.ES.se~taiwan", ("menqing_zimo", "zimo", "menqing")),
         lambda r, o: r.hand.context.earthly and _self_drawn(r)),
    _row(_fan("renhu", "人胡", "Human hand", 8, WIN,
              ("闲家在第一巡、自己第一次打牌之前胡别人打的牌，此前没人吃碰",
               "A non-dealer wins on a discard in the first go-around, before his first discard and any claim"),
              NH, "v1.123456789m23456p99s-7p.ES.dEe~taiwan", ("menqing",)),
         lambda r, o: r.hand.context.earthly and not _self_drawn(r)),
    _row(_fan("menqing_zimo", "门清自摸", "Concealed self-draw", 3, WIN,
              ("门清又自摸（门清一摸三：门清1、不求1、自摸1）", "Concealed and self-drawn (门清 1 + 不求 1 + 自摸 1)"),
              WORKS.cite("ata", "門清、不求、自摸", note="§3 B; TBL 門清自摸 3; MU test"),
              "v1.123456789m234p5568s-7s.8f.EN.s.streak-1~taiwan", ("menqing", "zimo")),
         lambda r, o: r.menqing and _self_drawn(r)),
    _row(_fan("menqing", "门清", "Concealed hand", 1, WIN,
              ("没有吃、碰、明杠、加杠（暗杠不破门清），胡别人打的牌",
               "No chow, pung, exposed or added kong (a concealed kong keeps it), won on a discard"),
              WORKS.cite("ata", "門清", note="§3 B; MVP 暗槓不破門清"), "v1.123456m23p23456788s-4p.ES.dW~taiwan"),
         lambda r, o: r.menqing),
    _row(_fan("zimo", "自摸", "Self-drawn", 1, WIN,
              ("自己摸到胡牌（含补牌）", "The winning tile drawn by the winner (a replacement included)"),
              WORKS.cite("ata", "自摸"), "v1.456789p1123467s-8s.C123m.EW.s~taiwan"),
         lambda r, o: _self_drawn(r)),
    _row(_fan("quanqiuren", "全求人", "All melded", 2, WIN,
              ("五副都是吃碰明杠来的，单吊将牌，胡别人打的牌；不再计独听",
               "Five claimed melds, a single wait on the pair, won on a discard; 獨聽 is not counted"),
              WORKS.cite("ata", "全求", note="§3 B; PTT; chh; MU test '全求人 does not add 獨聽'; AKZ"),
              "v1.7s-7s.C123m.P222m3.C456p.C789s.P555z2.ES.dW~taiwan", ("duting",)),
         lambda r, o: _all_claimed(r) and not _self_drawn(r), under=_value(lambda o: o.quanqiuren)),
    _row(_fan("banqiu", "半求", "Half melded", 1, HOUSE,
              ("五副都是吃碰明杠来的，单吊将牌自摸（约定才计）",
               "Five claimed melds, a single wait on the pair, self-drawn (where the table plays it)"),
              WORKS.cite("ata", "半求", note="§5 banqiu"),
              "v1.7s-7s.C123m.P222m3.C456p.C789s.P555z2.ES.s~taiwan.banqiu-true"),
         lambda r, o: _all_claimed(r) and _self_drawn(r), under=_only(lambda o: o.banqiu)),
    _row(_fan("duting", "独听", "Single wait", 1, WIN,
              ("胡牌前的十六张只听一种牌（边张、中洞、单吊），按牌型算；手里已有四张的牌不算在听",
               "The 16 tiles before the win wait on one kind of tile only (edge, middle, pair), by shape; a tile the "
               "winner holds all four of is no wait"),
              WORKS.cite("ata", "獨聽", note="§3 B; TBL 如因為別人打掉後才產生的只聽一種牌則不算; MU; AKZ"),
              "v1.123456m12p23456788s-3p.ES.dW~taiwan"),
         _single_wait),
    _row(_fan("gangshang", "杠上开花", "Win on a replacement", 1, WIN,
              ("杠后或补花后补上来的牌自摸胡", "Self-drawn on the replacement for a kong or for a flower"),
              WORKS.cite("ata", "槓上開花：因摸到花牌、暗槓或加槓而補牌", note="§3 B; chh; MU (kong)"),
              "v1.2345679m345678p-9m.A1111s.1f.sk.streak-1~taiwan"),
         _bloom),
    _row(_fan("haidi", "海底捞月", "Last tile", 1, WIN,
              ("摸牌墙最后一张自摸胡", "Self-drawn on the last tile of the wall"),
              WORKS.cite("ata", "海底撈月"), "v1.456789p1123467s-8s.C123m.EW.sl~taiwan"),
         lambda r, o: r.hand.context.last_tile and _self_drawn(r)),
    _row(_fan("hedi", "河底捞鱼", "Last discard", 1, WIN, ("胡最后一张打出的牌", "Won on the last discard"),
              WORKS.cite("ata", "河底撈魚"), "v1.456789p1123467s-8s.C123m.EW.dNl~taiwan"),
         lambda r, o: r.hand.context.last_tile and not _self_drawn(r)),
    _row(_fan("qianggang", "抢杠", "Robbing a kong", 1, WIN,
              ("胡别家加杠的那张牌；被抢的人当放炮的人付",
               "Won on the tile another adds to his pung; he pays as the discarder"),
              WORKS.cite("ata", "搶槓", note="§3 B; MU: the robbed player pays"),
              "v1.234678m46p345s11z-5p.C789s.EN.rS~taiwan"),
         lambda r, o: r.hand.context.win is WinMethod.ROB_KONG),
)

SHAPE_ROWS: tuple[Line[TwReading, TaiwanOptions], ...] = (
    _row(_fan("pinghu", "平胡", "All chows", 2, SHAPE,
              ("五副顺子一对将，没有字牌、没有花，胡别人打的牌，两面听（吃来的顺子也可以）",
               "Five chows and a pair, no honour and no flower, won on a discard with a two-sided wait (claimed chows "
               "allowed)"),
              WORKS.cite("ata", "平胡：牌中無字、花牌，呈兩面聽，釣將不算", note="§3 C; chh; PTT; MU tests; AKZ"),
              "v1.123456m23p23456788s-4p.ES.dW~taiwan"),
         _pinghu, SETS),
    _row(_fan("pengpeng", "碰碰胡", "All pungs", 4, SHAPE, ("五副都是刻子或杠", "Five pungs or kongs and a pair"),
              WORKS.cite("ata", "碰碰胡"), "v1.777m99p88s-9p.P222m.P333p.P444s.ES.dW~taiwan"),
         lambda r, o: r.all_pungs, SETS),
    _row(_fan("wuanke", "五暗刻", "Five concealed pungs", 8, SHAPE,
              ("五副暗刻（暗杠也算；胡别人打的牌凑成的刻子算明刻）",
               "Five concealed pungs (concealed kongs count; a pung the winning discard completes is exposed)"),
              WORKS.cite("nh48jid", "五暗刻 8", note="§3 C; MU test; MVP; AKZ"),
              "v1.111444m22255p33366s-6s.ES.s~taiwan", ("sianke", "sananke")),
         lambda r, o: r.concealed_triplets >= 5, SETS),
    _row(_fan("sianke", "四暗刻", "Four concealed pungs", 5, SHAPE, ("四副暗刻", "Four concealed pungs"),
              WORKS.cite("nh48jid", "四暗刻 5", note="§3 C; MU; AKZ"),
              "v1.22266m444p33888s-6m.P777p.EW.s~taiwan", ("sananke",)),
         lambda r, o: r.concealed_triplets >= 4, SETS),
    _row(_fan("sananke", "三暗刻", "Three concealed pungs", 2, SHAPE, ("三副暗刻", "Three concealed pungs"),
              WORKS.cite("ata", "三暗刻", note="§3 C; PTT; MU tests; MVP §4"),
              "v1.22266m444p33888s-6m.P777p.EW.dN~taiwan"),
         lambda r, o: r.concealed_triplets >= 3, SETS),
    _row(_fan("qingyise", "清一色", "Full flush", 8, SHAPE, ("只有一门数牌，没有字牌", "One suit, no honours"),
              WORKS.cite("wawa3c", "清一色", note="§3 C; MU; AKZ; MVP"),
              "v1.1114556677899p-6p.C234p.EW.dE.streak-2~taiwan", ("hunyise",)),
         lambda r, o: r.one_suit),
    _row(_fan("ziyise", "字一色", "All honours", 16, SHAPE, ("全是字牌", "Honours only"),
              WORKS.cite("mvp", "台數表：字一色 16", note="§3 C; MU test; TBL's 16-台 group"),
              "v1.1155566677z-1z.P333z.P444z.ES.dW~taiwan", ("hunyise",)),
         lambda r, o: r.all_honours, under=_value(lambda o: o.ziyise)),
    _row(_fan("hunyise", "混一色", "Half flush", 4, SHAPE, ("一门数牌加字牌", "One suit and honours"),
              WORKS.cite("wawa3c", "混一色", note="§3 C; MU; AKZ; MVP"),
              "v1.123456789p5577z-7z.P666z.25678f.ES.s~taiwan"),
         lambda r, o: len(r.suits) <= 1 and r.has_honours),
)

HONOUR_ROWS: tuple[Line[TwReading, TaiwanOptions], ...] = (
    _row(_fan("dasanyuan", "大三元", "Big three dragons", 8, HONOURS, ("中发白三副刻子", "Pungs of all three dragons"),
              WORKS.cite("nh48jid", "大三元 8", note="§3 D; MU test; MVP; AKZ"),
              "v1.12345m99p666777z-6m.P555z.ES.dW~taiwan", ("xiaosanyuan", "sanyuan")),
         lambda r, o: _dragon_pungs(r) == 3, SETS, _big),
    _row(_fan("xiaosanyuan", "小三元", "Small three dragons", 4, HONOURS,
              ("两副三元牌刻子加一对三元牌将", "Two dragon pungs and a dragon pair"),
              WORKS.cite("nh48jid", "小三元 4", note="§3 D; MU test; MVP; AKZ"),
              "v1.123456789p5577z-7z.P666z.25678f.ES.s~taiwan", ("sanyuan",)),
         lambda r, o: _dragon_pungs(r) == 2 and _pair_is(r, lambda t: t.is_dragon), SETS, _big),
    _row(_fan("sanyuan", "三元牌", "Dragon pung", 1, HONOURS, ("中、发或白的刻子或杠，每副1台",
                                                          "A pung or kong of 中, 發 or 白: 1 台 each"),
              WORKS.cite("ata", "三元牌"), "v1.234678m99p45s555z-6s.P111z2.dS.streak-2~taiwan"),
         lambda r, o: _dragon_pungs(r), SETS),
    _row(_fan("dasixi", "大四喜", "Big four winds", 16, HONOURS, ("东南西北四副刻子", "Pungs of all four winds"),
              WORKS.cite("nh48jid", "大四喜 16", note="§3 D; MU test; MVP"),
              "v1.3334445666z-5z.P111z.P222z.ES.dW~taiwan", ("xiaosixi", "menfeng", "quanfeng", "jianzi")),
         lambda r, o: _wind_pungs(r) == 4, SETS, _big),
    _row(_fan("xiaosixi", "小四喜", "Small four winds", 8, HONOURS,
              ("三副风牌刻子加一对风牌将", "Three wind pungs and a wind pair"),
              WORKS.cite("nh48jid", "小四喜 8", note="§3 D; MU test; MVP"),
              "v1.123m78p22233344z-9p.P111z.EN.dW~taiwan", ("menfeng", "quanfeng", "jianzi")),
         lambda r, o: _wind_pungs(r) == 3 and _pair_is(r, lambda t: t.is_wind), SETS, _big),
    _row(_fan("menfeng", "门风", "Seat wind", 1, HONOURS,
              ("自己门风的刻子或杠（从庄家数起：庄家是东，下一家南……）",
               "A pung or kong of the own wind, counted from the dealer (the dealer is 東, the next seat 南 …)"),
              WORKS.cite("ata", "風牌：以開門為東風逆時針依序為東、南、西、北", note="§2; TBL"),
              "v1.123456m55789p34s-5s.P222z.6f.EW.dN.dealer-S~taiwan"),
         lambda r, o: _pungs_of(r, lambda t: t == seat_wind(r.hand)), SETS),
    _row(_fan("quanfeng", "圈风", "Round wind", 1, HONOURS,
              ("圈风的刻子或杠；一副可以同时是门风",
               "A pung or kong of the round wind; one pung may be the seat wind too"),
              WORKS.cite("ata", "風圈", note="§3 D; MU test"), "v1.234678m99p45s555z-6s.P111z2.dS.streak-2~taiwan"),
         lambda r, o: _pungs_of(r, lambda t: t == _round_wind(r)), SETS),
    _row(_fan("jianzi", "见字有台", "Any wind pung", 1, HOUSE,
              ("不是门风也不是圈风的风牌刻子，每副1台（约定才计）",
               "A wind pung that is neither the seat's nor the round's wind: 1 台 each (where the table plays it)"),
              WORKS.cite("stl", "loose mode", note="§5 any_wind"),
              "v1.123m45556p23789s-4s.P444z.ES.dW~taiwan.any_wind-true"),
         lambda r, o: _plain_wind_pungs(r), SETS, _only(lambda o: o.any_wind)),
)

FLOWER_ROWS: tuple[Line[TwReading, TaiwanOptions], ...] = (
    _row(_fan("huagang_season", "花杠（春夏秋冬）", "Flower set: seasons", 2, FLOWERS,
              ("春夏秋冬四张都有，不再计其中的正花", "All four seasons; their own flower is not counted again"),
              WORKS.cite("ata", "花槓", note="§3 E; PTT 原來的門風花牌不算，另算2台; MU test '正花 and 花槓'; AKZ"),
              "v1.123456789p5577z-7z.P666z.25678f.ES.s~taiwan", (Excludes("zhenghua", 1),)),
         lambda r, o: _full_set(r, SEASONS), under=_huagang),
    _row(_fan("huagang_plant", "花杠（梅兰竹菊）", "Flower set: plants", 2, FLOWERS,
              ("梅兰竹菊四张都有，不再计其中的正花", "All four plants; their own flower is not counted again"),
              WORKS.cite("ata", "花槓", note="§3 E; PTT"), "v1.456789p1123467s-8s.C123m.12345678f.ES.s~taiwan",
              (Excludes("zhenghua", 1),)),
         lambda r, o: _full_set(r, PLANTS), under=_huagang),
    _row(_fan("zhenghua", "正花", "Own flower", 1, FLOWERS,
              ("自己门风的花（东：梅、春；南：兰、夏；西：竹、秋；北：菊、冬），每张1台",
               "A flower of the own wind (東 梅 春, 南 蘭 夏, 西 竹 秋, 北 菊 冬): 1 台 each"),
              WORKS.cite("ata", "花牌：符合自己的方位時花牌一張即一台", note="§3 E; TBL; PTT; MU; AKZ"),
              "v1.456789p1123467s-8s.C123m.3f.EW.dN~taiwan"),
         _own_flowers, under=_only(lambda o: o.flowers is Flowers.SEAT)),
    _row(_fan("huapai", "花牌", "Flower", 1, HOUSE, ("每张花1台（新式）", "Every flower: 1 台 each (New Style)"),
              WORKS.cite("mvp", "台數表：花牌 每張 1 台，含正花", note="§5 flowers=every; MJC"),
              "v1.123456789p5577z-7z.P666z.25678f.ES.s~taiwan.flowers-every"),
         lambda r, o: len(r.hand.context.flowers), under=_only(lambda o: o.flowers is Flowers.EVERY)),
    _row(_fan("ligu", "七对加一刻", "Seven pairs and a pung", 8, HOUSE,
              ("呖咕呖咕：门清的七对加一副刻子（约定才算胡）；计自摸和花色，不计门清",
               "嚦咕嚦咕: seven pairs and a pung, concealed (where the table plays it); 自摸 and the flush rows add, "
               "門清 not"),
              WORKS.cite("mu", "scoring.ts 嚦咕嚦咕 and its test", note="§5 ligu; STL 8"),
              "v1.112233m4455p667799s-9s.ES.s~taiwan.ligu-true", ("menqing", "menqing_zimo")),
         lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS_PUNG, TILES, _only(lambda o: o.ligu)),
    _row(_fan("baxian", "八仙过海", "Eight immortals", 8, FLOWER_WINS,
              ("八张花都到手，马上胡，不看立牌；按自摸付",
               "All eight flowers: a win at once, whatever the tiles; paid as a self-draw"),
              WORKS.cite("mu", "scoreFlowerWin and its tests", note="§3 F; STL; AKZ 8"),
              "v1.159m159p159s1234567z.12345678f.EW.s.flower_win-1~taiwan"),
         lambda r, o: isinstance(r, FlowerWin) and r.eight, None, _value(lambda o: o.flower_wins.values[0])),
    _row(_fan("qiqiangyi", "七抢一", "Seven rob one", 8, FLOWER_WINS,
              ("手上七张花，别家补出第八张花时抢来胡；那家一家付",
               "Seven flowers held, the 8th laid out by another player is robbed: that player alone pays"),
              WORKS.cite("mu", "scoring.ts and game.ts 七搶一", note="§3 F; STL 8"),
              "v1.159m159p159s1234567z.1234567f.EW.dN.flower_win-1~taiwan"),
         lambda r, o: isinstance(r, FlowerWin) and not r.eight, None, _value(lambda o: o.flower_wins.values[1])),
)

ROWS: tuple[Line[TwReading, TaiwanOptions], ...] = WIN_ROWS + SHAPE_ROWS + HONOUR_ROWS + FLOWER_ROWS

BOOK = ("menqing", "zimo", "menqing_zimo", "quanqiuren", "duting", "gangshang", "haidi", "hedi", "qianggang", "tianhu",
        "dihu", "renhu", "pinghu", "pengpeng", "sananke", "sianke", "wuanke", "hunyise", "qingyise", "ziyise",
        "sanyuan", "xiaosanyuan", "dasanyuan", "menfeng", "quanfeng", "xiaosixi", "dasixi", "zhenghua",
        "huagang_season", "huagang_plant", "baxian", "qiqiangyi", "banqiu", "jianzi", "huapai", "ligu")
"""The fan reference's order: the rule tables' (how the hand was won, shape, honours, flowers, flower wins), then
the rows of house rules."""

FANS = book_order(ROWS, BOOK)

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("tianhu", "dihu", "renhu", "menqing_zimo", "menqing", "banqiu"), "context"),
    **dict.fromkeys(("zimo", "gangshang", "haidi", "hedi", "qianggang"), "win"),
    "quanqiuren": "claimed+pair", "duting": "wait",
    **dict.fromkeys(("pinghu", "pengpeng", "qingyise", "ziyise", "hunyise", "ligu"), "hand"),
    **dict.fromkeys(("wuanke", "sianke", "sananke"), "concealed_pungs"),
    "dasanyuan": "pungs&dragons", "xiaosanyuan": "pungs&dragons+pair&dragons", "sanyuan": "pungs&dragons",
    "dasixi": "pungs&winds", "xiaosixi": "pungs&winds+pair&winds", "menfeng": "pungs&@seat_wind",
    "quanfeng": "pungs&round_wind", "jianzi": "pungs&winds",
    **dict.fromkeys(("huagang_season", "huagang_plant", "zhenghua", "huapai", "baxian", "qiqiangyi"), "none"),
}
"""What each row lights on the result card (:mod:`rulesets.lights`): 門風 is the wind counted from the dealer,
which the result names (``seat_wind``)."""
declare(FANS, LIGHTS)
