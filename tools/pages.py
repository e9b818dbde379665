"""Before/after harness for the calculator's pages: what the site answers for a set of hands, kept in a file
and compared with what it answers now.

A change to how a page is drawn (a template drawn in Python, a cheaper signature, a leaner view model) must
leave every answer as it was. ``write`` asks the calculator, in this process (Django's test client over the
test settings, the response memo off), for a fixed set of states and keeps each answer; ``compare`` asks
again and prints every difference (the first few in full, as a diff).

The states, the same on every run: seeded random winning hands of 14 tiles (some sets written as claimed
packs), at each table of ``TABLES`` (none chosen, 国标, 四川, 武汉 with its turned-up tile, 香港, 长沙, a
table's own rules, 温州 with a hand it cannot read), won on a discard or self-drawn, in each language. For
each, three answers:

- ``page``: the whole page with the hand's first 13 tiles (what a player sees before the last tap);
- ``tap``: the htmx update with all 14 tiles, sent as the browser sends it (the form's fields and the
  signatures of the parts that page shows, ``X-Parts``): what a tap brings;
- ``fresh``: the same update without ``X-Parts`` (every part drawn).

The CSRF token and the scripts' nonce, different on every answer, are left out. Run from the repository root::

    .venv/bin/python tools/pages.py write /tmp/pages-before.jsonl.gz
    .venv/bin/python tools/pages.py compare /tmp/pages-before.jsonl.gz [--hands 10] [--ignore-sig]

``--ignore-sig`` compares the answers with every part's ``data-sig`` value left out: for a change of how the
signatures are made, which must still send the same parts (the ``tap`` answers) and draw the same markup.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import json
import os
import re
import sys
import urllib.parse
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TABLES: dict[str, dict[str, str]] = {
    "none": {},
    "guobiao": {"rules": "guobiao"},
    "sichuan": {"rules": "sichuan"},
    "wuhan": {"rules": "wuhan", "wildcard": "4p"},
    "hongkong": {"rules": "hongkong"},
    "changsha": {"rules": "changsha"},
    "custom": {"rules": "custom"},
    "wenzhou": {"rules": "wenzhou"},
}
LANGUAGES = ("zh-hans", "zh-hant", "en")
VOLATILE = re.compile(r'((?:name="csrfmiddlewaretoken" value|nonce)=")[^"]*"')
SIG = re.compile(r'id="([^"]+)"[^>]*?data-sig="([^"]+)"')
SIG_VALUE = re.compile(r'( data-sig=")[^"]*"')


class _Form(HTMLParser):
    """The calculator form's fields (``#calc``) as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.fields = False, {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == "calc"
        elif self.inside and tag in ("input", "select") and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button"):
                self.fields.setdefault(a["name"], a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def _hands(count: int) -> list[str]:
    from bench_engine import random_winning_hands

    return list(random_winning_hands(count, 2031).values())[:count]


def _first_13(text: str) -> str:
    """The hand less its last standing tile (the winning tile is written last)."""
    return text[:-2]


def states(count: int) -> Iterator[tuple[str, str, str, dict[str, str]]]:
    for i, hand in enumerate(_hands(count)):
        for table, fields in TABLES.items():
            for lang in LANGUAGES:
                win = {"win": "self"} if i % 2 else {}
                yield f"{table}|{lang}|{hand}|{win.get('win', 'discard')}", hand, lang, {**fields, **win}


def _client() -> Any:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.test_settings")
    os.environ["RESPONSE_MEMO_BYTES"] = "0"
    import django

    django.setup()
    from django.test import Client

    return Client()


def answers(count: int) -> Iterator[tuple[str, str]]:
    client = _client()
    for key, hand, lang, fields in states(count):
        accept = {"HTTP_ACCEPT_LANGUAGE": lang}
        page = client.get("/?" + urllib.parse.urlencode({"hand": _first_13(hand), **fields}), **accept)
        body = page.content.decode()
        yield f"{key}|page", f"{page.status_code}\n{VOLATILE.sub(r'\1"', body)}"
        form = _Form()
        form.feed(body)
        query = "/?" + urllib.parse.urlencode({**form.fields, "hand": hand})
        sigs = ",".join(f"{m.group(1)}:{m.group(2)}" for m in SIG.finditer(body))
        for name, extra in (("tap", {"HTTP_X_PARTS": sigs}), ("fresh", {})):
            r = client.get(query, HTTP_HX_REQUEST="true", **accept, **extra)
            yield f"{key}|{name}", f"{r.status_code}\n{VOLATILE.sub(r'\1"', r.content.decode())}"


def write(path: Path, count: int) -> None:
    n = 0
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for key, body in answers(count):
            out.write(json.dumps({"key": key, "body": body}, ensure_ascii=False) + "\n")
            n += 1
    print(f"{n} answers written to {path}")


def compare(path: Path, count: int | None, show: int, ignore_sig: bool = False) -> int:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        kept = dict((d["key"], d["body"]) for d in map(json.loads, f))
    total = max(1, len({k.split("|")[2] for k in kept})) if count is None else count
    differ = seen = 0
    for key, body in answers(total):
        if key not in kept:
            continue
        seen += 1
        if ignore_sig:
            body, kept[key] = SIG_VALUE.sub(r'\1"', body), SIG_VALUE.sub(r'\1"', kept[key])
        if body != kept[key]:
            differ += 1
            if differ <= show:
                before, now = kept[key].splitlines(), body.splitlines()
                diff = difflib.unified_diff(before, now, "before", "now", lineterm="", n=1)
                print(f"--- {key}\n" + "\n".join(list(diff)[:40]))
    print(f"{seen} answers compared, {differ} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("write", "compare"))
    parser.add_argument("file", type=Path, help="kept outside the repository")
    parser.add_argument("--hands", type=int, default=None, help="how many hands (write: 24 by default)")
    parser.add_argument("--show", type=int, default=5, help="differences printed in full")
    parser.add_argument("--ignore-sig", action="store_true", help="compare: leave out the parts' data-sig values")
    args = parser.parse_args()
    if args.action == "write":
        write(args.file, args.hands or 24)
        return 0
    return compare(args.file, args.hands, args.show, args.ignore_sig)


if __name__ == "__main__":
    raise SystemExit(main())
