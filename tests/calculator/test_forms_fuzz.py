"""Fuzzing the pages' forms: random submissions of the calculator form (every field, the palette's
edit buttons, junk fields), of the fan search, and of the language switch — never a server error.

The field names and their choices come from the form classes themselves, so a new field is fuzzed
as soon as it exists.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from django import forms
from django.http import QueryDict
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculator.forms import ACTIONS, CalculatorForm
from rulesets.registry import all_rulesets
from rulesets.tiles import ALL_TILES, FLOWERS

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

TILE_TEXT = [str(t) for t in ALL_TILES + FLOWERS]
HANDS = st.sampled_from(
    ["123456789m234p11m", "[123m1]456m789m345p55p", "1112345678999m5m", "[CCC,2][1111m]456p78sSS9s|ES1000|ae",
     "1133557799m2244p", "19m19p19s1234567z1m", "123m", "11111m", "", " "]
) | st.lists(st.sampled_from([*TILE_TEXT, "[", "]", ",", "|", "E", "1", "9", " "]), max_size=30).map("".join)
# Unicode digits that str.isdigit() accepts and int() refuses (²) or reads (٣), and control/bidi characters
ODD_CHARACTERS = st.text(st.characters(categories=["Nd", "No", "Nl", "Cc", "Cf"]), min_size=1, max_size=3)
JUNK = (
    st.text(max_size=40)
    | st.sampled_from(["-1", "0", "999999999999999999999", "1e9", "NaN", "true", "\x00", "²", "①", "٣", "\u202e1"])
    | ODD_CHARACTERS
    | st.integers(4290, 4400).map(lambda n: "9" * n)
)


def _field_values(name: str, field: forms.Field) -> st.SearchStrategy[Any]:
    """Values the page itself would send for ``field``, and values it never would."""
    choices = [str(value) for value, _ in getattr(field, "choices", ()) if not isinstance(value, (list, tuple))]
    plausible: st.SearchStrategy[Any] = st.sampled_from(choices) if choices else st.nothing()
    if isinstance(field, forms.BooleanField):
        plausible = st.sampled_from(["on", "1", "0", "false"])
    if isinstance(field, forms.IntegerField):
        plausible = st.integers(-(10**12), 10**12).map(str)
    if name == "hand":
        plausible = HANDS
    single = plausible | JUNK
    if isinstance(field, forms.MultipleChoiceField):
        return st.lists(single, max_size=4)
    return single


FIELDS = CalculatorForm(QueryDict()).fields
FIELD_VALUES = {name: _field_values(name, field) for name, field in FIELDS.items()}
ACTION_VALUES = {
    "add": st.sampled_from(TILE_TEXT) | JUNK,
    "remove": st.sampled_from(["w", "p:0", "p:9", "t:1m", "t:5m", "t:", "x:1"]) | JUNK,
    "clear": st.just("1"),
    "make_winning": st.sampled_from(TILE_TEXT) | JUNK,
}
OTHER_ACTION = st.sampled_from(["1", *TILE_TEXT, "w", "p:0", "t:1m"]) | JUNK
"""Values for an edit button added to the form after this file was written (it is fuzzed at once too)."""


@st.composite
def calculator_queries(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(sorted(FIELD_VALUES)), max_size=12, unique=True))
    query = {name: draw(FIELD_VALUES[name]) for name in names}
    query["hand"] = draw(FIELD_VALUES["hand"])
    if draw(st.booleans()):
        action = draw(st.sampled_from(ACTIONS))
        query[action] = draw(ACTION_VALUES.get(action, OTHER_ACTION))
    if draw(st.booleans()):
        query[draw(st.text(min_size=1, max_size=10))] = draw(JUNK)
    return query


def _assert_answered(response: Any) -> None:
    assert response.status_code < 500, response.status_code
    assert response.status_code in (200, 302, 400), response.status_code


@FUZZ
@given(query=calculator_queries(), htmx=st.booleans())
def test_any_calculator_submission_is_answered_without_a_server_error(
    client: Client, query: dict[str, Any], htmx: bool
) -> None:
    response = client.get("/", query, headers={"HX-Request": "true"} if htmx else {})
    _assert_answered(response)
    if response.status_code == 302:
        assert response["Location"].startswith("/")


@FUZZ
@given(rules=st.lists(st.sampled_from([r.id for r in all_rulesets()]), min_size=1, max_size=3, unique=True),
       query=calculator_queries())
def test_any_submission_for_chosen_systems_is_answered(client: Client, rules: list[str], query: dict[str, Any]) -> None:
    response = client.get("/", {**query, "rules": rules, "rules_shown": "1"}, headers={"HX-Request": "true"})
    _assert_answered(response)


@FUZZ
@given(system=st.sampled_from([r.id for r in all_rulesets()]) | st.text(min_size=1, max_size=10).filter(
    lambda s: "/" not in s), q=JUNK, value=JUNK, htmx=st.booleans())
def test_any_fan_search_is_answered_without_a_server_error(
    client: Client, system: str, q: str, value: str, htmx: bool
) -> None:
    response = client.get(f"/fans/{system}/", {"q": q, "value": value}, headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code in (200, 301, 302, 404), response.status_code


@FUZZ
@given(language=st.sampled_from(["en", "zh-hans"]) | JUNK, next_url=st.sampled_from(["/", "/fans/"]) | JUNK)
def test_any_language_switch_is_answered_without_a_server_error(client: Client, language: str, next_url: str) -> None:
    response = client.post("/i18n/setlang/", {"language": language, "next": next_url})
    assert response.status_code in (200, 302), response.status_code
    if response.status_code == 302:  # Django's own check: the redirect stays on this site
        assert urlsplit(response["Location"]).netloc in ("", "testserver"), response["Location"]


@pytest.mark.parametrize("digit", ["²", "①", "٣", "Ⅻ", "\u202e1", "9" * 4301])
@pytest.mark.parametrize("mode,field", [("chow", "chow_claimed"), ("pung", "meld_from"), ("kong", "meld_from")])
def test_a_meld_digit_in_any_script_is_answered_not_a_server_error(client: Client, mode: str, field: str,
                                                                   digit: str) -> None:
    # int() on str.isdigit() characters was once a 500: "²".isdigit() is True, int("²") raises
    response = client.get("/", {"hand": "123m", "add": "5m", "mode": mode, field: digit})
    _assert_answered(response)
    # refused with the editor's notice, not applied with a digit the visitor did not give (a redirect)
    assert response.status_code == 200


@FUZZ
@given(digit=ODD_CHARACTERS, mode=st.sampled_from(["chow", "pung", "kong", "concealed_kong", "standing"]),
       tile=st.sampled_from(TILE_TEXT))
def test_palette_edits_with_odd_meld_digits_never_fail(client: Client, digit: str, mode: str, tile: str) -> None:
    for field in ("chow_claimed", "meld_from"):
        _assert_answered(client.get("/", {"hand": "123m", "add": tile, "mode": mode, field: digit}))


class _CleanedByDjango(CalculatorForm):
    """The calculator form with each field cleaned by Django's own machinery (a bound field, the field's
    ``clean``), to hold the form's short way to the same values and errors against."""

    _clean_fields = forms.Form._clean_fields


_CleanedByDjango.base_fields = CalculatorForm.base_fields  # the same fields (the flags are added after the class)


def _house_rule_values() -> dict[str, st.SearchStrategy[Any]]:
    """The house-rule fields of every system (sent once a system's panel was opened), with their values."""
    out: dict[str, st.SearchStrategy[Any]] = {}
    for r in all_rulesets():
        form = CalculatorForm(QueryDict(f"applied-{r.id}="))
        out.update({name: _field_values(name, field) for name, field in form.fields.items() if name not in FIELDS})
    return out


HOUSE_RULE_VALUES = _house_rule_values()


@FUZZ
@given(query=calculator_queries(), house=st.dictionaries(st.sampled_from(sorted(HOUSE_RULE_VALUES)),
                                                         st.just(None), max_size=6).flatmap(
    lambda names: st.fixed_dictionaries({name: HOUSE_RULE_VALUES[name] for name in names})),
       as_mapping=st.booleans())
def test_the_fields_are_cleaned_to_djangos_values_and_errors(query: dict[str, Any], house: dict[str, Any],
                                                           as_mapping: bool) -> None:
    sent = {**query, **house}
    data: Any = QueryDict(mutable=True)
    for name, value in sent.items():
        data.setlist(name, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    if as_mapping:  # a plain mapping (a test's or the landing page's), values as they are: lists too
        data = dict(sent)
    form, django = CalculatorForm(data), _CleanedByDjango(data)
    assert form.is_valid() == django.is_valid()
    assert form.cleaned_data == django.cleaned_data
    assert list(form.cleaned_data) == list(django.cleaned_data)  # in the fields' order, a field in error left out
    assert form.errors.get_json_data() == django.errors.get_json_data()
    assert list(form.errors) == list(django.errors)
    assert (form.table(), form.compared()) == (django.table(), django.compared())
