"""The engine's message catalog (rulesets/messages.py): every entry renders in 中文 and in English with
sample parameters — the 中文 text in Chinese with no English sentence, the English text in English with
no Chinese except the rule texts' terms — and every error the engine raises takes its words from the
catalog (a raise with a plain string is found by reading the source), as is every note of a hand and of a
round (a note written as plain text is found the same way; 四川's round notes are settled here too)."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

from rulesets.engine import build_request, score
from rulesets.errors import MahjongError
from rulesets.hand import KongKind, Seat
from rulesets.messages import CATALOG, Message, Text, Words, msg, register
from rulesets.registry import get_ruleset
from rulesets.rounds import Kong, Round, Win

ROOT = Path(__file__).resolve().parents[2] / "rulesets"

CJK = re.compile(r"[\u3400-\u9fff]")
CJK_RUN = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+")
ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z]{2,}\b(?: +[A-Za-z]+\b){2,}")

SAMPLES: dict[str, object] = {
    "tile": "5m", "name": "五万", "n": 3, "expected": 14, "size": 9, "max": 1000, "position": 4, "start": 2,
    "suit": Words("万", "Characters"), "text": "x9", "suffix": "m", "digits": "12", "next": "[", "char": "x",
    "pack": "[124m]", "digit": 4, "seat": "X", "players": 4, "dealer": "E", "kind": "顺子", "fmt": "tex",
    "known": "helper, gb, mpsz", "written": "0m", "tiles": "3m 6m", "message": Message("notation.no_tiles"),
    "value": "teleport", "key": "colour", "shown": "'teleport'", "what": Message("what.int"), "low": 0,
    "high": 8, "choices": "redraw, keep", "id": "nosuch", "version": "v9", "flags": "g h l", "letter": "q",
    "example": "C123m", "table": Words("四川麻将", "Sichuan"), "wild": "5z", "indicator": "4z", "given": "6z",
    "derived": "5z", "held": 2, "claimed": 2, "other": "N",
    "from_seats": "SW", "count": 2, "key_name": "red_kongs", "third": "W", "shown_seats": "SW",
    "kongs": 2, "shows": 1, "bird_count": 2, "suits": "m p s z", "fans": Words("番", "fans"), "minimum": 8,
    "how": Words("暗杠", "concealed kong"), "items": (Message("notation.no_tiles"), Message("hand.chow_kong")),
    "flower": Words("6m", "Six Character"), "bao": "5s",
    "problem": Words("起胡番数高于封顶", "minimum above the cap"), "rule": "first_draw", "rules": "guobiao",
    "seats": ("2", "4"), "player": 3, "actual": Words("听牌", "ready"), "declared": Words("未听牌", "not ready"),
}
"""A sample value of every parameter name the catalog uses (a new name needs a sample here)."""


def sample(key):
    fields = CATALOG[key].fields()
    missing = fields - SAMPLES.keys()
    assert not missing, f"{key}: no sample for {sorted(missing)}"
    return Message(key, {f: SAMPLES[f] for f in fields})


def is_chinese(text):
    return bool(CJK.search(text)) and not ENGLISH_SENTENCE.search(text)


def is_english(text):
    runs = CJK_RUN.findall(text)
    return bool(re.search(r"[A-Za-z]{3,}", text)) and all(
        len(r) <= 8 and not set(r) & set("，：；。") for r in runs
    )


ONE_WORD = {"what.bool"}
"""Entries that are one term, the same in both languages (true/false)."""


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_each_message_renders_in_chinese(key):
    text = sample(key).zh
    assert is_chinese(text) or key in ONE_WORD, text


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_each_message_renders_in_english(key):
    text = sample(key).en
    assert is_english(text) or key in ONE_WORD, text
    assert text != sample(key).zh or key in ONE_WORD


COUNTED_APART = {"where.position", "tile.suffix_alone", "tile.unknown_char", "tile.digits_alone",
                 "notation.unexpected_in_pack", "sichuan.gen"}
"""Where the languages say a parameter differently: the API's English counts a place from 0 (at position
4), the 中文 from 1 (第 5 个字符); a 根's English names its tile as 1m, the 中文 adds 一万."""


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_both_languages_take_the_same_parameters(key):
    t = CATALOG[key]
    zh = {f for _l, f, _s, _c in string.Formatter().parse(t.zh) if f}
    en = {f for _l, f, _s, _c in string.Formatter().parse(t.en) if f}
    assert zh == en or key in COUNTED_APART, key


def test_a_message_asks_for_every_parameter():
    with pytest.raises(KeyError):
        msg("hand.copies", n=5)
    with pytest.raises(KeyError):
        msg("no.such.key")


def test_a_key_is_never_given_two_meanings():
    with pytest.raises(ValueError):
        register({"hand.copies": ("别的", "something else")})


def test_a_nested_message_and_words_are_rendered_in_the_outer_language():
    m = msg("where.context_flags", message=msg("tile.out_of_run", tile="0z", suit=Words("字", "Honours"), size=7))
    assert m.zh == "0z 不是牌：字的点数是 1 到 7（在风位与标志中）"
    assert m.en == "0z is not a tile: Honours run 1..7 (in the winds and flags)"


def test_an_error_gives_both_languages_and_its_key():
    e = MahjongError(msg("notation.unclosed"), text="[123m", position=0, located=True)
    assert e.message == "unclosed bracket: this '[' has no ']' at position 0"
    assert e.message_zh == "括号没有闭合：这个“[”缺少“]”（第 1 个字符）"
    assert e.as_dict() == {"code": "invalid", "message": e.message, "position": 0, "message_zh": e.message_zh,
                           "key": "notation.unclosed"}


# -- every raise of an engine error takes its words from the catalog -----------------------------------

ERRORS = {"MahjongError", "NotationError", "HandError", "ContextError", "RulesError", "RoundError"}
"""The engine's errors (rulesets/errors.py) and the round's (rulesets/rounds.py: 四川's and 长沙's rounds raise it)."""


def _plain_raises(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        first = node.args[0]
        if name in ERRORS or name == "fail":
            if isinstance(first, (ast.Constant, ast.JoinedStr, ast.BinOp)):
                where = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path
                out.append(f"{where}:{node.lineno}")
    return out


PENDING: dict[str, int] = {}
"""Files allowed some raises with plain text (a count per file): the count may only fall."""


def test_every_engine_error_is_raised_with_a_catalog_message():
    plain = [site for path in sorted(ROOT.rglob("*.py")) for site in _plain_raises(path)]
    per_file: dict[str, int] = {}
    for site in plain:
        per_file[site.rsplit(":", 1)[0]] = per_file.get(site.rsplit(":", 1)[0], 0) + 1
    assert {f: n for f, n in per_file.items() if n > PENDING.get(f, 0)} == {}, plain


# -- every note, 根 line and exclusion reason of a result carries its message --------------------------

PENDING_SYSTEMS: set[str] = set()
"""Systems still being written while the catalog was filled in: their notes are "中文 (English)" strings."""

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _golden_cases():
    for path in sorted(GOLDEN.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "rules" in data and data["rules"] not in PENDING_SYSTEMS:
            yield from ((data["rules"], case) for case in data["cases"])


def _texts(s):
    yield from (n for n in s.extra.get("notes") or ())
    yield from (i.note for i in s.items if i.note)
    yield from (e.reason for e in s.excluded if e.reason)


def _keyed(t):
    return (isinstance(t, Text) and t.message is not None) or (isinstance(t, dict) and t.get("key") in CATALOG)


def test_every_note_of_the_golden_results_carries_its_message():
    unkeyed = []
    for rules, case in _golden_cases():
        try:
            request = build_request(case["hand"], case.get("rules", rules), case.get("context"), case.get("options"))
            scores = score(request)
        except MahjongError:  # a golden case of bad input
            continue
        for s in scores:
            unkeyed += [(s.rules, str(t)) for t in _texts(s) if re.search(r"[A-Za-z\u3400-\u9fff]", str(t))
                        and not _keyed(t)]
    assert unkeyed == []


def test_the_plain_text_check_reads_the_round_modules_and_would_find_a_plain_round_error(tmp_path):
    read = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.py")}
    assert {"rounds.py", "sichuan/round.py", "changsha/__init__.py"} <= read
    bad = tmp_path / "bad.py"
    bad.write_text('raise RoundError(f"player {seat}: gone")\nraise RoundError(msg("round.wall_end_last"))\n')
    assert _plain_raises(bad) == [f"{bad}:1"]



# -- every note of a round (and of a hand) is a catalog message too ------------------------------------

PROSE = re.compile(r"[A-Za-z\u3400-\u9fff]")


def _prose(node):
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(PROSE.search(node.value)))


def _written_out(node):
    """The plain texts a note value holds: a text, or the texts of a list or tuple written out."""
    if _prose(node):
        return [node]
    return [e for e in node.elts if _prose(e)] if isinstance(node, (ast.List, ast.Tuple)) else []


def _notes(node):
    return (node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")).endswith("notes")


def _plain_notes(path: Path) -> list[str]:
    """Where a note is written as plain text: appended to or assigned to a ``…notes`` list, given as ``notes=``,
    or returned in a list next to the payments (``return [], ["…"]``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in ("append", "extend", "insert") and _notes(f.value):
                found += [t for a in node.args for t in _written_out(a)]
            found += [t for k in node.keywords if k.arg == "notes" for t in _written_out(k.value)]
        elif isinstance(node, ast.AugAssign) and _notes(node.target):
            found += _written_out(node.value)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            if any(_notes(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
                found += _written_out(node.value)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            found += [t for e in node.value.elts if isinstance(e, ast.List) for t in _written_out(e)]
    where = path.relative_to(ROOT.parent) if path.is_relative_to(ROOT.parent) else path
    return [f"{where}:{t.lineno}" for t in found]


def test_no_note_is_written_as_plain_text():
    assert [site for path in sorted(ROOT.rglob("*.py")) for site in _plain_notes(path)] == []


def test_the_plain_note_check_would_find_a_plain_round_note(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('def f():\n    return [], ["杠上炮: nothing to transfer"]\n'
                   'notes.append(f"seat {seat}")\nSettled(e, notes=("n",))\n'
                   'notes += [text(msg("sichuan.tiandihu_off"))]\n')
    assert _plain_notes(bad) == [f"{bad}:2", f"{bad}:3", f"{bad}:4"]


def _sichuan_hand(tiles, **context):
    return build_request(tiles, ["sichuan"], context).hand


def test_each_note_of_a_sichuan_round_and_hand_is_a_catalog_message_in_either_language():
    ruleset = get_ruleset("sichuan")
    opts = ruleset.parse_options({})
    e_wins, n_wins = "[111m1][333m2]555m7799p9p", "22446688m113399p"
    no_kong = Round((Win((_sichuan_hand(e_wins, seat="E", from_seat="S", after_kong=True),)),))
    two = Round((Kong(Seat.S, KongKind.CONCEALED),
                 Win((_sichuan_hand(e_wins, seat="E", from_seat="S", after_kong=True),
                      _sichuan_hand(n_wins, seat="N", from_seat="S", after_kong=True)))))
    alone = score(build_request(e_wins, ["sichuan"], {"seat": "E", "from_seat": "S", "after_kong": True}))[0]
    notes = [*ruleset.settle_round(no_kong, opts).notes, *ruleset.settle_round(two, opts).notes,
             *alone.extra["notes"]]
    assert [n.message.key for n in notes] == ["sichuan.hujiao_no_kong", "sichuan.hujiao_not_multi",
                                              "sichuan.hujiao_not_listed"]
    assert all(isinstance(n, Text) and is_chinese(n.zh) and is_english(n.en) for n in notes), notes
