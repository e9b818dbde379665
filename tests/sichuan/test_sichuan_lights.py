"""Which tiles make each 四川 row (rulesets/sichuan/fans.py LIGHTS, reading._name_gen): a pattern is the whole
hand, each 根 its own four copies, a bonus of how the hand was won the winning tile (杠上花, 自摸加番) or
nothing (门清), a display line (封顶, 起番) no tile."""

from __future__ import annotations

from rulesets.engine import evaluate
from rulesets.sichuan.fans import FANS, LIGHTS


def lights(hand: str, context: dict | None = None, options: dict | None = None) -> tuple[list[str], list]:
    (result,) = evaluate(hand, "sichuan", context, options)["results"]
    assert result["valid"], result["reason"]
    tiles = [t for g in result["shape"]["groups"] for t in g["tiles"]]
    return tiles, [(f["id"], f["about"], " ".join(tiles[p] for p in f["tiles"])) for f in result["fans"]]


def test_every_row_has_a_light():
    assert set(LIGHTS) == {f.id for f in FANS}


def test_a_pattern_lights_the_whole_hand():
    tiles, fans = lights("22244455577799m")  # 清对
    assert fans == [("qingdui", "hand", " ".join(tiles))]
    tiles, fans = lights("11222244m557788p")  # 龙七对
    assert fans[0] == ("longqidui", "hand", " ".join(tiles))


def test_each_gen_lights_its_own_four_copies():
    _, fans = lights("123333m45566799s")  # 333m in hand with a fourth in 123m
    assert ("gen", "sets", "3m 3m 3m 3m") in fans
    # a claimed 333m and the fourth 3m in 345m
    _, fans = lights("[333m1]345m456s567s99s")
    assert ("gen", "sets", "3m 3m 3m 3m") in fans
    # two 根: one line each
    _, fans = lights("[1111m1][6666p1]234m456m99p")
    assert [f for f in fans if f[0] == "gen"] == [("gen", "sets", "1m 1m 1m 1m"), ("gen", "sets", "6p 6p 6p 6p")]


def test_the_bonuses_of_how_it_was_won_light_the_winning_tile():
    _, fans = lights("[6666p,5]234567m34599p|ES1001")  # 杠上花, self-drawn on 9p
    assert ("gangshanghua", "win", "9p") in fans and ("zimo_fan", "win", "9p") in fans
    assert ("gen", "sets", "6p 6p 6p 6p") in fans


def test_a_concealed_hand_and_the_display_lines_light_nothing():
    _, fans = lights("123456789m2345p5p", options={"menqing_zhongzhang": True, "fan_display": "e1"})
    assert ("menqing", "win", "") in fans
    assert ("qifan", "none", "") in fans
    _, fans = lights("[1111m1][3333m][4444p2][7777p3]99p", options={"cap": 8})  # 十八罗汉, capped at ×8
    assert fans[0][:2] == ("shibaluohan", "hand")
    assert ("fengding", "none", "") in [f[:3] for f in fans]
