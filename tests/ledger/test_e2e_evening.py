"""A whole 四川 (血战到底) evening in a real browser at 360×800 (Debian's Chromium driven by Playwright, as
tests/ledger/test_e2e.py): four players, one of them named ``=1+1``, two phones on one table. Sixteen hands:
eight typed as quick entries on phone one (who won, how, from whom, the 番 and 根: several wins a round, 一炮多响,
a robbed kong), eight scored with their tiles on phone two (the sheet's "score a hand" opens the calculator in the
table's system with the players on the seats, the hand is tapped on the palette, "Add to table" brings it back to
the sheet). After every hand the sheet's totals equal the arithmetic written below; phone one's sheet follows
phone two's hands without a reload. Then 结账 (the fewest transfers, worked out here), the CSV export (read back
with Python's csv module; the player ``=1+1`` must not reach a spreadsheet as a formula) and a group page holding
this evening and a second one.

Screenshots are written to ``$LEDGER_SCREENSHOTS`` (default: a temporary folder, as the other ledger tests).
"""

from __future__ import annotations

import csv
import io
import json
from urllib.request import Request, urlopen

import pytest

from ledger.models import Table
from tests.calculator.test_e2e import _aborted
from tests.calculator.test_e2e import settle as quiet
from tests.ledger import test_e2e as ledger_e2e

pytestmark = ledger_e2e.pytestmark
async_unsafe, browser = ledger_e2e.async_unsafe, ledger_e2e.browser  # the browser fixtures: pytest finds them here
shots, create, shown_totals = ledger_e2e.shots, ledger_e2e.create, ledger_e2e.shown_totals

NAMES = ("安", "Bo", "=1+1", "Di")
A, B, C, D = range(4)

# The table's rules are the defaults of rules/sichuan.md §9: 血战到底, 底 d = 1, 番 written from 0 (E0), no cap,
# 自摸加番. A win of f 番 (根 included, §5.2: +1 each) is worth A = d × 2^f (§4); on a discard or a robbed kong the
# discarder (the kong's owner) alone pays A (§6.2.2); on a self-draw every player who has not won yet in this round
# pays A (§6.2.3); 一炮多响: the discarder pays each winner their own A (§6.2.4). A quick entry's value is the 番
# with 自摸加番 included and 根 apart (rulesets/sichuan/quick.py), so a quick win of value v and g 根 is 2^(v+g).
# A hand scored with its tiles is one win: its 番 come from §5.1 (平胡 0, 对对胡 1, 七对 2, 清一色 2, 清七对 4),
# plus 1 per 根 and 1 for 自摸加番 (§5.7).


@pytest.fixture
def contexts(browser, live_server):
    """Phones at 360×800, each its own browser (cookies, storage); no script error or CSP violation on any page.
    The calculator's hx-sync cancels a request a newer tap replaced: htmx logs that, and it is no error."""
    made = ledger_e2e.phones(browser, live_server, _aborted)
    new = next(made)
    yield lambda locale="zh-CN": new(locale=locale)
    next(made, None)


def q(player, value, win="self_drawn", source=None, gen=0, together=False):
    """One win of a quick entry."""
    return {"player": player, "value": value, "win": win, "from": source, "gen": gen, "together": together}


# Each hand: ("quick", wins) or ("tiles", taps — the last is the winning tile —, winner, discarder or None), and
# what each player (安, Bo, =1+1, Di) gains or loses, worked out by hand from the rules above.
HANDS = [
    # Bo on Di 1番 (2); 安 自摸 2 (Bo has won: =1+1 and Di pay 4 each); =1+1 on Di, 0番 1 根 (2)
    (("quick", [q(B, 1, "discard", D), q(A, 2), q(C, 0, "discard", D, gen=1)]),
     [+8, +2, -4 + 2, -2 - 4 - 2]),
    # 平胡 on 安's discard: 0番 = 1
    (("tiles", "1m 1m 2m 3m 4m 5m 6m 7m 7m 8m 9m 5p 5p 5p", B, A), [-1, +1, 0, 0]),
    # 一炮多响 on =1+1's discard: 安 2番 (4) and Di 1番 (2); then Bo 自摸 value 1 (平胡 + 自摸加番): only =1+1 pays 2
    (("quick", [q(A, 2, "discard", C), q(D, 1, "discard", C, together=True), q(B, 1)]),
     [+4, +2, -4 - 2 - 2, +2]),
    # 清一色 self-drawn by =1+1: 2 + 1 (自摸加番) = 3番 = 8 from each of the three others
    (("tiles", "3m 3m 4m 5m 6m 5m 6m 7m 6m 7m 8m 9m 9m 9m", C, None), [-8, -8, +24, -8]),
    # Di on 安, 3番 1 根 = 16
    (("quick", [q(D, 3, "discard", A, gen=1)]), [-16, 0, 0, +16]),
    # 七对 on Bo's discard: 2番 = 4
    (("tiles", "1m 1m 3m 3m 5m 5m 4p 4p 6p 6p 7p 7p 9p 9p", D, B), [0, -4, 0, +4]),
    # 安 robs Bo's kong, value 1 (抢杠胡 +1, §5.3): Bo pays 2; then =1+1 自摸 value 1: Bo and Di pay 2 each
    (("quick", [q(A, 1, "rob_kong", B), q(C, 1)]), [+2, -2 - 2, +4, -2]),
    # 平胡 with four 1m (111m + 123m): 1 根 = 1番 = 2, on =1+1's discard
    (("tiles", "1m 1m 1m 1m 2m 4p 5p 6p 7p 8p 9p 5p 5p 3m", B, C), [0, +2, -2, 0]),
    # 安 自摸 value 1: 2 from each of the others
    (("quick", [q(A, 1)]), [+6, -2, -2, -2]),
    # 对对胡 (all pungs, concealed) on 安's discard: 1番 = 2
    (("tiles", "1m 1m 1m 3m 3m 3m 5p 5p 5p 7p 7p 7p 9p 9p", D, A), [-2, 0, 0, +2]),
    # =1+1 on Bo, 2番 2 根 (16); Di 自摸 value 2: 安 and Bo pay 4 each
    (("quick", [q(C, 2, "discard", B, gen=2), q(D, 2)]), [-4, -16 - 4, +16, +8]),
    # 清七对 on Di's discard: 4番 = 16
    (("tiles", "1m 1m 2m 2m 4m 4m 5m 5m 6m 6m 8m 8m 9m 9m", A, D), [+16, 0, 0, -16]),
    # 一炮多响 on 安's discard, three winners: Bo 0番 (1), =1+1 1番 (2), Di 0番 1 根 (2)
    (("quick", [q(B, 0, "discard", A), q(C, 1, "discard", A, together=True),
                q(D, 0, "discard", A, gen=1, together=True)]), [-5, +1, +2, +2]),
    # 平胡 self-drawn by Bo: 0 + 1 (自摸加番) = 1番 = 2 from each
    (("tiles", "2m 2m 2m 3m 4m 5m 6m 7m 7m 8m 9m 5p 5p 5p", B, None), [-2, +6, -2, -2]),
    # Di on =1+1 1番 (2); Bo on 安 1番 (2); =1+1 自摸 value 3: only 安 is still in and pays 8
    (("quick", [q(D, 1, "discard", C), q(B, 1, "discard", A), q(C, 3)]), [-2 - 8, +2, -2 + 8, +2]),
    # 清一色 on Di's discard: 2番 = 4
    (("tiles", "3m 3m 4m 5m 6m 5m 6m 7m 6m 7m 8m 9m 9m 9m", C, D), [0, 0, +4, -4]),
]


def quick_entry(page, wins):
    form = page.locator("#quick-form")
    if len(wins) > 1:
        form.locator("details.ledger-more summary").click()
    for r, w in enumerate(wins):
        form.locator(f"select[name=q{r}_player]").select_option(str(w["player"]))
        form.locator(f"select[name=q{r}_win]").select_option(w["win"])
        if w["from"] is not None:
            form.locator(f"select[name=q{r}_from]").select_option(str(w["from"]))
        form.locator(f"input[name=q{r}_value]").fill(str(w["value"]))
        if w["gen"]:
            form.locator(f"input[name=q{r}_gen]").fill(str(w["gen"]))
        if w["together"]:
            form.locator(f"input[name=q{r}_together]").check()
    form.locator("#quick-submit").click()
    page.wait_for_load_state()


def ordered(tiles):
    """The standing tiles as the calculator writes them: sorted (m, p, s, z; then by rank), the last one tapped
    (the winning tile) last."""
    key = lambda t: ("mpsz".index(t[1]), t[0])  # noqa: E731
    return sorted(tiles[:-1], key=key) + tiles[-1:]


def palette_entry(page, taps, winner, discarder):
    """"Score a hand with its tiles" → the calculator (the table's system, the players on the seats), the hand
    tapped on the palette and its win set by seat → "Add to table" → the sheet's hand form, filled in → added."""
    from playwright.sync_api import expect

    page.locator("#add-hand a.ledger-score").click()
    page.wait_for_url("**/?*rules=sichuan*")
    seats = page.input_value("#context input[name=seats]").split(",")  # E (this hand's dealer) first
    seat = {name: "ESWN"[i] for i, name in enumerate(seats)}
    how = "discard" if discarder is not None else "self_drawn"
    # how it was won, by whom and from whom: the seats read "南 · Bo"
    page.locator(f"#context label.chip:has(input[name=win][value={how}])").click()
    winner_chip = page.locator(f"#context label.chip:has(input[name=seat][value={seat[NAMES[winner]]}])")
    assert winner_chip.inner_text().endswith(f" · {NAMES[winner]}")
    winner_chip.click()
    if discarder is not None:
        page.select_option("#context select[name=from_seat]", seat[NAMES[discarder]])
    for t in taps.split():  # each tap sends the hand so far; only the last answer counts (hx-sync)
        page.locator(f'#palette button[data-tile="{t}"]').click(no_wait_after=True)
    quiet(page)
    try:
        placed = page.locator("#placed")  # the hand as the server read it: every tap arrived, in order
        expect(placed).to_have_attribute("data-tiles", " ".join(ordered(taps.split())), timeout=30_000)
        page.locator("p.add-to-table a").first.click(timeout=30_000)
    except Exception as exc:
        page.screenshot(path=str(shots() / "ledger-evening-failed-palette.png"), full_page=True)
        raise AssertionError(f"no scored hand at {page.url}: the box holds {page.input_value('#id_hand')!r}, "
                             f"the server read {placed.get_attribute('data-tiles')!r}; the result says "
                             f"{page.locator('#result').inner_text()[:400]!r}") from exc
    page.wait_for_url("**/t/add?*")
    page.locator("a.btn--primary").click()
    page.wait_for_url("**/t/*/?hand=*")
    form = page.locator("#add-hand form.ledger-hand")
    assert form.locator("select[name=player]").input_value() == str(winner)  # the seats came back as players
    assert form.locator("select[name=win]").input_value() == ("discard" if discarder is not None else "self_drawn")
    assert form.locator("select[name=from]").input_value() == ("" if discarder is None else str(discarder))
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()


def test_a_sichuan_evening_on_two_phones_settled_exported_and_grouped(contexts, live_server):
    from playwright.sync_api import expect

    one = contexts("zh-CN")
    edit_url = create(one, "sichuan", NAMES)
    two = contexts("zh-CN")
    expected = [0, 0, 0, 0]
    for n, ((how, *what), change) in enumerate(HANDS, start=1):
        assert sum(change) == 0, f"hand {n} of the test is not zero-sum"
        expected = [e + c for e, c in zip(expected, change, strict=True)]
        if how == "quick":
            one.goto(edit_url)
            quick_entry(one, *what)
            page = one
        else:
            two.goto(edit_url)
            palette_entry(two, *what)
            page = two
        assert page.locator("#ledger-error").count() == 0, page.locator("#ledger-error").inner_text()
        assert shown_totals(page) == expected, f"after hand {n}"
        if n in (2, 16):  # phone one, left on the sheet, follows phone two's hand without a reload (polling)
            expect(one.locator("#sheet .ledger-what")).to_have_count(n, timeout=15_000)
            assert shown_totals(one) == expected
    table = Table.objects.get(edit_token=edit_url.rstrip("/").rsplit("/", 1)[-1])
    assert [e.kind for e in table.entries.all()] == ["quick", "hand"] * 8
    one.goto(edit_url)
    one.locator("#sheet tfoot").scroll_into_view_if_needed()
    one.screenshot(path=str(shots() / "ledger-evening-sheet-360-zh.png"))
    assert expected == TOTALS

    # 结账: only =1+1 is owed, and no two or three players' totals add up to zero (−12 − 22, −12 − 6, −22 − 6,
    # −12 − 22 − 6 ≠ 0 and none is 0 alone), so the four players are one group: 4 − 1 = 3 transfers, each loser
    # paying =1+1 what they lost (ledger/settle_up.py: the fewest transfers split the players into the most
    # zero-sum groups; a group of k settles in k − 1)
    one.click("a.ledger-settle-link")
    one.wait_for_url("**/settle")
    transfers = [f"{NAMES[p]} → {NAMES[C]} {-TOTALS[p]}" for p in (A, B, D)]
    shown = one.locator(".ledger-transfers li").all_inner_texts()
    assert sorted(shown) == sorted(transfers) and len(shown) == 3
    assert sorted(one.input_value("#settle-text").split("\n")) == sorted(transfers)
    one.screenshot(path=str(shots() / "ledger-evening-settle-360-zh.png"), full_page=True)

    # the CSV export, read back: one row per hand and a total row; the name =1+1 reaches a spreadsheet as text
    one.goto(edit_url)
    answer = one.request.get(one.locator("a[href$='export.csv']").get_attribute("href"))
    assert answer.ok and answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.text())))
    header, *entries, total = rows
    assert len(entries) == 16
    assert "=1+1 ±" not in header and "'=1+1 ±" in header  # a cell starting with = gets a leading '
    change_at = [header.index(f"{n} ±" if not n.startswith("=") else f"'{n} ±") for n in NAMES]
    for n, (row, (_, change)) in enumerate(zip(entries, HANDS, strict=True), start=1):
        assert row[0] == str(n)
        assert [int(row[i] or 0) for i in change_at] == change, f"hand {n} in the CSV"
    assert [int(total[i]) for i in change_at] == TOTALS
    dealers = {row[2] for row in entries}
    assert "'=1+1" in dealers and "=1+1" not in dealers  # =1+1 dealt after hand 4 (the first winner deals next)
    formulas = [c for row in rows for c in row if c.startswith(("=", "+", "@", "\t", "\r"))]
    assert formulas == [], formulas
    assert not any(c.startswith("-") and not c.lstrip("-").isdigit() for row in rows for c in row)

    # a second evening, made through the API (two 平胡 on a discard: 1 each, rules/sichuan.md §5.1, §6.2), and a
    # group of the two made on this table's page; the group page shows each player's two evenings and net
    two_links = _evening(live_server.url, ["安", "Bo", "=1+1", "Eve"], [(A, D), (C, B)])
    assert two_links["totals"] == [1, -1, 1, -1]
    one.click("#groups button[value=new]")
    one.wait_for_url("**/g/*/#players")
    one.fill("#table-link", two_links["read_url"])
    one.click("#add-table button[value=add]")
    one.wait_for_load_state()
    quiet(one)
    assert one.locator(".group-evening").count() == 2
    net = {"安": -12 + 1, "Bo": -22 - 1, "=1+1": 40 + 1, "Di": -6, "Eve": -1}
    # wins and deal-ins (one per discard: a 一炮多响 is one), by hand number above, then the second evening
    wins = {"安": len([1, 3, 7, 9, 12]) + 1, "Bo": len([1, 2, 3, 8, 13, 14, 15]),
            "=1+1": len([1, 4, 7, 11, 13, 15, 16]) + 1, "Di": len([3, 5, 6, 10, 11, 13, 15]), "Eve": 0}
    deal_ins = {"安": len([2, 5, 10, 13, 15]), "Bo": len([6, 7, 11]) + 1, "=1+1": len([3, 8, 15]),
                "Di": len([1, 1, 12, 16]), "Eve": 1}
    group_rows = one.locator("tr.group-player")
    shown_rows = {group_rows.nth(i).locator("th").inner_text(): group_rows.nth(i).locator("td").all_inner_texts()
                  for i in range(group_rows.count())}
    assert set(shown_rows) == set(net)
    for name, cells in shown_rows.items():
        assert int(cells[0]) == (1 if name in ("Di", "Eve") else 2), (name, cells)  # evenings
        assert (int(cells[2]), int(cells[3])) == (wins[name], deal_ins[name]), (name, cells)
        assert int(cells[4].lstrip("+")) == net[name], (name, cells)
    assert one.evaluate("document.documentElement.scrollWidth") <= 360
    one.screenshot(path=str(shots() / "ledger-evening-group-360-zh.png"), full_page=True)


TOTALS = [-12, -22, 40, -6]  # the evening's totals: the sum of every hand's column above


def _evening(base: str, players: list[str], wins: list[tuple[int, int]]) -> dict:
    """A 四川 table through the API, each win a 平胡 (11m234m567m789m55p + 5p) on a discard."""
    def send(path, body):
        with urlopen(Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})) as answer:
            return json.load(answer)

    made = send("/api/v1/tables", {"system": "sichuan", "players": players})
    state = made
    for winner, discarder in wins:
        state = send(f"/api/v1/tables/{made['links']['edit_token']}/entries",
                     {"kind": "hand", "data": {"hand": "11m234m567m789m55p5p", "player": winner, "win": "discard",
                                               "from": discarder}})
    return {**made["links"], "totals": state["totals"]}
