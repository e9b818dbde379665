"""strip_references returns a text it could not change as it is, unsearched: the same answer as searching it."""

import random

from calculator.citations import _strip, strip_references

PIECES = ["a", "中文", " ", "  ", ";", "；", ",", "，", "(", ")", "（", "）", "§", "§7", "§ 3.2 item 4", "T7", "xT7",
          "seed 001", "seed 12", "(English name)", "mcr.md", "DESIGN §2", "\n", "\t", "番", "8"]


def test_a_text_is_stripped_as_the_full_search_strips_it():
    rng = random.Random(2027)
    for _ in range(20000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 7)))
        assert strip_references(text) == _strip(text), repr(text)


def test_an_engine_text_with_nothing_to_strip_is_the_same_text():
    text = "自摸：底分8+14番"
    assert strip_references(text) is text
    assert strip_references("patterns do not stack; seed 001") == "patterns do not stack"
