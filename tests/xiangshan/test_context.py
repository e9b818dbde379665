"""象山: seat flowers, the declared context (送杠, 互包) and the seed preset in share codes."""

from __future__ import annotations

from rulesets.engine import evaluate
from rulesets.hand import Seat
from rulesets.tiles import tile
from rulesets.xiangshan.fans import own_flowers


def test_each_seat_has_its_season_and_its_plant():
    assert own_flowers(Seat.E) == {tile("5f"), tile("1f")}  # 春 梅
    assert own_flowers(Seat.N) == {tile("8f"), tile("4f")}  # 冬 菊


def test_the_huibao_tally_travels_in_the_share_code():
    ctx = {"seat": "S", "from_seat": "E", "fed_melds": {"W": 3}}
    first = evaluate("[111m3][444p3][777s3]55z33s3s", "xiangshan", ctx)
    assert "fed_melds-W3" in first["hand"]
    assert evaluate(first["hand"])["results"][0]["payouts"] == first["results"][0]["payouts"]


def test_the_seed_preset_travels_as_its_options():
    first = evaluate("1199m1199p2299s55z", "xiangshan", {"seat": "W", "from_seat": "E"}, {"preset": "seed"})
    assert "model-seed" in first["hand"]
    assert evaluate(first["hand"])["results"][0]["total"] == 4


def test_the_seed_table_says_it_does_not_count_flowers():
    result = evaluate("1199m1199p2299s55z", "xiangshan", {"flowers": 2}, {"preset": "seed"})["results"][0]
    assert result["total"] == 4 and result["notes"]


def test_the_card_is_provisional_in_both_languages():
    result = evaluate("12m456p789s555z22s3m", "xiangshan")["results"][0]
    assert result["provisional"] is True
    assert "暂定" in result["provisional_note"]["zh"] and "Provisional" in result["provisional_note"]["en"]
