"""A player of each kind, in a real browser at 360×800: Debian's Chromium driven by Playwright against
pytest-django's live server (one server and one browser for every case; each case its own fresh browser
profile, as a first visit).

Each player: first visit → chooses the table's game in at most two taps → enters a hand by taps → sees
only that system's questions → switches language mid-hand (nothing lost) → shares → opens the share in
the calculator (same system, context, house rules and total) → reloads a bare ``/`` (the table
remembered). Every page on the way is checked with axe-core (no serious or critical issue), for targets
under 40 px and for console errors (a CSP violation is one). The players start in 中文 and in English in
turn and switch to the other language mid-hand, so each page is seen in both.

A player of 香港 and one of 台灣 play in 繁體中文, chosen from the browser's language (zh-HK, zh-TW): the
hand of a worked example of the system's spec by taps, its flowers tapped on the palette, the spec's total,
the share and the calculator opened from it, every text in 繁體 and in the system's words (糊 or 胡).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rulesets.engine import evaluate
from rulesets.registry import get_ruleset
from tests.calculator.test_e2e import ARGS, CHROMIUM, settle

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Debian's chromium (make test installs it)"),
    pytest.mark.django_db(transaction=True),
]

LOCALES = {"zh": "zh-CN", "en": "en-US"}


@dataclass(frozen=True)
class Player:
    """A table of one kind: the game picked (``pick``: the buttons tapped in the chooser), the hand's taps
    (``"chow:1m"`` taps 吃 then 1m, its lowest tile claimed), the context set before and after the tiles
    (``ctx``: form field → value) and how it was won."""

    system: str
    pick: tuple[str, ...]
    taps: tuple[str, ...]
    hand: str  # what the taps enter, as the engine reads it
    ctx: dict[str, str] = field(default_factory=dict)
    win: str = "discard"
    options: dict[str, object] = field(default_factory=dict)
    start: str = "zh"

    def context(self) -> dict[str, object]:
        out: dict[str, object] = {"win": self.win}
        for name, value in self.ctx.items():
            key = name.removeprefix("ctx-")
            out[key] = [value[i : i + 2] for i in range(0, len(value), 2)] if key == "birds" else value
        return out

    def expected_total(self) -> int:
        options = {self.system: self.options} if self.options else None
        (result,) = evaluate(self.hand, [self.system], self.context(), options)["results"]
        assert result["valid"], result["reason"]
        return result["total"]


def _standing(tiles: str) -> tuple[str, ...]:
    out, digits = [], ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return tuple(out)


PLAYERS = [
    Player("guobiao", ("guobiao",), _standing("123m456p789s345m22z"), "123345m456p789s22z", start="zh"),
    Player("sichuan", ("sichuan",), ("pung:5s", *_standing("11222333444s")), "[555s1]1122233344s4s", start="en",
           win="self_drawn"),
    Player("wuhan", ("wuhan",), ("chow:1m", *_standing("2m4m5m6m5p8p8p8p7s8s2m")),
           "[123m1]2456m5888p78s2m", ctx={"ctx-indicator": "4p"}, start="zh"),
    Player("wenzhou", ("wenzhou",), _standing("123456789m123456p9s9s"), "123456789m123456p9s9s",
           ctx={"ctx-indicator": "1s"}, start="en"),
    Player("changsha", ("changsha",), _standing("123m456m789p123s55s"), "123m456m789p123s55s",
           ctx={"ctx-birds": "3s9m"}, start="zh"),
    Player("custom", ("custom.sichuan",), ("pung:5s", *_standing("11222333444s")), "[555s1]1122233344s4s",
           options={"preset": "sichuan"}, start="en"),
]

TARGETS = """() => {
  const out = [];
  const shown = (el) => {
    if (el.closest('[hidden]') || el.closest('.visually-hidden') || el.matches('.visually-hidden')) return false;
    const st = getComputedStyle(el), r = el.getBoundingClientRect();
    return st.display !== 'none' && st.visibility !== 'hidden' && r.width > 1 && r.height > 1
      && r.right > 0 && r.left < innerWidth;
  };
  const inSentence = (el) => getComputedStyle(el).display === 'inline' && el.parentElement &&
    Array.from(el.parentElement.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim().length > 1);
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    if (!shown(el) || (el.matches('a') && inSentence(el))) continue;
    const box = (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') || el)
      .getBoundingClientRect();
    if (box.height < 39.5) out.push(el.outerHTML.slice(0, 90) + ' ' + Math.round(box.height) + 'px');
  }
  return out;
}"""


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is a test dependency")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop in this thread, the test database too
        with sync_api.sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            yield chromium
            chromium.close()


@pytest.fixture(scope="module")
def axe():
    sync_axe = pytest.importorskip("axe_playwright_python.sync_playwright",
                                   reason="axe-core ships in a test dependency (requirements-test.txt)")
    return sync_axe.Axe()


def shots() -> Path:
    """Where each checked page is kept as a full-page PNG to look at (``TABLE_SCREENSHOTS``)."""
    folder = Path(os.environ.get("TABLE_SCREENSHOTS", "/tmp/table-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Visit:
    """One player's browser: a page at 360×800, its console errors, and the checks every page gets (each page
    checked is also kept as a screenshot, named after the player and the step: :func:`shots`)."""

    def __init__(self, browser, live_server, axe, lang, name: str = "", locale: str = ""):
        self.context = browser.new_context(viewport={"width": 360, "height": 800}, locale=locale or LOCALES[lang],
                                           base_url=live_server.url)
        self.page = self.context.new_page()
        self.axe = axe
        self.name = name or lang
        self.shown = 0
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda msg: self.errors.append(msg.text)
                     if msg.type == "error" and not msg.text.startswith(("htmx:sendAbort,", "htmx:afterRequest,"))
                     else None)

    def check(self, what: str) -> None:
        """axe-core finds nothing serious on the page, every target is at least 40 px tall, no console error."""
        settle(self.page)
        options = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}
        found = self.axe.run(self.page, options=options).response["violations"]
        serious = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found
                   if v["impact"] in ("serious", "critical")]
        assert serious == [], f"{what}: {serious}"
        small = self.page.evaluate(TARGETS)
        assert small == [], f"{what}: {small}"
        assert self.errors == [], f"{what}: {self.errors}"
        self.shown += 1
        step = re.sub(r"[^\w]+", "-", what).strip("-")
        self.page.screenshot(path=str(shots() / f"{self.name}-{self.shown}-{step}.png"), full_page=True,
                             caret="initial")  # "hide" injects a style the CSP refuses

    def close(self) -> None:
        self.context.close()


def tap_hand(page, player: Player) -> None:
    for tap in player.taps:
        kind, _, tile = tap.rpartition(":")
        if kind:  # a pack: its mode first (the palette goes back to standing tiles after it)
            page.click(f"label.chip--mode:has(input[value='{kind}'])")
        page.click(f'#palette button[data-tile="{tile}"]')


def questions(page) -> dict[str, bool]:
    """Which of the shared questions the page asks: a control a reader can use (not a hidden field)."""
    controls = {
        "round_wind": "input[name=round_wind][type=radio]",
        "from_seat": "select[name=from_seat]",
        "flowers": "#flowers:not([hidden]) input[name=flowers]",
        "already_won": "input[name=already_won][type=checkbox]",
        "wildcard": "select[name=wildcard]",
        "kongs": "select[name=kong1]",
        **{flag: f"input[name={flag}][type=checkbox]" for flag in
           ("kong_replacement", "after_kong", "last_tile", "last_copy", "heavenly", "earthly")},
    }
    return {name: page.locator(f"#calc {selector}").count() > 0 for name, selector in controls.items()}


def declared_asked(page) -> set[str]:
    names = page.eval_on_selector_all("[name^='ctx-']:not([type=hidden])", "els => els.map(e => e.name)")
    return {name.removeprefix("ctx-").split("-")[0] for name in names}


def state(page) -> dict[str, object]:
    """What the page holds: the hand, how it was won, the table and its context."""
    return {
        "hand": page.input_value("#id_hand"),
        "win": page.eval_on_selector("input[name=win]:checked", "e => e.value"),
        "table": page.eval_on_selector("#systems input[name=rules][type=hidden]", "e => e.value"),
        "ctx": dict(page.eval_on_selector_all(
            "[name^='ctx-']:not([type=hidden])",
            "els => els.filter(e => (e.type === 'checkbox' ? e.checked : e.value && e.value !== '0'))"
            ".map(e => [e.name + (e.type === 'checkbox' ? '=' + e.value : ''), e.value])")),
    }


def summary_total(page) -> int:
    return int(page.locator("#summary-totals .summary-bar__item strong").first.inner_text())


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.system)
def test_a_player_chooses_the_table_once_and_nothing_is_lost(browser, live_server, axe, player):
    visit = Visit(browser, live_server, axe, player.start, name=player.system)
    page = visit.page
    try:
        _play(visit, page, player)
    finally:
        visit.close()


def _play(visit: Visit, page, player: Player) -> None:
    ruleset = get_ruleset(player.system)
    other = "en" if player.start == "zh" else "zh"

    # first visit: the page asks which game the table plays; at most two taps pick it
    page.goto("/")
    assert page.locator("#chooser").get_attribute("open") is not None
    visit.check("the first visit")
    taps = 0
    for value in player.pick:
        button = page.locator(f"#chooser button[name=table][value='{value}']")
        if not button.is_visible():  # a preset: its system's list of rule sets opens first
            page.locator(f"#chooser button[name=table][value='{value.split('.')[0]}'] + details > summary").click()
            taps += 1
        button.click()
        taps += 1
    assert taps <= 2
    settle(page)
    assert page.locator("#chooser").get_attribute("open") is None
    assert f"rules={player.system}" in page.url

    # only this system's questions, in the order a player meets them
    shown = questions(page)
    for name, asked in shown.items():
        assert asked == (name in ruleset.context_fields), name
    assert declared_asked(page) == {f.key for f in ruleset.context}

    for name, value in player.ctx.items():
        control = page.locator(f"[name='{name}']")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
            control.dispatch_event("change")
    tap_hand(page, player)
    settle(page)
    assert page.evaluate("document.activeElement.closest('#palette') !== null")  # the last tile keeps the focus
    if player.win != "discard":
        page.locator(f"#context label.chip:has(input[name=win][value={player.win}])").click()
    settle(page)
    expected = player.expected_total()
    assert summary_total(page) == expected
    before = state(page)
    visit.check("the result")

    # the language switch keeps everything entered
    page.click(f".lang-switch button[aria-pressed='false'][lang^='{'zh' if other == 'zh' else 'en'}']")
    page.wait_for_load_state()
    settle(page)
    assert state(page) == before
    assert summary_total(page) == expected
    visit.check("the result in the other language")

    # share, and open the share in the calculator
    page.click("#share-link")
    page.wait_for_load_state()
    assert re.search(rf"/h/v1\.[^?]*~{player.system}\b", page.url)
    assert str(expected) in page.locator(".share__totals").inner_text()
    visit.check("the share page")
    page.click(".share__open a")
    page.wait_for_load_state()
    settle(page)
    opened = state(page)
    assert opened["table"] == player.system and opened["ctx"] == before["ctx"] and opened["win"] == player.win
    assert summary_total(page) == expected
    if player.options:
        assert page.locator(f"input[name='hr-{player.system}']").count() == 1  # its house rules came along

    # a bare / opens the remembered table
    page.goto("/")
    settle(page)
    assert f"rules={player.system}" in page.url
    assert page.locator("#chooser").get_attribute("open") is None
    if player.options:  # its house rules too (as the share code carries them: each value)
        assert f"hr-{player.system}=" in page.url or f"preset-{player.system}=" in page.url
    visit.check("the table remembered")


def test_a_wild_system_without_its_turned_up_tile_says_so(browser, live_server, axe):
    visit = Visit(browser, live_server, axe, "zh")
    page = visit.page
    try:
        page.goto("/?rules=wuhan&hand=" + "[123m1]2456m5888p78s2m")
        assert "翻牌" in page.locator("#r-wuhan .card__no-wild").inner_text()
        page.select_option("[name='ctx-indicator']", "4p")
        settle(page)
        assert page.locator("#r-wuhan .card__no-wild").count() == 0
        assert visit.errors == []
    finally:
        visit.close()


@pytest.mark.parametrize("lang", LOCALES)
def test_the_fan_reference_and_the_ledger_pass_axe_and_are_touchable(browser, live_server, axe, lang, settings):
    import json
    from urllib.request import Request, urlopen

    settings.LEDGER_CREATE_LIMIT = 10_000  # the suite makes many tables from this one address

    body = json.dumps({"players": ["Ann", "Bo", "Cy", "Di"], "system": "wuhan"}).encode()
    with urlopen(Request(live_server.url + "/api/v1/tables", body, {"Content-Type": "application/json"})) as made:
        links = json.load(made)["links"]
    # a share code carries the table context (the turned-up tile)
    hand = {"kind": "hand", "data": {"hand": "v1.2456m5888p78s-2m.C123m.indicator-4p~wuhan", "player": 0,
                                     "win": "discard", "from": 3}}
    entries = f"{live_server.url}/api/v1/tables/{links['edit_token']}/entries"
    with urlopen(Request(entries, json.dumps(hand).encode(), {"Content-Type": "application/json"})):
        pass
    visit = Visit(browser, live_server, axe, lang, name=f"reference-{lang}")
    page = visit.page
    try:
        for path in ("/fans/", "/fans/wuhan/", "/fans/changsha/", "/fans/guobiao/mixed_straight/", "/t/new",
                     f"/t/{links['edit_token']}/", f"/t/r/{links['read_token']}/"):
            page.goto(path)
            page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            visit.check(path)
        # an entry of the ledger opens in the calculator as it was scored there
        page.goto(f"/t/{links['edit_token']}/")
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.click("a.ledger-open")
        page.wait_for_load_state()
        settle(page)
        assert state(page)["table"] == "wuhan" and state(page)["ctx"] == {"ctx-indicator": "4p"}
        visit.check("a ledger entry opened in the calculator")
    finally:
        visit.close()


@dataclass(frozen=True)
class HantPlayer:
    """A table of 香港 or 台灣 in 繁體中文 (the browser asks for ``locale``): the hand of a worked example of the
    system's spec (``golden``: its case in tests/golden/<system>.json, the source of the expected total), entered
    by taps, its flowers tapped on the palette's flower row, the rest of the context set on the page's controls
    (``selects``: select → value, ``fills``: input → value, ``flags``: checkboxes ticked)."""

    system: str
    locale: str
    golden: str
    taps: tuple[str, ...]
    flowers: tuple[str, ...]
    win: str = "discard"
    selects: dict[str, str] = field(default_factory=dict)
    fills: dict[str, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()
    words: tuple[str, ...] = ()  # written on the result in 繁體, in the system's own words
    not_words: tuple[str, ...] = ()  # never on the result card of this system

    def case(self) -> dict[str, object]:
        import json

        golden = Path(__file__).resolve().parents[1] / "golden" / f"{self.system}.json"
        data = json.loads(golden.read_text(encoding="utf-8"))
        (case,) = [c for c in (data["cases"] if isinstance(data, dict) else data) if c["id"] == self.golden]
        return case


HANT_PLAYERS = [
    # rules/hongkong.md §6 HK-E: the dealer's 小三元 5 + 混一色 3 + 正花 春 1 = 9 番 on W's discard (P = 96: W pays 96,
    # S and N 48 each, E +192)
    HantPlayer("hongkong", "zh-HK", "HK-E-small-dragons-half-flush-one-below-the-cap",
               ("pung:5z", "pung:6z", *_standing("123s789s7z7z")), ("5f",), selects={"from_seat": "W"},
               words=("糊牌", "糊張", "小三元", "混一色", "正花", "半銃"), not_words=("胡", "和")),
    # rules/taiwan.md §6 TW-G: the dealer's 門清自摸 3 + 槓上開花 1 + 獨聽 1 + 正花 梅 1 = 6 台 on a concealed kong's
    # replacement, 連 1 拉 1 (each pays 100 + 20 × (6 + 3) = 280, E +840)
    HantPlayer("taiwan", "zh-TW", "TW-G-dealer-kong-bloom-lian1",
               ("concealed_kong:1s", *_standing("234567m345678p9m9m")), ("1f",), win="self_drawn",
               fills={"ctx-streak": "1"}, flags=("kong_replacement",),
               words=("胡牌", "胡張", "槓上開花", "門清自摸", "連一拉一", "每台 ×20"), not_words=("糊", "和")),
]

SIMPLIFIED_ONLY = "万杠听庄发门开见计这张"
"""Characters written otherwise in 繁體 (萬 槓 聽 莊 發 門 開 見 計 這 張): none on a 繁體 page."""


@pytest.mark.parametrize("player", HANT_PLAYERS, ids=lambda p: p.system)
def test_a_hant_player_plays_a_hand_with_flowers(browser, live_server, axe, player):
    """In 繁體中文 (the browser's language): first visit → the table's game → the hand by taps, its flowers too →
    the total of the spec's worked example → share → open in the calculator (the same total); the result in the
    system's own words (香港 糊 and 索, 台灣 胡), nothing in 简体."""
    visit = Visit(browser, live_server, axe, "zh", name=f"{player.system}-hant", locale=player.locale)
    page = visit.page
    try:
        _play_hant(visit, page, player)
    finally:
        visit.close()


def _hant_text(page, selector: str) -> str:
    text = page.locator(selector).inner_text()
    assert not set(text) & set(SIMPLIFIED_ONLY), (selector, sorted(set(text) & set(SIMPLIFIED_ONLY)))
    return text


def _play_hant(visit: Visit, page, player: HantPlayer) -> None:
    case = player.case()
    expected = case["expected"]
    options = {player.system: case["options"]} if case.get("options") else None
    (result,) = evaluate(case["hand"], [player.system], case["context"], options)["results"]
    assert result["total"] == expected["total"]  # the engine agrees with the spec's example

    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "zh-Hant"  # chosen from the browser's language
    assert page.locator("#chooser").get_attribute("open") is not None
    visit.check("the first visit in 繁體")
    page.locator(f"#chooser button[name=table][value='{player.system}']").click()
    settle(page)
    assert f"rules={player.system}" in page.url

    for name, value in player.selects.items():
        page.locator(f"#calc select[name='{name}']").select_option(value)
    for name, value in player.fills.items():
        page.locator(f"#calc [name='{name}']").fill(value)
        page.locator(f"#calc [name='{name}']").dispatch_event("change")
    settle(page)
    tap_hand(page, player)
    for flower in player.flowers:
        page.click(f"#flowers label.flower:has(input[value='{flower}'])")
    settle(page)
    if player.win != "discard":
        page.locator(f"#context label.chip:has(input[name=win][value={player.win}])").click()
    for flag in player.flags:
        page.locator(f"#context label:has(> input[name={flag}][type=checkbox])").click()
    settle(page)
    assert page.input_value("#id_hand").replace(" ", "") != ""
    assert summary_total(page) == expected["total"]
    winner = max(expected["payouts"], key=lambda seat: expected["payouts"][seat])
    net = page.locator("#summary-totals .summary-bar__net").first.inner_text()
    assert net == f"+{expected['payouts'][winner]}"

    card = _hant_text(page, f"#r-{player.system}")
    for word in player.words:
        assert word in card, word
    for word in player.not_words:
        assert word not in card, word
    asked = _hant_text(page, "#context")  # the table's questions in its words too: 糊牌方式 on 香港
    hu = player.words[0][0]
    assert f"{hu}牌方式" in asked and f"搶槓{hu}" in asked and f"特殊{hu}法" in asked
    assert f"{hu}這張" in _hant_text(page, "#placed")  # any standing tile made the winning tile, in its words
    page_text = page.locator("#calc").inner_text()
    assert "萬" in page_text and not set(page_text) & set(SIMPLIFIED_ONLY)
    before = state(page)
    visit.check("the result in 繁體")

    page.click("#share-link")
    page.wait_for_load_state()
    assert re.search(rf"/h/v1\.[^?]*~{player.system}\b", page.url)
    assert page.locator("html").get_attribute("lang") == "zh-Hant"
    shared = _hant_text(page, "main")
    assert str(expected["total"]) in page.locator(".share__totals").inner_text()
    for word in player.words:
        assert word in shared, word
    visit.check("the share page in 繁體")
    page.click(".share__open a")
    page.wait_for_load_state()
    settle(page)
    assert state(page) == before
    assert page.eval_on_selector_all("#flowers input[name=flowers]:checked", "els => els.map(e => e.value)") == \
        list(player.flowers)
    assert summary_total(page) == expected["total"]
