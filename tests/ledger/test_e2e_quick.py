"""Quick entry and scoring with the tiles in a real browser at 360×800 (Debian's Chromium driven by Playwright,
as tests/calculator/test_e2e_table.py): a 四川 table enters a 血战 round's wins without tiles, an adjustment, and a
hand scored in the calculator from the sheet (its seats named by the players) that comes back at its place;
every page passes axe-core (nothing serious), has no target under 40 px and no console error.

Expected totals, by rules/sichuan.md §6 (底 1, 番 from 0): round 1 (Ann deals) — Bo wins 2 番 on Cy's discard (Cy
pays 4), then Di self-draws 1 番 + 1 根 = 2 番 (the two still in, Ann and Cy, pay 4 each): Ann −4, Bo +4, Cy −8,
Di +8. The adjustment: Bo pays 3 to each other (a 诈胡): Ann −1, Bo −5, Cy −5, Di +11. Entry 3: Bo deals (the
first winner), 平胡 (0 番, 1) on a discard by Cy (W) to Di (N)... scored in the calculator with the players on
the seats: Di +1, Cy −1: Ann −1, Bo −5, Cy −6, Di +12.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.calculator import test_e2e as e2e
from tests.calculator.test_e2e_table import Visit, axe, browser  # noqa: F401 (the fixtures)

pytestmark = e2e.pytestmark
async_unsafe = e2e.async_unsafe

WIN = "11m234m567m789m55p5p"  # 平胡 on 5p: 0 番


def _totals(page) -> list[int]:
    return [int(t) for t in page.locator("#sheet .ledger-total").all_inner_texts()]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_quick_round_an_adjustment_and_a_hand_with_its_tiles(browser, live_server, axe, lang):  # noqa: F811
    visit = Visit(browser, live_server, axe, lang)
    page = visit.page
    try:
        page.goto("/t/new")
        page.select_option("select[name=table]", "sichuan")  # the page is drawn again for the system (new.js)
        page.wait_for_url("**/t/new?*table=sichuan*")
        for i, name in enumerate(("Ann", "Bo", "Cy", "Di")):
            page.fill(f"input[name=player{i}]", name)
        page.click("button[type=submit].btn--primary")
        page.wait_for_url("**/t/*/")
        edit = page.url.split("#")[0].split("?")[0]
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        visit.check("the edit page with the quick form")
        # a 血战 round's wins without tiles
        form = page.locator("#quick-form")
        form.locator("select[name=q0_player]").select_option("1")
        form.locator("select[name=q0_win]").select_option("discard")
        form.locator("select[name=q0_from]").select_option("2")
        form.locator("input[name=q0_value]").fill("2")
        form.locator("select[name=q1_player]").select_option("3")
        form.locator("select[name=q1_win]").select_option("self_drawn")
        form.locator("input[name=q1_value]").fill("1")
        form.locator("input[name=q1_gen]").fill("1")
        form.locator("#quick-submit").click()
        page.wait_for_load_state()
        assert _totals(page) == [-4, 4, -8, 8]
        # an adjustment that does not add up is refused and kept, then corrected
        adjust = page.locator("#adjust-form")
        for i, amount in enumerate(("3", "-9", "3", "2")):
            adjust.locator(f"input[name=amount{i}]").fill(amount)
        adjust.locator("input[name=note]").fill("诈胡")
        adjust.locator("#adjust-submit").click()
        page.wait_for_load_state()
        assert page.locator("#ledger-error").is_visible()
        assert page.locator("#adjust-form input[name=amount1]").input_value() == "-9"
        assert [e for e in visit.errors if "400" not in e] == []  # the refused form's page is a 400: said, not a fault
        visit.errors.clear()
        visit.check("a refused adjustment")
        page.locator("#adjust-form input[name=amount3]").fill("3")
        page.locator("#adjust-submit").click()
        page.wait_for_load_state()
        assert _totals(page) == [-1, -5, -5, 11]
        assert "诈胡" in page.locator("#sheet").inner_text()
        # a hand scored with its tiles: the calculator opens with the players on the seats (Bo deals: E)
        link = page.locator("a.ledger-score").first.get_attribute("href")
        assert "seats=Bo%2CCy%2CDi%2CAnn" in link and "at=" not in link  # a new hand goes at the end
        page.goto(link + "&hand=" + quote(WIN) + "&win=discard&seat=W&from_seat=S")
        page.wait_for_load_state()
        e2e.settle(page)
        assert "Ann" in page.locator("label:has(input[name=seat][value=N])").inner_text()
        visit.check("the calculator opened from the table")
        add = page.locator(".add-to-table a").get_attribute("href")
        assert not re.search(r"[?&]at=", add)
        page.goto(add)
        page.locator("a.btn--primary").click()
        page.wait_for_load_state()
        assert page.locator("#h-hand").input_value().startswith("v1.")
        page.locator("#add-hand form.ledger-hand button[name=action]").click()
        page.wait_for_load_state()
        assert _totals(page) == [-1, -5, -6, 12]
        page.goto(edit)
        visit.check("the sheet after the hand came back")
    finally:
        visit.close()
