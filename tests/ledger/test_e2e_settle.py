"""In a real browser at 360×800: /t/new's chooser draws the chosen system's players and house rules (names
typed so far kept), Rummikub hides what is mahjong only, and 结账 shows the fewest transfers with a copy
button, the image and the read link's QR code. Every page is checked with axe-core, for targets under
40 px and for console errors (tests/calculator/test_e2e_table.py ``Visit``), in 中文 and in English."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from tests.calculator.test_e2e import CHROMIUM
from tests.calculator.test_e2e_table import LOCALES, Visit, axe, browser  # noqa: F401 - the fixtures

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium (make test installs it)"),
    pytest.mark.django_db(transaction=True),
]

WIN = "11m234m567m789m55p5p"  # 平胡: 1 on a discard at a 四川 table


def _api(url, body):
    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request) as answer:
        return json.load(answer)


@pytest.mark.parametrize("lang", LOCALES)
def test_new_table_and_settle_up_in_the_browser(browser, live_server, axe, lang):  # noqa: F811
    visit = Visit(browser, live_server, axe, lang)
    page = visit.page
    try:
        page.goto("/t/new")
        visit.check("/t/new")
        page.fill("input[name=player0]", "Ann")
        page.select_option("select[name=table]", "sichuan.table-b")
        page.wait_for_url("**/t/new?*table=sichuan.table-b*")
        assert page.input_value("input[name=player0]") == "Ann"  # carried across the choice
        assert page.input_value("input[name=opt-sichuan-base]") == "6"  # table-b's own values
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        visit.check("/t/new, 四川 table-b with its house rules open")
        page.check("input[name=kind][value=rummikub]")
        page.wait_for_url("**/t/new?*kind=rummikub*")
        assert page.locator("select[name=table]").count() == 0 and page.locator("[name^=opt-]").count() == 0
        assert page.input_value("input[name=player0]") == "Ann"
        visit.check("/t/new, Rummikub")

        made = _api(live_server.url + "/api/v1/tables", {"system": "sichuan", "players": ["甲", "乙", "丙", "丁"]})
        entries = f"{live_server.url}/api/v1/tables/{made['links']['edit_token']}/entries"
        # 甲 wins on 丙 three times, 乙 on 丁 twice: 甲 +3, 乙 +2, 丙 −3, 丁 −2 → 丙 → 甲 3, 丁 → 乙 2
        for player, discarder in [(0, 2), (0, 2), (0, 2), (1, 3), (1, 3)]:
            _api(entries, {"kind": "hand", "data": {"hand": WIN, "player": player, "win": "discard",
                                                    "from": discarder}})
        page.goto(f"/t/{made['links']['edit_token']}/")
        page.click("a.ledger-settle-link")
        page.wait_for_url("**/settle")
        assert page.locator(".ledger-transfers li").all_inner_texts() == ["丙 → 甲 3", "丁 → 乙 2"]
        assert page.input_value("#settle-text") == "丙 → 甲 3\n丁 → 乙 2"
        assert page.locator(".ledger-qr-box svg").count() == 1
        width = page.eval_on_selector("img.ledger-settle-image", "img => img.complete && img.naturalWidth")
        assert width == 1080
        visit.check("结账")
        button = page.locator("button[data-copy=settle-text]")
        assert button.is_visible()
        label = button.inner_text()
        button.click()
        page.wait_for_function("label => document.querySelector('button[data-copy=settle-text]').textContent "
                               "!== label", arg=label)
        page.goto(f"/t/r/{made['links']['read_token']}/")
        assert page.locator(".ledger-qr-box svg").is_visible()
        visit.check("the read page with its QR code")
    finally:
        visit.close()
