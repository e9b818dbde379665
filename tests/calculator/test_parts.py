"""The encoding a part's signature digests (calculator/parts.py): it tells apart what a template could draw
differently, gives equal values equal bytes, and refuses a value it does not know."""

import dataclasses
import enum
import hashlib
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


def test_a_context_is_keyed_as_its_encoding_tells_it_apart():
    # a steady part's signature is kept under its context's key: equal keys for equal encodings, and values of
    # the kinds the key does not read (only their encoding tells them apart) give no key
    values = ["x", "1", 1, True, False, 0, None, "", [1], (1,), [], (), {}, [[1]], [1, [2]], {"a": 1}, {"a": "1"},
              {"a": 1, "b": 2}, {"b": 2, "a": 1}, parts.frozen({"a": [1, 2]}), parts.frozen({"a": [2, 1]}),
              parts.frozen([1, 2]), {"a": parts.frozen([1, 2])}]
    keys = [parts._key({"v": v}) for v in values]
    assert None not in keys and len(set(keys)) == len({parts.encode({"v": v}) for v in values}) == len(values)
    for other in [SafeString("x"), 1.0, Fraction(1, 2), tile_view("5m"), Colour.RED, {1: "a"}, gettext_lazy("x")]:
        assert parts._key({"v": [other]}) is None


def test_a_steady_parts_kept_signature_is_its_digest():
    page = {"table_id": "guobiao", "compare": parts.frozen([{"id": "a", "checked": True}]), "compared": 0,
            "house_rules": [parts.frozen({"id": "guobiao", "changed": 0})]}
    parts.clear()
    for _ in range(2):  # made, then kept
        p = parts.part("systems", parts.PARTS["systems"], page, "en")
        assert p.sig == hashlib.sha256(parts.encode(("systems", "en", p.context))).hexdigest()
        assert p.context == page
    assert parts.part("systems", parts.PARTS["systems"], {**page, "compared": 1}, "en").sig != p.sig
    assert parts.part("systems", parts.PARTS["systems"], page, "zh-hans").sig != p.sig


def test_the_steady_parts_kept_signatures_are_bounded_and_stay_their_digests():
    parts.clear()
    page = {"flower_row": parts.frozen([]), "flowers_unused": "", "flowers_shown": True}
    for n in range(300):  # more states than are kept
        p = parts.part("flowers", parts.PARTS["flowers"], {**page, "flowers_unused": str(n)}, "en")
        assert p.sig == hashlib.sha256(parts.encode(("flowers", "en", p.context))).hexdigest()
        assert len(parts._SIGNATURES) <= 256
    again = parts.part("flowers", parts.PARTS["flowers"], {**page, "flowers_unused": "3"}, "en")  # made again
    assert again.sig == hashlib.sha256(parts.encode(("flowers", "en", again.context))).hexdigest()
    assert again.sig != parts.part("flowers", parts.PARTS["flowers"], {**page, "flowers_unused": 3}, "en").sig
