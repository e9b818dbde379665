"""The per-fan predicates and the pattern helpers they share."""

from __future__ import annotations

import pytest

from rulesets._mcr.predicates import PREDICATES, SCOPES, chows_fans, pair_type, pungs_fans, triple_type
from rulesets._mcr.view import facts_of, view_of
from rulesets.errors import MahjongError
from rulesets.guobiao import Options, validate
from rulesets.shapes import decompose
from rulesets.tiles import tile

from . import handgen
from .hands import spec


def idx(text: str) -> int:
    return tile(text).index


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [("1m", "1m", "pure_double_chow"), ("4m", "4s", "mixed_double_chow"), ("2p", "5p", "short_straight"),
     ("1s", "7s", "two_terminal_chows"), ("1m", "7p", None), ("2m", "4m", None)],
)
def test_two_chows_make_at_most_one_pair_fan(a: str, b: str, kind: str | None) -> None:
    assert pair_type(idx(a), idx(b)) == kind


@pytest.mark.parametrize(
    ("chows", "kind"),
    [(("3m", "3m", "3m"), "pure_triple_chow"), (("1p", "2p", "3p"), "pure_shifted_chows"),
     (("1p", "3p", "5p"), "pure_shifted_chows"), (("1s", "4s", "7s"), "pure_straight"),
     (("1m", "4p", "7s"), "mixed_straight"), (("2m", "2p", "2s"), "mixed_triple_chow"),
     (("2m", "3p", "4s"), "mixed_shifted_chows"), (("1m", "3p", "5s"), None), (("1m", "2m", "4m"), None)],
)
def test_three_chows_make_their_fan(chows: tuple[str, str, str], kind: str | None) -> None:
    first = sorted(idx(c) for c in chows)
    assert triple_type(*first) == kind


def test_a_three_chow_fan_is_counted_once_when_two_triples_make_it() -> None:
    counts = chows_fans(tuple(sorted(idx(c) for c in ("1m", "2m", "3m", "5m"))))  # 123 234 345 567
    assert counts["pure_shifted_chows"] == 1


def test_pung_patterns() -> None:
    pungs = tuple(sorted(idx(p) for p in ("2m", "2p", "2s", "3s")))
    counts = pungs_fans(pungs)
    assert counts["triple_pung"] == 1 and counts["double_pung"] == 3
    assert pungs_fans(tuple(sorted(idx(p) for p in ("3m", "4p", "5s"))))["mixed_shifted_pungs"] == 1
    assert pungs_fans(tuple(idx(p) for p in ("2s", "3s", "4s", "5s")))["four_pure_shifted_pungs"] == 1


def _view(text: str, **context: object):
    hand = spec(text, **context)
    return view_of(decompose(hand)[0], facts_of(hand))


def test_terminal_chow_hands_need_the_pair_of_fives_in_the_right_suit() -> None:
    assert PREDICATES["pure_terminal_chows"](_view("1122337788995m +5m"), None)
    assert not PREDICATES["pure_terminal_chows"](_view("112233778899m5p +5p"), None)
    assert PREDICATES["three_suited_terminal_chows"](_view("123789m123789p5s +5s"), None)


def test_reversible_and_green_tiles() -> None:
    assert PREDICATES["reversible_tiles"](_view("123p345p888p456s9s +9s"), None)
    assert PREDICATES["all_green"](_view("22334466888s66z +6z"), None)
    assert not PREDICATES["all_green"](_view("22334466888s55z +5z"), None)


def test_the_pung_the_winning_discard_completes_is_not_concealed() -> None:
    assert _view("111m555p999s77z33z +7z").concealed_pungs == 3
    assert _view("111m555p999s77z33z +7z", win="self_drawn").concealed_pungs == 4


def test_seven_shifted_pairs_needs_seven_consecutive_numbers_of_one_suit() -> None:
    hand = spec("2233445566778s +8s")
    pairs = [s for s in decompose(hand) if s.kind.value == "seven_pairs"][0]
    assert PREDICATES["seven_shifted_pairs"](view_of(pairs, facts_of(hand)), None)
    hand = spec("2233445566889s +9s")
    pairs = [s for s in decompose(hand) if s.kind.value == "seven_pairs"][0]
    assert not PREDICATES["seven_shifted_pairs"](view_of(pairs, facts_of(hand)), None)


def _views_of_generated_hands():
    """Every reading's view of a spread of generated hands that MCR can score."""
    for hands in handgen.generate_all(7, 0.25).values():
        for hand in hands:
            try:
                validate(hand, Options())
            except MahjongError:
                continue
            facts = facts_of(hand)
            for shape in decompose(hand):
                yield view_of(shape, facts)


def test_a_scope_whose_gate_fails_holds_none_of_its_fans() -> None:
    """A gate is a condition every fan of its scope needs: where it fails, each predicate behind it counts
    nothing (every reading of a spread of generated hands, every scope)."""
    closed, held = 0, []
    for view in _views_of_generated_hands():
        for scope in SCOPES:
            if scope.gate is None or scope.gate(view):  # no gate: nothing to fail
                continue
            closed += 1
            held += [(scope.name, f) for f in scope.fans if PREDICATES[f](view, None)]
    assert held == []
    assert closed > 10_000  # the gates were tested, and failed often


def test_a_scope_counted_in_one_call_counts_what_its_predicates_count() -> None:
    """Where a scope's gate holds, its scan gives each fan the count of the fan's predicate (every reading of
    a spread of generated hands)."""
    scanned, differ = 0, []
    for view in _views_of_generated_hands():
        for scope in SCOPES:
            if scope.scan is None or (scope.gate is not None and not scope.gate(view)):
                continue
            scanned += 1
            counts = scope.scan(view)
            differ += [(scope.name, f) for f in scope.fans if counts[f] != PREDICATES[f](view, None)]
    assert differ == []
    assert scanned > 2_000  # every scan was tried
