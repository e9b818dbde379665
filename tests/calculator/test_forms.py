"""The calculator's form: the engine's own errors for bad input, the win context, systems, house rules,
and the edits of the no-JavaScript palette."""

import random
from dataclasses import replace

import pytest
from django.http import QueryDict
from django.utils import translation
from django.utils.translation import get_language

from calculator import forms
from calculator.editor import EditError
from calculator.engine_messages import render
from calculator.forms import CalculatorForm, apply_edit
from rulesets.errors import ContextError, MahjongError
from rulesets.hand import SYSTEM_CHECKS, Seat, WinContext, WinMethod
from rulesets.notation import format_hand, parse_hand, read_hand
from rulesets.registry import all_rulesets, get_ruleset
from rulesets.tiles import ALL_TILES
from tests.guobiao import handgen


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


HAND = "123m456p789s345m22z"  # 花龙 on a discard of 2z, a second 2z in the hand
SUITED = "123m456m789m123p55p"


def form(**data):
    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, value)
        else:
            query[key] = value
    f = CalculatorForm(query)
    f.is_valid()
    return f


def engine_message(text):
    with pytest.raises(MahjongError) as caught:
        parse_hand(text)
    return caught.value


@pytest.mark.parametrize("text", ["123m4x56p", "123m[124m]", "11111m234p", "1234567m8z"])
def test_it_rejects_bad_input_with_the_engines_message_and_position(text):
    f = form(hand=text)
    expected = engine_message(text)
    assert not f.is_valid()
    assert f.errors["hand"] == [render(expected)]  # the engine's message in the reader's language
    assert render(expected) == expected.render(get_language() or "en")
    assert f.hand_error.position == expected.position
    assert f.request is None


def test_a_hand_still_being_entered_is_not_an_error():
    f = form(hand="123m")
    assert f.is_valid()
    assert f.parsed is None and f.request is None


def test_a_hand_over_the_length_limit_is_refused():
    f = form(hand="1m" * 300)
    assert "hand" in f.errors


def test_a_complete_hand_becomes_the_engines_request():
    f = form(hand=HAND)
    assert f.is_valid()
    assert str(f.request.hand.winning_tile) == "2z"
    assert [r.id for r in f.request.rulesets] == ["guobiao"]


def test_by_default_every_system_that_can_read_the_hand_is_compared():
    chosen = {r.id for r in form(hand=SUITED).chosen_rulesets()}
    assert {"guobiao", "sichuan"} <= chosen
    assert "sichuan" not in {r.id for r in form(hand=HAND).chosen_rulesets()}  # honours: 四川 has none


def test_ticked_systems_replace_the_automatic_choice():
    f = form(hand=HAND, rules_shown="1", rules=["sichuan"])
    assert [r.id for r in f.request.rulesets] == ["sichuan"]


def test_with_the_switch_on_the_ticks_are_ignored():
    f = form(hand=SUITED, rules_shown="1", rules_auto="1", rules=["guobiao"])
    assert "sichuan" in {r.id for r in f.request.rulesets}


def test_the_context_of_a_gb_string_applies_and_the_controls_change_what_they_set():
    gb = "[CCC,2][1111m]456p78sSS9s|ES1000|ae"
    f = form(hand=gb)
    assert f.context.from_string
    assert f.context.value.seat is Seat.S and f.context.value.self_drawn
    moved = form(hand=gb, seat="W")
    assert moved.context.value.seat is Seat.W and moved.context.value.self_drawn


def test_a_flag_that_contradicts_how_the_hand_was_won_is_dropped_with_the_engines_reason():
    f = form(hand="[5555s]123m456p789p1z1z", win="discard", kong_replacement="1")
    assert not f.context.value.kong_replacement
    assert "杠上开花" in f.context.dropped["kong_replacement"]
    assert f.is_valid() and f.request is not None


def test_a_flag_the_hand_allows_is_applied():
    f = form(hand="[5555s]123m456p789p1z1z", win="self_drawn", kong_replacement="1")
    assert f.context.value.kong_replacement
    assert f.context.dropped == {}


def test_choices_the_hand_rules_out_are_listed_with_why():
    unavailable = form(hand=HAND).context.unavailable
    assert "抢杠和" in unavailable["win=rob_kong"]  # the hand holds another 2z
    assert "杠上开花" in unavailable["kong_replacement"]  # on a discard, and no kong
    assert "win=self_drawn" not in unavailable
    assert "from_seat=E" in unavailable  # the winner (E) cannot discard to themself


def _every_trial_asked(hand, ctx, skip):
    """What the engine says of each choice the controls offer, each asked of a hand of its own."""
    out = {}
    for control, trial, _problem in forms._trials(ctx):
        try:
            hand.with_context(trial).check_context(players=4, skip_checks=skip)
        except ContextError as exc:
            out[control] = render(exc)
    return out


def _sample_hands():
    rng, hands = random.Random(2027), []
    while len(hands) < 300:
        hand = handgen.random_standard(rng)
        if hand is not None:
            hands += [hand, replace(hand, winning_tile=None)] if rng.random() < 0.2 else [hand]
    return hands


def test_the_choices_ruled_out_are_the_engines_each_choice_asked_alone():
    # the tiles' checks are asked only of the contexts the hand's facts say they may refuse: the same choices,
    # for the same reasons, as asking the engine of every one
    flagged = [WinContext(win=w, **{key: True}) for w in WinMethod for key in forms.FLAGS]
    for hand in _sample_hands():
        for ctx in [hand.context, WinContext(), *flagged]:
            for skip in (frozenset(), SYSTEM_CHECKS):
                result = forms.Context(value=ctx)
                forms._list_unavailable(result, hand, skip)
                result.unavailable.pop("from_seat", None)  # a self-drawn win's, said by the form
                assert result.unavailable == _every_trial_asked(hand, ctx, skip), (str(hand), ctx, skip)


def test_the_tiles_facts_are_read_as_the_engine_reads_the_tiles():
    # a pack's tiles as the run from its lowest tile's index, or that tile: what Meld.tiles holds
    hands = _sample_hands()
    for hand in hands + [replace(h, winning_tile=t) for h in hands[:60] for t in ALL_TILES]:
        facts = forms._TileFacts.of(hand)
        won = hand.winning_tile
        standing = won is not None and won in hand.standing
        held = standing or (won is not None and any(won in m.tiles for m in hand.melds))
        assert (facts.complete, facts.standing, facts.held) == (won is not None, standing, held), str(hand)
        assert facts.kong == bool(hand.kongs), str(hand)


def test_the_choices_ruled_out_kept_per_tiles_are_the_engines_for_each_hand():
    # kept per context, language and the tiles' facts: every hand alike in those is judged as the engine judges it
    with translation.override("en"):
        for hand in _sample_hands():
            for ctx in (hand.context, WinContext(win=WinMethod.SELF_DRAWN, last_copy=True)):
                result = forms.Context(value=ctx)
                forms._list_unavailable(result, hand, frozenset(), None, ("en", False))
                result.unavailable.pop("from_seat", None)
                assert result.unavailable == _every_trial_asked(hand, ctx, frozenset()), (str(hand), ctx)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "hongkong"])
def test_the_reasons_a_choice_is_off_are_said_in_the_pages_language_and_words(rules):
    # the reasons the context alone gives are rendered once per language, words and spelling: a page in
    # another language, or for a system that writes 胡, says them in its own
    data = {"hand": "123m456p789s11z234p", "rules": rules, "win": "self_drawn", "kong_replacement": "1"}
    for language in ("en", "zh-hans", "zh-hant", "en", "zh-hant", "zh-hans"):
        with translation.override(language):
            f = form(**data)
            with f.speaking():
                fresh = forms.resolve_context(f.parsed, f.cleaned_data)
            assert f.context.unavailable, language
            assert f.context.unavailable == fresh.unavailable, (language, rules)


def test_a_flag_never_locks_the_choice_it_depends_on():
    f = form(hand="[5555s]123m456p789p1z1z", win="self_drawn", kong_replacement="1")
    assert "win=discard" not in f.context.unavailable


def test_a_self_drawn_win_has_no_discarder():
    f = form(hand=HAND, win="self_drawn", from_seat="N")
    assert f.context.value.win is WinMethod.SELF_DRAWN and f.context.value.from_seat is None
    assert "from_seat" not in f.context.dropped
    assert f.context.unavailable["from_seat"]


def test_flowers_and_other_players_kongs_reach_the_engine():
    f = form(hand=HAND, flowers=["1f", "5f"], kong1="S.exposed.W", kong2="N.concealed")
    ctx = f.request.hand.context
    assert [str(t) for t in ctx.flowers] == ["1f", "5f"]
    assert [(k.seat.value, k.kind.value, k.fed_by and k.fed_by.value) for k in ctx.kongs] == [
        ("S", "exposed", "W"), ("N", "concealed", None)]


def test_a_kong_fed_by_its_own_player_is_not_a_choice():
    f = form(hand=HAND, kong1="S.exposed.S")
    assert "kong1" in f.errors
    assert f.context.value.kongs == ()


# -- house rules ---------------------------------------------------------------------------------------


def test_house_rules_are_the_defaults_until_their_fields_are_shown():
    f = form(hand=SUITED, **{"opt-sichuan-cap": "16"})
    assert f.options["sichuan"] == {}
    assert f.option_values["sichuan"] == get_ruleset("sichuan").parse_options()


def test_a_preset_just_chosen_replaces_the_fields_shown():
    f = form(hand=SUITED, **{"preset-sichuan": "jj-16", "applied-sichuan": "", "opt-sichuan-cap": "0"})
    assert f.options["sichuan"] == {"preset": "jj-16"}
    assert f.option_values["sichuan"].cap == 16


def test_fields_shown_for_the_current_preset_override_it():
    f = form(hand=SUITED, **{"preset-sichuan": "jj-16", "applied-sichuan": "jj-16", "opt-sichuan-cap": "8"})
    assert f.option_values["sichuan"].cap == 8
    assert f.request.options["sichuan"].cap == 8


def test_an_unticked_yes_no_rule_is_no_once_the_fields_were_shown():
    f = form(hand=SUITED, **{"applied-sichuan": ""})
    assert f.option_values["sichuan"].qianggang is False


def test_a_value_the_ruleset_refuses_is_reported_in_its_words():
    f = form(hand=SUITED, **{"applied-guobiao": "", "opt-guobiao-base_points": "-1"})
    assert not f.is_valid()
    assert any("base_points" in e for e in f.non_field_errors())


# -- the palette without JavaScript ----------------------------------------------------------------------


def edit(**data):
    query = QueryDict(mutable=True)
    query.update(data)
    return apply_edit(query)


def test_add_puts_a_tile_in_the_hand_box_and_drops_the_button():
    out = edit(hand="12m", add="3m")
    assert out["hand"] == "123m"
    assert "add" not in out


def test_a_pack_is_added_from_the_chosen_seat_and_the_mode_returns_to_tiles():
    out = edit(hand="11z", add="5z", mode="pung", meld_from="2")
    assert out["hand"] == "[555z2]11z"
    assert out["mode"] == "standing"


def test_a_chow_uses_the_claimed_place():
    assert edit(hand="", add="5s", mode="chow", chow_claimed="3", meld_from="2")["hand"] == "[345s3]"


def test_remove_and_clear_edit_the_hand_box():
    assert edit(hand="123m456p789s345m22z", remove="w")["hand"] == "123345m456p789s2z"
    assert edit(hand="123m", clear="1")["hand"] == ""


def test_a_hand_in_another_format_is_edited_in_editor_form():
    assert edit(hand="[CCC,2]123m", add="4m")["hand"] == "[555z2]1234m"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"hand": "1111m", "add": "1m"}, "5 copies"),
        ({"hand": "12m", "add": "9z"}, "9z"),
        ({"hand": "12x", "add": "3m"}, "cannot edit"),
        ({"hand": "12m", "remove": "p:0"}, "nothing to remove"),
    ],
)
def test_an_edit_the_hand_cannot_take_says_why(data, message):
    with pytest.raises(EditError, match=message):
        edit(**data)


def test_the_tiles_of_a_hand_read_from_a_hand_string_are_possible_as_the_engine_checks_them():
    # the reader checks a hand string's tiles (parse_hand): the form's facts of the hand it read take them as
    # checked, and are those read by asking the engine again
    texts = [format_hand(hand) for hand in _sample_hands()] + [
        "123456789m234p11m", "[123m1]456m789m345p55p", "1112345678999m5m", "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
        "1133557799m2244p", "19m19p19s1234567z1m", "123m", "[1111m][1111p]1111s11z", "[123m][123m][123m][123m]1m",
        "11111m"]
    for text in texts:
        try:
            hand = read_hand(text)[0]
        except MahjongError:
            continue  # refused by the reader: the form has no hand to read facts of
        assert forms._TileFacts.of(hand, checked=True) == forms._TileFacts.of(hand), text


def test_the_house_rule_fields_sent_are_each_systems_in_the_registrys_order():
    # the systems whose house rules were sent (applied- or preset-), found from the names sent
    systems = all_rulesets()
    sent = {systems[5].id: "applied", systems[0].id: "preset", systems[-1].id: "applied"}
    form = CalculatorForm(QueryDict("&".join(f"{kind}-{system}=" for system, kind in sent.items())))
    expected = list(CalculatorForm.base_fields) + [
        name for r in systems if r.id in sent for name in forms._house_rule_fields(r)]
    assert list(form.fields) == expected
