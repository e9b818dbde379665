"""The 台 table of 象山麻将 and the seed article's multiplier rows, each row with its predicate.

Row values are the rule sheet's (roomcard-master); :data:`VALUES` holds the two PZ value sets where they
differ (a value of 0: the set has no such item). Exclusions are data: 天胡 includes 地胡 and 自摸; 风一色 and
大四喜 include 对对胡 (PZ); 大吊车 includes 单吊; a flower set replaces its single flowers; at most one of
平胡/边倒/嵌倒/对倒/单吊 (the chain of exclusions below). The 台 rows and the seed's rows are the two scoring
models (``model``): the rows of the other model are not in force.

The rows are listed as a card lists them; :data:`BOOK` is the fan reference's order.
"""

from __future__ import annotations

from dataclasses import replace

from ..hand import Seat
from ..lights import declare
from ..pipeline import Each, EachRow, Line, Row, book_order
from ..reading import Reading, Wait
from ..scoring import Excludes, Fan
from ..shapes import ShapeKind
from ..sources import Source
from ..tiles import Tile
from .options import FlowerSets, Model, Values, WaitGroup, XiangshanOptions
from .works import PZ, SHEET, WORKS

TAI = "tai"
SEED = "seed"
_S = WORKS.cite("sheet", SHEET, note="vague-systems.md §3.1")
_P = WORKS.cite("pz", PZ, note="§3.1")
_DRAGONS = frozenset(Tile(i) for i in (31, 32, 33))
_WINDS = frozenset(Tile(i) for i in (27, 28, 29, 30))


def _x(*ids: str) -> tuple[Excludes, ...]:
    return tuple(Excludes(i) for i in ids)


def _fan(fid: str, zh: str, en: str, value: int, definition: tuple[str, str], example: str,
         excludes: tuple[Excludes, ...] = (), source: Source = _S, category: str = TAI) -> Fan:
    return Fan(fid, zh, en, value, excludes, definition[0], definition[1], source, example, category)


WAIT_GROUP = ("pinghu", "biandao", "qiandao", "duidao", "dandiao")
"""The items of which at most one counts, in the order they are preferred."""

FLOWER_EXCLUDES = {"sihua": (Excludes("zhenghua", 1), Excludes("yehua", 3)), "bahua": _x("sihua", "zhenghua", "yehua")}

VALUES: dict[Values, dict[str, int]] = {
    Values.SHEET: {},
    Values.PZ_12_8: {"ziyise": 0, "fengyise": 40, "tianhu": 24, "dihu": 16, "bahua": 25, "sihua": 12, "dasanyuan": 25,
                     "dasixi": 50},
    Values.PZ_10_6: {"ziyise": 0, "fengyise": 20, "tianhu": 18, "dihu": 12, "bahua": 15, "sihua": 8, "dasanyuan": 15,
                     "dasixi": 20, "dadiao": 6, "hunyise": 6, "duiduihu": 6, "qingyise": 10},
}
"""The big-hand values of each value set where they differ from the rule sheet."""


def valued(fan: Fan, o: XiangshanOptions) -> Fan | None:
    """The row under the house rules: only the rows of the scoring model; the value set's value (0: no such row);
    with ``wait_group=all`` the wait rows, with ``flower_sets=add`` the flower sets, exclude nothing."""
    if (fan.category == SEED) != (o.model is Model.SEED):
        return None
    if o.model is Model.SEED:
        return fan
    value = VALUES[o.values].get(fan.id, fan.value)
    if not value:
        return None
    if value != fan.value:
        fan = replace(fan, value=value)
    if (fan.id in WAIT_GROUP and o.wait_group is WaitGroup.ALL) or (
            fan.id in FLOWER_EXCLUDES and o.flower_sets is FlowerSets.ADD):
        fan = replace(fan, excludes=())
    return fan


def own_flowers(seat: Seat) -> frozenset[Tile]:
    """正花: E 春/梅, S 夏/兰, W 秋/竹, N 冬/菊 (1f–4f 梅兰竹菊, 5f–8f 春夏秋冬)."""
    return frozenset({Tile(34 + seat.order), Tile(38 + seat.order)})


def _pinghu(r: Reading, o: XiangshanOptions) -> bool:
    ctx = r.hand.context
    pair = r.pair
    if not r.all_chows or pair is None:
        return False
    return pair.tile not in _DRAGONS | {ctx.seat.wind_tile, ctx.round_wind.wind_tile}


def _pungs(r: Reading) -> frozenset[Tile]:
    return frozenset(g.tile for g in r.pung_likes)


def _flower_sets(r: Reading) -> int:
    """Complete sets of four flowers (梅兰竹菊, 春夏秋冬)."""
    flowers = set(r.hand.context.flowers)
    return sum(1 for start in (34, 38) if all(Tile(start + k) in flowers for k in range(4)))


def _seed_row(r: Reading) -> str:
    if r.kind is ShapeKind.SEVEN_PAIRS:
        return "seed_qidui"
    if r.all_pungs:
        return "seed_piaohu"
    if any(g.is_pung_like for g in r.claimed):
        return "seed_penghu"
    return "seed_pinghu"


def _row(fan: Fan, count: object) -> Row[Reading, XiangshanOptions]:
    return Row(fan, count, under=valued)  # type: ignore[arg-type]


def _wait(wait: Wait) -> object:
    return lambda r, o: r.wait is wait


def _seed(fid: str, zh: str, en: str, value: int, definition: tuple[str, str], example: str, where: str
          ) -> Row[Reading, XiangshanOptions]:
    source = WORKS.cite("article", f"四.5 计分规则：{where}", note="seed 004")
    return _row(_fan(fid, zh, en, value, definition, example, source=source, category=SEED),
                lambda r, o: _seed_row(r) == fid)


ROWS: tuple[Line[Reading, XiangshanOptions], ...] = (
    _row(_fan("pinghu", "平胡", "All chows", 1,
              ("全顺子：四组都是顺子，将不是中发白、门风或圈风",
               "Four chows; the pair is not a dragon, the seat wind or the round wind"),
              "123m456p789s234s55p", _x(*WAIT_GROUP[1:])), _pinghu),
    _row(_fan("biandao", "边倒", "Edge wait", 1, ("12等3，89等7", "12 waiting on 3, or 89 on 7"),
              "12m456p789s555z22s3m",
              _x(*WAIT_GROUP[2:])), _wait(Wait.EDGE)),
    _row(_fan("qiandao", "嵌倒", "Closed wait", 1, ("等顺子中间那张", "Waiting on the middle tile of a chow"),
              "13m456p789s555z22s2m", _x(*WAIT_GROUP[3:])), _wait(Wait.CLOSED)),
    _row(_fan("duidao", "对倒", "Two-pair wait", 1, ("两对等其中一对成刻", "Two pairs, one becomes a pung"),
              "123m456p789s55z22s2s", _x(*WAIT_GROUP[4:])), _wait(Wait.DOUBLE_PUNG)),
    _row(_fan("dandiao", "单吊", "Pair wait", 1, ("单钓将", "Waiting on the pair"), "123m456p789s555z2s2s"),
         _wait(Wait.PAIR)),
    _row(_fan("dadiao", "大吊车", "Single-tile wait", 8, ("四组都副露，手里只剩一张单吊",
                                                          "Four melds exposed, one tile left"),
              "[123m1][456p1][789s1][234s1]5z5z", _x("dandiao")), lambda r, o: r.single_tile_left),
    _row(_fan("duiduihu", "对对胡", "All pungs", 8, ("四组都是刻子或杠", "All four sets pungs or kongs"),
              "[111m1]444p777s99s55z5z"), lambda r, o: r.all_pungs),
    _row(_fan("hunyise", "混一色", "Half flush", 8, ("一门数牌加字牌", "One suit plus honours"),
              "[123m1]456m789m55z34m2m"),
         lambda r, o: r.mixed_one_suit),
    _row(_fan("qingyise", "清一色", "Full flush", 12, ("全是一门数牌", "One suit, no honours"),
              "[123m1]456m789m55m34m2m"),
         lambda r, o: r.one_suit),
    _row(_fan("ziyise", "字一色", "All honours", 12, ("全是字牌", "Every tile an honour"), "[111z1]222z333z444z5z5z"),
         lambda r, o: r.all_honours),
    _row(_fan("fengyise", "风一色", "All honours (PZ)", 0, ("全是字牌（PZ，不计对对胡）",
                                                            "Every tile an honour (PZ; includes 对对胡)"),
              "v1.2223334445z-5z.P111z~xiangshan.values-pz_12_8", _x("duiduihu"), _P), lambda r, o: r.all_honours),
    _row(_fan("jianke", "中发白", "Dragon pung", 1, ("中、发或白的刻子或杠，每副", "Each pung or kong of a dragon"),
              "[555z1]123m456p789s22s"), lambda r, o: len(_pungs(r) & _DRAGONS)),
    _row(_fan("zhengfeng", "正风", "Seat wind", 1, ("门风的刻子或杠", "A pung or kong of the seat wind"),
              "[222z1]123m456p789s55s|ES"), lambda r, o: r.hand.context.seat.wind_tile in _pungs(r)),
    _row(_fan("quanfeng", "圈风", "Round wind", 1, ("圈风的刻子或杠", "A pung or kong of the round wind"),
              "[111z1]123m456p789s55s|ES"), lambda r, o: r.hand.context.round_wind.wind_tile in _pungs(r)),
    _row(_fan("quanzhengfeng", "圈正风", "Round and seat wind", 2,
              ("门风也是圈风的刻子（代替正风、圈风）", "A pung of a wind that is both seat and round wind"),
              "[111z1]123m456p789s55s|EE", _x("zhengfeng", "quanfeng")),
         lambda r, o: r.hand.context.round_wind is r.hand.context.seat
         and r.hand.context.round_wind.wind_tile in _pungs(r)),
    _row(_fan("dasanyuan", "大三元", "Big three dragons", 0, ("中发白三副刻子（PZ）",
                                                              "Pungs of all three dragons (PZ)"),
              "v1.123m2s666777z-2s.P555z~xiangshan.values-pz_12_8", (Excludes("jianke", 3),), _P),
         lambda r, o: _pungs(r) >= _DRAGONS),
    _row(_fan("dasixi", "大四喜", "Big four winds", 0, ("东南西北四副刻子（PZ，不计对对胡）",
                                                        "Pungs of all four winds (PZ)"),
              "v1.2s222333444z-2s.P111z~xiangshan.values-pz_12_8", _x("duiduihu"), _P),
         lambda r, o: _pungs(r) >= _WINDS),
    _row(_fan("zimo", "自摸", "Self-drawn", 1, ("自己摸到和张", "The winning tile was self-drawn"),
              "123m456p789s555z22s|EE1000"), lambda r, o: r.self_drawn),
    _row(_fan("gangkai", "杠开", "Win on a kong", 1, ("杠后补牌自摸（送杠也算）",
                                                      "Self-drawn on a kong's replacement (送杠 too)"),
              "[1111m]456p789s555z22s|EE1001"), lambda r, o: r.hand.context.kong_replacement),
    _row(_fan("lagang", "拉杠", "Robbing a kong", 1, ("抢别人加杠的牌和",
                                                      "Winning on the tile another player adds to a pung"),
              "123m456p789s55z34s2s|EE0001"), lambda r, o: r.hand.context.win.value == "rob_kong"),
    _row(_fan("menqing", "门清", "Concealed hand", 1, ("没有吃碰明杠（暗杠可以）",
                                                       "No claimed meld (concealed kongs keep it)"),
              "123m456p789s555z22s"), lambda r, o: r.hand.is_concealed),
    _row(_fan("tianhu", "天胡", "Heavenly hand", 13, ("庄家起手和", "The dealer wins on the deal"),
              "v1.123m456p2789s555z-2s.sh~xiangshan", _x("dihu", "zimo")), lambda r, o: r.hand.context.heavenly),
    _row(_fan("dihu", "地胡", "Earthly hand", 13, ("闲家第一轮和", "A non-dealer wins in the first go-round"),
              "v1.123m456p2789s555z-2s.ES.dEe~xiangshan"), lambda r, o: r.hand.context.earthly),
    _row(_fan("haidi", "海底捞月", "Last tile", 1, ("摸牌墙最后一张自摸和", "Self-drawn on the last tile of the wall"),
              "123m456p789s555z22s|EE1010"), lambda r, o: r.hand.context.last_tile and r.self_drawn),
    Each(lambda r: sorted(set(r.hand.context.flowers)), (
        EachRow(_fan("zhenghua", "正花", "Own flower", 2, ("本门的花（东春梅、南夏兰、西秋竹、北冬菊），每张",
                                                      "Each flower of the seat (E 春/梅, S 夏/兰, W 秋/竹, N 冬/菊)"),
                     "[123m1]456p789s55z34s2s|EE0000|e", source=WORKS.cite("pz", f"{PZ} F_Hua", note="§3.1")),
                lambda f, r: f in own_flowers(r.hand.context.seat), under=valued),
        EachRow(_fan("yehua", "野花", "Other flower", 1, ("别家的花，每张", "Each flower of another seat"),
                     "[123m1]456p789s55z34s2s|EE0000|f"),
                lambda f, r: f not in own_flowers(r.hand.context.seat), under=valued),
    )),
    _row(_fan("sihua", "四花", "Flower set", 10, ("春夏秋冬或梅兰竹菊一套", "A complete set: 春夏秋冬 or 梅兰竹菊"),
              "[123m1]456p789s55z34s2s|EE0000|efgh", FLOWER_EXCLUDES["sihua"]), lambda r, o: _flower_sets(r)),
    _row(_fan("bahua", "八花", "All eight flowers", 16, ("八张花全", "All eight flowers"),
              "[123m1]456p789s55z34s2s|EE0000|abcdefgh", FLOWER_EXCLUDES["bahua"]), lambda r, o: _flower_sets(r) == 2),
    _seed("seed_pinghu", "平胡", "Plain win (article)", 1,
          ("文章倍数表：四组一将 ×1", "The article's table: sets and a pair, ×1"),
          "v1.456p34789s55z-2s.C123m~xiangshan.min_tai-0.model-seed", "平胡1倍"),
    _seed("seed_penghu", "碰胡", "Win with a pung (article)", 2,
          ("文章倍数表：有碰（杠）的和牌 ×2", "The article's table: a win with a claimed pung or kong, ×2"),
          "v1.456p34789s55z-2s.P111m~xiangshan.min_tai-0.model-seed", "碰胡2倍"),
    _seed("seed_piaohu", "飘胡", "All pungs (article)", 3, ("文章倍数表：四组都是刻子（假设）",
                                                         "The article's table: all pungs (assumed), ×3"),
          "v1.444p77799s55z-5z.P111m~xiangshan.min_tai-0.model-seed", "飘胡3倍"),
    _seed("seed_qidui", "七对子", "Seven pairs (article)", 4,
          ("文章倍数表：七个对子 ×4", "The article's table: seven pairs, ×4"),
          "v1.1199m1199p2299s5z-5z~xiangshan.min_tai-0.model-seed", "七对子4倍"),
)

FENGDING = _fan("fengding", "封顶", "Cap", 0, ("超过封顶按封顶计", "A value above the cap counts as the cap"),
                "v1.2223334445z-5z.P111z~xiangshan.cap-20", source=WORKS.cite("client", "封顶", note="§3.2 XS-A7"),
                category="cap")

BOOK = ("pinghu", "biandao", "qiandao", "duidao", "dandiao", "zimo", "menqing", "gangkai", "lagang", "haidi", "jianke",
        "zhengfeng", "quanfeng", "quanzhengfeng", "zhenghua", "yehua", "sihua", "bahua", "dadiao", "duiduihu",
        "hunyise", "qingyise", "ziyise", "fengyise", "dasanyuan", "dasixi", "tianhu", "dihu", "seed_pinghu",
        "seed_penghu", "seed_piaohu", "seed_qidui", "fengding")
"""The fan reference's order of the rows."""

FANS = book_order(ROWS, BOOK, FENGDING)

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("pinghu", "dadiao", "duiduihu", "hunyise", "qingyise", "ziyise", "fengyise", "seed_pinghu",
                     "seed_piaohu", "seed_qidui"), "hand"),
    **dict.fromkeys(("biandao", "qiandao", "duidao", "dandiao"), "wait"),
    **dict.fromkeys(("zimo", "gangkai", "lagang", "haidi"), "win"),
    **dict.fromkeys(("menqing", "tianhu", "dihu"), "context"),
    "jianke": "pungs&dragons", "dasanyuan": "pungs&dragons", "dasixi": "pungs&winds",
    "zhengfeng": "pungs&seat_wind", "quanfeng": "pungs&round_wind", "quanzhengfeng": "pungs&seat_wind&round_wind",
    **dict.fromkeys(("zhenghua", "yehua", "sihua", "bahua", "fengding"), "none"),
    "seed_penghu": "pungs&claimed",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
