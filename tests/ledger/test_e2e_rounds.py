"""A 血战 round's hands tapped in with the palette, in a real browser at 360×800 (Debian's Chromium driven by
Playwright, as tests/calculator/test_e2e_table.py): each row of the round form opens the calculator for that row
(its seats named by the players, the row's winner and discarder chosen), "Back to the round" brings the tapped
hand into that row with the rows typed so far, and the round goes in with two wins and a 流局 with a ready hand;
every page passes axe-core (nothing serious), has no target under 40 px and no console error.

Expected, by rules/sichuan.md §6 (底 1, 番 from 0; 安 deals, at E): Bo (S) self-draws 平胡 (0 番, 自摸加番: 2 from
each of 安, Cy and Di); Cy (W) wins 清一色 (2 番: 4) on Di's (N) discard; at the wall 安 is ready on a 平胡 (查大叫
1 from each player not ready) and Di is not ready: 安 −2 + 1, Bo +6, Cy −2 + 4, Di −2 − 4 − 1.
"""

from __future__ import annotations

from tests.calculator import test_e2e as e2e
from tests.calculator.test_e2e_table import Visit, axe, browser  # noqa: F401 (the fixtures)
from tests.ledger.test_e2e import create

pytestmark = e2e.pytestmark
async_unsafe = e2e.async_unsafe

H1 = "1m 1m 2m 3m 4m 5m 6m 7m 7m 8m 9m 5p 5p 5p"  # 平胡, the last tap the winning tile
QYS = "3m 3m 4m 5m 6m 5m 6m 7m 6m 7m 8m 9m 9m 9m"  # 清一色
READY = "1m 1m 2m 3m 4m 5m 6m 7m 7m 8m 9m 5p 5p"  # ready on 1m/5p
EXPECTED = [-2 + 1, +6, -2 + 4, -2 - 4 - 1]


def _totals(page) -> list[int]:
    return [int(t) for t in page.locator("#sheet .ledger-total").all_inner_texts()]


def _the_round(url: str) -> bool:
    """The edit page drawing a round being entered (``round=`` in its query)."""
    return "/t/" in url and "/t/add" not in url and "round=" in url


def _with_the_palette(visit: Visit, row: int, taps: str, what: str) -> None:
    """Row ``row``'s "with the palette": tap the hand in the calculator, then "Back to the round"."""
    page = visit.page
    page.locator(f"#add-round button[name=palette][value='{row}']").click()
    page.wait_for_url("**/?*row=*")
    e2e.settle(page)
    for tile in taps.split():
        page.click(f'#palette button[data-tile="{tile}"]')
    e2e.settle(page)
    visit.check(f"the calculator for row {row + 1}: {what}")
    page.locator(".add-to-table a").click()
    page.wait_for_url("**/t/add?*")
    page.locator("#back-to-round").click()
    page.wait_for_url(_the_round)
    e2e.settle(page)


def _add_a_row(page) -> None:
    page.locator("#round-more").click()
    page.wait_for_url(_the_round)


def test_a_xuezhan_rounds_hands_are_tapped_in_with_the_palette(browser, live_server, axe):  # noqa: F811
    visit = Visit(browser, live_server, axe, "zh")
    page = visit.page
    try:
        create(page, "sichuan", ("安", "Bo", "Cy", "Di"))
        form = page.locator("#add-round")
        assert form.locator("li.ledger-event").count() == 2  # two rows; "Add a row" for more
        assert not form.locator("select[name=e0_k]").is_visible()  # the kong kind only on a kong row
        visit.check("a new round of two rows")
        # row 1: Bo self-draws, tapped in the calculator (Bo on S, self-drawn)
        form.locator("select[name=e0_t]").select_option("self_drawn")
        form.locator("select[name=e0_p]").select_option("1")
        _with_the_palette(visit, 0, H1, "Bo self-drawn")
        assert form.locator("input[name=e0_h]").input_value().startswith("v1.")
        assert "胡牌" in form.locator("#e0-check").inner_text()  # checked as soon as the row is back
        # row 2: Cy on Di's discard; the calculator has Cy on W, Di on N and Bo out (血战)
        form.locator("select[name=e1_t]").select_option("discard")
        form.locator("select[name=e1_p]").select_option("2")
        form.locator("select[name=e1_f]").select_option("3")
        _with_the_palette(visit, 1, QYS, "Cy on Di's discard")
        assert form.locator("select[name=e0_p]").input_value() == "1"  # the row above, as it was
        assert (form.locator("select[name=e1_t]").input_value(), form.locator("select[name=e1_p]").input_value(),
                form.locator("select[name=e1_f]").input_value()) == ("discard", "2", "3")
        # the wall's end: 安 ready (13 tiles tapped in: the calculator shows the waits), Di not ready (typed)
        _add_a_row(page)
        form.locator("select[name=e2_t]").select_option("ready")
        form.locator("select[name=e2_p]").select_option("0")
        _with_the_palette(visit, 2, READY, "安's ready hand")
        assert form.locator("input[name=e2_h]").input_value() == "11234567789m55p"
        assert "查大叫" in form.locator("#e2-check").inner_text()
        _add_a_row(page)
        form.locator("select[name=e3_t]").select_option("not_ready")
        form.locator("select[name=e3_p]").select_option("3")
        form.locator("input[name=e3_h]").fill("1m2m4m5m7m8m1p2p4p5p7p8p9p")  # checked as typed (htmx)
        e2e.settle(page)
        assert "读作" in form.locator("#e3-check").inner_text()
        visit.check("the round with its hands back from the palette")
        form.locator("button[name=action]").click()
        page.wait_for_load_state()
        assert page.locator("#ledger-error").count() == 0
        assert _totals(page) == EXPECTED and sum(EXPECTED) == 0
        visit.check("the sheet after the round")
    finally:
        visit.close()
