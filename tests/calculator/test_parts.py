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


def _key(value):
    try:
        return parts._key_of(value)
    except parts._NoKey:
        return None


def test_a_context_is_keyed_as_its_encoding_tells_it_apart():
    # the steady parts are kept under the keys of the values they read: equal keys for equal encodings, and values
    # of the kinds the key does not read (only their encoding tells them apart) give no key
    values = ["x", "1", 1, True, False, 0, None, "", [1], (1,), [], (), {}, [[1]], [1, [2]], {"a": 1}, {"a": "1"},
              {"a": 1, "b": 2}, {"b": 2, "a": 1}, parts.frozen({"a": [1, 2]}), parts.frozen({"a": [2, 1]}),
              parts.frozen([1, 2]), {"a": parts.frozen([1, 2])}]
    keys = [_key({"v": v}) for v in values]
    assert None not in keys and len(set(keys)) == len({parts.encode({"v": v}) for v in values}) == len(values)
    for other in [SafeString("x"), 1.0, Fraction(1, 2), tile_view("5m"), Colour.RED, {1: "a"}, gettext_lazy("x")]:
        assert _key({"v": [other]}) is None


_STEADY_PAGE = {"chooser": parts.frozen({"open": False}), "table": "guobiao", "remember": True,
                "setup": parts.frozen([]), "flower_row": parts.frozen([]), "flowers_unused": "", "flowers_shown": True,
                "table_id": "guobiao", "compare": parts.frozen([{"id": "a", "checked": True}]), "compared": 0,
                "house_rules": [parts.frozen({"id": "guobiao", "changed": 0})],
                "placed": [], "hand_error": "", "notice": "", "left_csv": "",
                "controls": {}, "table_context": [], "kept_ctx": ""}


def _digest(name, code, p):
    return hashlib.sha256(parts.encode((name, code, p.context))).hexdigest()


def test_the_steady_parts_kept_are_each_their_own_digest():
    parts.clear()
    with translation.override("en"):
        for _ in range(2):  # made, then kept
            shown = parts.parts(_STEADY_PAGE)
            for name in parts.STEADY:
                assert shown[name].sig == _digest(name, "en", shown[name])
                assert shown[name].context == {key: _STEADY_PAGE[key] for key in parts.PICKED[name]}
        changed = parts.parts({**_STEADY_PAGE, "compared": 1})
        assert changed["systems"].sig != shown["systems"].sig and changed["setup"].sig == shown["setup"].sig
        assert changed["systems"].sig == _digest("systems", "en", changed["systems"])
    with translation.override("zh-hans"):
        assert parts.parts(_STEADY_PAGE)["systems"].sig != shown["systems"].sig


def test_the_steady_parts_kept_are_bounded_and_stay_their_digests():
    parts.clear()
    with translation.override("en"):
        for n in range(100):  # more states than are kept
            shown = parts.parts({**_STEADY_PAGE, "flowers_unused": str(n)})
            assert shown["flowers"].sig == _digest("flowers", "en", shown["flowers"])
            assert len(parts._STEADY_PARTS) <= 64
        again = parts.parts({**_STEADY_PAGE, "flowers_unused": "3"})["flowers"]  # made again
        assert again.sig == _digest("flowers", "en", again)
        assert again.sig != parts.parts({**_STEADY_PAGE, "flowers_unused": 3})["flowers"].sig
        unkeyed = parts.parts({**_STEADY_PAGE, "flowers_unused": SafeString("3")})["flowers"]  # no key: digested
        assert unkeyed.sig == _digest("flowers", "en", unkeyed) != again.sig


def test_the_win_contexts_kept_signature_follows_every_change_of_its_controls():
    parts.clear()
    shared = parts.frozen({"label": "win", "value": "self"})
    row = ["a", "b"]  # a list made anew each page: keyed by what it holds
    page = {**_STEADY_PAGE, "controls": {"win": shared, "seat": "east", "rows": row, "on": True}}
    with translation.override("en"):
        first = parts.parts(page)["context"]
        assert first.sig == _digest("context", "en", first)
        assert parts.parts({**page, "controls": {**page["controls"], "rows": list(row)}})["context"].sig == first.sig
        for change in [{"rows": ["a", "c"]}, {"seat": "south"}, {"on": False},
                       {"win": parts.frozen({"label": "win", "value": "discard"})}]:
            other = parts.parts({**page, "controls": {**page["controls"], **change}})["context"]
            assert other.sig == _digest("context", "en", other) != first.sig, change
        row.append("d")  # the same list, changed: a new signature
        again = parts.parts(page)["context"]
        assert again.sig == _digest("context", "en", again) != first.sig
        for n in range(300):
            parts.parts({**page, "controls": {**page["controls"], "seat": str(n)}})
            assert len(parts._CONTEXT_SIGNATURES) <= 256
