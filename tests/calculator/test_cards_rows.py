"""A card's fan rows: the sets of a per-set fan are named as ``wording.split_sets`` names them, whether or not the
card asks it (it asks only when a fan not counted is counted per set), and a reading's wilds as each sub says."""

import random

import pytest
from django.utils import translation

from calculator import results, wording
from rulesets.engine import build_request
from rulesets.errors import MahjongError

SUITS = "mps"


def _hands(count: int, seed: int = 7) -> list[str]:
    """Winning hands of four sets and a pair, some sets claimed, many with honour and terminal pungs."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        used: dict[str, int] = {}
        parts, claimed = [], []
        for _ in range(4):
            kind = rng.choice(("chow", "pung", "pung", "honour"))
            if kind == "chow":
                suit, start = rng.choice(SUITS), rng.randint(1, 7)
                text = f"{start}{start + 1}{start + 2}{suit}"
            elif kind == "pung":
                suit, rank = rng.choice(SUITS), rng.choice((1, 9, 1, 9, 5))
                text = f"{rank}{rank}{rank}{suit}"
            else:
                rank = rng.randint(1, 7)
                text = f"{rank}{rank}{rank}z"
            (claimed if rng.random() < 0.3 else parts).append(text)
        rank, suit = rng.randint(1, 9), rng.choice(SUITS + "z")
        if suit == "z":
            rank = rng.randint(1, 7)
        parts.append(f"{rank}{rank}{suit}")
        for p in parts + claimed:
            for d in p[:-1]:
                used[d + p[-1]] = used.get(d + p[-1], 0) + 1
        if max(used.values()) > 4:
            continue
        out.append("".join(f"[{c}]" for c in claimed) + "".join(parts))
    return out


def _reference(ruleset, shape, items, excluded, ctx, hu):
    """The rows as drawn before the card skipped the question: ``split_sets`` asked for every card."""
    counted, dropped = wording.split_sets(shape, items, excluded, ctx)
    code = results.script()
    return ([results._fan_row(i, counted.get(i.fan.id, ""), shape is not None, hu, ruleset.id, code) for i in items],
            [results._excluded_row(ruleset, e, dropped.get(k, "")) for k, e in enumerate(excluded)])


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_rows_are_those_split_sets_names(language):
    split = 0
    with translation.override(language):
        for text in _hands(120):
            try:
                request = build_request(text)
            except MahjongError:
                continue
            for outcome in results.score_each(request):
                s = outcome.score
                if s is None:
                    continue
                hu = wording.speaks_hu((outcome.ruleset,))
                for shape in [None, *(x.shape for x in s.shapes)]:
                    got = results._rows(outcome.ruleset, shape, s.items, s.excluded, request.hand.context, hu)
                    assert got == _reference(outcome.ruleset, shape, s.items, s.excluded, request.hand.context, hu)
                    split += any(row["sets"] for row in got[0])
    assert split  # some cards name the sets of a fan both counted and not counted


def test_a_reading_without_wilds_has_no_wild_lines():
    request = build_request("123m456p789s111z22z")
    for outcome in results.score_each(request):
        if outcome.score is not None and outcome.score.shape is not None:
            shape = outcome.score.shape.shape
            assert results.wild_lines(shape) == [] == list(shape.subs)


WILD_HANDS = [  # 武汉 with 6s as the 癞子 (indicator 5s): readings whose wild plays another tile, and its own
    ("[888p3][9999m]1355m34p6s2m", {"seat": "E", "from_seat": "W", "indicator": "5s"}),
    ("[888p3][9999m]1355m34p6s6s", {"seat": "E", "from_seat": "W", "indicator": "5s"}),
    ("[888p3][9999m]13m55m34p6s2m6s", {"seat": "E", "indicator": "5s"}),
]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_wild_lines_say_each_sub_in_the_readings_order(language):
    said = 0
    with translation.override(language):
        for text, context in WILD_HANDS:
            try:
                request = build_request(text, "wuhan", context=context)
            except MahjongError:
                continue
            for outcome in results.score_each(request):
                for reading in outcome.score.shapes if outcome.score is not None else ():
                    shape = reading.shape
                    lines = results.wild_lines(shape)
                    assert len(lines) == len(shape.subs)
                    for line, sub in zip(lines, shape.subs, strict=True):
                        assert str(sub.tile) in line and (sub.tile == sub.as_ or str(sub.as_) in line)
                    said += len(lines)
    assert said
