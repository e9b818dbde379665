"""The ledger end to end in a real browser (Debian's Chromium driven by Playwright, as
tests/calculator/test_e2e.py): a 血战 evening of eight rounds entered through the pages gives the
totals of an independent calculation written out below; two browser contexts editing one table lose
nothing; the read link shows new entries without a reload (htmx polling).

Screenshots of the pages at 360 px and 1280 px, in 中文 and English, are written to
``$LEDGER_SCREENSHOTS`` (default: a temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ledger.models import Table
from tests.calculator import test_e2e as e2e

pytestmark = e2e.pytestmark  # Debian's chromium, a transactional database
async_unsafe, browser = e2e.async_unsafe, e2e.browser  # the calculator's browser fixtures: pytest finds them here

A, B, C, D = range(4)
H1 = "11m234m567m789m55p5p"  # 平胡: 1 on a discard, 2 self-drawn (自摸加番), 2 as 杠上炮
H2 = "22m234m567m789m55p5p"  # the same value
QYS = "33m456m567m678m99m9m"  # 清一色 2番: 4 on a discard
ROB = "11m234m567m789m45p6p"  # 平胡 robbing a kong (抢杠胡 1番): 2
READY = "11m234m567m789m55p"  # ready on 1m/5p: 查大叫 1
READY_QYS = "33m456m567m678m99m"  # ready 清一色: 查大叫 4
NOT_READY = "1m2m4m5m7m8m1p2p4p5p7p8p9p"

# Each round: the rows typed into the round form, and what each player gains or loses — worked out by
# hand from rules/sichuan.md §6 (底 1; 直杠 2 from the feeder, 补杠 1 and 暗杠 2 from each player still in;
# 自摸 paid by each player still in; 呼叫转移 moves the discarder's kong money to the 杠上炮 winner; with
# 一炮多响 on a 杠上炮 nothing is moved (the default); 退税 to every original payer, players who left too (the
# default, §6.6); 花猪 16 to each player still in and not a pig; 查大叫 the ready hand's best value from each
# not-ready player).
ROUNDS = [
    # dealer A. B 自摸; C on D; A on D: three winners.
    ([{"t": "self_drawn", "p": B, "h": H1}, {"t": "discard", "p": C, "f": D, "h": H1},
      {"t": "discard", "p": A, "f": D, "h": H2}],
     [-2 + 1, +6, -2 + 1, -2 - 1 - 1], B),
    # dealer B. 一炮多响: A's discard wins for B and C (1 each); then D 自摸 (only A still pays).
    ([{"t": "discard", "p": B, "f": A, "h": H1}, {"t": "discard", "p": C, "f": A, "h": H2, "m": True},
      {"t": "self_drawn", "p": D, "h": H1}],
     [-1 - 1 - 2, +1, +1, +2], A),  # the first win was 一炮多响: the discarder deals next
    # dealer A. C 暗杠 (6), then deals in on the kong's replacement: B wins 杠上炮 (2) and 呼叫转移 takes C's 6;
    # D 自摸 (A and C pay 2); A on C.
    ([{"t": "kong", "p": C, "k": "concealed"}, {"t": "discard", "p": B, "f": C, "h": H1, "ak": True},
      {"t": "self_drawn", "p": D, "h": H2}, {"t": "discard", "p": A, "f": C, "h": H1}],
     [-2 - 2 + 1, -2 + 2 + 6, +6 - 2 - 6 - 2 - 1, -2 + 4], B),
    # dealer B. 流局 #1: A 直杠 fed by D (2); B 暗杠 (6); C 自摸 (2 each from A, B, D); at the wall A is not
    # ready (退税: A gives D's 2 back; 查大叫: A pays B 1), B ready, D 花猪 (16 to A and to B).
    ([{"t": "kong", "p": A, "k": "exposed", "f": D}, {"t": "kong", "p": B, "k": "concealed"},
      {"t": "self_drawn", "p": C, "h": H1}, {"t": "not_ready", "p": A}, {"t": "ready", "p": B, "h": READY},
      {"t": "pig", "p": D}],
     [+2 - 2 - 2 - 2 + 16 - 1, +6 - 2 + 16 + 1, -2 + 6, -2 - 2 - 2 + 2 - 32], C),
    # dealer C. D 清一色 on A (4); B 自摸 (A and C pay 2); C on A.
    ([{"t": "discard", "p": D, "f": A, "h": QYS}, {"t": "self_drawn", "p": B, "h": H1},
      {"t": "discard", "p": C, "f": A, "h": H2}],
     [-4 - 2 - 1, +4, -2 + 1, +4], D),
    # dealer D. B 补杠 (1 from each), robbed by C (抢杠胡 2 from B; the kong pays nothing: 1 back to each);
    # A 自摸 (B and D pay 2); D on B.
    ([{"t": "kong", "p": B, "k": "added"}, {"t": "rob_kong", "p": C, "f": B, "h": ROB},
      {"t": "self_drawn", "p": A, "h": H1}, {"t": "discard", "p": D, "f": B, "h": H2}],
     [-1 + 1 + 4, +3 - 3 - 2 - 2 - 1, -1 + 1 + 2, -1 + 1 - 2 + 1], C),
    # dealer C. 流局 #2: D 暗杠 (2 from each); A 自摸 (B, C, D pay 2); at the wall B ready (1), C ready 清一色 (4),
    # D not ready (tiles typed in): 退税 gives A, B and C their 2 back (A has left, and is refunded too), and D
    # pays 查大叫 1 to B and 4 to C.
    ([{"t": "kong", "p": D, "k": "concealed"}, {"t": "self_drawn", "p": A, "h": H1},
      {"t": "ready", "p": B, "h": READY}, {"t": "ready", "p": C, "h": READY_QYS},
      {"t": "not_ready", "p": D, "h": NOT_READY}],
     [-2 + 6 + 2, -2 - 2 + 2 + 1, -2 - 2 + 2 + 4, +6 - 2 - 2 - 2 - 2 - 1 - 4], A),
    # dealer A. D 直杠 fed by B (2), then deals in: 一炮多响 杠上炮 for A and C (2 each, no transfer);
    # B 自摸 (only D still pays).
    ([{"t": "kong", "p": D, "k": "exposed", "f": B}, {"t": "discard", "p": A, "f": D, "h": H1, "ak": True},
      {"t": "discard", "p": C, "f": D, "h": H2, "m": True, "ak": True}, {"t": "self_drawn", "p": B, "h": H1}],
     [+2, -2 + 2, +2, +2 - 2 - 2 - 2], D),
]


def phones(browser, live_server, forgiven):
    """A maker of phones (``new(width, locale)``: each its own browser context, cookies and storage), then
    the check that no page logged a script error or a console error ``forgiven`` does not excuse."""
    made, errors = [], []

    def new(width=360, locale="zh-CN"):
        context = browser.new_context(viewport={"width": width, "height": 800}, locale=locale,
                                      base_url=live_server.url)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and not forgiven(msg.text)
                else None)
        made.append(context)
        return page

    yield new
    for context in made:
        context.close()
    assert errors == [], errors  # no script error, no CSP violation


@pytest.fixture
def contexts(browser, live_server):
    yield from phones(browser, live_server, _refused)


def _refused(text: str) -> bool:
    """The browser logs a page served with 400 or 409 — the answer to a refused form, which the tests send on
    purpose — as a failed resource."""
    return text.startswith("Failed to load resource") and ("400" in text or "409" in text)


def shots() -> Path:
    folder = Path(os.environ.get("LEDGER_SCREENSHOTS", "/tmp/ledger-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def create(page, system="sichuan", names=("安", "Bo", "Cy", "Di")):
    page.goto("/t/new")
    page.check("input[name=kind][value=mahjong]")
    if page.locator("select[name=table]").input_value() != system:  # guobiao is chosen already
        page.select_option("select[name=table]", system)  # the page is drawn again for the system (new.js)
        page.wait_for_url(f"**/t/new?*table={system}*")
    for i, name in enumerate(names):
        page.fill(f"input[name=player{i}]", name)
    page.click("button[type=submit].btn--primary")
    page.wait_for_url("**/t/*/")
    return page.url


def fill_round(page, rows):
    for i, row in enumerate(rows):
        form = page.locator("#add-round")
        if form.locator(f"select[name=e{i}_t]").count() == 0:  # "Add a row": the form again, the rows above kept
            form.locator("#round-more").click()
            page.wait_for_url("**/t/*/?round=*")
        form.locator(f"select[name=e{i}_t]").select_option(row["t"])
        form.locator(f"select[name=e{i}_p]").select_option(str(row["p"]))
        if "f" in row:
            form.locator(f"select[name=e{i}_f]").select_option(str(row["f"]))
        if "k" in row:
            form.locator(f"select[name=e{i}_k]").select_option(row["k"])
        if row.get("h"):
            form.locator(f"input[name=e{i}_h]").fill(row["h"])
        for flag in ("m", "ak"):
            if row.get(flag):
                form.locator(f"input[name=e{i}_{flag}]").check()
    page.locator("#add-round button[name=action]").click()
    page.wait_for_load_state()


def shown_totals(page):
    return [int(t) for t in page.locator("#sheet tfoot .ledger-total").all_inner_texts()]


def test_a_xuezhan_evening_entered_through_the_pages_gives_the_independent_totals(contexts):
    page = contexts(360, "zh-CN")
    edit_url = create(page)
    expected = [0, 0, 0, 0]
    for n, (rows, change, dealer_next) in enumerate(ROUNDS, start=1):
        assert sum(change) == 0, f"round {n} of the test is not zero-sum"
        fill_round(page, rows)
        assert page.locator("#ledger-error").count() == 0, page.locator("#ledger-error").inner_text()
        expected = [e + c for e, c in zip(expected, change, strict=True)]
        assert shown_totals(page) == expected, f"after round {n}"
        names = ("安", "Bo", "Cy", "Di")
        assert page.locator("#sheet .ledger-next").inner_text() == names[dealer_next], f"dealer after round {n}"
    table = Table.objects.get(edit_token=edit_url.rstrip("/").rsplit("/", 1)[-1])
    assert table.entries.count() == 8
    page.screenshot(path=str(shots() / "ledger-edit-360-zh.png"), full_page=True)
    # a bad round is refused with a message, and nothing is lost
    fill_round(page, [{"t": "discard", "p": A, "f": A, "h": H1}])
    assert page.locator("#ledger-error").count() == 1
    assert shown_totals(page) == expected
    # the same table read on a wide screen, in English
    wide = contexts(1280, "en-US")
    wide.goto(edit_url)
    wide.locator(".lang-switch button[value=en]").click()
    wide.wait_for_load_state()
    assert shown_totals(wide) == expected
    wide.screenshot(path=str(shots() / "ledger-edit-1280-en.png"), full_page=True)
    wide.goto(wide.locator("#read-link").input_value())
    assert shown_totals(wide) == expected
    wide.screenshot(path=str(shots() / "ledger-read-1280-en.png"), full_page=True)
    page.goto(wide.url)
    page.screenshot(path=str(shots() / "ledger-read-360-zh.png"), full_page=True)


def test_two_phones_editing_one_table_lose_nothing_and_the_read_link_follows(contexts):
    one = contexts(360, "zh-CN")
    edit_url = create(one, "guobiao")
    two = contexts(360, "en-US")
    two.goto(edit_url)
    reader = contexts(360, "zh-CN")
    reader.goto(one.locator("#read-link").input_value())
    rows = reader.locator("#sheet .ledger-what")
    # both phones send a hand at once, from pages showing the same version
    for phone, hand, winner in ((one, "[555z2]123m456p789s22z", "1"), (two, "11223344556677z", "2")):
        phone.fill("#add-hand input[name=hand]", hand)
        phone.select_option("#add-hand select[name=player]", winner)
        phone.select_option("#add-hand select[name=win]", "discard")
        phone.select_option("#add-hand select[name=from]", "3")
    with one.expect_navigation(), two.expect_navigation():
        one.locator("#add-hand button[type=submit]").first.click(no_wait_after=True)
        two.locator("#add-hand button[type=submit]").first.click(no_wait_after=True)
    table = Table.objects.get(edit_token=edit_url.rstrip("/").rsplit("/", 1)[-1])
    assert table.entries.count() == 2  # neither hand was lost
    # the two adds race, so either hand may be entry 1: the edit below names a discarder neither won from
    first_winner = table.entries.all()[0].data["player"]
    from playwright.sync_api import expect

    expect(rows).to_have_count(2, timeout=15_000)  # the read link polls: no reload
    # phone one opens entry 1 to change it; meanwhile phone two deletes entry 2
    one.goto(edit_url + "e/1/")
    two.goto(edit_url)
    two.locator("#sheet .ledger-edit-link").nth(1).click()
    two.locator("#entry-form button[value=delete]").click()
    two.wait_for_load_state()
    one.select_option("#entry-form select[name=from]", "0")
    one.locator("#entry-form button[value=edit]").click()
    one.wait_for_load_state()
    assert one.locator("#ledger-error").count() == 1  # the stale edit is told, with the fresh state
    assert one.locator("#sheet .ledger-what").count() == 1
    expect(rows).to_have_count(1, timeout=15_000)
    # sent again (the form was kept), it goes in
    one.locator("#entry-form button[value=edit]").click()
    one.wait_for_load_state()
    assert one.locator("#ledger-error").count() == 0
    table.refresh_from_db()
    (entry,) = table.entries.all()
    assert entry.data["from"] == 0 and entry.data["player"] == first_winner
    one.screenshot(path=str(shots() / "ledger-guobiao-360-zh.png"), full_page=True)


def test_a_rummikub_evening_through_the_pages(contexts):
    page = contexts(1280, "zh-CN")
    page.goto("/t/new")
    page.screenshot(path=str(shots() / "ledger-new-1280-zh.png"), full_page=True)
    page.check("input[name=kind][value=rummikub]")
    page.wait_for_url("**/t/new?*kind=rummikub*")  # drawn again without the mahjong-only fields (new.js)
    assert page.locator("select[name=table]").count() == 0
    for i, name in enumerate(("A", "B", "C", "D")):
        page.fill(f"input[name=player{i}]", name)
    page.click("button[type=submit].btn--primary")
    page.wait_for_url("**/t/*/")
    evening = [  # (racks, who went out) and each player's score: rules/regional.md §12, RK-A and RK-B
        ((["", "5 7 J", "13 12", "1 2 3"], "0"), [73, -42, -25, -6]),
        ((["20", "=9", "=15", "=30"], ""), [-20, 38, -15, -30]),
        ((["r1 b1", "k13", "", "J J"], "2"), [-2, -13, 75, -60]),
        # pool empty, A and B tie at 9: they share 11 + 4 = 15 in whole points, the odd one to the first of them
        # in turn order from this round's first player (D: D, A, B, C), so A 8 and B 7
        ((["=9", "=9", "=20", "=13"], ""), [8, 7, -20, -13]),
    ]
    expected = [0, 0, 0, 0]
    for (racks, out), scores in evening:
        for i, rack in enumerate(racks):
            page.fill(f"#add-rummikub input[name=rack{i}]", rack)
        page.select_option("#add-rummikub select[name=out]", out)
        page.locator("#add-rummikub button[type=submit]").click()
        page.wait_for_load_state()
        expected = [e + s for e, s in zip(expected, scores, strict=True)]
        assert shown_totals(page) == expected
    page.fill("#meld input[name=meld]", "r10 r11 r12 | J 5 5")
    page.locator("#meld button[type=submit]").click()
    page.wait_for_load_state()
    assert "48" in page.locator("#meld-result").inner_text()
    page.screenshot(path=str(shots() / "ledger-rummikub-1280-zh.png"), full_page=True)
    narrow = contexts(360, "en-US")
    narrow.goto(page.url)
    narrow.locator(".lang-switch button[value=en]").click()
    narrow.wait_for_load_state()
    assert shown_totals(narrow) == expected
    narrow.screenshot(path=str(shots() / "ledger-rummikub-360-en.png"), full_page=True)
