"""The engine's messages on the calculator in the table's word: 胡 at 四川, 和 at 国标 (calculator/
engine_messages.py ``spelt_hu``; rulesets.messages.render with ``hu``)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

HAND = "11m234m567m789m55p5p"


def page(client, lang, **query):
    response = client.get("/?" + urlencode(query), headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("rules", "lang", "said", "not_said"), [
    ("sichuan", "zh-hans", "不能胡自己打出的牌", "不能和自己打出的牌"),
    ("sichuan", "zh-hant", "不能胡自己打出的牌", "不能和自己打出的牌"),
    ("guobiao", "zh-hans", "不能和自己打出的牌", "不能胡自己打出的牌"),
])
def test_a_refused_context_says_the_tables_word(client, rules, lang, said, not_said):
    html = page(client, lang, hand=HAND, rules=rules, seat="E", win="discard", from_seat="E")
    assert said in html and not_said not in html


def test_spelt_hu_holds_within_and_gives_back_the_outer_word_after_even_on_an_error():
    from calculator.engine_messages import _HU, spelt_hu

    assert _HU.get() == (False, None)
    with spelt_hu(True, "sys"):
        assert _HU.get() == (True, "sys")
        with pytest.raises(ValueError), spelt_hu(False):
            assert _HU.get() == (False, None)
            raise ValueError
        assert _HU.get() == (True, "sys")
    assert _HU.get() == (False, None)
