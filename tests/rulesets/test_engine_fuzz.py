"""Fuzzing the engine's front door: any hand string, any context, any rules and options.

Only the project's own errors (MahjongError subclasses) may come out of parse_hand and evaluate, and an
impossible hand — five copies of a tile, a wrong tile count, contradictory flags — must be refused,
never scored.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulesets.engine import CONTEXT_FIELDS, evaluate
from rulesets.errors import ContextError, HandError, MahjongError, RulesError
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets
from rulesets.tiles import ALL_TILES

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULESETS = all_rulesets()
RULE_IDS = [r.id for r in RULESETS]
TILE_TEXT = [str(t) for t in ALL_TILES]
SEATS = ["E", "S", "W", "N", "X", "Y"]

# --- strategies ------------------------------------------------------------------------------------

# Pieces of the notations (helper, GB, mpsz, Unicode tiles, share codes) and things near them.
NOTATION_PIECES = st.sampled_from(
    [*"0123456789mpszfESWNCFPabcdefgh[],| vh/-_.", "🀄", "🀇", "🀙", "🀐", "🀢", "\ufe0f", "【", "】", "、", "１", "\x00"]
)
NOTATION_TEXT = st.lists(NOTATION_PIECES, max_size=60).map("".join)
ANY_TEXT = st.text(max_size=80)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)

PLAUSIBLE_CONTEXT_VALUES = {
    "win": st.sampled_from(["self_drawn", "discard", "rob_kong", "SELF_DRAWN", ""]),
    "seat": st.sampled_from(SEATS + ["e", "Q", ""]),
    "round_wind": st.sampled_from(SEATS + ["east"]),
    "from_seat": st.sampled_from(SEATS + [None, ""]),
    "flowers": st.integers(-2, 10) | st.lists(st.sampled_from([*"abcdefghi", "1f", "8f", "9f", "1m"]), max_size=9)
    | st.sampled_from(["ab", "1f2f", "aa", "zz"]),
    "wildcard": st.sampled_from(TILE_TEXT[:5] + ["1f", "0m", "", None]),
    "already_won": st.lists(st.sampled_from(SEATS + ["Z"]), max_size=4),
    "kongs": st.lists(
        st.fixed_dictionaries(
            {"seat": st.sampled_from(SEATS), "kind": st.sampled_from(["exposed", "concealed", "added", "big"])},
            optional={"fed_by": st.sampled_from(SEATS + [None])},
        ),
        max_size=4,
    ),
}


def context_values(key: str) -> st.SearchStrategy[Any]:
    plausible = PLAUSIBLE_CONTEXT_VALUES.get(key, st.booleans() | st.sampled_from([0, 1, "yes", "no", 2]))
    return plausible | JSON_VALUES


CONTEXT_KEYS = st.lists(st.sampled_from(CONTEXT_FIELDS + ("bogus",)), unique=True, max_size=6)
CONTEXTS = st.none() | JSON_VALUES | CONTEXT_KEYS.flatmap(
    lambda keys: st.fixed_dictionaries({k: context_values(k) for k in keys})
)
RULES = st.none() | st.sampled_from(["all", "", "gb", "国标", "nosuch"]) | st.lists(
    st.sampled_from(RULE_IDS + ["mcr", "nosuch", ""]) | st.integers(), max_size=3
)


def _option_values(ruleset_id: str) -> st.SearchStrategy[dict[str, Any]]:
    ruleset = next(r for r in RULESETS if r.id == ruleset_id)
    keys = [o.key for o in ruleset.option_infos()] + ["bogus"]
    plausible = [getattr(o.default, "value", o.default) for o in ruleset.option_infos()]
    plausible += [getattr(c, "value", c) for o in ruleset.option_infos() for c in (o.choices or ())]
    values = st.sampled_from(plausible) | JSON_VALUES if plausible else JSON_VALUES
    return st.dictionaries(st.sampled_from(keys), values, max_size=3)


OPTIONS = st.none() | JSON_VALUES | st.sampled_from(RULE_IDS).flatmap(
    lambda rid: st.fixed_dictionaries({rid: _option_values(rid)}) | _option_values(rid)
)


@st.composite
def winning_hand_strings(draw: st.DrawFn) -> str:
    """A hand string of four sets and a pair from the 136 tiles, some sets written as claimed packs."""
    left = Counter({t: 4 for t in TILE_TEXT})
    packs, standing = [], []
    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        start = draw(st.sampled_from(TILE_TEXT))
        rank, suit = int(start[0]), start[1]
        if kind == "chow" and (suit == "z" or rank > 7):
            kind = "pung"
        group = [f"{rank + i}{suit}" for i in range(3)] if kind == "chow" else [start] * (4 if kind == "kong" else 3)
        assume(all(left[t] >= group.count(t) for t in group))
        left.subtract(group)
        written = draw(st.sampled_from(["standing", "pack"])) if kind != "kong" else "pack"
        if written == "standing":
            standing += group
            continue
        digits = "".join(str(int(t[0])) for t in group)
        mark = {"chow": st.sampled_from(["1", "2", "3", ""]), "pung": st.sampled_from(["1", "2", "3"]),
                "kong": st.sampled_from(["", "1", "2", "3", "5", "6", "7"])}[kind]
        packs.append(f"[{digits}{suit}{draw(mark)}]")
    pair = draw(st.sampled_from([t for t in TILE_TEXT if left[t] >= 2]))
    standing += [pair, pair]
    order = draw(st.permutations(standing))
    return "".join(packs) + "".join(order)


@st.composite
def tile_lists(draw: st.DrawFn, sizes: st.SearchStrategy[int]) -> list[str]:
    """Tiles with at most four copies each, so only the count can be wrong."""
    size = draw(sizes)
    pool = [t for t in TILE_TEXT for _ in range(4)]
    return draw(st.permutations(pool))[:size]


TILE_STRINGS = tile_lists(st.integers(1, 18)).map("".join)


# --- helpers: every failure names its input ---------------------------------------------------


def answer(hand: Any, rules: Any = None, context: Any = None, options: Any = None) -> dict[str, Any] | MahjongError:
    """evaluate()'s result or its MahjongError; any other exception fails the test, naming the input."""
    try:
        return evaluate(hand, rules, context, options)
    except MahjongError as exc:
        assert exc.message, repr(exc)
        return exc
    except Exception as exc:  # noqa: BLE001 - this is what the test is looking for
        pytest.fail(f"evaluate({hand!r}, {rules!r}, {context!r}, {options!r}) raised {type(exc).__name__}: {exc}")


def assert_refused(error: type[MahjongError], hand: str, rules: Any = None, context: Any = None) -> None:
    outcome = answer(hand, rules, context)
    if not isinstance(outcome, error):
        pytest.fail(f"{hand!r} under {rules} with {context}: expected {error.__name__}, got {_describe(outcome)}")


def _describe(outcome: dict[str, Any] | MahjongError) -> str:
    if isinstance(outcome, MahjongError):
        return f"{type(outcome).__name__}: {outcome.message}"
    results = (f"{r['rules']} valid={r['valid']} reason={r['reason']!r}" for r in outcome["results"])
    return "a result: " + "; ".join(results)


# --- nothing but the project's errors ------------------------------------------------------------


@FUZZ
@given(NOTATION_TEXT | ANY_TEXT | TILE_STRINGS)
def test_the_parser_raises_only_its_own_errors(text: str) -> None:
    try:
        hand = parse_hand(text)
    except MahjongError as exc:
        assert exc.message
        return
    _assert_possible(hand)


@FUZZ
@given(NOTATION_TEXT | ANY_TEXT | winning_hand_strings() | TILE_STRINGS, RULES, CONTEXTS, OPTIONS)
def test_evaluate_raises_only_its_own_errors_for_any_input(hand: str, rules: Any, context: Any, options: Any) -> None:
    result = answer(hand, rules, context, options)
    if not isinstance(result, MahjongError):
        _assert_well_formed(result)


@FUZZ
@given(winning_hand_strings(), CONTEXTS, st.sampled_from([None, *RULE_IDS]))
def test_winning_hands_with_any_context_score_or_are_refused_with_a_reason(hand: str, context: Any, rules: Any) -> None:
    result = answer(hand, rules, context)
    if isinstance(result, MahjongError):
        return
    _assert_well_formed(result)
    # What was scored is the hand that was given: its share code reads back to the same tiles.
    assert sorted(map(str, parse_hand(result["hand"]).all_tiles)) == sorted(map(str, parse_hand(hand).all_tiles))


def _assert_possible(hand: Any) -> None:
    counts = Counter(hand.all_tiles)
    assert max(counts.values(), default=0) <= 4, counts
    assert len(hand.context.flowers) == len(set(hand.context.flowers))


def _assert_well_formed(result: dict[str, Any]) -> None:
    assert isinstance(result["hand"], str) and result["hand"]
    json.dumps(result, ensure_ascii=False).encode("utf-8")  # serialisable, and no lone surrogates
    _assert_possible(parse_hand(result["hand"]))
    for r in result["results"]:
        assert r["rules"] in RULE_IDS
        assert isinstance(r["total"], int)
        assert (r["reason"] is None) == r["valid"], r
        assert sum(r["payouts"].values()) == 0, r["payouts"]
        assert all(f["count"] >= 1 for f in r["fans"])


# --- impossible hands are refused ----------------------------------------------------------------


@FUZZ
@given(st.sampled_from(TILE_TEXT), st.lists(st.sampled_from(TILE_TEXT), min_size=9, max_size=9), st.randoms())
def test_five_copies_of_a_tile_are_refused(five: str, rest: list[str], rnd: Any) -> None:
    tiles = [five] * 5 + rest
    rnd.shuffle(tiles)
    assert_refused(HandError, "".join(tiles))


@FUZZ
@given(st.sampled_from(TILE_TEXT[:27]), st.lists(st.sampled_from(TILE_TEXT), min_size=7, max_size=7))
def test_a_fifth_copy_across_a_kong_and_the_standing_tiles_is_refused(kong: str, rest: list[str]) -> None:
    assert_refused(HandError, f"[{kong[0] * 4}{kong[1]}]" + "".join(rest) + kong * 4)


@pytest.mark.parametrize("ruleset", RULE_IDS)
@FUZZ
@given(hand=TILE_STRINGS)
def test_tiles_of_any_count_raise_only_the_projects_errors(ruleset: str, hand: str) -> None:
    result = answer(hand, [ruleset])
    if not isinstance(result, MahjongError):
        _assert_well_formed(result)


@pytest.mark.parametrize("ruleset", RULESETS, ids=RULE_IDS)
@FUZZ
@given(data=st.data())
def test_a_waiting_hand_is_answered_with_its_waits_never_as_a_win(ruleset: Any, data: st.DataObject) -> None:
    hand = "".join(data.draw(tile_lists(st.just(ruleset.hand_size - 1)), label="tiles"))
    result = answer(hand, [ruleset.id])
    if isinstance(result, MahjongError):
        return  # e.g. honours in a system without them
    _assert_well_formed(result)
    (scored,) = result["results"]
    assert scored["valid"] is False and scored["reason"], scored
    assert all(w["tile"] in TILE_TEXT for w in scored["waits"]), scored["waits"]


@pytest.mark.parametrize("ruleset", RULESETS, ids=RULE_IDS)
@FUZZ
@given(data=st.data())
def test_a_tile_count_that_is_neither_a_win_nor_a_wait_is_refused(ruleset: Any, data: st.DataObject) -> None:
    size = data.draw(st.integers(1, 20).filter(lambda n: n % 3 == 0 or (n % 3 == 1 and n != ruleset.hand_size - 1)))
    assert_refused(HandError, "".join(data.draw(tile_lists(st.just(size)), label="tiles")), [ruleset.id])


@pytest.mark.parametrize("ruleset", RULESETS, ids=RULE_IDS)
@FUZZ
@given(data=st.data())
def test_a_hand_of_another_size_is_refused_by_the_system(ruleset: Any, data: st.DataObject) -> None:
    size = data.draw(st.integers(2, 20).filter(lambda n: n % 3 == 2 and n != ruleset.hand_size), label="size")
    hand = "".join(data.draw(tile_lists(st.just(size)), label="tiles"))
    assert_refused(HandError, hand, [ruleset.id])


@pytest.mark.parametrize("ruleset", RULE_IDS)
@FUZZ
@given(hand=winning_hand_strings())
def test_a_legal_request_is_never_refused_for_its_rules(ruleset: str, hand: str) -> None:
    result = answer(hand, [ruleset])
    assert not isinstance(result, RulesError), f"{ruleset} refused {hand!r}: {result}"


# Pairs of flags that cannot go together on the hand below (it holds no kong and no 5m twice).
CONTRADICTIONS = {
    "kong replacement on a discard": {"win": "discard", "kong_replacement": True},
    "kong replacement without a kong": {"win": "self_drawn", "kong_replacement": True},
    "robbing a kong on the last tile": {"win": "rob_kong", "last_tile": True},
    "robbing a kong of the last copy": {"win": "rob_kong", "last_copy": True},
    "robbing a kong of a tile the hand holds": {"win": "rob_kong", "from_seat": "S"},
    "a discarder for a self-drawn win": {"win": "self_drawn", "from_seat": "S"},
    "winning on one's own discard": {"seat": "S", "from_seat": "S"},
    "after a kong on a self-drawn win": {"win": "self_drawn", "after_kong": True},
    "heavenly and earthly at once": {"seat": "S", "heavenly": True, "earthly": True},
    "heavenly for a non-dealer": {"seat": "S", "win": "self_drawn", "heavenly": True},
    "heavenly on a discard": {"win": "discard", "heavenly": True},
    "earthly for the dealer": {"seat": "E", "earthly": True},
    "the winner already won": {"seat": "S", "already_won": ["S"]},
    "the discarder already won": {"from_seat": "W", "seat": "N", "already_won": ["W"]},
    "a flower twice": {"flowers": ["1f", "1f"]},
    "the last copy of a tile the hand holds twice": {"last_copy": True},
}
# 1m is the winning tile and the hand holds another 1m: robbing it or calling it the last copy lies.
CONTRADICTED_HAND = "123m456m789m234p11m"
# Contradictions whatever the tiles (the others depend on a kong or on the winning tile's copies).
ANY_HAND_CONTRADICTIONS = [
    c for name, c in CONTRADICTIONS.items()
    if name not in ("kong replacement without a kong", "robbing a kong of a tile the hand holds",
                    "the last copy of a tile the hand holds twice")
]
# The same, written in the GB format's flags: self-drawn, last copy, last tile, kong.
GB_FLAG_CONTRADICTIONS = {
    "robbing a kong on the last tile": "|EE0011",
    "robbing a kong of the last copy": "|EE0101",
    "robbing a kong of a tile the hand holds": "|EE0001",
    "the last copy of a tile the hand holds": "|EE0100",
    "kong replacement without a kong": "|EE1001",
}


# Where winners stay in the hand (血流成河) a player who already won may discard and win again.
WINNERS_LEAVE = ("the winner already won", "the discarder already won")
WINNERS_STAY_RULES = ("sichuan-xueliu",)


@pytest.mark.parametrize(
    "ruleset, context",
    [
        pytest.param(r, c, id=f"{r}-{name}")
        for r in RULE_IDS
        for name, c in CONTRADICTIONS.items()
        if not (r in WINNERS_STAY_RULES and name in WINNERS_LEAVE)
    ],
)
def test_contradictory_flags_are_refused(context: dict[str, Any], ruleset: str) -> None:
    assert_refused(ContextError, CONTRADICTED_HAND, [ruleset], context)


@pytest.mark.parametrize("name", WINNERS_LEAVE)
def test_where_winners_stay_a_player_who_already_won_may_win_or_discard(name: str) -> None:
    data = evaluate(CONTRADICTED_HAND, list(WINNERS_STAY_RULES), CONTRADICTIONS[name])
    assert data["results"][0]["valid"] is True


@pytest.mark.parametrize("flags", GB_FLAG_CONTRADICTIONS.values(), ids=GB_FLAG_CONTRADICTIONS.keys())
def test_contradictory_flags_in_a_gb_hand_string_are_refused(flags: str) -> None:
    with pytest.raises(ContextError):
        parse_hand(CONTRADICTED_HAND + flags)


@FUZZ
@given(winning_hand_strings(), st.sampled_from(ANY_HAND_CONTRADICTIONS))
def test_contradictory_flags_are_refused_on_any_winning_hand(hand: str, context: dict[str, Any]) -> None:
    assert_refused(ContextError, hand, None, context)
