"""The 44 patterns of Zung Jung v3.3, the pattern table Mahjong Australia's "Traditional Mahjong" uses, each
with its predicate. Patterns are numbered as in ZJ; those that share a numbered series (2.1.1 / 2.1.2,
4.2.1–4.2.3, …) count only the highest — each higher pattern of a series excludes the lower ones (data,
generated below), applied by the one exclusion step. Value Honour counts per set.

The patterns are declared in the book's order (:data:`FANS`, the fan reference); :data:`ROWS` gives each its
predicate, in the order a result card lists them. A seven-pairs hand combines only with the composition
patterns (ZJ 10.2: each row says the shapes it is counted in); thirteen terminals with none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from ..hand import WinMethod
from ..lights import declare
from ..pipeline import Line, Row
from ..reading import Reading
from ..scoring import Excludes, Fan
from ..shapes import Group, ShapeKind
from ..tiles import Suit, Tile
from .options import AustraliaOptions
from .works import WORKS

_ZJMJ = "as implemented and tested in DavidSWu147/zjmj shared/src/scoring.ts"

_rows: list[tuple[str, Fan]] = []
LIMITS: set[str] = set()


def _p(
    num: str, fid: str, zh: str, en: str, value: int, definition: tuple[str, str], example: str, limit: bool = False
) -> None:
    if limit:
        LIMITS.add(fid)
    source = WORKS.cite("zj", f"pattern {num}", note=f"vague-systems.md §1.1; {_ZJMJ}")
    _rows.append((num, Fan(fid, zh, en, value, (), definition[0], definition[1], source, example, num)))


_p(
    "1.1",
    "all_sequences",
    "平和",
    "All Sequences",
    5,
    ("四组都是顺子（将不限）", "Four sequences; pair and wait irrelevant"),
    "234m456p678s345s88p",
)
_p(
    "1.2",
    "concealed",
    "门前清",
    "Concealed Hand",
    5,
    (
        "没有吃碰明杠（暗杠可以），点和也算；只限普通牌型",
        "No claimed set (concealed kongs allowed), discard win OK; regular hands only",
    ),
    "234m456p678s345s88p",
)
_p(
    "1.3",
    "no_terminals",
    "断幺九",
    "No Terminals",
    5,
    ("只有2–8的数牌", "Only suit tiles 2 to 8"),
    "234m456p678s345s88p",
)
_p(
    "2.1.1",
    "mixed_one_suit",
    "混一色",
    "Mixed One-Suit",
    40,
    ("一门数牌加字牌", "One suit plus honours"),
    "123456789m11222z",
)
_p("2.1.2", "pure_one_suit", "清一色", "Pure One-Suit", 80, ("全是一门数牌", "One suit, no honours"), "12345678912399m")
_p(
    "2.2",
    "nine_gates",
    "九莲宝灯",
    "Nine Gates",
    480,
    ("门清一门 1112345678999 加同门任一张", "Concealed 1112345678999 of one suit plus any tile of it"),
    "11123456789995m",
    limit=True,
)
_p(
    "3.1",
    "value_honour",
    "番牌",
    "Value Honour",
    10,
    (
        "中、发、白或门风的刻子（杠），每副10分；圈风不计",
        "Each pung or kong of a dragon or the seat wind (not the round wind)",
    ),
    "[555z1][666z1]123m456p11s",
)
_p(
    "3.2.1",
    "small_three_dragons",
    "小三元",
    "Small Three Dragons",
    40,
    ("两副箭刻加箭牌将", "Two dragon pungs and a dragon pair"),
    "55566677z123m456p",
)
_p(
    "3.2.2",
    "big_three_dragons",
    "大三元",
    "Big Three Dragons",
    130,
    ("三副箭刻", "Three dragon pungs"),
    "123m11p555666777z",
)
_p(
    "3.3.1",
    "small_three_winds",
    "小三风",
    "Small Three Winds",
    30,
    ("两副风刻加风牌将", "Two wind pungs and a wind pair"),
    "123m456p11122233z",
)
_p("3.3.2", "big_three_winds", "大三风", "Big Three Winds", 120, ("三副风刻", "Three wind pungs"), "123m55p111222333z")
_p(
    "3.3.3",
    "small_four_winds",
    "小四喜",
    "Small Four Winds",
    320,
    ("三副风刻加风牌将", "Three wind pungs and a wind pair"),
    "123m11122233344z",
    limit=True,
)
_p(
    "3.3.4",
    "big_four_winds",
    "大四喜",
    "Big Four Winds",
    400,
    ("四副风刻", "Four wind pungs"),
    "55m111222333444z",
    limit=True,
)
_p(
    "3.4",
    "all_honours",
    "字一色",
    "All Honours",
    320,
    ("全是字牌", "Every tile an honour"),
    "11122233355566z",
    limit=True,
)
_p(
    "4.1",
    "all_triplets",
    "对对和",
    "All Triplets",
    30,
    ("四组都是刻子或杠", "Four pungs or kongs"),
    "[111m1][444p1]777s999s55z",
)
_p(
    "4.2.1",
    "two_concealed_triplets",
    "二暗刻",
    "Two Concealed Triplets",
    5,
    (
        "两副暗刻（暗杠算；点和凑成的算明刻）",
        "Two concealed triplets (concealed kongs count; one completed by the winning discard does not)",
    ),
    "[111m1][444p1]777s999s55z",
)
_p(
    "4.2.2",
    "three_concealed_triplets",
    "三暗刻",
    "Three Concealed Triplets",
    30,
    ("三副暗刻", "Three concealed triplets"),
    "[123m1]444p777s999s55z",
)
_p(
    "4.2.3",
    "four_concealed_triplets",
    "四暗刻",
    "Four Concealed Triplets",
    125,
    ("四副暗刻", "Four concealed triplets"),
    "111m444p777s999s55z",
)
_p(
    "4.3.1",
    "one_kong",
    "一杠",
    "One Kong",
    5,
    ("一个杠（明暗都算）", "One kong, exposed or concealed"),
    "[2222m]456p678s345s88p",
)
_p("4.3.2", "two_kongs", "二杠", "Two Kongs", 20, ("两个杠", "Two kongs"), "[1111m1][2222p1]789s234s55p")
_p("4.3.3", "three_kongs", "三杠", "Three Kongs", 120, ("三个杠", "Three kongs"), "[1111m1][2222p1][3333s1]678s55p")
_p(
    "4.3.4",
    "four_kongs",
    "四杠",
    "Four Kongs",
    480,
    ("四个杠", "Four kongs"),
    "[1111m1][2222p1][3333s1][4444s1]55p",
    limit=True,
)
_p(
    "5.1.1",
    "two_identical_sequences",
    "一般高",
    "Two Identical Sequences",
    10,
    ("同门同数两副顺子", "Two identical sequences (same suit, same numbers)"),
    "123123m456p789s55s",
)
_p(
    "5.1.2",
    "two_identical_sequences_twice",
    "两般高",
    "Two Identical Sequences Twice",
    60,
    ("两组一般高", "Two pairs of identical sequences"),
    "123123m456456p99s",
)
_p(
    "5.1.3",
    "three_identical_sequences",
    "一色三同顺",
    "Three Identical Sequences",
    120,
    ("三副相同的顺子", "Three identical sequences"),
    "12312323m456p99s1m",
)
_p(
    "5.1.4",
    "four_identical_sequences",
    "一色四同顺",
    "Four Identical Sequences",
    480,
    ("四副相同的顺子", "Four identical sequences"),
    "12312312312399s",
    limit=True,
)
_p(
    "6.1",
    "three_similar_sequences",
    "三色同顺",
    "Three Similar Sequences",
    35,
    ("三门同数的顺子", "The same sequence in all three suits"),
    "123456s123m123p99m",
)
_p(
    "6.2.1",
    "small_three_similar_triplets",
    "三色小同刻",
    "Small Three Similar Triplets",
    30,
    ("两门同数刻子，第三门同数作将", "Two triplets of one number in two suits, the pair of it in the third"),
    "123222m222456p22s",
)
_p(
    "6.2.2",
    "three_similar_triplets",
    "三色同刻",
    "Three Similar Triplets",
    120,
    ("三门同数刻子", "Triplets of one number in all three suits"),
    "123222m22255p222s",
)
_p(
    "7.1",
    "nine_tile_straight",
    "一气通贯",
    "Nine-Tile Straight",
    40,
    ("同门 123、456、789", "123, 456 and 789 of one suit"),
    "123m123456789p55s",
)
_p(
    "7.2.1",
    "three_consecutive_triplets",
    "三连刻",
    "Three Consecutive Triplets",
    100,
    ("同门三副连续刻子", "Three triplets of consecutive numbers in one suit"),
    "222333444m123p55s",
)
_p(
    "7.2.2",
    "four_consecutive_triplets",
    "四连刻",
    "Four Consecutive Triplets",
    200,
    ("同门四副连续刻子", "Four triplets of consecutive numbers in one suit"),
    "222333444555m99p",
)
_p(
    "8.1.1",
    "mixed_lesser_terminals",
    "混全带幺",
    "Mixed Lesser Terminals",
    40,
    ("每组和将都有幺九或字牌（有字牌）", "Every set and the pair holds a terminal or honour (honours present)"),
    "123789m999p99s111z",
)
_p(
    "8.1.2",
    "pure_lesser_terminals",
    "纯全带幺",
    "Pure Lesser Terminals",
    50,
    ("每组和将都有幺九，没有字牌", "Every set and the pair holds a terminal; no honours"),
    "123789m999p12399s",
)
_p(
    "8.1.3",
    "mixed_greater_terminals",
    "混幺九",
    "Mixed Greater Terminals",
    100,
    ("全是幺九和字牌（对对和或七对）", "Only terminals and honours (all triplets or seven pairs)"),
    "111m999p111s99s111z",
)
_p(
    "8.1.4",
    "pure_greater_terminals",
    "清幺九",
    "Pure Greater Terminals",
    400,
    ("全是幺九，没有字牌", "Only terminals, no honours"),
    "111999m111999p11s",
    limit=True,
)
_p(
    "9.1.1",
    "final_draw",
    "海底捞月",
    "Final Draw",
    10,
    ("自摸牌墙最后一张", "Self-drawn on the last tile"),
    "234m456p678s345s88p|EE1010",
)
_p(
    "9.1.2",
    "final_discard",
    "河底捞鱼",
    "Final Discard",
    10,
    ("和最后一张打出的牌", "Won on the last discard"),
    "234m456p678s345s88p|EE0010",
)
_p(
    "9.2",
    "win_on_kong",
    "岭上开花",
    "Win on Kong",
    10,
    ("杠后补牌自摸", "Self-drawn on a kong's replacement"),
    "[2222m]456p678s345s88p|EE1001",
)
_p(
    "9.3",
    "robbing_a_kong",
    "抢杠",
    "Robbing a Kong",
    10,
    ("和别人加杠的牌", "Won on the tile added to a pung"),
    "234m456p678s88p345s|EE0001",
)
_p(
    "9.4.1",
    "blessing_of_heaven",
    "天和",
    "Blessing of Heaven",
    155,
    ("庄家起手和", "The dealer wins on the deal"),
    "v1.234m4568p345678s-8p.sh~australia",
)
_p(
    "9.4.2",
    "blessing_of_earth",
    "地和",
    "Blessing of Earth",
    155,
    ("闲家第一轮和庄家第一张打出的牌", "A non-dealer wins on the dealer's first discard"),
    "v1.234m4568p345678s-8p.ES.dEe~australia",
)
_p(
    "10.1",
    "thirteen_terminals",
    "十三幺",
    "Thirteen Terminals",
    160,
    ("十三种幺九字牌各一张加其中一对", "One of each terminal and honour plus a pair of one"),
    "119m19p19s1234567z",
)
_p("10.2", "seven_pairs", "七对子", "Seven Pairs", 30, ("七个对子", "Seven pairs"), "22338899m4455p66s")


def _series(num: str) -> str:
    parts = num.split(".")
    return ".".join(parts[:2]) if len(parts) == 3 else num


def _with_series(rows: list[tuple[str, Fan]]) -> tuple[Fan, ...]:
    """Each pattern excludes the lower patterns of its series (only the highest of a series counts)."""
    out = []
    for num, fan in rows:
        lower = [f.id for n, f in rows if _series(n) == _series(num) and n < num and f.value <= fan.value]
        out.append(replace(fan, excludes=tuple(Excludes(i) for i in lower)))
    return tuple(out)


PATTERNS = _with_series(_rows)
EXTRA = (
    Fan(
        "chicken",
        "鸡和",
        "Chicken Hand",
        1,
        (),
        "没有任何番型的和牌（标准中庸；本桌选项）",
        "A win with no pattern (standard Zung Jung; an option here)",
        WORKS.cite("zj", "Chicken Hand", note="§1.1"),
        "v1.4556p222789s-5p.C123m~australia.chicken-true.minimum-0",
        "0",
    ),
    Fan(
        "limit",
        "限牌",
        "Limit hand",
        0,
        (),
        "有限牌番型（320–480）时只按最高的限牌计，不相加",
        "A hand with a listed limit pattern (320–480) is worth the highest one alone, not the sum",
        WORKS.cite("zj", "limit hands", note=f"§1.1; {_ZJMJ} applyLimit"),
        "11123456789995m",
        "limit",
    ),
    Fan(
        "cap",
        "封顶",
        "Maximum",
        0,
        (),
        "相加超过320按320计",
        "A sum above 320 is paid 320",
        WORKS.cite("ma", "section 1 (320)", note="§1.1"),
        "11122233344455m",
        "cap",
    ),
)
FANS: tuple[Fan, ...] = PATTERNS + EXTRA

BY_ID = {f.id: f for f in FANS}
BOOK = tuple(f.id for f in FANS)
"""The fan reference's order (ZJ's numbering)."""

# --- the predicates --------------------------------------------------------------------------------------

_SUITS = (Suit.M, Suit.P, Suit.S)


def _pungs(r: Reading) -> list[Tile]:
    return [g.tile for g in r.pung_likes]


def _chow_keys(r: Reading) -> Counter[tuple[Suit, int]]:
    return Counter((g.tile.suit, g.tile.rank) for g in r.chows)


def _nine_gates(r: Reading) -> bool:
    if r.hand.melds or not r.one_suit:
        return False
    ranks = Counter(t.rank for t in r.tiles)
    need = {1: 3, 9: 3, **{k: 1 for k in range(2, 9)}}
    return all(ranks[k] >= n for k, n in need.items())


def _value_honours(r: Reading) -> int:
    seat = r.hand.context.seat.wind_tile
    return sum(1 for t in _pungs(r) if t.is_dragon or t == seat)


def _dragons(r: Reading) -> tuple[int, bool]:
    pair = r.pair
    return sum(1 for t in _pungs(r) if t.is_dragon), pair is not None and pair.tile.is_dragon


def _winds(r: Reading) -> tuple[int, bool]:
    pair = r.pair
    return sum(1 for t in _pungs(r) if t.is_wind), pair is not None and pair.tile.is_wind


def _identical(r: Reading) -> tuple[int, int]:
    """The two largest numbers of identical chows."""
    counts = sorted(_chow_keys(r).values(), reverse=True) + [0, 0]
    return counts[0], counts[1]


def _similar_sequences(r: Reading) -> bool:
    keys = _chow_keys(r)
    return any(all((s, k) in keys for s in _SUITS) for k in range(1, 8))


def _similar_triplets(r: Reading) -> int:
    """2 three similar triplets, 1 the small one (two triplets + the pair in the third suit), 0 none."""
    suited = {(t.suit, t.rank) for t in _pungs(r) if t.is_suited}
    pair = r.pair
    best = 0
    for k in range(1, 10):
        have = [s for s in _SUITS if (s, k) in suited]
        if len(have) == 3:
            return 2
        if len(have) == 2 and pair is not None and pair.tile.is_suited and pair.tile.rank == k \
                and pair.tile.suit not in have:
            best = 1
    return best


def _straight(r: Reading) -> bool:
    keys = _chow_keys(r)
    return any(all((s, k) in keys for k in (1, 4, 7)) for s in _SUITS)


def _consecutive(r: Reading) -> int:
    suited = {(t.suit, t.rank) for t in _pungs(r) if t.is_suited}
    longest = 0
    for s in _SUITS:
        run = 0
        for k in range(1, 10):
            run = run + 1 if (s, k) in suited else 0
            longest = max(longest, run)
    return longest


def _group_has_terminal(g: Group) -> bool:
    return any(t.is_terminal_or_honour for t in g.tiles)


def _terminals(r: Reading) -> tuple[str, bool, bool]:
    """The terminal patterns' kind (mixed with honours, pure without) and whether the lesser (every group has
    a terminal or honour) and the greater (every tile is one) hold."""
    if not any(t.is_terminal for t in r.tiles):
        return "", False, False
    greater = all(t.is_terminal_or_honour for t in r.tiles)
    lesser = greater or (r.kind is ShapeKind.STANDARD and all(_group_has_terminal(g) for g in r.groups))
    return ("mixed" if r.has_honours else "pure"), lesser, greater


Predicate = Callable[[Reading, AustraliaOptions], int]
_STANDARD = frozenset({ShapeKind.STANDARD})
_WITH_PAIRS = frozenset({ShapeKind.STANDARD, ShapeKind.SEVEN_PAIRS})
SEVEN_PAIRS_PATTERNS = frozenset({
    "no_terminals", "mixed_one_suit", "pure_one_suit", "all_honours", "mixed_greater_terminals",
    "pure_greater_terminals", "seven_pairs"})
"""What a seven-pairs hand combines with (ZJ 10.2: the composition patterns); 十三幺 combines with none."""


def _pattern(fid: str, count: Predicate) -> Row[Reading, AustraliaOptions]:
    """A pattern row: counted in a standard hand, and in seven pairs when it is a composition pattern."""
    shapes = _WITH_PAIRS if fid in SEVEN_PAIRS_PATTERNS else _STANDARD
    return Row(BY_ID[fid], count, shapes=frozenset({ShapeKind.THIRTEEN_ORPHANS}) if fid == "thirteen_terminals"
               else shapes)


def _terminal_row(kind: str, size: str) -> Row[Reading, AustraliaOptions]:
    def holds(r: Reading, o: AustraliaOptions) -> bool:
        found, lesser, greater = _terminals(r)
        return found == kind and (greater if size == "greater" else lesser)

    return _pattern(f"{kind}_{size}_terminals", holds)


def _at_least(fid: str, measure: Callable[[Reading], int], n: int) -> Row[Reading, AustraliaOptions]:
    return _pattern(fid, lambda r, o: measure(r) >= n)


ROWS: tuple[Line[Reading, AustraliaOptions], ...] = (
    _pattern("all_sequences", lambda r, o: r.all_chows),
    _pattern("concealed", lambda r, o: r.kind is ShapeKind.STANDARD and r.menqing),
    _pattern("no_terminals", lambda r, o: all(t.is_suited and 2 <= t.rank <= 8 for t in r.tiles)),
    _pattern("mixed_one_suit", lambda r, o: r.mixed_one_suit),
    _pattern("pure_one_suit", lambda r, o: r.one_suit),
    _pattern("nine_gates", lambda r, o: _nine_gates(r)),
    _pattern("all_honours", lambda r, o: r.all_honours),
    _pattern("all_triplets", lambda r, o: r.all_pungs),
    _pattern("three_similar_sequences", lambda r, o: _similar_sequences(r)),
    _pattern("nine_tile_straight", lambda r, o: _straight(r)),
    _pattern("seven_pairs", lambda r, o: r.kind is ShapeKind.SEVEN_PAIRS),
    _pattern("thirteen_terminals", lambda r, o: r.kind is ShapeKind.THIRTEEN_ORPHANS),
    _pattern("two_identical_sequences", lambda r, o: _identical(r)[0] >= 2),
    _pattern("two_identical_sequences_twice", lambda r, o: _identical(r)[0] >= 4 or _identical(r)[1] >= 2),
    _pattern("three_identical_sequences", lambda r, o: _identical(r)[0] >= 3),
    _pattern("four_identical_sequences", lambda r, o: _identical(r)[0] >= 4),
    _terminal_row("mixed", "lesser"), _terminal_row("mixed", "greater"),
    _terminal_row("pure", "lesser"), _terminal_row("pure", "greater"),
    _at_least("two_concealed_triplets", lambda r: r.concealed_triplets, 2),
    _at_least("three_concealed_triplets", lambda r: r.concealed_triplets, 3),
    _at_least("four_concealed_triplets", lambda r: r.concealed_triplets, 4),
    _at_least("one_kong", lambda r: len(r.kongs), 1),
    _at_least("two_kongs", lambda r: len(r.kongs), 2),
    _at_least("three_kongs", lambda r: len(r.kongs), 3),
    _at_least("four_kongs", lambda r: len(r.kongs), 4),
    _at_least("three_consecutive_triplets", _consecutive, 3),
    _at_least("four_consecutive_triplets", _consecutive, 4),
    _pattern("small_three_similar_triplets", lambda r, o: _similar_triplets(r) == 1),
    _pattern("three_similar_triplets", lambda r, o: _similar_triplets(r) == 2),
    _pattern("small_three_dragons", lambda r, o: _dragons(r)[0] >= 2 and _dragons(r)[1]),
    _pattern("big_three_dragons", lambda r, o: _dragons(r)[0] == 3),
    _pattern("small_three_winds", lambda r, o: _winds(r)[0] >= 2 and _winds(r)[1]),
    _pattern("big_three_winds", lambda r, o: _winds(r)[0] >= 3),
    _pattern("small_four_winds", lambda r, o: _winds(r)[0] >= 3 and _winds(r)[1]),
    _pattern("big_four_winds", lambda r, o: _winds(r)[0] == 4),
    Row(BY_ID["value_honour"], lambda r, o: _value_honours(r), shapes=_STANDARD),
    Row(BY_ID["final_draw"], lambda r, o: r.hand.context.last_tile and r.self_drawn),
    Row(BY_ID["final_discard"], lambda r, o: r.hand.context.last_tile and not r.self_drawn),
    Row(BY_ID["win_on_kong"], lambda r, o: r.hand.context.kong_replacement),
    Row(BY_ID["robbing_a_kong"], lambda r, o: r.hand.context.win is WinMethod.ROB_KONG),
    Row(BY_ID["blessing_of_heaven"], lambda r, o: r.hand.context.heavenly),
    Row(BY_ID["blessing_of_earth"], lambda r, o: r.hand.context.earthly),
    Row(BY_ID["chicken"], lambda r, o: o.chicken, fallback=True),
)
"""Each pattern's predicate, in the order a card lists them: the single patterns, the counted series, Value
Honour, how the hand was won, the chicken hand when nothing else holds."""

LIGHTS: dict[str, str] = {
    **dict.fromkeys(("all_sequences", "no_terminals", "mixed_one_suit", "pure_one_suit", "nine_gates", "all_honours",
                     "all_triplets", "mixed_lesser_terminals", "pure_lesser_terminals", "mixed_greater_terminals",
                     "pure_greater_terminals", "thirteen_terminals", "seven_pairs", "chicken"), "hand"),
    "concealed": "context",
    "value_honour": "pungs&dragons+pungs&seat_wind",
    "small_three_dragons": "dragons", "big_three_dragons": "pungs&dragons",
    "small_three_winds": "winds", "big_three_winds": "pungs&winds", "small_four_winds": "winds",
    "big_four_winds": "pungs&winds",
    **dict.fromkeys(("two_concealed_triplets", "three_concealed_triplets", "four_concealed_triplets"),
                    "concealed_pungs"),
    **dict.fromkeys(("one_kong", "two_kongs", "three_kongs", "four_kongs"), "kongs"),
    **dict.fromkeys(("two_identical_sequences", "two_identical_sequences_twice", "three_identical_sequences",
                     "four_identical_sequences"), "identical_chows"),
    "three_similar_sequences": "similar_chows",
    "small_three_similar_triplets": "similar_pungs", "three_similar_triplets": "similar_pungs",
    "nine_tile_straight": "straight",
    "three_consecutive_triplets": "shifted_pungs", "four_consecutive_triplets": "shifted_pungs",
    **dict.fromkeys(("final_draw", "final_discard", "win_on_kong", "robbing_a_kong"), "win"),
    "blessing_of_heaven": "context", "blessing_of_earth": "context",
    "limit": "none", "cap": "none",
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)
