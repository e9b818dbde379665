"""The page's htmx request in a real browser (Debian's Chromium driven by Playwright, with the fixtures of
tests/calculator/test_e2e.py): with every registered system chosen and every value at its default, the
request line stays short, however many systems are registered. calculator.js sends a
system's house rules as one ``hr-<system>`` field of the changed values and leaves out the table context
left at its defaults; a folded system (calculator/house_rules.py) sends nothing until a value changes.
"""

from __future__ import annotations

from urllib.parse import urlencode

from rulesets.registry import all_rulesets
from tests.calculator import test_e2e as e2e

async_unsafe, browser, page = e2e.async_unsafe, e2e.browser, e2e.page  # fixtures: pytest finds them here
pytestmark = e2e.pytestmark
settle = e2e.settle

EVERY_SYSTEM = "/?" + urlencode({"rules_shown": "1", "rules": [r.id for r in all_rulesets()]}, doseq=True)


def test_with_every_system_chosen_and_the_defaults_the_htmx_request_line_is_short(page):
    lines: list[str] = []
    page.on("request", lambda r: lines.append(f"{r.method} /{r.url.split('//', 1)[1].split('/', 1)[1]}")
            if r.headers.get("hx-request") else None)
    page.goto(EVERY_SYSTEM)
    page.locator("#id_hand").fill("123m456p789s345m22z")
    settle(page)
    assert lines, "no htmx request was sent"
    longest = max(len(f"{line} HTTP/1.1") for line in lines)
    assert longest < 1000, (longest, max(lines, key=len))
    assert page.locator("#result article").count() >= 1  # the request was answered with the cards


def test_a_tile_tapped_on_text_the_server_has_not_read_yet_is_added_by_the_server(page):
    # calculator.js reads no hand strings: typed text is the server's to read, so the server makes the edit
    page.goto("/")
    page.locator("#id_hand").fill("123m")
    page.locator('#palette .palette__tile[data-tile="4m"]').click()  # before the typing's request is sent
    settle(page)
    assert page.locator("#id_hand").input_value() == "1234m"
    assert page.locator("#placed").get_attribute("data-tiles") == "1m 2m 3m 4m"
    page.locator('#palette .palette__tile[data-tile="5m"]').click()  # now the script knows the hand: at once
    assert page.locator("#id_hand").input_value() == "12345m"
