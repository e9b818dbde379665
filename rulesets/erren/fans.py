"""The 二人麻将 fan table: a 国标-derived list for two players (万, winds, dragons, 8 flowers), as
rules/regional.md §7 gives it (guogeer/gofishing-game ``ermj.go.bak``), with exclusions as data.

Rows whose fan is a 国标 fan reuse that row (its definition and its 不计 column, kept to the fans of this
table) at this table's value; rows 国标 does not have (天胡, 地胡, 人胡, 大七星, 三元七对, 四喜七对, 四字刻,
小三风, 天听, 报听, 全花, 春夏秋冬, 梅兰竹菊, 无花牌) are defined here. :data:`EXTRA_EXCLUDES` adds what a row implies
in a game of one suit (大于五/小于五 are always 清一色 here).

>>> [(f.zh, f.value) for f in FANS][:3]
[('大四喜', 88), ('大三元', 88), ('九莲宝灯', 88)]
>>> len(FANS)
69
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from .._mcr.detection import gates
from .._mcr.view import DRAGONS, HONOURS, WINDS, View
from ..context import BAOTING
from ..guobiao import CATEGORIES as GB_CATEGORIES
from ..guobiao import FAN as GB
from ..lights import declare
from ..pipeline import Gate, Line, Row
from ..scoring import Excludes, Fan
from ..shapes import ShapeKind
from ..sources import Source
from ..tiles import FLOWERS
from .context import TIANTING
from .works import WORKS

SPEC = "rules/regional.md §7(b) (gofishing-game ermj.go.bak)"
SEED = "seed 003 (二人麻将)"
_ERMJ = WORKS.cite("gofishing", "", note=SPEC)


def _ermj(note: str) -> Source:
    """A row of the server's fan table, with a developer note."""
    return WORKS.cite("gofishing", "", note=f"{SPEC}{note}")


CATEGORIES: dict[str, tuple[str, str]] = {**GB_CATEGORIES, "flowers": ("花牌", "Flowers")}
"""The 国标 reference categories, and the flowers (their own rows here)."""

TABLE: tuple[tuple[int, str], ...] = (
    (88, "big_four_winds big_three_dragons nine_gates upper_four lower_four big_seven_stars four_kongs "
         "seven_shifted_pairs tianhu dihu"),
    (64, "little_four_winds little_three_dragons four_concealed_pungs pure_terminal_chows all_honors renhu"),
    (48, "quadruple_chow three_dragons_seven_pairs four_winds_seven_pairs four_pure_shifted_pungs"),
    (32, "four_pure_shifted_chows all_terminals_and_honors three_kongs tianting"),
    (24, "four_honour_pungs big_three_winds pure_triple_chow seven_pairs pure_shifted_pungs"),
    (16, "pure_straight pure_shifted_chows all_flowers three_concealed_pungs full_flush"),
    (8, "last_tile_draw last_tile_claim out_with_replacement_tile robbing_the_kong"),
    (6, "little_three_winds two_dragons_pungs all_pungs two_concealed_kongs half_flush melded_hand"),
    (4, "seasons plants no_flowers outside_hand two_melded_kongs fully_concealed_hand baoting last_tile"),
    (2, "dragon_pung all_chows tile_hog all_simples two_concealed_pungs concealed_kong concealed_hand"),
    (1, "pure_double_chow short_straight two_terminal_chows pung_of_terminals_or_honors melded_kong edge_wait "
        "closed_wait single_wait flower_tiles self_drawn"),
)
"""The spec's table: value → fan ids, in its order."""

_SP = "fully_concealed_hand concealed_hand single_wait"
OWN: dict[str, tuple[str, str, str, str, str, str, Source]] = {
    # id: (中文, English, excludes, category, definition 中文, definition English, source)
    "tianhu": ("天胡", "Heavenly Hand",
               "self_drawn fully_concealed_hand concealed_hand edge_wait closed_wait "
               "single_wait", "win", "庄家起手14张即和牌。", "The dealer's dealt 14 tiles are a winning hand.", _ERMJ),
    "dihu": ("地胡", "Earthly Hand", "self_drawn fully_concealed_hand concealed_hand", "win",
             "闲家第一次摸牌就自摸和牌（之前无人吃碰杠）。",
             "The non-dealer wins on his first draw, before any claim.",
             _ermj("; assumption: 地胡 self-drawn, 人胡 on a discard")),
    "renhu": ("人胡", "Human Hand", "concealed_hand", "win", "闲家和庄家打出的第一张牌。",
              "The non-dealer wins on the dealer's first discard.", _ermj("; assumption: 人胡 = the first discard")),
    "big_seven_stars": ("大七星", "Big Seven Stars", f"seven_pairs all_honors three_dragons_seven_pairs "
                        f"four_winds_seven_pairs all_terminals_and_honors {_SP}", "special",
                        "东南西北中发白七个对子。", "Seven pairs of the seven honours.", _ERMJ),
    "three_dragons_seven_pairs": ("三元七对", "Three Dragons Seven Pairs", f"seven_pairs {_SP}", "special",
                                  "七对中有中、发、白三对。", "Seven pairs including pairs of all three "
                                  "dragons.", _ERMJ),
    "four_winds_seven_pairs": ("四喜七对", "Four Winds Seven Pairs", f"seven_pairs {_SP}", "special",
                               "七对中有东、南、西、北四对。", "Seven pairs including pairs of all four winds.", _ERMJ),
    "four_honour_pungs": ("四字刻", "Four Honour Pungs", "all_pungs pung_of_terminals_or_honors", "honours",
                          "四副字牌刻子（或杠）。", "Four pungs (or kongs) of honours.", _ERMJ),
    "little_three_winds": ("小三风", "Little Three Winds", "pung_of_terminals_or_honors:2", "honours",
                           "两副风牌刻子（或杠），另一种风牌作将。", "Two wind pungs and a pair of a "
                           "third wind.", _ERMJ),
    "tianting": ("天听", "Heavenly Ready", "baoting", "other", "起手（第一巡）就报听。",
                 "Declared ready on the first turn (from the dealt hand).", _ermj("; context tianting")),
    "baoting": ("报听", "Declared Ready", "", "other", "报听后和牌。",
                "Won after declaring ready (报听).",
                WORKS.cite("article", "二人麻将 报听", note=f"{SEED} 报听; {SPEC}; context baoting")),
    "all_flowers": ("全花", "All Flowers", "seasons plants", "flowers",
                    "八张花牌都有（不另计春夏秋冬、梅兰竹菊；花牌照计）。",
                    "All eight flowers (not 春夏秋冬 or 梅兰竹菊 as well; each 花牌 still counts).",
                    _ermj(": 全花 excludes 春夏秋冬 and 梅兰竹菊 only")),
    "seasons": ("春夏秋冬", "Four Seasons", "", "flowers", "有春、夏、秋、冬四张花牌（花牌照计）。",
                "The four seasons (春夏秋冬); each 花牌 still counts.", _ermj(": excludes nothing")),
    "plants": ("梅兰竹菊", "Four Plants", "", "flowers", "有梅、兰、竹、菊四张花牌（花牌照计）。",
               "The four plants (梅兰竹菊); each 花牌 still counts.", _ermj(": excludes nothing")),
    "no_flowers": ("无花牌", "No Flowers", "", "flowers", "和牌时没有花牌。", "No flower at all.", _ERMJ),
}

EXTRA_EXCLUDES: dict[str, str] = {
    "upper_four": "full_flush",
    "lower_four": "full_flush",
    "big_four_winds": "four_honour_pungs",
    "all_honors": "four_honour_pungs",
}
"""Exclusions added to 国标 rows for fans this table adds or makes implied: with 万 as the only suit 大于五 and
小于五 always hold 清一色; 大四喜 and 字一色 always hold 四字刻."""



def _value_of() -> dict[str, int]:
    return {fid: value for value, ids in TABLE for fid in ids.split()}


VALUES = _value_of()


def _excludes(spec: str) -> tuple[Excludes, ...]:
    out = []
    for word in spec.split():
        fan, _, count = word.partition(":")
        if fan in VALUES:
            out.append(Excludes(fan, int(count) if count else None))
    return tuple(out)


def _row(fid: str, example: str) -> Fan:
    value = VALUES[fid]
    if fid in OWN:
        zh, en, ex, cat, dzh, den, src = OWN[fid]
        return Fan(fid, zh, en, value, _excludes(ex), dzh, den, src, example, cat)
    gb = GB[fid]
    kept = tuple(e for e in gb.excludes if e.fan in VALUES) + _excludes(EXTRA_EXCLUDES.get(fid, ""))
    return dataclasses.replace(gb, value=value, excludes=kept, example=example,
                               source=_ermj(f": {value}; definition and 不计 from 国标 ({_note(gb.source)})"))


def _note(source: str | Source) -> str:
    return source.note if isinstance(source, Source) else source


def build(examples: dict[str, str]) -> tuple[Fan, ...]:
    return tuple(_row(fid, examples.get(fid, "")) for _, ids in TABLE for fid in ids.split())


EXAMPLES: dict[str, str] = {
    "big_four_winds": "111222333444z5m5m", "big_three_dragons": "123m555666777z9m9m",
    "nine_gates": "1112345678999m5m", "upper_four": "678m678m789m999m66m", "lower_four": "123m123m234m444m11m",
    "big_seven_stars": "11223344556677z", "four_kongs": "[1111m1][2222m1][3333m1][4444m1]5z5z",
    "seven_shifted_pairs": "11223344556677m", "tianhu": "v1.123345678m1115z-5z.sh~erren",
    "dihu": "v1.123345678m1115z-5z.ES.se~erren", "renhu": "v1.123345678m1115z-5z.ES.dEe~erren",
    "little_four_winds": "123m111222333z44z", "little_three_dragons": "123456m555666z77z",
    "four_concealed_pungs": "111333555777m99m", "pure_terminal_chows": "123123789789m55m",
    "all_honors": "111222333555z66z", "quadruple_chow": "123123123123m55z",
    "three_dragons_seven_pairs": "11335577m556677z", "four_winds_seven_pairs": "113355m11223344z",
    "four_pure_shifted_pungs": "111222333444m5z5z", "four_pure_shifted_chows": "123234345456m5z5z",
    "all_terminals_and_honors": "111999m111222z55z", "three_kongs": "[1111m1][2222m1][3333m1]456m5z5z",
    "tianting": "v1.123345678m1115z-5z.baoting-E.tianting-1~erren", "four_honour_pungs": "111222333555z99m",
    "big_three_winds": "123m111222333z99m",
    "pure_triple_chow": "[123m1]123123789m5z5z", "seven_pairs": "1133557799m1155z",
    "pure_shifted_pungs": "[222m1][333m1][444m1]789m5z5z", "pure_straight": "123456789m111z55z",
    "pure_shifted_chows": "234456678m99m555z", "all_flowers": "v1.123345678m1115z-5z.12345678f~erren",
    "three_concealed_pungs": "111333555789m77z",
    "full_flush": "12334556778999m", "last_tile_draw": "v1.345678m1115z-5z.C123m.sl~erren",
    "last_tile_claim": "v1.123345678m1115z-5z.dl~erren",
    "out_with_replacement_tile": "v1.345678m1115z-5z.A1111m.sk~erren",
    "robbing_the_kong": "v1.23567789m11155z-4m.r~erren",
    "little_three_winds": "123456m111222z33z", "two_dragons_pungs": "123456m99m555666z",
    "all_pungs": "[111m1][333m1]555777m99m", "two_concealed_kongs": "[1111m][2222m]345678m5z5z",
    "half_flush": "123m345m678m111z55z", "melded_hand": "[123m1][456m1][789m1][111z1]5z5z",
    "seasons": "v1.123345678m1115z-5z.5678f~erren",
    "plants": "v1.123345678m1115z-5z.1234f~erren", "no_flowers": "123m345m678m111z55z",
    "outside_hand": "123123789m99m111z",
    "two_melded_kongs": "[1111m1][2222m1]345678m5z5z", "fully_concealed_hand": "v1.123345678m1115z-5z.s~erren",
    "baoting": "v1.123345678m1115z-5z.baoting-E~erren", "last_tile": "v1.12456789m11155z-3m.dc~erren",
    "dragon_pung": "123m345m678m555z9m9m",
    "all_chows": "123345678789m99m", "tile_hog": "111m123m456m789m5z5z", "all_simples": "234345456678m88m",
    "two_concealed_pungs": "111333456789m55z", "concealed_kong": "[1111m]234m567m789m5z5z",
    "concealed_hand": "123m345m678m111z55z", "pure_double_chow": "123123m456m111z55z",
    "short_straight": "123456m111222z55z", "two_terminal_chows": "123789m111222z55z",
    "pung_of_terminals_or_honors": "111234567888m55z", "melded_kong": "[1111m1]234567m888m5z5z",
    "edge_wait": "12456789m111z55z3m", "closed_wait": "13456789m111z55z2m", "single_wait": "123456789m111z5z5z",
    "flower_tiles": "v1.123345678m1115z-5z.1f~erren", "self_drawn": "v1.345678m1115z-5z.C123m.s~erren",
}
"""An example hand per fan (share codes where the fan needs context)."""

FANS: tuple[Fan, ...] = build(EXAMPLES)
FAN: dict[str, Fan] = {f.id: f for f in FANS}

LIGHTS: dict[str, str] = {  # its own rows; the 国标 rows are lit by rulesets._mcr.lights
    **dict.fromkeys(("tianhu", "dihu", "renhu", "tianting", "baoting"), "context"),
    "big_seven_stars": "hand", "three_dragons_seven_pairs": "dragons", "four_winds_seven_pairs": "winds",
    "four_honour_pungs": "pungs&honours", "little_three_winds": "winds",
    **dict.fromkeys(("all_flowers", "seasons", "plants", "no_flowers"), "none"),
}
"""What each row lights on the result card (:mod:`rulesets.lights`)."""
declare(FANS, LIGHTS)


def _pairs_of(v: View, tiles: frozenset[int]) -> bool:
    return v.kind is ShapeKind.SEVEN_PAIRS and all(v.facts.counts[i] >= 2 for i in tiles)


def _pung_count(v: View, tiles: frozenset[int]) -> int:
    return sum(1 for p in v.pungs if p in tiles)


Own = Callable[[View, Any], int]
OWN_SHAPE: dict[str, Own] = {
    "big_seven_stars": lambda v, o: int(_pairs_of(v, HONOURS)),
    "three_dragons_seven_pairs": lambda v, o: int(_pairs_of(v, DRAGONS)),
    "four_winds_seven_pairs": lambda v, o: int(_pairs_of(v, WINDS)),
    "four_honour_pungs": lambda v, o: int(_pung_count(v, HONOURS) == 4),
    "little_three_winds": lambda v, o: int(v.standard and _pung_count(v, WINDS) == 2 and v.pair in WINDS),
}
"""This table's own rows that read the reading."""
OWN_CONTEXT: dict[str, Own] = {
    "tianhu": lambda v, o: int(v.facts.context.heavenly),
    "dihu": lambda v, o: int(v.facts.context.earthly and v.facts.context.self_drawn),
    "renhu": lambda v, o: int(v.facts.context.earthly and not v.facts.context.self_drawn),
    "tianting": lambda v, o: int(TIANTING.of(v.facts.context)),
    "baoting": lambda v, o: int(v.facts.context.seat in BAOTING.of(v.facts.context)),
    "all_flowers": lambda v, o: int(len(v.facts.context.flowers) == 8),
    "seasons": lambda v, o: int(set(FLOWERS[4:]) <= set(v.facts.context.flowers)),
    "plants": lambda v, o: int(set(FLOWERS[:4]) <= set(v.facts.context.flowers)),
    "no_flowers": lambda v, o: int(not v.facts.context.flowers),
}
"""This table's own rows that read the win context only (the same in every reading: counted once per hand)."""
assert set(OWN_SHAPE) | set(OWN_CONTEXT) == set(OWN)

ROWS: tuple[Line[View, Any], ...] = (
    *gates(FANS, frozenset(OWN)),
    Gate(lambda v: True, tuple(Row(FAN[f], count) for f, count in OWN_SHAPE.items())),
    Gate(lambda v: True, tuple(Row(FAN[f], count) for f, count in OWN_CONTEXT.items()), once=True),
)
"""The table as the pipeline runs it: the 国标 rows over the shared MCR detection (:mod:`rulesets._mcr`), and
this table's own rows; a card lists them in the order of :data:`FANS`."""
BOOK = tuple(f.id for f in FANS)
