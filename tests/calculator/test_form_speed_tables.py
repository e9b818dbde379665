"""The form's and the page's bounded tables (forms.preset_options, house_rules._FOLDED_AS_PRESET, controls._HIDDEN)
give what they are made of, and the win context's short reads (forms.resolve_context) what the long ones gave."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from calculator import controls, forms, house_rules
from calculator.forms import CalculatorForm, resolve_context
from rulesets.hand import WinContext, WinMethod
from rulesets.registry import all_rulesets
from rulesets.scoring import ALL_CONTEXT_FIELDS

GB = "[CCC,2][1111m]456p78sSS9s"
"""A 国标 hand string, with the context that follows it (``|ES1000|ae``: self-drawn) or without."""


def test_preset_options_are_the_systems_own_and_kept() -> None:
    for r in all_rulesets():
        for preset in ("", *r.presets, "no such preset"):
            built = forms.preset_options(r, preset)
            assert built == r.parse_options({"preset": preset} if preset in r.presets else None)
            assert forms.preset_options(r, preset) is built  # the same value: the page reads "no change" off it
    assert forms.system_options(all_rulesets()[0], {}) is forms.preset_options(all_rulesets()[0], "")


def test_a_system_folded_as_its_preset_is_drawn_as_before() -> None:
    from django.utils import translation

    with translation.override("en"):  # the words key is the active language's script, as the page asks it
        for r in all_rulesets():
            for preset in ("", *r.presets):
                form = CalculatorForm(QueryDict(f"rules={r.id}" + (f"&preset-{r.id}={preset}" if preset else "")))
                form.is_valid()
                folded = house_rules._folded(form, r, "en")
                assert dict(folded) == dict(house_rules._folded_as_preset("en", r, preset))
                assert house_rules._folded(form, r, "en") is folded


@pytest.mark.parametrize("read", [frozenset(), frozenset({"seat"}), ALL_CONTEXT_FIELDS,
                                  frozenset(ALL_CONTEXT_FIELDS) - {"kongs", "wildcard"}])
def test_the_hidden_controls_of_a_shown_view(read: frozenset[str]) -> None:
    shown = controls._shown(frozenset(read))
    unasked = tuple(key for key, asked in shown.items() if not asked)
    assert controls._hidden_of(shown) == controls._hidden(unasked) == controls._hidden_of(dict(shown))


@pytest.mark.parametrize("text", [GB + "|ES1000|ae", GB + "|ES0000|ae", GB])
@pytest.mark.parametrize("win", [None, "discard", "self_drawn", "rob_kong"])
def test_a_self_drawn_win_drops_the_discarder_whichever_way_it_was_said(text: str, win: str | None) -> None:
    from rulesets.notation import read_hand

    hand, _notes = read_hand(text)
    data = {"from_seat": "N", **({"win": win} if win else {})}
    context = resolve_context(hand, data)
    # the win chosen when it differs from the default, else the hand string's (read with the enum's descriptors)
    said_self_drawn = forms._mapping(data).get("win", hand.context.win.value) == WinMethod.SELF_DRAWN.value
    assert context.value.self_drawn is said_self_drawn
    if said_self_drawn:
        assert context.value.from_seat is None and "from_seat" not in context.dropped
    else:
        assert context.value.from_seat is not None or "from_seat" in context.dropped
    assert context.from_string is (hand.context != WinContext())
