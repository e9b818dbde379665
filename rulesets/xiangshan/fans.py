"""The 台 table of 象山麻将 (rules/vague-systems.md §3.1) and the seed's multiplier rows.

Row values are the rule sheet's (PudgeOneM roomcard-master); :data:`VALUES` holds the two PZ value
sets where they differ (a value of 0: the set has no such item). Exclusions are data: 天胡 includes
地胡 and 自摸; 风一色 and 大四喜 include 对对胡 (PZ); 大吊车 includes 单吊; a flower set replaces its
single flowers (XS-A4); at most one of 平胡/边倒/嵌倒/对倒/单吊 (XS-A3, the chain of exclusions below).
"""

from __future__ import annotations

from .._regional.table import excludes as _x
from .._regional.table import row
from ..lights import declare
from ..scoring import Excludes, Fan
from .options import PZ, SHEET, Values

TAI = "tai"
SEED = "seed"
_S = f"§3.1; {SHEET}"
_P = f"§3.1; {PZ}"



def _fan(
    fid: str,
    zh: str,
    en: str,
    value: int,
    definition: tuple[str, str],
    example: str,
    excludes: tuple[Excludes, ...] = (),
    source: str = _S,
    category: str = TAI,
) -> Fan:
    return row(fid, zh, en, value, category, definition, example, excludes, source)


WAIT_GROUP = ("pinghu", "biandao", "qiandao", "duidao", "dandiao")
"""The items of which at most one counts (XS-A3), in the order they are preferred."""

FLOWER_EXCLUDES = {"sihua": (Excludes("zhenghua", 1), Excludes("yehua", 3)), "bahua": _x("sihua", "zhenghua", "yehua")}

FANS: tuple[Fan, ...] = (
    _fan(
        "pinghu",
        "平胡",
        "All chows",
        1,
        (
            "全顺子：四组都是顺子，将不是中发白、门风或圈风",
            "Four chows; the pair is not a dragon, the seat wind or the round wind",
        ),
        "123m456p789s234s55p",
        _x(*WAIT_GROUP[1:]),
    ),
    _fan(
        "biandao",
        "边倒",
        "Edge wait",
        1,
        ("12等3，89等7", "12 waiting on 3, or 89 on 7"),
        "12m456p789s555z22s3m",
        _x(*WAIT_GROUP[2:]),
    ),
    _fan(
        "qiandao",
        "嵌倒",
        "Closed wait",
        1,
        ("等顺子中间那张", "Waiting on the middle tile of a chow"),
        "13m456p789s555z22s2m",
        _x(*WAIT_GROUP[3:]),
    ),
    _fan(
        "duidao",
        "对倒",
        "Two-pair wait",
        1,
        ("两对等其中一对成刻", "Two pairs, one becomes a pung"),
        "123m456p789s55z22s2s",
        _x(*WAIT_GROUP[4:]),
    ),
    _fan("dandiao", "单吊", "Pair wait", 1, ("单钓将", "Waiting on the pair"), "123m456p789s555z2s2s"),
    _fan(
        "zimo",
        "自摸",
        "Self-drawn",
        1,
        ("自己摸到和张", "The winning tile was self-drawn"),
        "123m456p789s555z22s|EE1000",
    ),
    _fan(
        "menqing",
        "门清",
        "Concealed hand",
        1,
        ("没有吃碰明杠（暗杠可以）", "No claimed meld (concealed kongs keep it)"),
        "123m456p789s555z22s",
    ),
    _fan(
        "gangkai",
        "杠开",
        "Win on a kong",
        1,
        ("杠后补牌自摸（送杠也算）", "Self-drawn on a kong's replacement (送杠 too)"),
        "[1111m]456p789s555z22s|EE1001",
    ),
    _fan(
        "lagang",
        "拉杠",
        "Robbing a kong",
        1,
        ("抢别人加杠的牌和", "Winning on the tile another player adds to a pung"),
        "123m456p789s55z34s2s|EE0001",
    ),
    _fan(
        "haidi",
        "海底捞月",
        "Last tile",
        1,
        ("摸牌墙最后一张自摸和", "Self-drawn on the last tile of the wall"),
        "123m456p789s555z22s|EE1010",
    ),
    _fan(
        "jianke",
        "中发白",
        "Dragon pung",
        1,
        ("中、发或白的刻子或杠，每副", "Each pung or kong of a dragon"),
        "[555z1]123m456p789s22s",
    ),
    _fan(
        "zhengfeng",
        "正风",
        "Seat wind",
        1,
        ("门风的刻子或杠", "A pung or kong of the seat wind"),
        "[222z1]123m456p789s55s|ES",
    ),
    _fan(
        "quanfeng",
        "圈风",
        "Round wind",
        1,
        ("圈风的刻子或杠", "A pung or kong of the round wind"),
        "[111z1]123m456p789s55s|ES",
    ),
    _fan(
        "quanzhengfeng",
        "圈正风",
        "Round and seat wind",
        2,
        ("门风也是圈风的刻子（代替正风、圈风）", "A pung of a wind that is both seat and round wind"),
        "[111z1]123m456p789s55s|EE",
        _x("zhengfeng", "quanfeng"),
    ),
    _fan(
        "zhenghua",
        "正花",
        "Own flower",
        2,
        (
            "本门的花（东春梅、南夏兰、西秋竹、北冬菊），每张",
            "Each flower of the seat (E 春/梅, S 夏/兰, W 秋/竹, N 冬/菊)",
        ),
        "[123m1]456p789s55z34s2s|EE0000|e",
        source=f"{_S}; {PZ} F_Hua",
    ),
    _fan(
        "yehua",
        "野花",
        "Other flower",
        1,
        ("别家的花，每张", "Each flower of another seat"),
        "[123m1]456p789s55z34s2s|EE0000|f",
    ),
    _fan(
        "sihua",
        "四花",
        "Flower set",
        10,
        ("春夏秋冬或梅兰竹菊一套", "A complete set: 春夏秋冬 or 梅兰竹菊"),
        "[123m1]456p789s55z34s2s|EE0000|efgh",
        FLOWER_EXCLUDES["sihua"],
    ),
    _fan(
        "bahua",
        "八花",
        "All eight flowers",
        16,
        ("八张花全", "All eight flowers"),
        "[123m1]456p789s55z34s2s|EE0000|abcdefgh",
        FLOWER_EXCLUDES["bahua"],
    ),
    _fan(
        "dadiao",
        "大吊车",
        "Single-tile wait",
        8,
        ("四组都副露，手里只剩一张单吊", "Four melds exposed, one tile left"),
        "[123m1][456p1][789s1][234s1]5z5z",
        _x("dandiao"),
    ),
    _fan(
        "duiduihu",
        "对对胡",
        "All pungs",
        8,
        ("四组都是刻子或杠", "All four sets pungs or kongs"),
        "[111m1]444p777s99s55z5z",
    ),
    _fan("hunyise", "混一色", "Half flush", 8, ("一门数牌加字牌", "One suit plus honours"), "[123m1]456m789m55z34m2m"),
    _fan("qingyise", "清一色", "Full flush", 12, ("全是一门数牌", "One suit, no honours"), "[123m1]456m789m55m34m2m"),
    _fan("ziyise", "字一色", "All honours", 12, ("全是字牌", "Every tile an honour"), "[111z1]222z333z444z5z5z"),
    _fan(
        "fengyise",
        "风一色",
        "All honours (PZ)",
        0,
        ("全是字牌（PZ，不计对对胡）", "Every tile an honour (PZ; includes 对对胡)"),
        "v1.2223334445z-5z.P111z~xiangshan.values-pz_12_8",
        _x("duiduihu"),
        _P,
    ),
    _fan(
        "dasanyuan",
        "大三元",
        "Big three dragons",
        0,
        ("中发白三副刻子（PZ）", "Pungs of all three dragons (PZ)"),
        "v1.123m2s666777z-2s.P555z~xiangshan.values-pz_12_8",
        (Excludes("jianke", 3),),
        _P,
    ),
    _fan(
        "dasixi",
        "大四喜",
        "Big four winds",
        0,
        ("东南西北四副刻子（PZ，不计对对胡）", "Pungs of all four winds (PZ)"),
        "v1.2s222333444z-2s.P111z~xiangshan.values-pz_12_8",
        _x("duiduihu"),
        _P,
    ),
    _fan(
        "tianhu",
        "天胡",
        "Heavenly hand",
        13,
        ("庄家起手和", "The dealer wins on the deal"),
        "v1.123m456p2789s555z-2s.sh~xiangshan",
        _x("dihu", "zimo"),
    ),
    _fan(
        "dihu",
        "地胡",
        "Earthly hand",
        13,
        ("闲家第一轮和", "A non-dealer wins in the first go-round"),
        "v1.123m456p2789s555z-2s.ES.dEe~xiangshan",
    ),
    _fan(
        "seed_pinghu",
        "平胡",
        "Plain win (seed)",
        1,
        ("种子表：四组一将 ×1", "Seed table: sets and a pair, ×1"),
        "v1.456p34789s55z-2s.C123m~xiangshan.min_tai-0.model-seed",
        source="seed 004 象山麻将规则: 平胡1倍",
        category=SEED,
    ),
    _fan(
        "seed_penghu",
        "碰胡",
        "Win with a pung (seed)",
        2,
        ("种子表：有碰（杠）的和牌 ×2", "Seed table: a win with a claimed pung or kong, ×2"),
        "v1.456p34789s55z-2s.P111m~xiangshan.min_tai-0.model-seed",
        source="seed 004 象山麻将规则: 碰胡2倍（有人碰了以后…）",
        category=SEED,
    ),
    _fan(
        "seed_piaohu",
        "飘胡",
        "All pungs (seed)",
        3,
        ("种子表：四组都是刻子（假设）", "Seed table: all pungs (assumed), ×3"),
        "v1.444p77799s55z-5z.P111m~xiangshan.min_tai-0.model-seed",
        source="seed 004 象山麻将规则: 飘胡3倍; regional.md §8 XS-1 (meaning assumed)",
        category=SEED,
    ),
    _fan(
        "seed_qidui",
        "七对子",
        "Seven pairs (seed)",
        4,
        ("种子表：七个对子 ×4", "Seed table: seven pairs, ×4"),
        "v1.1199m1199p2299s5z-5z~xiangshan.min_tai-0.model-seed",
        source="seed 004 象山麻将规则: 七对子4倍",
        category=SEED,
    ),
    _fan(
        "fengding",
        "封顶",
        "Cap",
        0,
        ("超过封顶按封顶计", "A value above the cap counts as the cap"),
        "v1.2223334445z-5z.P111z~xiangshan.cap-20",
        source="§3.2 XS-A7",
        category="cap",
    ),
)

BY_ID = {f.id: f for f in FANS}

VALUES: dict[Values, dict[str, int]] = {
    Values.SHEET: {},
    Values.PZ_12_8: {
        "ziyise": 0,
        "fengyise": 40,
        "tianhu": 24,
        "dihu": 16,
        "bahua": 25,
        "sihua": 12,
        "dasanyuan": 25,
        "dasixi": 50,
    },
    Values.PZ_10_6: {
        "ziyise": 0,
        "fengyise": 20,
        "tianhu": 18,
        "dihu": 12,
        "bahua": 15,
        "sihua": 8,
        "dasanyuan": 15,
        "dasixi": 20,
        "dadiao": 6,
        "hunyise": 6,
        "duiduihu": 6,
        "qingyise": 10,
    },
}
"""The big-hand values of each value set (XS-A2) where they differ from the rule sheet."""

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
