"""The 香港麻雀 番 table, each row with its predicate, in the order a card and the fan reference list them: the
whole-hand items, the limit hands (例牌, each worth the limit and nothing else), how it was won, the honours and the
flowers. The 番 are added; what one item includes is
its exclusions (清一色 is not also 混一色, 小三元 includes its dragon pungs, 槓上開花 replaces 自摸, 一台花 the 正花
of its group, a limit hand everything).

Flowers: the project writes 1f–8f = 梅 蘭 竹 菊 春 夏 秋 冬; Hong Kong numbers them 梅1 蘭2 菊3 竹4 and 春1 夏2 秋3 冬4,
number n belonging to seat n (1 東 … 4 北), so 竹 (3f) is 北's and 菊 (4f) 西's (:data:`OWN_FLOWERS`).

>>> [str(t) for t in OWN_FLOWERS[Seat.N]], [str(t) for t in OWN_FLOWERS[Seat.W]]
(['3f', '8f'], ['4f', '7f'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..context import FLOWER_REPLACEMENT
from ..hand import Hand, Seat, WinMethod
from ..lights import declare
from ..pipeline import Each, EachRow, Line, Row, book_order
from ..reading import Reading
from ..scoring import Excludes, Fan
from ..shapes import Group, Shape, ShapeKind
from ..sources import Source
from ..tiles import FLOWERS, Tile
from .context import KONG_ON_KONG
from .options import FlowerSet, HongKongOptions, PinghuPair, SmallDragons, Values
from .works import WORKS

Opts = HongKongOptions

OWN_FLOWERS: dict[Seat, tuple[Tile, Tile]] = {
    Seat.E: (FLOWERS[0], FLOWERS[4]),  # 梅 1, 春 1
    Seat.S: (FLOWERS[1], FLOWERS[5]),  # 蘭 2, 夏 2
    Seat.W: (FLOWERS[3], FLOWERS[6]),  # 菊 3, 秋 3
    Seat.N: (FLOWERS[2], FLOWERS[7]),  # 竹 4, 冬 4
}
"""Each seat's own flowers (正花) by the Hong Kong numbers."""

GROUPS: tuple[frozenset[Tile], frozenset[Tile]] = (frozenset(FLOWERS[:4]), frozenset(FLOWERS[4:]))
"""梅蘭竹菊 and 春夏秋冬: a whole group is 一台花."""

HAND = frozenset({ShapeKind.STANDARD, ShapeKind.THIRTEEN_ORPHANS, ShapeKind.SEVEN_PAIRS})
"""The shapes of a hand of tiles (a win on the flowers has none)."""
SETS = frozenset({ShapeKind.STANDARD})

LIMIT = "limit"  # 例牌: worth the limit, nothing added
SHAPE = "shape"
WIN = "win"
HONOUR = "honour"
FLOWER = "flower"


@dataclass(frozen=True)
class FlowerWin:
    """A win on the flowers (花糊 with seven, 八仙過海 with eight): a reading with no shape."""

    hand: Hand

    @property
    def shape(self) -> Shape | None:
        return None


type Read = Reading | FlowerWin

_HKM = "hk-mahjong"


def _cite(key: str, where: str, note: str = "") -> Source:
    return WORKS.cite(key, where, note=note)


def _fan(fid: str, zh: str, en: str, value: int, category: str, definition: tuple[str, str], example: str,
         source: Source, excludes: tuple[Excludes, ...] = ()) -> Fan:
    return Fan(fid, zh, en, value, excludes, definition[0], definition[1], source, example, category)


# --- what the rows read --------------------------------------------------------------------------------


def flowers(r: Read) -> tuple[Tile, ...]:
    return r.hand.context.flowers


def own_flowers(r: Read) -> int:
    own = OWN_FLOWERS.get(r.hand.context.seat, ())
    return sum(1 for t in flowers(r) if t in own)


def whole_groups(r: Read) -> int:
    held = set(flowers(r))
    return sum(1 for g in GROUPS if g <= held)


def _pungs(r: Reading, test: Callable[[Tile], bool]) -> int:
    return sum(1 for g in r.sets if g.is_pung_like and test(g.tile))


def _pair_is(r: Reading, test: Callable[[Tile], bool]) -> bool:
    pair = r.pair
    return pair is not None and test(pair.tile)


def _wind(t: Tile) -> bool:
    return t.is_wind


def _dragon(t: Tile) -> bool:
    return t.is_dragon


def sets(r: Read) -> tuple[Group, ...]:
    """The sets of a reading (a win on the flowers has none)."""
    return r.sets if isinstance(r, Reading) else ()


def _r(r: Read) -> Reading:
    assert isinstance(r, Reading)
    return r


def mixed_terminals(r: Read) -> bool:
    """花么: every set a pung of terminals or honours, the pair too, honours and terminals both there."""
    h = _r(r)
    return (h.all_pungs and all(g.tile.is_terminal_or_honour for g in h.groups) and h.has_honours
            and bool(h.suits))


def pure_terminals(r: Read) -> bool:
    """清么九: every set a pung of 1 or 9, the pair too, no honours."""
    h = _r(r)
    return h.all_pungs and all(g.tile.is_terminal for g in h.groups)


def nine_gates(r: Read) -> bool:
    """九子連環: no meld, one suit, 1112345678999 and one more tile of the suit."""
    h = _r(r)
    if h.hand.melds or not h.one_suit:
        return False
    ranks = [t.rank for t in h.tiles]
    return all(ranks.count(n) >= need for n, need in zip(range(1, 10), (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True))


def all_concealed_pungs(r: Read) -> bool:
    """坎坎糊: four concealed pungs or kongs, self-drawn, nothing claimed."""
    h = _r(r)
    return h.self_drawn and h.menqing and h.concealed_triplets == 4


def all_chows(r: Read, o: Opts) -> bool:
    h = _r(r)
    return h.all_chows and (o.pinghu_pair is PinghuPair.ANY or _pair_is(h, lambda t: t.is_suited))


def concealed(r: Read, o: Opts) -> bool:
    h = _r(r)
    return h.menqing and (o.concealed_on_selfdraw or not h.self_drawn)


# --- the rows ------------------------------------------------------------------------------------------

FAN_IDS = (
    "shisanyao", "dasixi", "xiaosixi", "ziyise", "qingyaojiu", "jiuzilianhuan", "shibaluohan", "kankanhu", "tianhu",
    "dihu", "gangshanggang", "baxian", "huahu", "dasanyuan", "xiaosanyuan", "qingyise", "hunyise", "duiduihu",
    "pinghu", "huayao", "qidui", "chicken", "zimo", "menqianqing", "gangshangkaihua", "huashang", "qianggang", "haidi",
    "sanyuan", "menfeng", "quanfeng", "yitaihua", "zhenghua", "wuhua",
)
"""Every row's id (what a limit hand excludes: everything else)."""


def _all_but(fid: str) -> tuple[Excludes, ...]:
    return tuple(Excludes(x) for x in FAN_IDS if x != fid)


def at_the_limit(fan: Fan, o: Opts) -> Fan:
    """A limit hand is worth the table's limit (``max_faan``)."""
    return fan if fan.value == o.max_faan else replace(fan, value=o.max_faan)


def _limit(fid: str, zh: str, en: str, definition: tuple[str, str], example: str, source: Source,
           count: Callable[[Any, Opts], Any], shapes: frozenset[ShapeKind] | None = SETS) -> Row[Any, Opts]:
    fan = _fan(fid, zh, en, 10, LIMIT, definition, example, source, _all_but(fid))
    return Row(fan, count, shapes=shapes, under=at_the_limit)


def _great_dragons(fan: Fan, o: Opts) -> Fan:
    if o.great_dragons_limit:
        return replace(fan, value=o.max_faan, excludes=_all_but(fan.id), category=LIMIT)
    return fan if o.values is Values.HK else replace(fan, value=6)


def _small_dragons(fan: Fan, o: Opts) -> Fan:
    value = 5 if o.values is Values.HK else 4
    excludes = () if o.small_dragons is SmallDragons.STACK else fan.excludes
    return fan if (value, excludes) == (fan.value, fan.excludes) else replace(fan, value=value, excludes=excludes)


def _pure(fan: Fan, o: Opts) -> Fan:
    return fan if o.values is Values.HK else replace(fan, value=6)


def _only(flag: Callable[[Opts], bool]) -> Callable[[Fan, Opts], Fan | None]:
    return lambda fan, o: fan if flag(o) else None


def _flower_set(fan: Fan, o: Opts) -> Fan | None:
    if not o.flowers_in_play:
        return None
    return fan if o.flower_set is FlowerSet.REPLACE else replace(fan, excludes=())


def _dihu(r: Read, o: Opts) -> bool:
    """地糊: the flag (the table's definition of it is checked with the hand: a discard, or the first draw)."""
    return r.hand.context.earthly


_Z = _cite("zhidao", "番數", note="rules/hongkong.md §3")
_T = _cite(_HKM, "FaanCalculator FAAN_MAP / ADDITIONAL_FAAN_MAP", note="§3")
_L = _cite(_HKM, "FaanCalculator hasMaxFaan", note="§3.2: a limit hand is the maximum, nothing added")

ROWS: tuple[Line[Any, Opts], ...] = (
    Row(_fan("chicken", "鸡糊", "Chicken hand", 0, SHAPE, ("合法牌型，没有番", "A legal shape worth nothing"),
             "v1.4556p222789s-5p.C123m.1f.ES.dW~hongkong.min_faan-0", _cite("hk01", "雞糊 = 0 番")),
        lambda r, o: True, HAND, fallback=True),
    Row(_fan("pinghu", "平糊", "All chows", 1, SHAPE, ("四副都是顺子（眼不拘，桌规可要数牌）", "Four chows (any pair; "
             "by house rule a pair of suit tiles)"), "234m567m345p678s9p9p|EW1000|g", _T), all_chows, SETS),
    Row(_fan("duiduihu", "对对糊", "All pungs", 3, SHAPE, ("四副都是刻子或杠", "Four pungs or kongs"),
             "111m555p777s22z99s9s|ES", _T), lambda r, o: r.all_pungs, SETS),
    Row(_fan("hunyise", "混一色", "Half flush", 3, SHAPE, ("同一门数牌加字牌", "One suit and honours"),
             "[777z1]12345678m11z9m|ES", _T), lambda r, o: r.mixed_one_suit, HAND),
    Row(_fan("qingyise", "清一色", "Full flush", 7, SHAPE, ("全是同一门数牌，没有字", "One suit, no honours"),
             "[222p1][555p1]777p999p3p3p|EN1000", _T, (Excludes("hunyise"),)),
        lambda r, o: r.one_suit, HAND, _pure),
    Row(_fan("huayao", "花幺", "Mixed terminals", 1, SHAPE, ("全是一九和字的刻子，一九或字做眼，有字", "Pungs of "
             "terminals and honours with such a pair, honours included"), "[111m1][999p1]111z777z9s9s|ES",
             _cite(_HKM, "isMixedOrphans (mixedOrphans 1)")), lambda r, o: mixed_terminals(r), SETS),
    Row(_fan("xiaosanyuan", "小三元", "Small dragons", 5, SHAPE, ("两副三元刻子，第三种做眼（已含那两副三元牌）",
             "Two dragon pungs and the third dragon as the pair (their 三元牌 included)"),
             "[555z1][666z1]123s789s7z7z|EE0000|e", _cite(_HKM, "isSmallDragon; no dragon items with it"),
             (Excludes("sanyuan", 2),)),
        lambda r, o: _pungs(r, _dragon) == 2 and _pair_is(r, _dragon), SETS, _small_dragons),
    Row(_fan("dasanyuan", "大三元", "Great dragons", 8, SHAPE, ("中发白三副刻子（已含三元牌）", "Pungs of all "
             "three dragons (their 三元牌 included)"), "[555z1][666z2][777z3]123m9p9p", _Z,
             (Excludes("sanyuan", 3),)),
        lambda r, o: _pungs(r, _dragon) == 3, SETS, _great_dragons),
    Row(_fan("qidui", "七对", "Seven pairs", 4, SHAPE, ("七个对子（只在开七对时；已含门前清）", "Seven pairs (only "
             "with seven_pairs; 門前清 included)"), "v1.1122m3344p5566s7z-7z.ES.dW~hongkong.seven_pairs-true",
             _cite("redmahjong", "Seven Pairs 4", note="§2; the rule sheet: 七對 4"), (Excludes("menqianqing"),)),
        lambda r, o: True, frozenset({ShapeKind.SEVEN_PAIRS}), _only(lambda o: o.seven_pairs)),
    _limit("shisanyao", "十三幺", "Thirteen orphans", ("一九万筒索和七只字各一，其中一只成对", "One each of the 1s, 9s "
           "and seven honours, one of them paired"), "19m19p19s1234567z1m", _cite(_HKM, "isThirteenOrphans"),
           lambda r, o: r.kind is ShapeKind.THIRTEEN_ORPHANS, frozenset({ShapeKind.THIRTEEN_ORPHANS})),
    _limit("dasixi", "大四喜", "Great four winds", ("东南西北四副刻子", "Pungs of all four winds"),
           "[111z1][222z1][333z1]444z5m5m", _cite(_HKM, "isGreatWinds"), lambda r, o: _pungs(r, _wind) == 4),
    _limit("xiaosixi", "小四喜", "Small four winds", ("三副风刻，第四种风做眼", "Three wind pungs and a pair of the "
           "fourth wind"), "[111z1][222z1][333z1]456m4z4z", _cite("zhidao", "小四喜 十三番"),
           lambda r, o: _pungs(r, _wind) == 3 and _pair_is(r, _wind)),
    _limit("ziyise", "字一色", "All honours", ("全是字牌", "Honours only"), "[111z1][222z1]333z555z6z6z",
           _cite(_HKM, "isAllHonors"), lambda r, o: r.all_honours),
    _limit("qingyaojiu", "清幺九", "Pure terminals",
           ("全是一九的刻子，一九做眼，没有字", "Pungs of 1s and 9s and a pair of them, no honours"),
           "[111m1][999p1]111s999s9m9m", _cite(_HKM, "isOrphans"), lambda r, o: pure_terminals(r)),
    _limit("jiuzilianhuan", "九子连环", "Nine gates", ("门清，同一门 1112345678999 加任何一只同门牌", "Concealed "
           "1112345678999 of one suit and any tile of that suit"), "1112345678999m5m|ES1000",
           _cite(_HKM, "isNineGates"), lambda r, o: nine_gates(r)),
    _limit("shibaluohan", "十八罗汉", "Four kongs", ("四副杠（明杠、暗杠、加杠都算）", "Four kongs of any kind"),
           "[1111m1][2222z1][3333p][7777s5]9s9s|ES1000", _cite("zhidao", "十八羅漢 十三番"),
           lambda r, o: len(r.kongs) == 4),
    _limit("kankanhu", "坎坎糊", "Four concealed pungs", ("四副暗刻（暗杠也算），门清自摸；食出铳那一副算明刻",
           "Four concealed pungs or kongs, self-drawn; a pung completed by a discard is exposed"),
           "111m555p777s22z99s9s|ES1000", _cite(_HKM, "isKaanKaanHand"), lambda r, o: all_concealed_pungs(r)),
    _limit("tianhu", "天糊", "Heavenly hand", ("庄家起手就糊", "The dealer wins on the deal"),
           "v1.123m456p789s1122z-2z.sh~hongkong", _cite(_HKM, "heavenlyHand"), lambda r, o: r.hand.context.heavenly,
           HAND),
    _limit("dihu", "地糊", "Earthly hand", ("闲家食庄家打出的第一只牌（或按桌规：闲家第一次摸牌自摸）",
           "A non-dealer wins on the dealer's first discard (or, by house rule, self-draws on the first draw)"),
           "v1.123m456p789s1122z-2z.ES.dEe~hongkong", _cite(_HKM, "earthlyHand"), _dihu, HAND),
    _limit("gangshanggang", "杠上杠", "Kong on kong", ("连开两个杠，在补牌上自摸", "Self-drawn on the replacement "
           "after two kongs in a row"), "v1.3456789s-9s.A1111m.A2222p.ES.sk.kong_on_kong-1~hongkong",
           _cite(_HKM, "winByDoubleKong"), lambda r, o: KONG_ON_KONG.of(r.hand.context), HAND),
    _limit("baxian", "八仙过海", "Eight immortals", ("八只花都在手：以花糊，不论牌型", "All eight flowers: a win on "
           "the flowers, whatever the tiles"), "v1.123m456p789s1122z.12345678f.ES.s.flower_win-1~hongkong",
           _cite(_HKM, "isEightImmortalsCrossingTheSea"), lambda r, o: len(flowers(r)) == 8, None),
    Row(_fan("zimo", "自摸", "Self-drawn", 1, WIN, ("自己摸到糊张", "The winning tile self-drawn"),
             "234m567m345p678s9p9p|EW1000|g", _T), lambda r, o: r.self_drawn, HAND),
    Row(_fan("menqianqing", "门前清", "Concealed hand", 1, WIN, ("没有吃、碰、明杠（暗杠可以）；自摸也计",
             "No chow, pung or exposed kong (concealed kongs allowed), self-drawn too"),
             "234m567m345p678s9p9p|EW1000|g", _T), concealed, HAND),
    Row(_fan("gangshangkaihua", "杠上开花", "Win on a kong", 2, WIN, ("在杠的补牌上自摸（不另计自摸）",
             "Self-drawn on a kong's replacement (not 自摸 as well)"), "[2222z1]345m678m45s22p6s|SS1001", _T,
             (Excludes("zimo"),)), lambda r, o: r.hand.context.kong_replacement, HAND),
    Row(_fan("huashang", "花上自摸", "Win on a flower", 2, WIN, ("在补花的牌上自摸（开 flower_bloom 时，不另计自摸）",
             "Self-drawn on a flower's replacement (with flower_bloom; not 自摸 as well)"),
             "v1.234567m3459p678s-9p.17f.EW.s.flower_replacement-1~hongkong.flower_bloom-true",
             _cite("site", "花上自摸", note="§3.3"), (Excludes("zimo"),)),
        lambda r, o: r.self_drawn and FLOWER_REPLACEMENT.of(r.hand.context), HAND, _only(lambda o: o.flower_bloom)),
    Row(_fan("qianggang", "抢杠", "Robbing a kong", 1, WIN, ("食别家加杠的那只牌", "Won on the tile another player "
             "adds to a pung"), "[789m1]12p456s678s55m3p|EW0001", _T),
        lambda r, o: r.hand.context.win is WinMethod.ROB_KONG, HAND),
    Row(_fan("haidi", "海底捞月", "Last tile", 1, WIN, ("摸最后一只牌自摸，或食它之后打出的牌", "The last tile of "
             "the wall self-drawn, or its discard"), "234m567m345p678s9p9p|EW1010|g", _T),
        lambda r, o: r.hand.context.last_tile, HAND),
    Each(sets, (
        EachRow(_fan("sanyuan", "三元牌", "Dragon pung", 1, HONOUR, ("每副中、发、白的刻子或杠", "Each pung or kong "
                     "of 中, 發 or 白"), "[777z1]12345678m11z9m|ES", _T),
                lambda g, r: g.is_pung_like and g.tile.is_dragon, SETS),
        EachRow(_fan("menfeng", "门风", "Seat wind", 1, HONOUR, ("自己门风的刻子或杠", "A pung or kong of the seat "
                     "wind"), "[2222z1]345m678m45s22p6s|SS1001", _T),
                lambda g, r: g.is_pung_like and g.tile == r.hand.context.seat.wind_tile, SETS),
        EachRow(_fan("quanfeng", "圈风", "Round wind", 1, HONOUR,
                     ("圈风的刻子或杠（与门风同一种时两样都计）",
                      "A pung or kong of the round wind (with the seat wind on the same wind: both)"),
                     "[2222z1]345m678m45s22p6s|SS1001", _T),
                lambda g, r: g.is_pung_like and g.tile == r.hand.context.round_wind.wind_tile, SETS),
    )),
    Row(_fan("zhenghua", "正花", "Own flower", 1, FLOWER,
             ("自己的花（东 1 梅春、南 2 兰夏、西 3 菊秋、北 4 竹冬），每只",
              "Each of the seat's flowers (E 1 梅 春, S 2 蘭 夏, W 3 菊 秋, N 4 竹 冬)"),
             "234m567m345p678s9p9p|EW1000|ag", _cite(_HKM, "calculateFaanFromExtraTiles (extraTile 1)")),
        lambda r, o: own_flowers(r), HAND, _only(lambda o: o.flowers_in_play)),
    Row(_fan("yitaihua", "一台花", "A set of flowers", 2, FLOWER, ("梅兰菊竹或春夏秋冬四只齐（不再计那一组的正花）",
             "All four of 梅蘭菊竹 or of 春夏秋冬 (not that group's 正花 as well)"),
             "[123m1][555z1]456p789s2s2s|EN|efgh", _cite(_HKM, "completeSetOfExtraTiles"), (Excludes("zhenghua", 1),)),
        lambda r, o: whole_groups(r), HAND, _flower_set),
    Row(_fan("wuhua", "无花", "No flowers", 1, FLOWER, ("一只花都没有（打花时）", "No flower at all (with flowers "
             "in play)"), "[777z1]12345678m11z9m|ES", _cite("wenews", "無花")),
        lambda r, o: not flowers(r), HAND, _only(lambda o: o.flowers_in_play and o.no_flower_bonus)),
    Row(_fan("huahu", "花糊", "Seven flowers", 3, FLOWER, ("七只花：叫花糊，不论牌型（只计这 3 番）", "Seven "
             "flowers declared as the win, whatever the tiles (these 3 番 alone)"),
             "v1.123m456p789s1122z.1234567f.ES.s.flower_win-1~hongkong",
             _cite(_HKM, "isFlowerHand (flowerHand 3)", note="§3.4; HK01: 花糊 = 七隻花 = 3番")),
        lambda r, o: isinstance(r, FlowerWin) and len(flowers(r)) == 7),
)

FANS = book_order(ROWS)
assert sorted(f.id for f in FANS) == sorted(FAN_IDS), "FAN_IDS names every row once"
LIMITS = frozenset(f.id for f in FANS if f.category == LIMIT)
FLOWER_ITEMS = frozenset({"zhenghua", "yitaihua", "wuhua"})
"""The flower items: left out of the minimum with ``flowers_count_for_minimum = false``."""
FLOWER_WINS = frozenset({"huahu", "baxian"})
"""Wins on the flowers: paid as self-draws, and wins whatever the minimum."""

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("shisanyao", "ziyise", "qingyaojiu", "jiuzilianhuan", "kankanhu", "tianhu", "dihu",
                     "qingyise", "hunyise", "duiduihu", "pinghu", "huayao", "qidui", "chicken"), "hand"),
    "dasixi": "pungs&winds+pair&winds", "xiaosixi": "pungs&winds+pair&winds",
    "dasanyuan": "pungs&dragons", "xiaosanyuan": "pungs&dragons+pair&dragons", "shibaluohan": "kongs",
    "gangshanggang": "win", "gangshangkaihua": "win", "huashang": "win", "qianggang": "win", "haidi": "win",
    "zimo": "win", "menqianqing": "context",
    "sanyuan": "pungs&dragons", "menfeng": "pungs&seat_wind", "quanfeng": "pungs&round_wind",
    **dict.fromkeys(("baxian", "huahu", "yitaihua", "zhenghua", "wuhua"), "none"),
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)

