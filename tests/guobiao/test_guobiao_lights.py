"""Which tiles make each 国标 fan (rulesets/guobiao/lights.py): a set fan names its sets, a whole-hand fan
every tile, a fan of how the hand was won the winning tile or nothing. The positions count the tiles of
the scoring reading as the card draws them (its groups in order); each case says which sets it expects."""

from __future__ import annotations

import pytest

from rulesets._mcr.lights import LIGHTS
from rulesets.engine import evaluate
from rulesets.guobiao.fans import FANS


def lights(hand: str, context: dict | None = None, rules: str = "guobiao") -> tuple[list[str], dict]:
    """The reading's tiles in order, and for each counted fan (about, the tiles it lights as text)."""
    (result,) = evaluate(hand, rules, context)["results"]
    tiles = [t for g in result["shape"]["groups"] for t in g["tiles"]]
    fans = {f["id"]: (f["about"], " ".join(tiles[p] for p in f["tiles"])) for f in result["fans"]}
    return tiles, fans


def test_every_guobiao_fan_has_a_light():
    assert set(LIGHTS) == {f.id for f in FANS}  # the 81 fans and 明暗杠


def test_a_dragon_pung_lights_its_pung_and_the_terminal_pungs_theirs():
    # [1111m] 中中中(claimed) 456p 789s 22z, self-drawn 9s: 箭刻 takes the 中 pung's 幺九刻, 1111m keeps its own
    tiles, fans = lights("[CCC,2][1111m]456p78sSS9s|ES1000|ae")
    assert " ".join(tiles) == "1m 1m 1m 1m 5z 5z 5z 4p 5p 6p 7s 8s 9s 2z 2z"
    assert fans["dragon_pung"] == ("sets", "5z 5z 5z")
    assert fans["pung_of_terminals_or_honors"] == ("sets", "1m 1m 1m 1m")
    assert fans["concealed_kong"] == ("sets", "1m 1m 1m 1m")
    assert fans["all_types"] == ("hand", " ".join(tiles))  # 五门齐: the whole hand
    assert fans["self_drawn"] == ("win", "9s")  # the winning tile
    assert fans["flower_tiles"] == ("none", "")  # the flowers are not in the reading


def test_a_three_chow_fan_lights_its_three_chows_not_the_fourth_set():
    _, fans = lights("123m456p789s123s55z")  # 花龙 123m 456p 789s; 123s makes 喜相逢 with 123m
    assert fans["mixed_straight"] == ("sets", "1m 2m 3m 4p 5p 6p 7s 8s 9s")
    assert fans["mixed_double_chow"] == ("sets", "1m 2m 3m 1s 2s 3s")
    assert fans["single_wait"] == ("sets", "5z 5z")
    assert fans["concealed_hand"] == ("win", "")  # 门前清: how the hand was won, no tile


def test_the_chow_pairs_light_the_chows_account_once_kept():
    # 234m 234m 567m 567p 55s: 一般高 (234m twice), 喜相逢 (567m 567p), 连六 (a 234m and 567m)
    tiles, fans = lights("234m234m567m567p55s")
    assert " ".join(tiles) == "2m 3m 4m 2m 3m 4m 5m 6m 7m 5p 6p 7p 5s 5s"
    assert fans["pure_double_chow"] == ("sets", "2m 3m 4m 2m 3m 4m")
    assert fans["mixed_double_chow"] == ("sets", "5m 6m 7m 5p 6p 7p")
    assert fans["short_straight"] == ("sets", "2m 3m 4m 5m 6m 7m")
    assert fans["all_chows"][0] == fans["all_simples"][0] == "hand"


def test_a_pung_won_on_a_discard_is_not_a_concealed_pung():
    # 111m 555p 123s 77z and 99s, won on 9s from a discard: 999s is melded by the discard, 双暗刻 is 111m 555p
    _, fans = lights("111m555p99s123s77z9s")
    assert fans["two_concealed_pungs"] == ("sets", "1m 1m 1m 5p 5p 5p")
    assert fans["pung_of_terminals_or_honors"] == ("sets", "1m 1m 1m 9s 9s 9s")


def test_the_wind_pungs_and_the_edge_wait():
    # 123m (won on 3m: 边张) 456p 789s 东东东 (圈风 and 门风 of East) 55z
    _, fans = lights("12m456p789s11155z3m")
    assert fans["edge_wait"] == ("sets", "1m 2m 3m")
    assert fans["prevalent_wind"] == fans["seat_wind"] == ("sets", "1z 1z 1z")


@pytest.mark.parametrize(("hand", "fan"), [("11m22m33p44p55s66s77z", "seven_pairs"),
                                           ("11223344556677m", "seven_shifted_pairs"),
                                           ("1112345678999m5m", "nine_gates"),
                                           ("[123m1][345m1]56s678p33z7s", "chicken_hand")])
def test_a_fan_of_the_whole_hand_lights_every_tile(hand, fan):
    tiles, fans = lights(hand)
    assert fans[fan] == ("hand", " ".join(tiles)) and len(tiles) == 14


def test_the_fans_of_how_it_was_won_light_the_winning_tile():
    _, fans = lights("12345678m11p234s9m", {"last_copy": True})
    assert fans["last_tile"] == ("win", "9m")  # 和绝张
    assert fans["concealed_hand"] == ("win", "")
    _, fans = lights("[1111m1]234567m888m5z5z", {"win": "self_drawn", "kong_replacement": True})
    assert fans["out_with_replacement_tile"] == ("win", "5z")  # 杠上开花
    assert fans["melded_kong"] == ("sets", "1m 1m 1m 1m")


def test_every_reading_of_a_hand_lights_its_own_tiles():
    (result,) = evaluate("[555s2]1122233344s4s", "guobiao")["results"]
    assert len(result["shapes"]) == 3
    for shape in result["shapes"]:
        size = sum(len(g["tiles"]) for g in shape["groups"])
        for fan in shape["fans"]:
            assert fan["about"] in ("hand", "sets", "win", "none")
            assert all(0 <= p < size for p in fan["tiles"])
            assert fan["about"] not in ("hand", "sets") or fan["tiles"], fan


def test_erren_lights_its_guobiao_rows_the_same_way_and_its_own_as_declared():
    _, fans = lights("123m345m678m555z9m9m", rules="erren")  # 箭刻 on 中中中
    assert fans["dragon_pung"] == ("sets", "5z 5z 5z")
    _, fans = lights("v1.123345678m1115z-5z.1f~erren", rules="erren")
    assert fans["flower_tiles"] == ("none", "")
