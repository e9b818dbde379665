"""Tap a fan, see its tiles, in a real browser at 360×800 (Debian's Chromium driven by Playwright, with the
fixtures and helpers of tests/calculator/test_e2e.py), in 中文 and in English: a tap on a fan of the 国标 card
lights the tiles that make it on that card's reading (static/js/fanlight.js) and presses its button; another
fan takes the light, a second tap (or Enter, Space) puts it out; after htmx swaps the result in again (the win context
changed), the new card's fans light up too. The "?" beside each fan opens its definition."""

from __future__ import annotations

from urllib.parse import quote

from rulesets.engine import evaluate
from rulesets.tiles import tile
from tests.calculator import test_e2e as e2e

async_unsafe, browser, phone = e2e.async_unsafe, e2e.browser, e2e.phone  # fixtures: pytest finds them here
pytestmark = e2e.pytestmark
expect, settle = e2e.expect, e2e.settle

HAND = "[CCC,2][1111m]456p78sSS9s"  # [1111m] [中中中] 456p 789s 22z, won on 9s from a discard
NAMES = {"zh": {"dragon_pung": "箭刻", "all_types": "五门齐", "self_drawn": "自摸"},
         "en": {"dragon_pung": "Dragon Pung", "all_types": "All Types", "self_drawn": "Self-Drawn"}}


def engine_tiles(context=None):
    """Each fan's positions in the reading, as the engine gives them."""
    (result,) = evaluate(HAND, "guobiao", context)["results"]
    return {f["id"]: f["tiles"] for f in result["fans"]}


def lit(page):
    """The positions of the lit tiles on the 国标 card's reading."""
    return page.evaluate("Array.from(document.querySelectorAll('#r-guobiao-reading .hand .tile'))"
                         ".map((t, i) => t.classList.contains('tile--lit') ? i : -1).filter(i => i >= 0)")


def test_on_a_phone_a_fan_tapped_lights_its_tiles(phone):
    page, lang = phone, phone.lang[:2]
    names = NAMES[lang]
    page.goto("/?rules_shown=1&rules=guobiao&hand=" + quote(HAND))
    card = page.locator("#r-guobiao")
    expect()(card.locator(".fans__hint")).to_be_visible()
    dragon = card.locator(".fans__light", has_text=names["dragon_pung"])
    assert dragon.bounding_box()["height"] >= 40
    assert card.locator(".fans__def").first.bounding_box()["height"] >= 40
    want = engine_tiles()
    assert want["dragon_pung"] == [4, 5, 6]

    dragon.click()
    expect()(dragon).to_have_attribute("aria-pressed", "true")
    assert lit(page) == want["dragon_pung"]
    shown = card.locator("#r-guobiao-reading .hand .tile img")
    assert all(shown.nth(i).get_attribute("alt").startswith(tile("5z").zh if lang == "zh" else tile("5z").en)
               for i in want["dragon_pung"])
    expect()(page.locator("#r-guobiao-reading")).to_have_class("card__shape is-lit")

    whole = card.locator(".fans__light", has_text=names["all_types"])  # another fan takes the light
    whole.click()
    expect()(whole).to_have_attribute("aria-pressed", "true")
    expect()(dragon).to_have_attribute("aria-pressed", "false")
    assert lit(page) == want["all_types"] == list(range(15))
    whole.click()  # a second tap puts it out
    expect()(whole).to_have_attribute("aria-pressed", "false")
    assert lit(page) == []
    dragon.focus()  # with the keyboard: a button like any other
    page.keyboard.press("Enter")
    expect()(dragon).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Space")
    expect()(dragon).to_have_attribute("aria-pressed", "false")
    assert lit(page) == []

    # htmx draws the result again (won self-drawn now): the new card's fans light up as well
    settle(page)
    page.locator("#context label.chip:has(input[name=win][value=self_drawn])").click()
    self_drawn = card.locator(".fans__light", has_text=names["self_drawn"])
    expect()(self_drawn).to_be_visible()
    self_drawn.click()
    expect()(self_drawn).to_have_attribute("aria-pressed", "true")
    assert lit(page) == engine_tiles({"win": "self_drawn"})["self_drawn"] == [12]  # the winning tile
    winning = page.locator("#r-guobiao-reading .hand .tile").nth(12)
    expect()(winning).to_have_class("tile tile--winning tile--lit")
    expect()(card.locator("tr[data-about=win] .fans__how").first).to_be_visible()

    # the definition link beside the fan
    card.locator('.fans__def[href="/fans/guobiao/dragon_pung/"]').click()
    page.wait_for_url("**/fans/guobiao/dragon_pung/")
    expect()(page.locator("h1")).to_contain_text(names["dragon_pung"])


def test_without_javascript_the_fans_still_link_their_definitions(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 800}, locale="en",
                                  base_url=live_server.url)
    page = context.new_page()
    page.goto("/?rules_shown=1&rules=guobiao&hand=" + quote(HAND))
    card = page.locator("#r-guobiao")
    expect()(card.locator(".fans__hint")).to_be_hidden()  # nothing to tap for
    card.locator('.fans__def[href="/fans/guobiao/dragon_pung/"]').click()
    page.wait_for_url("**/fans/guobiao/dragon_pung/")
    expect()(page.locator("h1")).to_contain_text(NAMES["en"]["dragon_pung"])
    context.close()
