"""End to end in a real browser: Debian's Chromium (``make test`` installs it) driven by Playwright against
pytest-django's live server.

A hand is tapped in on the palette, the result follows every change (htmx), the share link is copied,
opened, and shows the same result, and its preview is a 1200×630 PNG. The page is also used with the
keyboard only, and with JavaScript off.

Screenshots of the page at 360 px and 1280 px are written to a temporary folder; with
``UPDATE_SCREENSHOTS=1`` they replace the ones in docs/screenshots/ (commit those).
"""

from __future__ import annotations

import io
import os
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from rulesets.engine import evaluate

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SEATS = ("E", "S", "W", "N")

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium (make test installs it)"),
    pytest.mark.django_db(transaction=True),
]

PUNG = "5z"  # 中, claimed from across
TAPS = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z".split()
HAND = "[555z2]123m456p789s22z"  # what the taps above enter


@pytest.fixture(scope="module")
def async_unsafe():
    """Playwright's sync API runs an event loop in this thread, and the test database is still used from it
    synchronously: allow that for this module only (the deployment checks refuse the setting)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="module")
def browser(async_unsafe):
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is a test dependency")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 780}, locale="zh-CN", base_url=live_server.url)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and not _aborted(msg.text) else None)
    yield page
    context.close()
    assert errors == [], errors  # no script error, no CSP violation


def _aborted(text: str) -> bool:
    """htmx logs a request it cancels (hx-sync="this:replace": a newer change replaced it) as an error."""
    return text.startswith(("htmx:sendAbort,", "htmx:afterRequest,"))


def expect():
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect


def shown_result(page, rules):
    """The total and each seat's net of one system's card, as the page shows them."""
    card = page.locator(f"#r-{rules}")
    total = int(card.locator(".card__total strong").inner_text())
    nets = [int(n.replace("+", "")) for n in card.locator(".payouts tbody td.num strong").all_inner_texts()]
    return total, nets


def engine_result(hand, context, rules="guobiao"):
    (result,) = evaluate(hand, rules, context)["results"]
    return result["total"], [result["payouts"][s] for s in SEATS]


def tap_the_hand(page):
    page.locator("label.chip--mode", has_text="碰").click()
    page.select_option("select[name=meld_from]", "2")
    page.click(f'#palette button[data-tile="{PUNG}"]')
    for t in TAPS:
        page.click(f'#palette button[data-tile="{t}"]')


def settle(page):
    """Wait until no request runs and "working…" has faded (wait_for_function would need eval: the CSP refuses)."""
    page.wait_for_timeout(450)  # the hand box's debounce
    quiet = 0
    for _ in range(100):
        busy = page.evaluate("!!document.querySelector('.htmx-request') || "
                             "getComputedStyle(document.getElementById('busy')).opacity !== '0'")
        quiet = 0 if busy else quiet + 1
        if quiet == 3:
            return
        page.wait_for_timeout(100)


def screenshot(page, name, tmp_path):
    settle(page)
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, caret="initial")  # "hide" injects a style the CSP refuses
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, SCREENSHOTS / path.name)


def test_a_hand_tapped_in_is_scored_shared_and_opened_again(page, tmp_path):
    page.goto("/")
    screenshot(page, "calculator-360", tmp_path)
    tap_the_hand(page)
    expect()(page.locator("#id_hand")).to_have_value(HAND)
    expect()(page.locator(".placed__count strong")).to_have_text("14")
    expect()(page.locator("#r-guobiao .card__total strong")).to_have_text(str(engine_result(HAND, {})[0]))
    assert shown_result(page, "guobiao") == engine_result(HAND, {})
    assert page.locator(".placed__item--winning img").get_attribute("alt").startswith("南")

    page.locator("#context label.chip", has_text="自摸").click()
    self_drawn = engine_result(HAND, {"win": "self_drawn"})
    expect()(page.locator("#r-guobiao .card__total strong")).to_have_text(str(self_drawn[0]))
    assert shown_result(page, "guobiao") == self_drawn
    assert page.locator("#id_kong_replacement").is_disabled()  # 杠上开花 needs a kong
    assert "win=self_drawn" in page.url  # the address bar follows what is shown
    screenshot(page, "calculator-result-360", tmp_path)

    page.click("button[data-copy]")
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://[^/]+/h/v1\.[A-Za-z0-9.~_-]+", link), link
    page.goto(link)
    expect()(page.locator("#r-guobiao .card__total strong")).to_have_text(str(self_drawn[0]))
    assert shown_result(page, "guobiao") == self_drawn

    preview = page.request.get(link + "/og.png")
    assert preview.status == 200 and preview.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(preview.body())).size == (1200, 630)


def test_on_a_wide_screen_the_result_sits_beside_the_form(page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    screenshot(page, "calculator-1280", tmp_path)
    tap_the_hand(page)
    expect()(page.locator("#r-guobiao .card__total strong")).to_have_text(str(engine_result(HAND, {})[0]))
    form_box = page.locator(".panel--palette").bounding_box()
    result_box = page.locator(".calc__output").bounding_box()
    assert result_box["x"] > form_box["x"] + form_box["width"] - 1
    screenshot(page, "calculator-result-1280", tmp_path)


def test_the_palette_counts_copies_and_takes_tiles_back(page):
    page.goto("/")
    for _ in range(4):
        page.click('#palette button[data-tile="9p"]')
    assert page.locator('#palette button[data-tile="9p"]').is_disabled()
    expect()(page.locator('#palette button[data-tile="9p"] .n')).to_have_text("0")
    expect()(page.locator(".placed__item")).to_have_count(4)
    page.locator(".placed__item").first.click()
    expect()(page.locator("#id_hand")).to_have_value("999p")
    assert page.locator('#palette button[data-tile="9p"]').is_enabled()


def test_keyboard_only_type_a_waiting_hand_and_choose_a_wait(page):
    page.goto("/")
    page.focus("#id_hand")
    page.keyboard.type("1112345678999m")
    expect()(page.locator("a.wait")).to_have_count(9)
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("9m")
    expect()(page.locator("a.wait")).to_have_count(9)
    settle(page)
    page.keyboard.press("Tab")  # leaving the hand box does not redraw the waits under the reader
    page.locator("a.wait").first.focus()
    page.keyboard.press("Enter")
    expect()(page.locator("#id_hand")).to_have_value("11123456789991m")
    expect()(page.locator("#r-guobiao")).to_be_visible()
    assert shown_result(page, "guobiao") == engine_result("11123456789991m", {})


def test_bad_input_is_explained_and_kept(page):
    page.goto("/")
    page.fill("#id_hand", "123m4x56p")
    expect()(page.locator("#hand-problem .alert--error")).to_be_visible()
    assert page.locator(".echo mark").inner_text() == "x"
    assert page.input_value("#id_hand") == "123m4x56p"
    assert page.get_attribute("#id_hand", "aria-invalid") == "true"


def test_without_javascript_the_palette_and_the_form_still_work(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 780}, locale="en",
                                  base_url=live_server.url)
    page = context.new_page()
    page.goto("/")
    for t in ("1m", "1m", "1m"):
        page.click(f'#palette button[data-tile="{t}"]')
    assert page.input_value("#id_hand") == "111m"
    page.fill("#id_hand", "123m456p789s345m22z")
    page.press("#id_hand", "Enter")  # submits the form as it is (the first submit button is a plain one)
    assert page.input_value("#id_hand") == "123m456p789s345m22z"
    page.click("button.btn--primary")
    expected = engine_result("123m456p789s345m22z", {})[0]
    assert page.locator("#r-guobiao .card__total strong").inner_text() == str(expected)
    context.close()
