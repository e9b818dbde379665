"""The lights of every system (rulesets/lights.py): each fan says what it is about (the whole hand, some sets,
how the hand was won, nothing) and which tiles of the scoring reading make it, by what its scorer knows or
what its fan table declares — never by the hand at hand."""

from __future__ import annotations

import dataclasses
from functools import cached_property

import pytest

from rulesets._mcr.lights import LIGHTS as GUOBIAO
from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.hand import Hand, WinContext, WinMethod
from rulesets.lights import ABOUT, declare, declared, light, selector
from rulesets.registry import all_rulesets
from rulesets.scoring import Fan, Item, Score, ShapeScore
from rulesets.shapes import decompose
from rulesets.tiles import tiles


def lit(hand: str, rules: str, context: dict | None = None) -> dict[str, tuple[str, str]]:
    (result,) = evaluate(hand, rules, context)["results"]
    flat = [t for g in result["shape"]["groups"] for t in g["tiles"]]
    return {f["id"]: (f["about"], " ".join(flat[p] for p in f["tiles"])) for f in result["fans"]}


def test_every_fan_of_every_system_has_a_light():
    missing = [(r.id, f.id) for r in all_rulesets() for f in r.fans
               if declared(f) is None and not (r.id in ("guobiao", "erren") and f.id in GUOBIAO)]
    assert missing == []


EXAMPLES = [(r.id, f.id, f.example) for r in all_rulesets() for f in r.fans if f.example]


@pytest.mark.parametrize(("rules", "fan", "example"), EXAMPLES, ids=[f"{r}:{f}" for r, f, _ in EXAMPLES])
def test_each_fan_example_lights_tiles_of_its_reading(rules, fan, example):
    try:
        (result,) = evaluate(example, rules)["results"]
    except MahjongError:
        pytest.skip("the example is for another table of the system")
    size = sum(len(g["tiles"]) for g in result["shape"]["groups"]) if result["shape"] else 0
    for f in result["fans"]:
        assert f["about"] in ABOUT, f
        assert all(0 <= p < size for p in f["tiles"]), f
        assert f["tiles"] == sorted(set(f["tiles"])), f
        if f["about"] == "hand" and size:
            assert f["tiles"] == list(range(size)), f
        if f["about"] == "win":
            assert len(f["tiles"]) <= 1, f
        if f["about"] in ("none",):
            assert f["tiles"] == [], f


def test_the_regional_tables_name_their_sets():
    assert lit("[555z1][666z1]123m456p11s", "australia")["value_honour"] == ("sets", "5z 5z 5z 6z 6z 6z")
    assert lit("123222m222456p22s", "australia")["small_three_similar_triplets"] == ("sets", "2m 2m 2m 2p 2p 2p 2s 2s")
    assert lit("123m123456789p55s", "australia")["nine_tile_straight"] == ("sets", "1p 2p 3p 4p 5p 6p 7p 8p 9p")
    assert lit("[111z1]123m456p789s55s|EE", "xiangshan")["quanzhengfeng"] == ("sets", "1z 1z 1z")
    assert lit("[111z1]456p789p22s34s2s||ab", "suzhou")["pengfeng"] == ("sets", "1z 1z 1z")


def test_the_wild_systems_light_the_wilds_and_the_tiles_their_score_names():
    # 温州: the 5p wild plays 5s and 1z: 软牌 lights those two
    assert lit("v1.123456789m234s67s55p-1z.w5p", "wenzhou")["ruan"] == ("sets", "5s 1z")
    # 富阳: indicator 3m, the 杠花 tile is 4m (the score names it in extra["ganghua"]); 中刻 its pung
    fans = lit("v1.123456m789p1s-1s.P555z.ES.s.indicator-3m~fuyang", "fuyang")
    assert fans["ganghua"] == ("sets", "4m") and fans["zhong"] == ("sets", "5z 5z 5z")


def test_a_context_fan_lights_the_winning_tile_or_nothing():
    fans = lit("[1111m1]234567m888m5z5z", "custom", {"win": "self_drawn", "kong_replacement": True})
    assert fans["gangshangkaihua"] == ("win", "5z") and fans["zimo"] == ("win", "5z")
    assert lit("23m456p789s11122z1m", "jilin")["menqing"] == ("win", "")


def test_the_words_and_what_they_make_a_fan_about():
    assert selector("hand")[0] == "hand" and selector("win")[0] == selector("context")[0] == "win"
    assert selector("none")[0] == "none"
    for word in ("pungs&dragons", "pungs&5z+pungs&seat_wind", "kongs&claimed&winds", "@ganghua", "7z", "fours"):
        assert selector(word)[0] == "sets"
    for bad in ("foo", "hand&pungs", "pungs&bar"):
        with pytest.raises(ValueError):
            selector(bad)


def test_a_table_declares_only_its_own_fans_with_known_words():
    fan = Fan("lights_test", "测", "Test", 1)
    with pytest.raises(ValueError):
        declare((fan,), {"other": "hand"})
    with pytest.raises(ValueError):
        declare((fan,), {"lights_test": "everything"})


def test_light_keeps_what_a_scorer_lit_and_lights_the_rest_in_every_reading():
    t = tiles("123m456p789s555z22z")
    hand = Hand(t[:-1], (), t[-1], WinContext(win=WinMethod.SELF_DRAWN))
    shape = decompose(hand)[0]  # 123m 456p 789s 22z 555z
    zimo, zhong = Fan("lights_zimo", "自摸", "Self-drawn", 1), Fan("lights_zhong", "中刻", "Red pung", 1)
    declare((zimo, zhong), {"lights_zimo": "win", "lights_zhong": "pungs&5z"})
    mine = Item(zhong, about="sets", tiles=(0,))  # a scorer's own answer is kept
    items = (Item(zimo), mine)
    reading = ShapeScore(shape, 2, items)
    out = light(Score("x", True, "番", 2, items, shape=reading, shapes=(reading,)), hand.context)
    assert [(i.about, i.tiles) for i in out.items] == [("win", (9,)), ("sets", (0,))]
    assert out.shape is out.shapes[0] and out.shape.items == out.items
    unknown = light(Score("x", True, "番", 1, (Item(Fan("lights_x", "无", "None", 1)),), shape=reading), hand.context)
    assert [(i.about, i.tiles) for i in unknown.items] == [("none", ())]  # never guessed



@pytest.mark.parametrize("cls", [Score, ShapeScore])
def test_light_copies_a_score_as_dataclasses_replace_would(cls):
    # light copies without dataclasses.replace; that holds while every field is set by __init__ and
    # nothing is kept on the object beside its fields
    assert all(f.init for f in dataclasses.fields(cls))
    assert not any(isinstance(v, cached_property) for v in vars(cls).values())
    assert not hasattr(cls, "__post_init__")


def test_light_makes_the_copies_dataclasses_replace_makes():
    t = tiles("123m456p789s555z22z")
    hand = Hand(t[:-1], (), t[-1], WinContext(win=WinMethod.SELF_DRAWN))
    zimo = Fan("lights_copy", "自摸", "Self-drawn", 1)
    declare((zimo,), {"lights_copy": "win"})
    reading = ShapeScore(decompose(hand)[0], 1, (Item(zimo),))
    score = Score("x", True, "番", 1, (Item(zimo),), shape=reading, shapes=(reading,))
    out = light(score, hand.context)
    lit_items = (Item(zimo, about="win", tiles=(9,)),)
    assert vars(out.shape) == vars(dataclasses.replace(reading, items=lit_items))
    assert vars(out) == vars(dataclasses.replace(score, items=lit_items, shape=out.shape, shapes=(out.shape,)))
    assert vars(score)["items"] == (Item(zimo),)  # the score lit is left as it was
