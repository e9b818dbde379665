"""Tap benchmark, run on demand (``make bench-tap``); never part of the tests.

Starts the production server as ``bench/bench_load.py`` does (gunicorn, production settings, a fresh
SQLite database, the local-memory cache; the response memo as shipped unless ``--memo off``) and drives
it with headless Chromium (Debian's, through Playwright) on a 360×800 phone viewport: for each of
``--taps`` seeded random winning hands (bench/bench_engine.py's generator; none the server has seen), it
opens the calculator with the hand's first 13 tiles at a table of ``--rules`` (the page shows the hand's
waits), taps the 14th tile on the palette and times, in the page (``performance.now()``):

- *tap → settled*: from the tap (the palette button's click) to htmx's ``afterSettle`` of the swap that
  brings the result cards (a scored hand): what a player waits for;
- *request*: from htmx's ``beforeRequest`` to its ``beforeSwap`` (the server and the network: the answer is
  in; htmx's ``afterRequest`` comes after the swap, and after the settle when that is immediate);
- *swap and settle*: from ``beforeSwap`` to the settle (the browser's own work);
- *painted*: the tap to the end of the first frame after the settle (its style, layout and paint on the
  page's thread): with the swap settled at once, the frame's work comes after the settle, not before.

The page says when it painted (a console message) rather than being polled: Playwright's
``wait_for_function`` runs a function in the page every frame, work a phone at a table does not do,
while the server answers and the swap runs.

It prints the median and p90 of each, and the load average before and after (the machine's other work
slows the browser and the server alike).

    .venv/bin/python bench/bench_tap.py                 # 30 taps, 国标 table
    .venv/bin/python bench/bench_tap.py --taps 60 --rules sichuan --memo off
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import random_winning_hands  # noqa: E402
from bench_load import production_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

WATCH = """() => {
  window.__tap = {};
  const t = window.__tap;
  document.addEventListener("click", (e) => {
    if (e.target.closest("#palette button[data-tile]")) { t.tap = performance.now(); }
  }, true);
  const on = (name, f) => document.body.addEventListener(name, f);
  on("htmx:beforeRequest", () => { if (t.tap && !t.request) { t.request = performance.now(); } });
  on("htmx:beforeSwap", () => { if (t.request && !t.response) { t.response = performance.now(); } });
  on("htmx:afterSettle", () => {
    if (t.response && !t.settled && document.querySelector("#result article.card")) {
      t.settled = performance.now();
      // a timer queued in the next animation frame runs once that frame is laid out and painted
      requestAnimationFrame(() => setTimeout(() => { t.painted = performance.now(); console.log("tap painted"); }, 0));
    }
  });
}"""


def concealed_hands(count: int, seed: int) -> list[str]:
    """Winning hands written as 14 standing tiles (no packs), the last the winning tile."""
    out = []
    for text in random_winning_hands(count * 4, seed).values():
        if "[" not in text:
            out.append(text)
        if len(out) == count:
            break
    return out


def tiles_of(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def run(base: str, hands: list[str], rules: str) -> list[dict[str, float]]:
    from playwright.sync_api import sync_playwright

    timings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 360, "height": 800}, device_scale_factor=2, is_mobile=True,
                                has_touch=True, locale="zh-CN")
        for i, text in enumerate(hands):
            tiles = tiles_of(text)
            query = urllib.parse.urlencode({"hand": "".join(tiles[:13]), "rules": rules})
            page.goto(f"{base}/?{query}", wait_until="load")
            page.wait_for_selector("#placed[data-size='13']")
            page.evaluate(WATCH)
            # the page says when it painted (a console message): polling it (wait_for_function runs a function
            # in the page every frame) would keep the browser busy while the server works and the swap runs
            with page.expect_console_message(lambda m: m.text == "tap painted", timeout=30_000):
                page.tap(f"#palette button[data-tile='{tiles[13]}']")
            t = page.evaluate("() => window.__tap")
            if i:  # the first tap warms the browser's caches (htmx, the sprite) and is left out
                timings.append({
                    "tap → settled": t["settled"] - t["tap"],
                    "request": t["response"] - t["request"],
                    "swap and settle": t["settled"] - t["response"],
                    "tap → painted": t["painted"] - t["tap"],
                })
        browser.close()
    return timings


def summary(timings: list[dict[str, float]]) -> str:
    lines = ["| what | median ms | p90 ms |", "|---|---:|---:|"]
    for key in timings[0]:
        values = sorted(t[key] for t in timings)
        p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
        lines.append(f"| {key} | {statistics.median(values):.1f} | {p90:.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=30, help="hands to complete by a tap (one more warms up)")
    parser.add_argument("--rules", default="guobiao", help="the table's system")
    parser.add_argument("--memo", choices=("on", "off"), default="on", help="the response memo (on: as shipped)")
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"needs Debian's chromium at {CHROMIUM} (make browser)")
    hands = concealed_hands(args.taps + 1, args.seed)
    before = os.getloadavg()[0]
    with production_server(args.workers, args.memo == "on") as (base, what):
        timings = run(base, hands, args.rules)
    after = os.getloadavg()[0]
    print(f"{what}; response memo {args.memo}; headless Chromium at 360×800 on the same machine "
          f"({os.cpu_count()} cores; load average {before:.1f} before, {after:.1f} after); {len(timings)} taps, each "
          f"completing a hand no one asked before at a {args.rules} table (seed {args.seed})")
    print(summary(timings))
    median = statistics.median(t["tap → settled"] for t in timings)
    print(f"tap → settled result: median {median:.1f} ms (aim < 100): {'met' if median < 100 else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
