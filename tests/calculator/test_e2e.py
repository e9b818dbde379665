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
    """Wait until no request runs and "working…" has faded (wait_for_function would need eval: the CSP refuses);
    on a page without "working…" (the share page, the ledger) until no request runs."""
    page.wait_for_timeout(450)  # the hand box's debounce
    quiet = 0
    for _ in range(100):
        busy = page.evaluate("!!document.querySelector('.htmx-request') || "
                             "((b) => !!b && getComputedStyle(b).opacity !== '0')(document.getElementById('busy'))")
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
    screenshot(page, "calculator-360", tmp_path)  # a first visit: which game does the table play?
    page.click("#chooser button[name=table][value=guobiao]")
    settle(page)
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
    page.click("#chooser button[name=table][value=guobiao]")
    settle(page)
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


# -- on a phone at the table ------------------------------------------------------------------------------

MELD_LAST = "123m 5p 6p 7s 8s 9s 2z 2z 4p".split()  # then 碰 中 from across: the meld is entered last
MELD_LAST_HAND = "[555z2]123m56p789s22z4p"  # 4p, the last standing tile tapped, is the winning tile
WAITING = "1112345678999m"


def _taps(page, tiles):
    for t in tiles:
        if len(t) > 2:
            for d in t[:-1]:
                page.click(f'#palette button[data-tile="{d}{t[-1]}"]')
        else:
            page.click(f'#palette button[data-tile="{t}"]')


def _name(tile_text, lang):
    from rulesets.tiles import tile

    t = tile(tile_text)
    return t.zh if lang.startswith("zh") else t.en


@pytest.fixture(params=["zh-CN", "en"])
def phone(request, browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 800}, locale=request.param,
                                  base_url=live_server.url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and not _aborted(msg.text) else None)
    page.lang = request.param
    yield page
    context.close()
    assert errors == [], errors


def test_on_a_phone_a_meld_entered_last_keeps_the_winning_tile_and_the_summary_stays_in_view(phone, tmp_path):
    page, lang = phone, phone.lang
    page.goto("/")
    _taps(page, MELD_LAST)
    page.locator("label.chip--mode:has(input[value=pung])").click()
    page.select_option("select[name=meld_from]", "2")
    page.click(f'#palette button[data-tile="{PUNG}"]')
    expect()(page.locator("#id_hand")).to_have_value(MELD_LAST_HAND)
    assert page.locator("select[name=meld_from]").input_value() == "1"  # 来自 is reset after the meld
    assert page.locator("input[name=mode][value=standing]").is_checked()
    expect()(page.locator(".placed__item--winning img")) \
        .to_have_attribute("alt", re.compile("^" + re.escape(_name("4p", lang))))
    total = engine_result(MELD_LAST_HAND, {})[0]
    summary = page.locator('#summary-totals a[href="#r-guobiao"]')
    expect()(summary).to_contain_text(str(total))
    expect()(page.locator("#r-guobiao .card__won")).to_contain_text(_name("4p", lang))  # the card says which tile won

    # the win context from the summary line, far down the page, and the summary still in view
    settle(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#context-link")
    expect()(page.locator("#context")).to_be_in_viewport()
    page.locator("#context label.chip:has(input[name=win][value=self_drawn])").click()
    self_drawn = engine_result(MELD_LAST_HAND, {"win": "self_drawn"})
    expect()(summary).to_contain_text(f"+{self_drawn[1][0]}")
    expect()(page.locator("#summary")).to_be_in_viewport()
    assert page.locator("#context").bounding_box()["y"] < 800  # the controls did not move away
    screenshot(page, f"calculator-phone-{lang[:2]}-360", tmp_path)

    # any standing tile becomes the winning tile in one tap; Undo takes it back
    page.click('.placed__make-win[value="2z"]')
    expect()(page.locator("#id_hand")).to_have_value("[555z2]123m456p789s22z")
    expect()(page.locator(".placed__item--winning img")) \
        .to_have_attribute("alt", re.compile("^" + re.escape(_name("2z", lang))))
    settle(page)
    page.click("#undo")
    expect()(page.locator("#id_hand")).to_have_value(MELD_LAST_HAND)
    assert page.locator("#context input[value=self_drawn]").is_checked()

    # 清空 is undone by Back too
    page.click("#handbox button[data-action=clear]")
    expect()(page.locator("#id_hand")).to_have_value("")
    settle(page)
    page.go_back()
    expect()(page.locator("#id_hand")).to_have_value(MELD_LAST_HAND)
    expect()(summary).to_contain_text(f"+{self_drawn[1][0]}")

    # the hands scored are kept in this browser: a fresh page lists them, one tap reopens one
    settle(page)
    page.goto("/")
    expect()(page.locator("#recent")).to_be_visible()
    page.click("#recent summary")
    first = page.locator(".recent__hand").first
    expect()(first).to_contain_text(str(self_drawn[0]))
    first.click()
    expect()(page.locator("#id_hand")).to_have_value(MELD_LAST_HAND)
    expect()(page.locator("#r-guobiao .card__total strong")).to_have_text(str(self_drawn[0]))
    assert page.locator("#recent-list li").count() <= 20


def test_on_a_phone_the_link_to_the_win_context_keeps_the_change_made_after_it(phone):
    """The summary's link to the win context is a navigation within the page (the browser fires popstate):
    the page is not fetched again for it, whose answer, drawn over the self-draw tapped next, would put the
    discard's total back under an address that has the self-draw."""
    page = phone
    page.goto("/?hand=" + MELD_LAST_HAND.replace("[", "%5B").replace("]", "%5D"))
    summary = page.locator('#summary-totals a[href="#r-guobiao"]')
    expect()(summary).to_contain_text(str(engine_result(MELD_LAST_HAND, {})[0]))
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.resource_type == "fetch" else None)
    page.click("#context-link")
    expect()(page.locator("#context")).to_be_in_viewport()
    page.locator("#context label.chip:has(input[name=win][value=self_drawn])").click()
    self_drawn = engine_result(MELD_LAST_HAND, {"win": "self_drawn"})
    expect()(summary).to_contain_text(f"+{self_drawn[1][0]}")
    settle(page)
    assert fetched == []
    assert "win=self_drawn" in page.url
    expect()(summary).to_contain_text(f"+{self_drawn[1][0]}")
    assert shown_result(page, "guobiao") == self_drawn


def test_on_a_phone_a_wait_tapped_keeps_the_scroll_position_and_the_keyboard_closed(phone):
    page = phone
    page.goto(f"/?hand={WAITING}")
    wait = page.locator("a.wait").nth(4)
    wait.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 120)")
    before = page.evaluate("window.scrollY")
    wait.click()
    expect()(page.locator("#r-guobiao")).to_be_visible()
    settle(page)
    assert page.evaluate("document.activeElement.id") != "id_hand"
    assert abs(page.evaluate("window.scrollY") - before) < 5


def test_the_palette_is_one_tab_stop_that_takes_arrow_keys_and_typed_mpsz(phone):
    page = phone
    page.goto("/")
    assert page.locator('#palette .palette__tile[tabindex="0"]').count() == 1
    page.focus("#id_hand")
    page.keyboard.press("Tab")  # Clear
    for _ in range(12):
        if page.evaluate("document.activeElement.classList.contains('palette__tile')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.tile") == "1m"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.tile") == "2m"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.tile") == "2p"
    page.keyboard.type("123m123456p789s22z")
    expect()(page.locator("#id_hand")).to_have_value("123m123456p789s22z")
    expect()(page.locator("#r-guobiao .card__total strong")) \
        .to_have_text(str(engine_result("123m123456p789s22z", {})[0]))
    page.keyboard.press("Backspace")
    expect()(page.locator("#id_hand")).to_have_value("123m123456p789s2z")


def test_on_a_phone_the_controls_are_big_enough_to_tap(phone):
    page = phone
    page.goto("/?hand=" + MELD_LAST_HAND.replace("[", "%5B").replace("]", "%5D"))
    small = page.evaluate("""Array.from(document.querySelectorAll(
        '#calc .chip span, #calc .flag label, #calc select, #calc .btn, .placed__item, .placed__make-win, '
        + '#palette .palette__tile'
      )).filter(e => e.offsetParent).map(e => [e.className || e.tagName, e.getBoundingClientRect().height])
        .filter(([, h]) => h < 40)""")
    assert small == []
    # nine tiles a row fit 360 px only below 40 px wide: the palette takes the whole width, no gaps between tiles
    widths = page.evaluate("Array.from(document.querySelectorAll('#palette .palette__tile'))"
                           ".map(e => e.getBoundingClientRect().width)")
    assert min(widths) >= 35


def test_without_javascript_a_standing_tile_becomes_the_winning_tile_and_calculate_follows_the_context(
        browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 800}, locale="en",
                                  base_url=live_server.url)
    page = context.new_page()
    page.goto("/?hand=" + MELD_LAST_HAND.replace("[", "%5B").replace("]", "%5D"))
    page.click('.placed__make-win[value="2z"]')
    assert page.input_value("#id_hand") == "[555z2]123m456p789s22z"
    page.check("#context input[name=win][value=self_drawn]")
    button = page.locator(".nojs-submit--context button")
    button.click()
    expected = engine_result("[555z2]123m456p789s22z", {"win": "self_drawn"})[0]
    assert page.locator("#r-guobiao .card__total strong").inner_text() == str(expected)
    context.close()
