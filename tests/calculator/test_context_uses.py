"""The win-context controls say which chosen systems do not read them (Ruleset.context_fields)."""

import re
from html import unescape
from urllib.parse import urlencode

from django.http import QueryDict

from calculator import controls
from calculator.forms import KONG_ROWS, CalculatorForm
from rulesets.context import SHARED, Kind
from rulesets.registry import all_rulesets, get_ruleset

HAND = "123m456m789m123p55p"
HX = {"HX-Request": "true"}


def page(client, lang="en", headers=None, **query):
    response = client.get("/?" + urlencode(query, doseq=True), headers={"Accept-Language": lang, **(headers or {})})
    assert response.status_code == 200
    return unescape(response.content.decode())


def flag_item(html, name):
    match = re.search(rf'<li class="flag[^"]*">\s*<label><input type="checkbox" name="{name}".*?</li>', html, re.S)
    assert match, f"no flag {name}"
    return match.group(0)


def test_a_table_is_asked_only_what_its_system_reads(client):
    html = page(client, hand=HAND, rules="guobiao")
    assert 'name="heavenly"' not in html  # 国标 has no heavenly hand: the page does not ask
    assert "Not used by" not in flag_item(html, "kong_replacement")
    sichuan = page(client, hand=HAND, rules="sichuan")
    assert "Not used by" not in flag_item(sichuan, "heavenly")
    assert 'name="last_copy"' not in sichuan and 'name="round_wind"' not in sichuan


def test_compared_with_another_system_a_control_says_which_does_not_use_it(client):
    html = page(client, hand=HAND, rules=["guobiao", "sichuan"])
    item = flag_item(html, "heavenly")
    assert "Not used by Chinese Official (MCR)" in item
    assert re.search(r'aria-describedby="[^"]*\bid_heavenly-uses"', item)
    assert "Not used by Sichuan Mahjong (Bloody Battle)" in flag_item(html, "last_copy")


def test_a_value_set_for_a_control_the_table_does_not_ask_travels_on_unseen(client):
    html = page(client, hand=HAND, rules="sichuan", last_copy="1", round_wind="S")
    assert '<input type="hidden" name="last_copy" value="1">' in html
    assert '<input type="hidden" name="round_wind" value="S">' in html


def test_the_note_names_the_systems_in_the_active_language(client):
    html = page(client, lang="zh-hans", hand=HAND, rules_shown="1", rules=["guobiao", "sichuan"])
    assert "国标麻将" in flag_item(html, "heavenly")
    assert "四川麻将·血战到底" in flag_item(html, "last_copy")


def test_the_flowers_row_says_which_systems_have_no_flowers(client):
    html = page(client, hand=HAND, rules_shown="1", rules=["guobiao", "sichuan"])
    flowers = re.search(r'<fieldset id="flowers".*?</fieldset>', html, re.S).group(0)
    assert "Not used by Sichuan Mahjong (Bloody Battle)" in flowers


def test_when_the_readers_are_fewer_the_note_names_them() -> None:
    rulesets = [get_ruleset(n) for n in ("guobiao", "sichuan", "sichuan-xueliu")]
    uses = controls.uses_context(rulesets)
    assert uses["round_wind"] == "Only used by Chinese Official (MCR)"
    assert uses["win"] == ""
    assert uses["wildcard"] == "Not used by the chosen systems"


def test_choosing_other_systems_sends_the_context_part_again(client):
    full = page(client, hand=HAND, rules_shown="1", rules="guobiao")
    shown = ",".join(f"{part}:{sig}" for part, sig in re.findall(r'id="(\w+)"[^>]*data-sig="(\w+)"', full))
    headers = {**HX, "X-Parts": shown}
    same = page(client, headers=headers, hand=HAND, rules_shown="1", rules="guobiao")
    assert not re.search(r'id="context"', same)
    other = page(client, headers=headers, hand=HAND, rules_shown="1", rules="sichuan")
    assert re.search(r'id="context"[^>]*hx-swap-oob="true"', other)
    assert re.search(r'id="flowers"[^>]*hx-swap-oob="true"', other)


def test_the_values_of_controls_not_asked_travel_as_hidden_fields():
    sent = {"hand": HAND, "win": "self_drawn", "seat": "S", "round_wind": "W", "heavenly": "1", "earthly": "on",
            "kong_replacement": "1", "last_tile": "1", "already_won": ["N", "E"], "flowers": ["1f", "6f"],
            "wildcard": "4p", "kong1": "S.concealed", "kong3": "N.exposed.E"}
    carried = 0
    for r in all_rulesets():
        form = CalculatorForm(QueryDict(urlencode({**sent, "rules": r.id}, doseq=True)))
        form.is_valid()
        shown = controls.shown_context((r,))
        expected = []  # each shared field no chosen system reads, its controls' values that differ from the default
        for f in SHARED:
            if shown.get(f.key, True):
                continue
            for name in [f"kong{i}" for i in range(1, KONG_ROWS + 1)] if f.kind is Kind.KONGS else [f.key]:
                value = form.cleaned_data.get(name)
                expected += [{"name": name, "value": "1" if v is True else str(v)}
                             for v in (value if isinstance(value, list) else [value])
                             if v not in (None, "", False) and v != f.json(f.default)]
        assert controls.kept_values(form, shown) == expected, r.id
        carried += len(expected)
    assert carried  # some systems leave some of these unread


def test_the_controls_kept_per_context_and_reasons_are_those_drawn_afresh():
    # the controls' rows, selects and summary are kept per language, systems, context and the reasons its choices
    # are off (many hands share them): each is what the same form's controls are when drawn afresh
    from django.utils import translation

    hands = [HAND, "123m456m789m11z22z2z", "[5555s]123m456p789p1z1z", "123m456p789s345m22z", "123m456m789m12p"]
    queries = [{"rules": "guobiao"}, {"rules": ["guobiao", "sichuan"]}, {"rules": "hongkong"},
               {"rules": "sichuan", "already_won": ["N"], "win": "self_drawn"}, {"win": "rob_kong", "seat": "S"},
               {"rules": "guobiao", "last_copy": "1", "wildcard": "4p", "kong1": "S.concealed"}]
    for language in ("en", "zh-hant", "zh-hans"):
        with translation.override(language):
            for hand in hands:
                for query in queries:
                    form = CalculatorForm(QueryDict(urlencode({"hand": hand, **query}, doseq=True)))
                    form.is_valid()
                    with form.speaking():
                        kept = controls.controls_context(form)  # often another hand's, kept
                        states = dict(controls._STATES)
                        controls._STATES.clear()
                        fresh = controls.controls_context(form)
                        controls._STATES.update(states)
                    assert kept == fresh, (language, hand, query)
                    assert [*kept] == [*fresh]  # in the same order: the part's signature encodes it
    assert len(controls._STATES) <= 512
