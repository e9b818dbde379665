"""The 财神 of a hand: given, or derived from the indicator; 白板 at its face; 八对; three 财神."""

import pytest

from rulesets.engine import evaluate
from rulesets.hand import Hand, WinContext
from rulesets.notation import parse_hand
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.tiles import Tile, tiles
from rulesets.wenzhou import is_win, wild_rule
from rulesets.wenzhou.options import IndicatorRule, WenzhouOptions
from rulesets.wenzhou.pairs import eight_pairs

T = Tile.parse
BAI = T("7z")


def _hand(text: str, **ctx) -> Hand:
    h = parse_hand(text)
    return h.with_context(WinContext(**ctx))


def _table(**values):
    from rulesets.context import table_values

    return table_values(values)


def test_the_given_wildcard_is_the_caishen_and_baiban_plays_its_face():
    rule = wild_rule(_hand("123456789m5p234s67s1z1z", wildcard=T("5p")), WenzhouOptions())
    assert rule is not None and rule.wilds == frozenset({T("5p")}) and rule.stand_ins == ((BAI, T("5p")),)


def test_baiban_as_the_caishen_is_wild_and_stands_in_for_nothing():
    rule = wild_rule(_hand("123456789m5p234s67s1z1z", wildcard=BAI), WenzhouOptions())
    assert rule is not None and rule.wilds == frozenset({BAI}) and rule.stand_ins == ()


@pytest.mark.parametrize(("indicator", "rule", "caishen"), [
    ("4p", IndicatorRule.NEXT, "5p"), ("9s", IndicatorRule.NEXT, "1s"), ("4z", IndicatorRule.NEXT, "1z"),
    ("2z", IndicatorRule.NEXT, "3z"), ("5z", IndicatorRule.NEXT, "6z"), ("7z", IndicatorRule.NEXT, "5z"),
    ("4p", IndicatorRule.SAME, "4p")])
def test_the_indicator_gives_the_caishen_by_the_options_rule(indicator, rule, caishen):
    hand = _hand("123456789m5p234s67s1z1z", table=_table(indicator=T(indicator)))
    found = wild_rule(hand, WenzhouOptions(indicator_rule=rule))
    assert found is not None and found.wilds == frozenset({T(caishen)})


def test_without_a_caishen_the_hand_has_no_wilds_and_baiban_is_itself():
    hand = _hand("123456789m234567s7z7z")
    assert wild_rule(hand, WenzhouOptions()) is None
    (result,) = evaluate("123456789m234567s7z7z", "wenzhou", {"seat": "S"})["results"]
    assert result["valid"] and result["caishen"] is None and result["fans"][0]["id"] == "ying"


def test_eight_pairs_need_seventeen_concealed_tiles():
    t = tiles("1133557799m224466p3z")
    assert eight_pairs(Hand(t[:-1], winning_tile=t[-1]), None)
    melded = parse_hand("[123m1]33557799m22446p3z")
    assert eight_pairs(melded, None) == []


def test_eight_pairs_keep_caishen_at_their_face_when_they_can():
    t = tiles("1133557799m2244p5p5p3z")  # 5p 5p: a natural pair of the 财神's face
    rule = wild_rule(Hand(t[:-1], winning_tile=t[-1], context=WinContext(wildcard=T("5p"))), WenzhouOptions())
    (reading,) = eight_pairs(Hand(t[:-1], winning_tile=t[-1]), rule)
    assert reading.wilds_as_others == 0


def test_three_caishen_win_without_a_shape_and_two_do_not():
    rule_ctx = WinContext(wildcard=T("5p"), win=WinContext().win)
    three = parse_hand("129m19p19s123456z555p8s").with_context(rule_ctx)
    two = parse_hand("1239m19p19s123456z55p8s").with_context(rule_ctx)
    assert is_win(three, wild_rule(three, WenzhouOptions()))
    assert not is_win(two, wild_rule(two, WenzhouOptions()))


def test_the_card_says_what_each_caishen_stood_for():
    (result,) = evaluate("123456789m55p234s67s1z", "wenzhou", {"seat": "E", "wildcard": "5p"})["results"]
    subs = sorted(f"{s['tile']}→{s['as']}" for g in result["shape"]["groups"] for s in g.get("wild", ()))
    assert len(subs) == 2 and "5p→1z" in subs


def test_a_waiting_hand_lists_its_winning_tiles_with_values():
    (result,) = evaluate("123456789m5p23456s1z", "wenzhou", {"seat": "S", "wildcard": "5p"})["results"]
    assert not result["valid"]
    assert [(w["tile"], w["total"]) for w in result["waits"] if w["valid"]] == [
        ("1s", 1), ("4s", 1), ("7s", 1), ("1z", 1)]


def test_wenzhou_is_asked_for_by_name_only():
    wz = get_ruleset("wenzhou")
    assert not wz.can_read(parse_hand("123456789m234567s1z1z"))
    assert [get_ruleset(n).id for n in ("温州", "温州麻将", "wz", "WENZHOU")] == ["wenzhou"] * 4
    names = [n.casefold() for r in all_rulesets() if r.id != "wenzhou" for n in (r.id, r.zh, r.en, *r.aliases)]
    assert not {n.casefold() for n in (wz.id, wz.zh, wz.en, *wz.aliases)} & set(names)
