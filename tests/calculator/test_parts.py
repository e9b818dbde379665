"""The encoding a part's signature digests (calculator/parts.py): it tells apart what a template could draw
differently, gives equal values equal bytes, and refuses a value it does not know."""

import dataclasses
import enum
from fractions import Fraction

import pytest
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from calculator import parts
from calculator.tiles_view import tile_view
from rulesets.tiles import Tile


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclasses.dataclass(frozen=True)
class Pair:
    left: object
    right: object


def test_values_a_template_draws_differently_are_told_apart():
    distinct = [
        "x", SafeString("x"), "<b>", mark_safe("<b>"), 1, 1.0, True, "1", None, "", Fraction(1, 2), "1/2",
        [1, 2], [2, 1], (1, 2), [[1], 2], [1, [2]], {"a": 1}, {"a": "1"}, {"a": 1, "b": 2}, {"b": 2, "a": 1},
        Colour.RED, Colour.BLUE, "red", Tile.parse("5m"), Tile.parse("5p"), "5m",
        tile_view("5m"), tile_view("5m", winning=True), tile_view("6m"),
        Pair(1, 2), Pair(2, 1), Pair(SafeString("x"), 2), Pair("x", 2),
        parts.frozen({"a": [1, 2]}), parts.frozen({"a": [2, 1]}), parts.frozen([1, 2]),
    ]
    encodings = [parts.encode(v) for v in distinct]
    assert len(set(encodings)) == len(distinct)


def test_equal_values_are_encoded_the_same_whatever_objects_they_share():
    word = "".join(["ta", "ble"])
    shared = [word, word, {"k": word}]
    apart = ["".join(["tab", "le"]), "".join(["t", "able"]), {"k": "table"}]
    assert shared == apart and parts.encode(shared) == parts.encode(apart)
    assert parts.encode(parts.frozen({"a": [1, word]})) == parts.encode(parts.frozen({"a": (1, "table")}))
    assert parts.encode([tile_view("5m")]) == parts.encode([dataclasses.replace(tile_view("5m"))])


def test_a_lazy_text_is_encoded_as_its_text_in_the_active_language():
    text = gettext_lazy("Winner's seat (门风)")
    with translation.override("en"):
        english = parts.encode([text])
    with translation.override("zh-hans"):
        chinese = parts.encode([text])
        assert chinese == parts.encode([gettext_lazy("Winner's seat (门风)")])
    assert english != chinese


@pytest.mark.parametrize("value", [object(), len, lambda: 1, Tile, parts.Part({}, "")], ids=repr)
def test_a_value_the_encoding_does_not_know_is_refused(value):
    with pytest.raises(TypeError, match="signature cannot cover"):
        parts.encode({"deep": [1, {"inside": value}]})
