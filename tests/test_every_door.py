"""One hand, one answer through every door: the typed hand, its share code, ``/h/<code>.json``
(the share page's answer) and the CLI give the same result object in every field but ``hand``.

Generated hands of every registered system, with every meld kind, the shared context flags and each
system's declared table context (rulesets.context: generated from the declarations, so a system added
later is covered without editing this file). ``hand`` itself must be a code that opens.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulesets.context import ContextField, Kind
from rulesets.engine import evaluate
from rulesets.errors import MahjongError
from rulesets.hand import seats
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.scoring import Ruleset
from rulesets.tiles import ALL_TILES

pytestmark = pytest.mark.django_db
_CHECKS = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much]
EVERY_DOOR = settings(max_examples=15, deadline=None, suppress_health_check=_CHECKS)
CODE_DOOR = settings(max_examples=80, deadline=None, suppress_health_check=_CHECKS)
RULESETS = all_rulesets()
TILES = [str(t) for t in ALL_TILES]
FLAGS = ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")


@st.composite
def winning_hands(draw: st.DrawFn, sets: int) -> str:
    """A hand string of ``sets`` sets and a pair, each set written standing or as a claimed pack of any kind."""
    left = {t: 4 for t in TILES}
    packs, standing = [], []
    for _ in range(sets):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        start = draw(st.sampled_from(TILES))
        rank, suit = int(start[0]), start[1]
        if kind == "chow" and (suit == "z" or rank > 7):
            kind = "pung"
        group = [f"{rank + i}{suit}" for i in range(3)] if kind == "chow" else [start] * (4 if kind == "kong" else 3)
        assume(all(left[t] >= group.count(t) for t in group))
        for t in group:
            left[t] -= 1
        if kind != "kong" and draw(st.booleans()):
            standing += group
            continue
        mark = {"chow": ["1", "2", "3", ""], "pung": ["1", "2", "3"], "kong": ["", "1", "2", "3", "5", "6", "7"]}[kind]
        packs.append(f"[{''.join(t[0] for t in group)}{suit}{draw(st.sampled_from(mark))}]")
    pair = draw(st.sampled_from([t for t in TILES if left[t] >= 2]))
    standing += [pair, pair]
    return "".join(packs) + "".join(draw(st.permutations(standing)))


def _declared(f: ContextField, table: list[str]) -> st.SearchStrategy[Any]:
    number = st.integers(f.minimum, min(f.maximum, f.minimum + 4))
    if f.kind is Kind.BOOL:
        return st.booleans()
    if f.kind is Kind.INT:
        return number
    if f.kind is Kind.TILE:
        return st.sampled_from(TILES)
    if f.kind is Kind.TILES:
        return st.lists(st.sampled_from(TILES), max_size=min(f.max_items, 3))
    if f.kind is Kind.SEAT:
        return st.sampled_from(table)
    if f.kind is Kind.SEATS:
        return st.lists(st.sampled_from(table), unique=True, max_size=2)
    if f.kind is Kind.PER_SEAT:
        return st.dictionaries(st.sampled_from(table), number, max_size=3)
    return st.sampled_from(f.choices or ("",))


def contexts(r: Ruleset) -> st.SearchStrategy[dict[str, Any]]:
    """How it was won, the flags, and some of the system's declared fields (built once per system)."""
    table = [s.value for s in seats(r.players)]
    required = {"win": st.sampled_from(["self_drawn", "discard", "rob_kong"]), "seat": st.sampled_from(table),
                "round_wind": st.sampled_from(table[:4])}
    optional: dict[str, st.SearchStrategy[Any]] = {flag: st.just(True) for flag in FLAGS}
    optional.update({f.key: _declared(f, table) for f in r.context})
    return st.fixed_dictionaries(required, optional=optional)


CONTEXTS = {r.id: contexts(r) for r in RULESETS}
HANDS = {n: winning_hands(n) for n in {(r.hand_size - 2) // 3 for r in RULESETS}}


def _without_hand(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "hand"}


def _cli(code: str) -> dict[str, Any]:
    out = io.StringIO()
    call_command("score", code, "--json", stdout=out)
    return json.loads(out.getvalue())


def _typed(ruleset: Ruleset, data: st.DataObject) -> dict[str, Any]:
    hand = data.draw(HANDS[(ruleset.hand_size - 2) // 3], label="hand")
    context = data.draw(CONTEXTS[ruleset.id], label="context")
    try:
        return evaluate(hand, [ruleset.id], context)
    except MahjongError:
        assume(False)
        raise


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.id for r in RULESETS])
@CODE_DOOR
@given(data=st.data())
def test_the_typed_hand_and_its_share_code_agree(ruleset: Ruleset, data: st.DataObject) -> None:
    typed = _typed(ruleset, data)
    assert len(typed["hand"]) <= 400, "every code issued must open at /h/"
    assert _without_hand(evaluate(typed["hand"])) == _without_hand(typed)


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.id for r in RULESETS])
@EVERY_DOOR
@given(data=st.data())
def test_the_typed_hand_its_share_page_and_the_cli_agree(client, ruleset: Ruleset, data: st.DataObject) -> None:
    typed = _typed(ruleset, data)
    code = typed["hand"]
    want = json.loads(json.dumps(_without_hand(typed)))
    response = client.get(f"/h/{code}.json")
    assert response.status_code == 200, response.content[:300]
    assert _without_hand(response.json()) == want
    assert _without_hand(_cli(code)) == want


def test_house_rules_given_with_named_rules_are_kept_in_the_returned_code() -> None:
    result = evaluate("[2222p][6666m1]123m345m7m7m|EE1001", "sichuan", {"replacement_kong": "6m"},
                      {"dianganghua": "dianpao"})
    again = evaluate(result["hand"])
    assert again["results"] == result["results"]


def test_flat_options_without_rules_keep_the_house_rules_in_the_returned_code() -> None:
    # honours: only 国标 reads the hand, so flat options are its house rules although no rules were named
    result = evaluate("123m456p789s123m55z", None, None, {"base_points": 5})
    assert [r["rules"] for r in result["results"]] == ["guobiao"]
    assert "base_points-5" in result["hand"]
    assert evaluate(result["hand"])["results"] == result["results"]


def _every_option_changed(ruleset: Ruleset) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for info in ruleset.option_infos():
        if info.kind == "bool":
            out[info.key] = not info.default
        elif info.kind == "choice":
            others = [c for c in info.choices or () if c != info.default]
            if others:
                out[info.key] = getattr(others[-1], "value", others[-1])
    return out


def test_a_long_code_with_every_house_rule_changed_still_opens(client) -> None:
    options = _every_option_changed(get_ruleset("sichuan"))
    result = evaluate("123m456m789m123p55p", "sichuan", {"win": "self_drawn"}, options)
    code = result["hand"]
    assert len(code) > 400  # longer than the old limit of the share page, which refused such links
    assert client.get(f"/h/{code}").status_code == 200
    assert _without_hand(client.get(f"/h/{code}.json").json()) == json.loads(json.dumps(_without_hand(result)))


def test_no_code_longer_than_a_link_may_hold_is_issued() -> None:
    from rulesets.errors import RulesError
    from rulesets.notation import MAX_LENGTH, parse_hand
    from rulesets.sharecode import share_code

    hand = parse_hand("123m456m789m123p55p")
    options = {r.id: _every_option_changed(r) for r in RULESETS if r.id.startswith("sichuan")}
    with pytest.raises(RulesError, match=str(MAX_LENGTH)):
        share_code(hand, list(options), options)
