"""A table's own rules (``custom``, docs/custom.md) built on the calculator page in a real browser
(Debian's Chromium driven by Playwright, as tests/calculator/test_e2e.py, whose fixtures and helpers
this module uses): a hand is typed, the system chosen, a template picked and some of its values
changed through the house-rule controls, and the card's total and payments are checked against a
result worked out by hand below. Then the page's share link is opened: the share page and
``/h/<code>.json`` give the same total and payments, with the same definition.

With JavaScript on, calculator.js sends each system's house rules as one compact ``hr-<system>`` field
of the values that differ from the defaults (tests/calculator/test_table_context.py); these tests go
through that path, in 中文 and in English.
"""

from __future__ import annotations

import re

import pytest

from tests.calculator import test_e2e as e2e

async_unsafe, browser, page = e2e.async_unsafe, e2e.browser, e2e.page  # fixtures: pytest finds them here
pytestmark = e2e.pytestmark
expect, settle, shown_result = e2e.expect, e2e.settle, e2e.shown_result

# The page opened at a 国标 table: the state is the query (docs/calculator.md).
CHOSEN = "/?rules=guobiao"

HAND = "111333555777m99m"  # concealed pungs of 1m 3m 5m 7m, the pair 9m completed on a discard

# The winner is E (the seat the page defaults to, and the dealer); on a discard the discarder is the
# winner's 上家, N. One reading only: 111 333 555 777 99 (no chow fits odd ranks two apart). Worked out
# from docs/custom.md: the values of the patterns found add up to the hand's value in 番, held to the
# cap; when values double a payer pays base × 2^番 × the discarder and dealer factors of its line.
#
# 中文: template 吉林 (jilin: 2^番, 碰碰胡 2, 七对 3, 门清 1, 自摸 1, every other pattern 0, all three pay,
# the discarder ×2, the dealer ×2, cap 6), then 清一色 0 → 4, 底分 1 → 2, 放炮者倍数 2 → 3, 封顶 6 → 5.
#   patterns: 碰碰胡 2 + 清一色 4 + 门清 1 (no claimed meld) = 7 番; 平胡 is excluded by the shapes and is 0
#   anyway; 自摸 is not counted (a discard). Over the cap: 7 → 5 番 (a 封顶 line).
#   per payer: base 2 × 2^5 = 64, × 2 as the dealer (E) wins = 128.
#   all three pay: S 128, W 128, the discarder N × 3 = 384; E gets 640.
ZH = {
    "preset": "jilin",
    "set": {"qingyise": "4", "base": "2", "discarder_multiplier": "3", "cap": "5"},
    "total": 5,
    "nets": [640, -128, -128, -384],
    "payments": [("N", "E", 384), ("S", "E", 128), ("W", "E", 128)],
}

# English: template 象山 (xiangshan: values add, 碰碰胡 8, 清一色 12, 门清 1, 1 to win, the discarder alone
# pays, ×2), then how values combine → double per 番, 碰碰胡 8 → 4, 清一色 12 → 5, base 1 → 3, cap 0 → 6,
# the dealer ×1 → ×2.
#   patterns: 碰碰胡 4 + 清一色 5 + 门清 1 = 10 番, capped at 6 番 (above the minimum 1).
#   the discarder alone pays: base 3 × 2^6 = 192, × 2 as the discarder = 384, × 2 as the dealer wins = 768.
#   N pays E 768; S and W pay nothing.
EN = {
    "preset": "xiangshan",
    "set": {"combine": "double", "pengpenghu": "4", "qingyise": "5", "base": "3", "cap": "6", "dealer_factor": "2"},
    "total": 6,
    "nets": [768, 0, 0, -768],
    "payments": [("N", "E", 768)],
}


def choose_only(page, rules):
    """Choose ``rules`` as the table's game: "change table" at the top, then its button (one tap each)."""
    if page.locator("#chooser").get_attribute("open") is None:
        page.click("#chooser > summary")
    page.click(f"#chooser button[name=table][value={rules}]")
    settle(page)
    assert page.locator("#systems input[name=rules][type=hidden]").input_value() == rules


def open_house_rules(page, rules):
    """Open a system's house rules as a reader does: one tap on its folded panel's button draws its
    controls (calculator/house_rules.py); opened, the panel stays open (``open=<system>`` travels)."""
    page.locator(f"#house-{rules} .house-rules__open").click()
    settle(page)
    expect()(page.locator(f"details#house-{rules}[open]")).to_be_visible()


def set_house_rule(page, key, value):
    """Set one house rule through its control, as a reader does: a number is typed (the form sends it on
    typing, debounced), a choice is picked."""
    expect()(page.locator("details#house-custom[open]")).to_be_visible()  # an opened panel stays open
    field = page.locator(f"[name=opt-custom-{key}]")
    if field.evaluate("el => el.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    settle(page)


def card_lines(page):
    """The payment lines of the custom card's payout table, as the page shows them."""
    return page.locator("#r-custom .payouts ul.lines li").all_inner_texts()


@pytest.mark.parametrize("lang, table", [("zh", ZH), ("en", EN)], ids=["zh", "en"])
def test_a_table_built_on_the_page_scores_as_worked_out_by_hand_and_survives_its_link(page, lang, table):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(CHOSEN)  # the browser asks for 中文
    if lang == "en":
        page.click(".lang-switch button[value=en]")  # the language switch (a cookie from then on)
    expect()(page.locator("html")).to_have_attribute("lang", "zh-Hans" if lang == "zh" else "en")
    assert page.locator("#systems input[name=rules][type=hidden]").input_value() == "guobiao"
    page.fill("#id_hand", HAND)
    settle(page)
    choose_only(page, "custom")
    expect()(page.locator("#r-custom")).to_be_visible()

    open_house_rules(page, "custom")
    page.select_option("#id_preset-custom", table["preset"])
    settle(page)
    for key, value in table["set"].items():
        set_house_rule(page, key, value)
    for key, value in table["set"].items():  # every control still shows what was chosen
        assert page.locator(f"[name=opt-custom-{key}]").input_value() == value, key

    expect()(page.locator("#r-custom .card__total strong")).to_have_text(str(table["total"]))
    assert shown_result(page, "custom") == (table["total"], table["nets"])
    lines = card_lines(page)
    for _payer, _to, amount in table["payments"]:
        assert any(re.search(rf"\b{amount}\b", line) for line in lines), (amount, lines)

    page.click("button[data-copy]")
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://[^/]+/h/v1\.[A-Za-z0-9.~_-]+", link), link
    assert "~custom." in link  # the definition travels in the link, not the template's name
    assert table["preset"] not in link

    page.goto(link)
    expect()(page.locator("html")).to_have_attribute("lang", "zh-Hans" if lang == "zh" else "en")
    expect()(page.locator("#r-custom .card__total strong")).to_have_text(str(table["total"]))
    assert shown_result(page, "custom") == (table["total"], table["nets"])
    assert card_lines(page) == lines

    answer = page.request.get(link + ".json")
    assert answer.status == 200
    (result,) = answer.json()["results"]
    assert result["rules"] == "custom" and result["valid"] is True
    assert result["total"] == table["total"]
    assert [result["payouts"][s] for s in ("E", "S", "W", "N")] == table["nets"]
    assert sorted((p["from"], p["to"], p["amount"]) for p in result["payments"]) == table["payments"]
    for key, value in table["set"].items():
        assert str(result["options"][key]) == value, key


def test_any_system_is_chosen_alone_in_one_tap_whatever_the_hands_size(page):
    page.goto(CHOSEN)
    page.fill("#id_hand", "123456789m123456p9s9s")  # 17 tiles: a 温州 hand, not a 国标 one
    settle(page)
    page.click("#chooser > summary")
    page.click("#chooser button[name=table][value=wenzhou]")  # the one tap
    settle(page)
    expect()(page.locator("#r-wenzhou")).to_be_visible()
    assert page.locator("article.card").count() == 1  # that system alone
    assert page.locator("#systems input[name=rules]:checked").count() == 0  # nothing compared behind its back


def test_a_value_set_back_to_its_default_under_a_template_is_applied(page):
    # 吉林 template: 碰碰胡 2 + 门清 1 = 3 番 (清一色 0); then who pays → the discarder alone (the default).
    # The discarder N alone: base 1 × 2^3 = 8, × 2 as the discarder, × 2 as the dealer wins = 32.
    page.goto(CHOSEN)
    page.fill("#id_hand", HAND)
    settle(page)
    choose_only(page, "custom")
    open_house_rules(page, "custom")
    page.select_option("#id_preset-custom", "jilin")
    settle(page)
    set_house_rule(page, "payers", "discarder")
    assert shown_result(page, "custom") == (3, [32, 0, 0, -32])
