"""A group of two evenings in a real browser at 360×800, in 中文 (Debian's Chromium driven by Playwright, as
tests/calculator/test_e2e_table.py): two 国标 tables made through the API, a group made on the first
table's page and the second added by its read link on the group's page; the group page shows each player's
figures (checked against the tables' own totals and 标准分 by arithmetic written here), the chart, and a
rename that merges two names. Every page is checked with axe-core (nothing serious or critical), for
targets under 40 px and console errors, and for a page no wider than the screen.

A screenshot is written to ``$LEDGER_SCREENSHOTS`` (default: a temporary folder).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from urllib.request import Request, urlopen

from ledger import sheet
from tests.calculator import test_e2e_table as e2e

pytestmark = e2e.pytestmark
browser, axe = e2e.browser, e2e.axe  # the browser fixtures: pytest finds them here

GB = ["[555z2]123m456p789s22z", "11223344556677z", "[123m1][345m1]56s678p33z7s"]  # 国标 wins (tests/ledger/test_api.py)


def _api(base: str, path: str, body: dict) -> dict:
    request = Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request) as answer:
        return json.load(answer)


def _evening(base: str, players: list[str], wins: list[tuple[int, str, int | None, str]]) -> dict:
    made = _api(base, "/api/v1/tables", {"system": "guobiao", "players": players})
    state = made
    for winner, how, discarder, hand in wins:
        data = {"hand": hand, "player": winner, "win": how, **({"from": discarder} if discarder is not None else {})}
        state = _api(base, f"/api/v1/tables/{made['links']['edit_token']}/entries", {"kind": "hand", "data": data})
    return {**made["links"], "totals": state["totals"]}


def _shots() -> Path:
    folder = Path(os.environ.get("LEDGER_SCREENSHOTS") or tempfile.mkdtemp(prefix="ledger-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_group_page_of_two_evenings_at_360_px_in_chinese(browser, live_server, axe):
    base = live_server.url
    one = _evening(base, ["甲", "乙", "丙", "丁"], [(0, "discard", 1, GB[0]), (2, "self_drawn", None, GB[1])])
    two = _evening(base, ["甲", "乙", "戊", "丁"], [(3, "discard", 0, GB[2]), (1, "discard", 2, GB[0])])
    visit = e2e.Visit(browser, live_server, axe, "zh")
    page = visit.page
    try:
        page.goto(f"/t/{one['edit_token']}/")
        visit.check("a table's page with its add-to-group form")
        page.click("#groups button[value=new]")  # a new group with this table
        page.wait_for_url("**/g/*/#players")
        group_url = page.url.split("#")[0]
        page.fill("#table-link", two["read_url"])
        page.click("#add-table button[value=add]")
        page.wait_for_load_state()
        e2e.settle(page)
        assert page.locator(".group-evening").count() == 2
        visit.check("the group page of two evenings")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360

        # each player's net and 标准分, worked out from the two tables' totals (rules/mcr.md §2.4)
        names = [["甲", "乙", "丙", "丁"], ["甲", "乙", "戊", "丁"]]
        net: dict[str, int] = {}
        standard: dict[str, float] = {}
        for seats, totals in zip(names, (one["totals"], two["totals"]), strict=True):
            ranked = sorted(totals, reverse=True)
            places = [sum([4, 2, 1, 0][ranked.index(t):ranked.index(t) + ranked.count(t)]) / ranked.count(t)
                      for t in totals]  # ties share the tied places
            assert places == sheet.standard_scores(totals)
            for name, total, place in zip(seats, totals, places, strict=True):
                net[name] = net.get(name, 0) + total
                standard[name] = standard.get(name, 0) + place
        rows = page.locator("tr.group-player")
        shown = {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").all_inner_texts()
                 for i in range(rows.count())}
        assert set(shown) == {"甲", "乙", "丙", "丁", "戊"}
        for name, cells in shown.items():
            assert int(cells[4].lstrip("+")) == net[name], (name, cells)
            assert float(cells[6]) == standard[name], (name, cells)
            assert int(cells[0]) == (2 if name in ("甲", "乙", "丁") else 1)
        order = [rows.nth(i).locator("th").inner_text() for i in range(rows.count())]
        assert order == sorted(standard, key=lambda n: (-standard[n], -net[n], n))  # 第十一条
        assert page.evaluate("document.querySelector('img.ledger-chart').naturalWidth") > 0
        page.screenshot(path=str(_shots() / "ledger-group-360-zh.png"), full_page=True)

        # 戊 was 丙 under another name: renaming merges the two (they never sat at one table)
        page.select_option("#rename-old", "戊")
        page.fill("#rename-new", "丙")
        page.click("#rename button[value=rename]")
        page.wait_for_load_state()
        e2e.settle(page)
        assert page.locator("tr.group-player").count() == 4
        merged = page.locator("tr.group-player", has_text="丙").locator("td").all_inner_texts()
        assert int(merged[0]) == 2 and int(merged[4].lstrip("+")) == net["丙"] + net["戊"]
        visit.check("the group page after a rename")

        read = page.locator("#group-read-link").input_value()
        page.goto(read)
        assert page.locator("#rename").count() == 0 and page.locator("tr.group-player").count() == 4
        assert group_url.split("/g/")[1].strip("/") not in page.content()
        visit.check("the group's read page")
    finally:
        visit.close()
