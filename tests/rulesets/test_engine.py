"""The engine's front door: context objects, rules and options resolution, the result object."""

import pytest

from rulesets.engine import build_request, context_from_mapping, context_to_mapping, evaluate
from rulesets.errors import ContextError, RulesError
from rulesets.hand import KongKind, Seat, WinContext, WinMethod
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset, resolve
from rulesets.sharecode import default_options, share_code
from rulesets.tiles import Tile

FULL = {
    "win": "self_drawn",
    "seat": "S",
    "round_wind": "W",
    "kong_replacement": True,
    "last_tile": True,
    "flowers": ["1f", "6f"],
    "wildcard": "5z",
    "already_won": ["N"],
    "kongs": [{"seat": "W", "kind": "exposed", "fed_by": "E"}],
}


def test_a_context_object_sets_every_field():
    ctx = context_from_mapping(FULL)
    assert ctx.win is WinMethod.SELF_DRAWN and ctx.seat is Seat.S and ctx.round_wind is Seat.W
    assert ctx.kong_replacement and ctx.last_tile
    assert ctx.flowers == (Tile.parse("1f"), Tile.parse("6f"))
    assert ctx.wildcard == Tile.parse("5z")
    assert ctx.already_won == frozenset({Seat.N})
    assert ctx.kongs[0].kind is KongKind.EXPOSED and ctx.kongs[0].fed_by is Seat.E


def test_context_objects_round_trip():
    ctx = context_from_mapping(FULL)
    assert context_from_mapping(context_to_mapping(ctx)) == ctx
    assert context_to_mapping(WinContext()) == {}


@pytest.mark.parametrize(
    "flowers, count",
    [(0, 0), (3, 3), ("ah", 2), (["a", "2f"], 2), ([], 0)],
)
def test_flowers_may_be_a_count_letters_or_tiles(flowers, count):
    assert len(context_from_mapping({"flowers": flowers}).flowers) == count


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"win": "x"}, "context.win"),
        ({"seat": "Q"}, "not a seat"),
        ({"last_tile": "perhaps"}, "true/false"),
        ({"flowers": 9}, "9 flowers"),
        ({"flowers": True}, "count"),
        ({"flowers": ["1m"]}, "not a flower"),
        ({"wildcard": "zz"}, "not a tile"),
        ({"already_won": 5}, "list of seats"),
        ({"kongs": [{"seat": "E", "kind": "exposed"}]}, "fed_by"),
        ({"kongs": [{"seat": "E", "kind": "huge"}]}, "kind"),
        ({"kongs": [{"seat": "E", "kind": "exposed", "fed_by": "E"}]}, "own kong"),
        ({"nope": 1}, "unknown context field"),
    ],
)
def test_bad_context_values_are_refused_with_the_field_named(data, fragment):
    with pytest.raises(ContextError, match=fragment):
        context_from_mapping(data)


def test_rules_resolve_by_id_alias_and_name():
    assert get_ruleset("MCR").id == get_ruleset("国标").id == "guobiao"
    assert [r.id for r in resolve("gb,guobiao")] == ["guobiao"]
    assert resolve("all") == resolve(None) == all_rulesets()
    with pytest.raises(RulesError, match="unknown rules 'x'"):
        resolve(["x"])


def test_every_registered_ruleset_has_a_unique_id_and_a_fan_table():
    ids = [r.id for r in all_rulesets()]
    assert len(ids) == len(set(ids))
    for r in all_rulesets():
        assert r.fans and r.unit and r.players in (2, 3, 4, 6)
        assert len({f.id for f in r.fans}) == len(r.fans), r.id


def test_options_for_several_rulesets_must_name_them():
    with pytest.raises(RulesError, match="give options per ruleset"):
        build_request("123m456m789m123p55p", ["gb", "sichuan"], options={"base_points": 8})
    with pytest.raises(RulesError, match="not among the chosen"):
        build_request("123m456m789m123p55p", ["gb"], options={"sichuan": {}})


def test_the_result_object_carries_the_canonical_share_code_and_one_result_per_system():
    data = evaluate("123m456m789m123p55p", ["gb", "sichuan"])
    assert data["hand"].startswith("v1.")
    assert [r["rules"] for r in data["results"]] == ["guobiao", "sichuan"]
    again = evaluate(data["hand"])
    assert again["hand"] == data["hand"]


@pytest.mark.parametrize("text, context", [
    ("123m456m789m123p55p", None),
    ("[789s1][1111p]23m456pWW1m", None),
    ("[CCC,2][1111m]456p78sSS9s|ES1000|ae", None),
    ("9m123p456p789s[555z2]9m 15f", None),
    ("123m456m789m123p55p", {"seat": "S", "from_seat": "W", "flowers": 2}),
    ("[CCC,2][1111m]456p78sSS9s|ES1000|ae", {"round_wind": "N"}),
    ("1112345678999m", None),
])
def test_the_result_objects_code_is_the_one_share_code_writes(text, context):
    request = build_request(text, context=context)
    assert evaluate(text, context=context)["hand"] == share_code(request.hand) == share_code(
        build_request(parse_hand(text), context=context).hand)


def test_each_systems_default_house_rules_are_one_value():
    for r in all_rulesets():
        assert default_options(r) is default_options(r) == r.parse_options(None) == r.parse_options({})


def test_a_waiting_hand_lists_its_winning_tiles_with_their_values():
    data = evaluate("1112345678999m", ["sichuan"])
    (result,) = data["results"]
    assert result["valid"] is False
    assert [w["tile"] for w in result["waits"]] == [f"{n}m" for n in range(1, 10)]
    assert all(w["valid"] and w["total"] >= 2 for w in result["waits"])  # 清一色 at least
    assert "1m" in result["reason_en"]


def test_a_hand_that_waits_on_nothing_says_so():
    (result,) = evaluate("1357m2468p1357s9m", ["sichuan"])["results"]
    assert result["waits"] == [] and "not ready" in result["reason_en"]


def test_every_system_links_name_no_system_and_chosen_systems_are_pinned():
    assert "~" not in evaluate("123m456m789m123p55p")["hand"]
    assert evaluate("123m456m789m123p55p", ["gb"])["hand"].endswith("~guobiao")


def test_a_share_code_brings_its_systems_and_house_rules():
    code = evaluate("123m456m789m123p55p", ["gb"], options={"base_points": 10})["hand"]
    again = evaluate(code)
    assert again["hand"] == code
    assert [r["rules"] for r in again["results"]] == ["guobiao"]
    assert again["results"][0]["options"]["base_points"] == 10
    assert [r["rules"] for r in evaluate(code, ["sichuan"])["results"]] == ["sichuan"]


def test_in_flowing_blood_a_player_who_already_won_may_win_again_and_share_it():
    context = {"seat": "S", "from_seat": "W", "already_won": ["S", "W"]}
    data = evaluate("123m456m789m234p11m", ["sichuan-xueliu"], context)
    assert data["results"][0]["valid"] is True
    assert evaluate(data["hand"])["results"][0]["payouts"] == data["results"][0]["payouts"]
    with pytest.raises(ContextError, match="already won"):
        evaluate("123m456m789m234p11m", ["sichuan"], context)


SIZED = {8: ("123p456p5s", "5s"), 17: ("123m456m789m123p456p1s", "1s")}  # by the system's hand size
FOURTEEN = ("123m456p789s123m5p", "5p")
HAND_SIZE = {r.id: r.hand_size for r in all_rulesets()}


def test_only_wuhan_makes_a_shared_check_its_own_way():
    assert {r.id: r.skip_checks for r in all_rulesets() if r.skip_checks} == {
        "wuhan": frozenset({"context.replacement_needs_kong"})}


@pytest.mark.parametrize("door", ["context", "hand string", "share code"])
@pytest.mark.parametrize("rules", [r.id for r in all_rulesets() if not r.skip_checks])
def test_every_other_system_refuses_a_kong_replacement_without_a_kong(rules, door):
    standing, winning = SIZED.get(HAND_SIZE[rules], FOURTEEN)
    with pytest.raises(ContextError, match="杠上开花 needs a kong in the winner's hand"):
        if door == "context":
            evaluate(standing + winning, rules, {"win": "self_drawn", "kong_replacement": True})
        elif door == "hand string":
            evaluate(standing + winning + "|EE1001", rules)
        else:
            evaluate(f"v1.{standing}-{winning}.sk~{rules}")
